package io.zwire;

import io.zwire.spi.WireWriter;

import java.util.function.BiConsumer;

/**
 * Writes one value: of the field named by {@link WireOut#write(Field)}, or an element inside
 * {@link #sequence(Object, BiConsumer)}. Every method returns the {@link WireOut} for the next
 * field. Nothing here allocates; null arguments write an explicit null.
 */
public final class ValueOut {
    private final WireWriter writer;
    private final WireOut out;
    private final TypeRegistry types;
    /** The pending field; stays null on the element instance. */
    Field field;

    ValueOut(WireWriter writer, WireOut out, TypeRegistry types) {
        this.writer = writer;
        this.out = out;
        this.types = types;
    }

    /** Writes a signed 8-bit integer. */
    public WireOut int8(byte value) {
        writer.int8(field, value);
        return out;
    }

    /** Writes a signed 16-bit integer. */
    public WireOut int16(short value) {
        writer.int16(field, value);
        return out;
    }

    /**
     * Writes an unsigned 16-bit integer.
     *
     * @throws IllegalArgumentException unless {@code 0 <= value <= 65535}
     */
    public WireOut uint16(int value) {
        if ((value & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("uint16 out of range 0..65535: " + value + " for " + field);
        }
        writer.uint16(field, value);
        return out;
    }

    /** Writes a signed 32-bit integer. */
    public WireOut int32(int value) {
        writer.int32(field, value);
        return out;
    }

    /** Writes a signed 64-bit integer. */
    public WireOut int64(long value) {
        writer.int64(field, value);
        return out;
    }

    /** Writes a float exactly, NaN, infinities and -0.0 included. */
    public WireOut float32(float value) {
        writer.float32(field, value);
        return out;
    }

    /** Writes a double exactly, NaN, infinities and -0.0 included. */
    public WireOut float64(double value) {
        writer.float64(field, value);
        return out;
    }

    /** Writes a boolean. */
    public WireOut bool(boolean value) {
        writer.bool(field, value);
        return out;
    }

    /** Writes a {@code char} (one UTF-16 code unit). */
    public WireOut char16(char value) {
        writer.char16(field, value);
        return out;
    }

    /** Writes text as UTF-8, or null. */
    public WireOut text(CharSequence value) {
        if (value == null) {
            writer.nullValue(field, FieldKind.TEXT);
        } else {
            writer.text(field, value);
        }
        return out;
    }

    /** Writes a byte string, or null. */
    public WireOut bytes(byte[] value) {
        if (value == null) {
            writer.nullValue(field, FieldKind.BYTES);
        } else {
            writer.bytes(field, value, 0, value.length);
        }
        return out;
    }

    /** Writes {@code length} bytes of {@code value} from {@code offset} as a byte string. */
    public WireOut bytes(byte[] value, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, value.length);
        writer.bytes(field, value, offset, length);
        return out;
    }

    /** Writes an enum constant (by name on named wires, by ordinal on RAW and NUMBERED), or null. */
    public WireOut asEnum(Enum<?> value) {
        if (value == null) {
            writer.nullValue(field, FieldKind.ENUM);
        } else {
            writer.asEnum(field, value);
        }
        return out;
    }

    /** Writes a nested object, or null. */
    public WireOut marshallable(Marshallable value) {
        if (value == null) {
            writer.nullValue(field, FieldKind.MARSHALLABLE);
        } else {
            writer.startMarshallable(field);
            value.writeMarshallable(out);
            writer.endMarshallable();
        }
        return out;
    }

    /**
     * Writes a nested object tagged with its alias from the wire's {@link TypeRegistry}, so the
     * reader can create the right type; or null.
     *
     * @throws IllegalArgumentException if the value's class is not registered
     */
    public WireOut typed(Marshallable value) {
        if (value == null) {
            writer.nullValue(field, FieldKind.TYPED);
            return out;
        }
        TypeRegistry.Entry entry = types.byType(value.getClass());
        if (entry == null) {
            throw new IllegalArgumentException(value.getClass().getName() + " is not in the wire's TypeRegistry "
                    + types + "; register it to write it as a typed object");
        }
        writer.startTyped(field, entry.alias());
        value.writeMarshallable(out);
        writer.endMarshallable();
        return out;
    }

    /**
     * Writes a sequence: {@code elements} is called once with {@code target} and a
     * {@link ValueOut} on which each call writes one element. Keep the lambda non-capturing.
     *
     * <pre>{@code
     * out.write(FILLS).sequence(this, (o, seq) -> { for (Fill f : o.fills) seq.marshallable(f); });
     * }</pre>
     */
    public <T> WireOut sequence(T target, BiConsumer<? super T, ValueOut> elements) {
        writer.startSequence(field);
        elements.accept(target, out.elements());
        writer.endSequence();
        return out;
    }

    /** Writes an explicit null. On RAW, only where a nullable kind (text, bytes, object, enum, sequence) is read. */
    public WireOut nullValue() {
        writer.nullValue(field, FieldKind.NULL);
        return out;
    }
}
