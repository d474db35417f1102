package io.zwire;

/**
 * The key of a field as it appeared on the wire, handed to {@link Marshallable#unexpectedField}.
 * A reusable view, valid only during that call: copy what you keep.
 */
public interface WireKey {
    /**
     * True on the numbered wires, where the key is a number and {@link #name()} is empty.
     *
     * @return whether the key is a number
     */
    boolean isNumbered();

    /**
     * The field number on a numbered wire, 0 on a named one.
     *
     * @return the number
     */
    int number();

    /**
     * The field name on a named wire, empty on a numbered one. A reused view: allocates nothing.
     *
     * @return the name
     */
    CharSequence name();
}
