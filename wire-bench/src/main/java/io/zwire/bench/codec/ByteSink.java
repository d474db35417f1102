package io.zwire.bench.codec;

import java.io.ByteArrayOutputStream;

/**
 * A {@link ByteArrayOutputStream} whose array can be read in place, so the stream-based peers can
 * reuse one buffer and decode from it without the copy {@code toByteArray()} would make.
 */
final class ByteSink extends ByteArrayOutputStream {
    ByteSink(int capacity) {
        super(capacity);
    }

    /** The backing array; the first {@link #size()} bytes are the content. */
    byte[] array() {
        return buf;
    }
}
