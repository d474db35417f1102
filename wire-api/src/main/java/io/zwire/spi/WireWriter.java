package io.zwire.spi;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;

/**
 * The encoding half of a wire. {@link io.zwire.WireOut} and {@link io.zwire.ValueOut} are the
 * final facades users call; they forward each call here, once, with the field it belongs to, so
 * that a user's {@code writeMarshallable} stays monomorphic whatever the wire.
 *
 * <p>Every value method takes the {@link Field} it is written under, or {@code null} for an
 * element of the innermost open sequence. Calls arrive well nested: {@code startDocument},
 * values, {@code startMarshallable}/{@code startTyped}/{@code startSequence} each closed by its
 * {@code end}, then {@code endDocument}. Implementations must allocate nothing in steady state.
 */
public abstract class WireWriter {
    /** The buffer written to. */
    protected final Bytes bytes;

    protected WireWriter(Bytes bytes) {
        this.bytes = bytes;
    }

    /** Begins a document at the write position (framing, headers). */
    public abstract void startDocument();

    /** Ends the document (back-patches lengths, writes separators). */
    public abstract void endDocument();

    /**
     * Forgets any state of a document that failed part-way; {@link io.zwire.Wire} then moves the
     * write position back to where the document started.
     */
    public abstract void reset();

    /** Writes a signed 8-bit value. */
    public abstract void int8(Field field, byte value);

    /** Writes a signed 16-bit value. */
    public abstract void int16(Field field, short value);

    /** Writes an unsigned 16-bit value, 0..65535 (checked by the facade). */
    public abstract void uint16(Field field, int value);

    /** Writes a signed 32-bit value. */
    public abstract void int32(Field field, int value);

    /** Writes a signed 64-bit value. */
    public abstract void int64(Field field, long value);

    /** Writes a float, exactly (NaN, infinities and -0.0 included). */
    public abstract void float32(Field field, float value);

    /** Writes a double, exactly (NaN, infinities and -0.0 included). */
    public abstract void float64(Field field, double value);

    /** Writes a boolean. */
    public abstract void bool(Field field, boolean value);

    /** Writes a UTF-16 code unit. */
    public abstract void char16(Field field, char value);

    /** Writes non-null text (any Unicode, including unpaired surrogates, which become '?'). */
    public abstract void text(Field field, CharSequence value);

    /** Writes a non-null byte string. */
    public abstract void bytes(Field field, byte[] value, int offset, int length);

    /** Writes a non-null enum constant (by name on the named wires, by ordinal on the others). */
    public abstract void asEnum(Field field, Enum<?> value);

    /**
     * Writes an explicit null.
     *
     * @param kind what the field holds when it is not null (text, bytes, an enum, an object, a
     *             typed object), or {@link FieldKind#NULL} for {@link io.zwire.ValueOut#nullValue()};
     *             most wires ignore it, the schema recorder does not
     */
    public abstract void nullValue(Field field, FieldKind kind);

    /** Opens a nested object; its fields follow, then {@link #endMarshallable()}. */
    public abstract void startMarshallable(Field field);

    /** Opens a nested object tagged with a registered alias; closed by {@link #endMarshallable()}. */
    public abstract void startTyped(Field field, String alias);

    /** Closes the innermost object opened by {@link #startMarshallable} or {@link #startTyped}. */
    public abstract void endMarshallable();

    /** Opens a sequence; elements follow with a null field, then {@link #endSequence()}. */
    public abstract void startSequence(Field field);

    /** Closes the innermost sequence. */
    public abstract void endSequence();

    /**
     * Writes {@code value} as one document of plain Java values (see {@link io.zwire.Wire#writeValue}).
     * This path may allocate.
     *
     * @throws UnsupportedOperationException on wires that cannot describe arbitrary values (the default)
     * @throws IllegalArgumentException if the value holds a type the wire cannot write
     */
    public void writeValue(Object value) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot write plain values");
    }
}
