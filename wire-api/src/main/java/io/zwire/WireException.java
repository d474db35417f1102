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

    private final String wire;
    private final long offset;
    private final int line;
    private final int column;
    private final String expected;

    /**
     * @param wire     the wire's name, e.g. {@code "RAW"}
     * @param offset   byte offset in the buffer where the problem was found, or -1 if unknown
     * @param expected what the reader expected there, phrased to follow the word "expected"
     */
    public WireException(String wire, long offset, String expected) {
        this(wire, offset, -1, -1, expected, null);
    }

    /** As {@link #WireException(String, long, String)}, with the underlying cause. */
    public WireException(String wire, long offset, String expected, Throwable cause) {
        this(wire, offset, -1, -1, expected, cause);
    }

    /**
     * For text wires: also the 1-based line and column of the offset.
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

    /** The wire that rejected the input. */
    public String wire() {
        return wire;
    }

    /** Byte offset of the problem, or -1 if unknown. */
    public long offset() {
        return offset;
    }

    /** 1-based line of the problem on a text wire, or -1. */
    public int line() {
        return line;
    }

    /** 1-based column (in characters) of the problem on a text wire, or -1. */
    public int column() {
        return column;
    }

    /** What the reader expected at that offset. */
    public String expected() {
        return expected;
    }
}
