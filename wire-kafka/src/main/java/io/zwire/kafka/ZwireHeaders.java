package io.zwire.kafka;

import io.zwire.WireType;

import java.nio.charset.StandardCharsets;

/**
 * The record headers {@link ZwireSerializer} writes and {@link ZwireDeserializer} requires.
 *
 * <pre>
 * header key          value
 * zwire.wire          WireType#code() of the wire: 1 byte, e.g. 4 for BINARY
 * zwire.type          the type's alias in the TypeRegistry, UTF-8, e.g. "Order"
 * zwire.fingerprint   Schema#fingerprint() of the writer's type: 8 bytes, big-endian
 * </pre>
 *
 * <p>The values are constants per (wire, type), made once and shared by every record: do not
 * mutate a header value read back from a record.
 */
public final class ZwireHeaders {
    /** The key of the header naming the wire. */
    public static final String WIRE = "zwire.wire";
    /** The key of the header naming the type's alias. */
    public static final String TYPE = "zwire.type";
    /** The key of the header holding the writer's schema fingerprint. */
    public static final String FINGERPRINT = "zwire.fingerprint";
    /** Length of the {@link #WIRE} header's value: the wire's {@link WireType#code()} in one byte. */
    public static final int WIRE_LENGTH = 1;
    /** Length of the {@link #FINGERPRINT} header's value: one big-endian {@code long}. */
    public static final int FINGERPRINT_LENGTH = Long.BYTES;

    private ZwireHeaders() {
    }

    /**
     * The {@link #FINGERPRINT} value of {@code fingerprint}. Allocates the array.
     *
     * @param fingerprint a schema fingerprint
     * @return its 8 big-endian bytes
     */
    public static byte[] fingerprintBytes(long fingerprint) {
        byte[] bytes = new byte[FINGERPRINT_LENGTH];
        for (int i = 0; i < FINGERPRINT_LENGTH; i++) {
            bytes[i] = (byte) (fingerprint >>> (Long.SIZE - Byte.SIZE * (i + 1)));
        }
        return bytes;
    }

    /**
     * The fingerprint held in a {@link #FINGERPRINT} value. Allocates nothing.
     *
     * @param bytes the header's value, of {@link #FINGERPRINT_LENGTH} bytes
     * @return the fingerprint
     * @throws IllegalArgumentException if {@code bytes} is not {@link #FINGERPRINT_LENGTH} long
     */
    public static long fingerprint(byte[] bytes) {
        if (bytes.length != FINGERPRINT_LENGTH) {
            throw new IllegalArgumentException("a fingerprint is " + FINGERPRINT_LENGTH + " bytes, not " + bytes.length);
        }
        long value = 0;
        for (byte b : bytes) {
            value = value << Byte.SIZE | (b & 0xFF);
        }
        return value;
    }

    /**
     * The {@link #WIRE} value of {@code wire}: its {@link WireType#code()}, one byte. Allocates the
     * array.
     *
     * @param wire a wire
     * @return its {@link #WIRE_LENGTH} bytes
     */
    public static byte[] wireBytes(WireType wire) {
        return new byte[] {(byte) wire.code()};
    }

    /** The {@link #TYPE} value of an alias. Allocates the array. */
    static byte[] nameBytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }
}
