package io.zwire;

/**
 * Bad input: names the wire, the byte offset where reading failed and what was expected there;
 * text wires add the line and column. After one is thrown the wire is usable again for the next
 * document (see {@link Wire#readDocument(Marshallable)}).
 *
 * <p>Constructing one allocates (the message); it is thrown only on the error path.
 *
 * <p>One made with offset -1 (unknown) and thrown from inside a typed read, by a
 * {@code readMarshallable} that refuses a value it read, say, leaves
 * {@link Wire#readDocument(Marshallable)} at the reader's position when it was thrown (with the
 * line and column on a text wire), or at its cause's if that is a {@code WireException} with an
 * offset, and with its {@link #path()}. A subclass leaves as it was thrown.
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
    /** The way from the document's type to the value being read, or null. */
    private final String path;

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
        this(wire, offset, line, column, null, expected, cause);
    }

    /**
     * As {@link #WireException(String, long, int, int, String, Throwable)}, naming also the way
     * from the document's type to the value being read, as {@link #path()} gives it.
     *
     * @param wire     the wire's name
     * @param offset   byte offset of the problem, or -1 if unknown
     * @param line     1-based line of the problem on a text wire, or -1
     * @param column   1-based column (in characters) on a text wire, or -1
     * @param path     the way to the value, e.g. {@code Order.party.name}, or null
     * @param expected what was expected there
     * @param cause    the underlying exception, or null
     */
    public WireException(String wire, long offset, int line, int column, String path, String expected, Throwable cause) {
        super(wire + " at offset " + offset + (line > 0 ? " (line " + line + ", column " + column + ")" : "")
                + (path != null ? ", in " + path : "") + ": expected " + expected, cause);
        this.wire = wire;
        this.offset = offset;
        this.line = line;
        this.column = column;
        this.path = path;
        this.expected = expected;
    }

    /** {@return this exception naming {@code valuePath} as its path, with this one's stack trace} Allocates. */
    WireException withPath(String valuePath) {
        return copy(offset, line, column, valuePath);
    }

    /** {@return this exception at the position {@code where} names, with this one's stack trace} Allocates. */
    WireException at(WireException where) {
        return copy(where.offset, where.line, where.column, path);
    }

    private WireException copy(long atOffset, int atLine, int atColumn, String valuePath) {
        WireException copy = new WireException(wire, atOffset, atLine, atColumn, valuePath, expected, getCause());
        copy.setStackTrace(getStackTrace());
        for (Throwable suppressed : getSuppressed()) {
            copy.addSuppressed(suppressed);
        }
        return copy;
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
     * The way from the document's type down to the value being read when the input was refused:
     * {@code Order.party.name}, {@code Book.levels[3].price}, {@code Limits.bySymbol["EURUSD"]}
     * (field names; sequence elements and map entries from 0; a map's key when one was read). Set
     * for an exception raised inside a typed read ({@link Wire#readDocument(Marshallable)} and
     * the reads of sessions, journals and Kafka built on it), null otherwise (plain values, frames).
     *
     * <p>What it rests on: a field is named from what the document's target writes once the read
     * failed (through a {@link Marshaller}, from what it reads, then what it writes); below a
     * {@link Marshallable} the target does not hold yet (one a factory made, or a typed one, whose
     * setter runs after it is read), from what that object writes; below a foreign object or record
     * the target does not hold (made once its fields are read), from what its marshaller reads and
     * writes, then what the level above writes there; below a recursive type, from that type's
     * fields. It goes by number ({@code #7}) where none of these reaches: a field not written, a
     * write method that fails on the half-read object, a marshaller that cannot be recorded (a
     * record whose constructor refuses the default components); what they throw is dropped, but for
     * a failure of the JVM. Naming runs those write methods, a marshaller's read on its own
     * instances, and a registered class's factory, on the error path only.
     *
     * <p>What it names: a failure met while a field is looked for in other entries' bytes, past its
     * own value, in the next key, or in a value named before and left unread, names the object, not
     * that field, whose own value may be fine. A value {@link Marshallable#unexpectedField} reads
     * is named by the hook's key (its name, quoted as a map's key is where it is no Java
     * identifier; on a numbered wire its number, named where the type writes that field), and what
     * is read inside it below that. An index is the element's place in its sequence (or the
     * entry's in its map) as the wire's reader took it, however the reading code walks it: several
     * elements read per {@link ValueIn#hasNextElement()}, a read past the last element,
     * {@link ValueIn#hasNextEntry()} asked twice; a value read in a null or missing sequence names
     * {@code [0]}, as in an empty one; a failure among the elements or entries passed over at the
     * end names the sequence or map.
     *
     * @return the path, or null
     */
    public String path() {
        return path;
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
