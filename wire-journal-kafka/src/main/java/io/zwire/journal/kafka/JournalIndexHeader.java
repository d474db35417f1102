package io.zwire.journal.kafka;

import io.zwire.kafka.ZwireHeaders;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The record header {@link JournalToKafka} adds to each record beside the
 * {@link io.zwire.kafka.ZwireHeaders}: the journal index the record was copied from.
 *
 * <pre>
 * header key            value
 * zwire.journal.index   the record's journal index (cycle &lt;&lt; 32 | sequence): 8 bytes, big-endian
 * </pre>
 */
public final class JournalIndexHeader {
    /** The header's key. */
    public static final String KEY = "zwire.journal.index";
    /** The length of the header's value: one big-endian {@code long}. */
    public static final int LENGTH = ZwireHeaders.FINGERPRINT_LENGTH;

    private JournalIndexHeader() {
    }

    /**
     * The header's value for {@code index}. Allocates the array (Kafka keeps it until the record
     * is sent, so it cannot be reused).
     *
     * @param index a journal index
     * @return its {@link #LENGTH} big-endian bytes
     */
    public static byte[] value(long index) {
        // The encoding of the zwire.fingerprint header, whose code does it.
        return ZwireHeaders.fingerprintBytes(index);
    }

    /**
     * The journal index a record's headers carry. Allocates nothing.
     *
     * @param headers a record's headers
     * @return the index of the last {@link #KEY} header, or -1 when there is none
     * @throws IllegalArgumentException if the header's value is not {@link #LENGTH} bytes long
     */
    public static long index(Headers headers) {
        Header header = headers.lastHeader(KEY);
        if (header == null) {
            return -1;
        }
        byte[] bytes = header.value();
        if (bytes == null || bytes.length != LENGTH) {
            throw new IllegalArgumentException("a " + KEY + " header holds " + LENGTH + " bytes, not "
                    + (bytes == null ? "none" : Integer.toString(bytes.length)));
        }
        return ZwireHeaders.fingerprint(bytes);
    }
}
