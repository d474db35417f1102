package io.zwire.internal;

import io.zwire.WireException;

/**
 * A keyed wire's scanner as {@link KeyedWireReader} sees it: the read position, which the core
 * moves to a field's value or past an object, and the wire's error at an offset. The scanner
 * reads and writes {@link #position} directly on its hot paths, as a field of its own.
 */
public abstract class WireInput {
    /** The offset read next. */
    public int position;

    /** For subclasses. */
    protected WireInput() {
    }

    /**
     * An exception for bad input at {@code offset}, naming the wire and the offset (and the line
     * and column on text wires). Allocates; for the error path only.
     *
     * @param offset   where the bad input is
     * @param expected what was expected, phrased to follow the word "expected"
     * @return the exception to throw
     */
    public abstract WireException error(int offset, String expected);
}
