package io.zwire;

/**
 * What {@link Marshallable#writeMarshallable} writes to: name the field, then give its value.
 *
 * <pre>{@code
 * out.write(ID).int64(id)
 *    .write(SYMBOL).text(symbol);
 * }</pre>
 *
 * <p>One implementation for every wire, which is also the {@link ValueOut}: each call forwards
 * once to the wire's codec and returns the same object, so the user's method stays monomorphic and
 * the chain costs no loads. Allocates nothing. Not thread-safe.
 */
public interface WireOut {
    /**
     * Starts the field; the returned {@link ValueOut} writes its value. Not for sequence elements.
     *
     * @throws IllegalStateException inside a sequence
     */
    ValueOut write(Field field);

    /** The wire being written, for the rare type that writes differently per wire; null while a schema is recorded. */
    WireType wireType();
}
