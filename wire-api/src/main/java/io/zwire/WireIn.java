package io.zwire;

/**
 * What {@link Marshallable#readMarshallable} reads from: name the field, then take its value.
 *
 * <pre>{@code
 * in.read(ID).int64(this, (o, v) -> o.id = v)
 *   .read(SYMBOL).text(this, (o, s) -> o.symbol = s);
 * }</pre>
 *
 * <p>Read fields in write order for the fast path; on the self-describing wires any order works
 * (a mismatch costs one scan of the rest of the object). Each wire reads through one object, which
 * is also its {@link ValueIn}; abstract classes rather than interfaces for the reason given in
 * {@link WireOut} (a second implementation records a type's reads for {@link Schema} and RAW's
 * order check, so a call site that has seen both keeps a class check). Allocates nothing. Not
 * thread-safe.
 *
 * <p>Valid only while the {@code readMarshallable} (or {@code unexpectedField}) call it is passed
 * to runs: a wire hands the same object to every document. After its document has ended (or
 * failed), {@link #read} and the value methods of the {@link ValueIn} throw
 * {@link IllegalStateException} on every wire, reading nothing.
 */
public abstract sealed class WireIn permits ValueIn {
    WireIn() {
    }

    /**
     * Finds the field; the returned {@link ValueIn} reads its value (the default if it is missing).
     * Read the value, or {@link ValueIn#skip()} it. The self-describing wires (all but RAW) skip a
     * value left unread when the next field is looked for or the object ends. RAW reads by
     * position and can neither find nor skip a value: there, a value named must be read, as it was
     * written, and what is read after one left unread is undefined.
     *
     * @param field the field to read
     * @return the value reader for it; the same object for every field
     * @throws IllegalStateException inside a sequence
     */
    public abstract ValueIn read(Field field);

    /**
     * The wire being read.
     *
     * @return the type
     */
    public abstract WireType wireType();
}
