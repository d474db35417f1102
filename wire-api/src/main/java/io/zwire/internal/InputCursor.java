package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.WireException;

/**
 * The position a wire's scanner reads at in a {@link Bytes}, and the errors it words at an offset:
 * what JSON's, CBOR's and NUMBERED's cursors have in common, so that {@link KeyedWireReader} can
 * move and report through any of them, and a value copied out of the input is copied one way.
 *
 * <p>The fields are public for the scanners' loops, which read and move the position directly;
 * nothing here checks them. Not exported outside zwire.
 */
public abstract class InputCursor {
    /** The buffer read. */
    public final Bytes bytes;
    /** The offset read next. */
    public int position;

    /**
     * Makes a cursor over {@code bytes}, at offset 0.
     *
     * @param bytes the buffer read
     */
    protected InputCursor(Bytes bytes) {
        this.bytes = bytes;
    }

    /**
     * An exception for bad input at {@code offset}. Allocates; for the error path only.
     *
     * @param offset   where the bad input is
     * @param expected what was expected, phrased to follow the word "expected"
     * @return the exception, for the caller to throw
     */
    public abstract WireException error(int offset, String expected);

    /**
     * An exception for bad input at the {@link #position}. Allocates; for the error path only.
     *
     * @param expected what was expected, phrased to follow the word "expected"
     * @return the exception, for the caller to throw
     */
    public final WireException error(String expected) {
        return error(position, expected);
    }

    /**
     * The {@code length} bytes at the position, as a new array, moving past them. Allocates the
     * array: the one copy a {@code byte[]} value costs.
     *
     * @param length how many bytes, which the caller has checked are within the input
     * @return the copy
     */
    public final byte[] take(int length) {
        byte[] value = new byte[length];
        bytes.copyTo(position, value, 0, length);
        position += length;
        return value;
    }
}
