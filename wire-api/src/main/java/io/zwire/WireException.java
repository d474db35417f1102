package io.zwire;

/**
 * Bad input: names the wire, the byte offset where reading failed and what was expected there;
 * text wires add the line and column. After one is thrown the wire is usable again for the next
 * document (see {@link Wire#readDocument(Marshallable)}).
 *
 * <p>Constructing one allocates (the message); it is thrown only on the error path.
 */
public class WireException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The wire's name. */
    private final String wire;
    /** Byte offset of the problem, or -1. */
    private final long offset;
    /** Line of the problem on a text wire, or -1. */
    private final int line;
    /** Column of the problem on a text wire, or -1. */
    private final int column;
    /** What was expected. */
    private final String expected;

    /**
     * An exception for bad input at {@code offset}.
     *
     * @param wire     the wire's name, e.g. {@code "RAW"}
     * @param offset   byte offset in the buffer where the problem was found, or -1 if unknown
     * @param expected what the reader expected there, phrased to follow the word "expected"
     */
    public WireException(String wire, long offset, String expected) {
        this(wire, offset, -1, -1, expected, null);
    }

    /**
     * As {@link #WireException(String, long, String)}, with the underlying cause.
     *
     * @param wire     the wire's name
     * @param offset   byte offset of the problem, or -1 if unknown
     * @param expected what was expected there
     * @param cause    the underlying exception
     */
    public WireException(String wire, long offset, String expected, Throwable cause) {
        this(wire, offset, -1, -1, expected, cause);
    }

    /**
     * For text wires: also the 1-based line and column of the offset.
     *
     * @param wire     the wire's name
     * @param offset   byte offset of the problem, or -1 if unknown
     * @param line     1-based line of the problem on a text wire, or -1
     * @param column   1-based column (in characters) on a text wire, or -1
     * @param expected what was expected there
     * @param cause    the underlying exception, or null
     */
    public WireException(String wire, long offset, int line, int column, String expected, Throwable cause) {
        super(wire + " at offset " + offset + (line > 0 ? " (line " + line + ", column " + column + ")" : "")
                + ": expected " + expected, cause);
        this.wire = wire;
        this.offset = offset;
        this.line = line;
        this.column = column;
        this.expected = expected;
    }

    /**
     * The wire that rejected the input.
     *
     * @return the wire's name
     */
    public String wire() {
        return wire;
    }

    /**
     * Byte offset of the problem, or -1 if unknown.
     *
     * @return the offset, or -1
     */
    public long offset() {
        return offset;
    }

    /**
     * 1-based line of the problem on a text wire, or -1.
     *
     * @return the line, or -1
     */
    public int line() {
        return line;
    }

    /**
     * 1-based column (in characters) of the problem on a text wire, or -1.
     *
     * @return the column, or -1
     */
    public int column() {
        return column;
    }

    /**
     * What the reader expected at that offset.
     *
     * @return what was expected
     */
    public String expected() {
        return expected;
    }
}
