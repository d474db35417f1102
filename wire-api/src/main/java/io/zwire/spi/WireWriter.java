package io.zwire.spi;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;

/**
 * The encoding half of a wire. {@link io.zwire.WireOut} and {@link io.zwire.ValueOut} are the
 * facade users call: {@code out.write(F)} becomes {@link #field(Field)}, and the value call that
 * follows becomes one value method here. The facade keeps no state per field, because a reference
 * stored per field into a long-lived object costs a GC write barrier (with a memory fence, on G1)
 * on every field; a codec that must remember the field until its value arrives keeps what it needs
 * as primitives.
 *
 * <p>A value method writes: after {@link #field(Field)}, that field's value; inside a sequence
 * (between {@link #startSequence()} and {@link #endSequence()}, with no object opened since), the
 * sequence's next element. Calls arrive well nested: {@code startDocument}, fields,
 * {@code startMarshallable}/{@code startTyped}/{@code startSequence} each closed by its
 * {@code end}, then {@code endDocument}. Implementations allocate nothing in steady state.
 *
 * <p>What the facade cannot check, keeping nothing per field, the writer does: a field named
 * inside a sequence or outside a document, and a field given no value (no value, null, object or
 * sequence between {@link #field(Field)} and the next {@code field}, {@link #endMarshallable()} or
 * {@link #endDocument()}), are each refused with an {@link IllegalStateException}, from state
 * the writer keeps anyway (its pending key, its output's position), at no more than a compare
 * and a store per field. zwire's own wires word the refusals alike ({@code MisplacedCalls} in
 * {@code io.zwire.internal}), and those that keep no pending key share the position check
 * ({@code WriterScopes}).
 */
public abstract class WireWriter {
    /** The buffer written to. */
    protected final Bytes bytes;

    /**
     * A writer into {@code bytes}.
     *
     * @param bytes the buffer to write to, at its write position
     */
    protected WireWriter(Bytes bytes) {
        this.bytes = bytes;
    }

    /** Begins a document at the write position (framing, headers). */
    public abstract void startDocument();

    /**
     * Ends the document (back-patches lengths, writes separators).
     *
     * @throws IllegalStateException if the last field named has had no value
     */
    public abstract void endDocument();

    /**
     * Forgets any state of a document that failed part-way; {@link io.zwire.Wire} then moves the
     * write position back to where the document started.
     */
    public abstract void reset();

    /**
     * Names the field whose value comes next. Called once before each field's value, never for a
     * sequence element.
     *
     * @param field the field
     * @throws IllegalStateException if called inside a sequence or outside a document, or when the
     *         field named before it has had no value
     */
    public abstract void field(Field field);

    /**
     * Writes a signed 8-bit value.
     *
     * @param value the value
     */
    public abstract void int8(byte value);

    /**
     * Writes a signed 16-bit value.
     *
     * @param value the value
     */
    public abstract void int16(short value);

    /**
     * Writes an unsigned 16-bit value, 0..65535 (checked by the facade).
     *
     * @param value the value
     */
    public abstract void uint16(int value);

    /**
     * Writes a signed 32-bit value.
     *
     * @param value the value
     */
    public abstract void int32(int value);

    /**
     * Writes a signed 64-bit value.
     *
     * @param value the value
     */
    public abstract void int64(long value);

    /**
     * Writes a float, exactly (NaN, infinities and -0.0 included).
     *
     * @param value the value
     */
    public abstract void float32(float value);

    /**
     * Writes a double, exactly (NaN, infinities and -0.0 included).
     *
     * @param value the value
     */
    public abstract void float64(double value);

    /**
     * Writes a boolean.
     *
     * @param value the value
     */
    public abstract void bool(boolean value);

    /**
     * Writes a UTF-16 code unit.
     *
     * @param value the value
     */
    public abstract void char16(char value);

    /**
     * Writes non-null text exactly. An unpaired surrogate is written as an escape on the text
     * wires; the wires whose text is UTF-8 alone cannot hold one and throw a {@link io.zwire.WireException}.
     *
     * @param value the text
     */
    public abstract void text(CharSequence value);

    /**
     * Writes a non-null byte string.
     *
     * @param value  the array
     * @param offset the first byte written
     * @param length how many bytes
     */
    public abstract void bytes(byte[] value, int offset, int length);

    /**
     * Writes a non-null enum constant (by name on the named wires, by ordinal on the others).
     *
     * @param value the constant
     */
    public abstract void asEnum(Enum<?> value);

    /**
     * Writes an explicit null.
     *
     * @param kind what the value holds when it is not null (text, bytes, an enum, an object, a
     *             typed object), or {@link FieldKind#NULL} for {@link io.zwire.ValueOut#nullValue()};
     *             most wires ignore it, the schema recorder does not
     */
    public abstract void nullValue(FieldKind kind);

    /** Opens a nested object; its fields follow, then {@link #endMarshallable()}. */
    public abstract void startMarshallable();

    /**
     * Opens a nested object tagged with a registered alias; closed by {@link #endMarshallable()}.
     *
     * @param alias the alias the type is registered under
     */
    public abstract void startTyped(String alias);

    /**
     * Closes the innermost object opened by {@link #startMarshallable} or {@link #startTyped}.
     *
     * @throws IllegalStateException if the last field named in it has had no value
     */
    public abstract void endMarshallable();

    /** Opens a sequence; its elements follow, then {@link #endSequence()}. */
    public abstract void startSequence();

    /** Closes the innermost sequence. */
    public abstract void endSequence();

    /** Opens a map; its entries follow, each a key then one value, then {@link #endMap()}. */
    public abstract void startMap();

    /**
     * Writes the text key of the next entry of the innermost map.
     *
     * @param key the key, not null
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public abstract void textKey(CharSequence key);

    /**
     * Writes the integer key of the next entry of the innermost map.
     *
     * @param key the key
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public abstract void int64Key(long key);

    /**
     * Writes a 32-bit integer key; every wire encodes it as {@link #int64Key(long)} does, and only a
     * recording of the schema tells the two apart.
     *
     * @param key the key
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public void int32Key(int key) {
        int64Key(key);
    }

    /**
     * Closes the innermost map.
     *
     * @throws IllegalStateException if its last key has had no value
     */
    public abstract void endMap();


    /**
     * Writes {@code value} as one document of plain Java values (see {@link io.zwire.Wire#writeValue}).
     * This path may allocate.
     *
     * @param value a map, list, text, number, boolean, byte array, {@link io.zwire.Tagged} or null
     * @throws UnsupportedOperationException on wires that cannot describe arbitrary values (the default)
     * @throws IllegalArgumentException if the value holds a type the wire cannot write
     */
    public void writeValue(Object value) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot write plain values");
    }
}
