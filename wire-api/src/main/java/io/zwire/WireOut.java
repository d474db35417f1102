package io.zwire;

/**
 * What {@link Marshallable#writeMarshallable} writes to: name the field, then give its value.
 *
 * <pre>{@code
 * out.write(ID).int64(id)
 *    .write(SYMBOL).text(symbol);
 * }</pre>
 *
 * <p>Each wire writes through one object, which is also its {@link ValueOut}: each call forwards
 * once to the wire's codec and returns the same object. This is a sealed abstract class whose one
 * subclass is the final {@code ValueOut}, not an interface, so the JIT binds every call in a
 * user's method without a type check (an interface-typed receiver needs one per call, which in a
 * chain of small writes costs more than the writes). Allocates nothing. Not thread-safe.
 *
 * <p>Valid only while the {@code writeMarshallable} call it is passed to runs (nested objects'
 * calls included): a wire hands the same object to every document, and what is written through it
 * after its document has ended (or failed) would belong to no document. {@link #write} then throws
 * {@link IllegalStateException} on every wire, writing nothing.
 */
public abstract sealed class WireOut permits ValueOut {
    WireOut() {
    }

    /**
     * Starts the field; the returned {@link ValueOut} writes its value, exactly one, which must
     * follow. Not for sequence elements. A field given no value is refused on every wire, here
     * when the next field is named ({@code out.write(A).write(B)} compiles, since the
     * {@link ValueOut} is also a {@code WireOut}) or where its object or document ends; the
     * document is then not written.
     *
     * @param field the field to write
     * @return the value writer for it; the same object for every field
     * @throws IllegalStateException inside a sequence, outside the document's
     *         {@code writeMarshallable} call, or when the field named before it in the same object
     *         has had no value
     */
    public abstract ValueOut write(Field field);

    /**
     * The wire being written, for the rare type that writes differently per wire; null while a schema is recorded.
     *
     * @return the type
     */
    public abstract WireType wireType();
}
