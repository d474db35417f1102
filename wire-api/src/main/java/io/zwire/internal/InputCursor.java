package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.WireException;

/**
 * The position a wire's scanner reads at in a {@link Bytes}, the end it may read to, and the
 * errors it words at an offset: what JSON's, CBOR's and NUMBERED's cursors have in common, so that
 * {@link KeyedWireReader} can move and report through any of them, input that cannot be read on
 * from is refused one way ({@link #malformed}), and a value copied out of the input is copied one
 * way.
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
     * Where reading must stop: the end of the document, of the input or of
     * {@code ReadLimits.maxDocumentBytes}, whichever the wire's scanner set; a nested message may
     * bring it nearer for its length.
     */
    public int limit;
    /**
     * Where the position stood when {@link #malformed} last moved it to the {@link #limit}: a
     * search that reads on past refused candidates is charged for the bytes up to here, not for the
     * rest of the input the refusal moved to.
     */
    public int refusedAt;

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
     * The refusal of input that cannot be read on from (not well formed, cut off, beyond a limit),
     * raised at {@code offset}: the position moves to the {@link #limit}, so every later read is
     * refused or missing there. Reading code that catches the refusal and reads on (a loop over a
     * sequence's elements) then ends, where a cursor left at the bad head would refuse the same
     * element forever, and one left past it would read the value's content as further items.
     * Allocates; for the error path only.
     *
     * @param offset   where the bad input is
     * @param expected what was expected, phrased to follow the word "expected"
     * @return the exception, for the caller to throw
     */
    public final WireException malformed(int offset, String expected) {
        return malformed(error(offset, expected));
    }

    /**
     * As {@link #malformed(int, String)}, for a refusal already worded.
     *
     * @param refused the exception
     * @return {@code refused}, for the caller to throw
     */
    public final WireException malformed(WireException refused) {
        refusedAt = position;
        position = limit;
        return refused;
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

    /**
     * Writes the {@code length} bytes at the position to {@code target}, having moved past them
     * first: a target too small to take them throws, and reading code that catches that reads on
     * from what follows, never from these bytes. Allocates nothing (but the target's own growth).
     *
     * @param length how many bytes, which the caller has checked are within the input
     * @param target where they go
     */
    public final void takeTo(int length, Bytes target) {
        final int start = position;
        position = start + length;
        target.write(bytes, start, length);
    }
}
