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
 * once to the wire's codec and returns the same object. These are abstract classes with a single
 * implementation inside zwire, not interfaces, so the JIT binds every call in a user's method
 * without a type check (an interface-typed receiver needs one per call; measured, that tripled the
 * cost of a chain of 14 fields). Allocates nothing. Not thread-safe.
 */
public abstract class WireOut {
    WireOut() {
    }

    /**
     * Starts the field; the returned {@link ValueOut} writes its value, exactly one, which must
     * follow (a field without a value leaves the document malformed). Not for sequence elements.
     *
     * @throws IllegalStateException inside a sequence
     */
    public abstract ValueOut write(Field field);

    /** The wire being written, for the rare type that writes differently per wire; null while a schema is recorded. */
    public abstract WireType wireType();
}
