package io.zwire;

import io.zwire.spi.WireWriter;

import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * Writes one value: of the field named by {@link WireOut#write(Field)}, or the next element inside
 * {@link #sequence(Object, BiConsumer)}. Every value method returns the {@link WireOut} for the
 * next field. Nothing here allocates; a null passed as a value (text, bytes, enum, object) writes
 * an explicit null.
 *
 * <p>It extends {@link WireOut} only because one object implements both (see there); call
 * exactly one value method after each {@link WireOut#write(Field)}: a field given none is refused
 * with an {@link IllegalStateException}, and its document is not written.
 *
 * <p>Each call forwards once to the wire's {@link WireWriter} and returns this same object, so a
 * chain of calls in a user's {@code writeMarshallable} keeps its receiver in a register, and
 * nothing is stored per field. Sequence elements and map entries are written through this object
 * too: the wire's writer knows where it is.
 */
public final class ValueOut extends WireOut {
    private final WireType type;
    private final WireWriter writer;
    private final TypeRegistry types;
    /** Set only while a schema is recorded, to see the lambdas passed to {@link #sequence} and {@link #map}. */
    private final SchemaRecorder recorder;

    ValueOut(WireType type, WireWriter writer, TypeRegistry types) {
        this(type, writer, types, null);
    }

    private ValueOut(WireType type, WireWriter writer, TypeRegistry types, SchemaRecorder recorder) {
        this.type = type;
        this.writer = writer;
        this.types = types;
        this.recorder = recorder;
    }

    /** A writer into {@code recorder}, which also sees the lambdas passed to {@link #sequence} and {@link #map}. */
    static ValueOut recording(WireType type, SchemaRecorder recorder, TypeRegistry types) {
        return new ValueOut(type, recorder, types, recorder);
    }

    @Override
    public ValueOut write(Field field) {
        writer.field(field);
        return this;
    }

    @Override
    public WireType wireType() {
        return type;
    }

    /**
     * Writes a signed 8-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut int8(byte value) {
        writer.int8(value);
        return this;
    }

    /**
     * Writes a signed 16-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut int16(short value) {
        writer.int16(value);
        return this;
    }

    /**
     * Writes an unsigned 16-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     * @throws IllegalArgumentException unless {@code 0 <= value <= 65535}
     */
    public WireOut uint16(int value) {
        if ((value & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("uint16 out of range 0..65535: " + value);
        }
        writer.uint16(value);
        return this;
    }

    /**
     * Writes a signed 32-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut int32(int value) {
        writer.int32(value);
        return this;
    }

    /**
     * Writes a signed 64-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut int64(long value) {
        writer.int64(value);
        return this;
    }

    /**
     * Writes a float exactly, NaN, infinities and -0.0 included.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut float32(float value) {
        writer.float32(value);
        return this;
    }

    /**
     * Writes a double exactly, NaN, infinities and -0.0 included.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut float64(double value) {
        writer.float64(value);
        return this;
    }

    /**
     * Writes a boolean.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut bool(boolean value) {
        writer.bool(value);
        return this;
    }

    /**
     * Writes a {@code char} (one UTF-16 code unit).
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public WireOut char16(char value) {
        writer.char16(value);
        return this;
    }

    /**
     * Writes text as UTF-8, or null.
     *
     * @param value the text, or null
     * @return the {@link WireOut}, for the next field
     * @throws WireException on the wires whose text is UTF-8 alone, if {@code value} holds an unpaired surrogate
     */
    public WireOut text(CharSequence value) {
        if (value == null) {
            writer.nullValue(FieldKind.TEXT);
        } else {
            writer.text(value);
        }
        return this;
    }

    /**
     * Writes a byte string, or null.
     *
     * @param value the bytes, or null
     * @return the {@link WireOut}, for the next field
     */
    public WireOut bytes(byte[] value) {
        if (value == null) {
            writer.nullValue(FieldKind.BYTES);
        } else {
            writer.bytes(value, 0, value.length);
        }
        return this;
    }

    /**
     * Writes {@code length} bytes of {@code value} from {@code offset} as a byte string.
     *
     * @param value  the array
     * @param offset the first byte written
     * @param length how many bytes
     * @return the {@link WireOut}, for the next field
     * @throws NullPointerException      if {@code value} is null
     * @throws IndexOutOfBoundsException unless {@code offset} and {@code length} lie within {@code value}
     */
    public WireOut bytes(byte[] value, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, value.length);
        writer.bytes(value, offset, length);
        return this;
    }

    /**
     * Writes an enum constant (by name on named wires, by ordinal on RAW and NUMBERED), or null.
     *
     * @param value the constant, or null
     * @return the {@link WireOut}, for the next field
     */
    public WireOut asEnum(Enum<?> value) {
        if (value == null) {
            writer.nullValue(FieldKind.ENUM);
        } else {
            writer.asEnum(value);
        }
        return this;
    }

    /**
     * Writes a nested object, or null.
     *
     * @param value the object, or null
     * @return the {@link WireOut}, for the next field
     */
    public WireOut marshallable(Marshallable value) {
        if (value == null) {
            writer.nullValue(FieldKind.MARSHALLABLE);
        } else {
            writer.startMarshallable();
            value.writeMarshallable(this);
            writer.endMarshallable();
        }
        return this;
    }

    /**
     * Writes a nested object of a type described by a {@link Marshaller}, or null (written as
     * {@link #marshallable(Marshallable)} writes one).
     *
     * @param <T> the object's type
     * @param value the object, or null
     * @param marshaller how the type is written
     * @return the {@link WireOut}, for the next field
     */
    public <T> WireOut object(T value, Marshaller<T> marshaller) {
        if (value == null) {
            writer.nullValue(FieldKind.MARSHALLABLE);
        } else {
            writer.startMarshallable();
            marshaller.write(value, this);
            writer.endMarshallable();
        }
        return this;
    }

    /**
     * Writes a nested object tagged with its alias from the wire's {@link TypeRegistry}, so the
     * reader can create the right type; or null.
     *
     * @param value the object, or null
     * @return the {@link WireOut}, for the next field
     * @throws IllegalArgumentException if the value's class is not registered
     */
    public WireOut typed(Marshallable value) {
        if (value == null) {
            writer.nullValue(FieldKind.TYPED);
            return this;
        }
        TypeRegistry.Entry entry = types.byType(value.getClass());
        if (entry == null) {
            throw new IllegalArgumentException(value.getClass().getName() + " is not in the wire's TypeRegistry "
                    + types + "; register it to write it as a typed object");
        }
        writer.startTyped(entry.alias());
        value.writeMarshallable(this);
        writer.endMarshallable();
        return this;
    }

    /**
     * Writes a sequence: {@code elements} is called once with {@code target} and a
     * {@link ValueOut} on which each call writes one element. Keep the lambda non-capturing.
     *
     * <pre>{@code
     * out.write(FILLS).sequence(this, (o, seq) -> { for (Fill f : o.fills) seq.marshallable(f); });
     * }</pre>
     *
     * @param <T>      the type of {@code target}
     * @param target   passed to {@code elements}, so the lambda need not capture it
     * @param elements writes the elements
     * @return the {@link WireOut}, for the next field
     */
    public <T> WireOut sequence(T target, BiConsumer<? super T, ValueOut> elements) {
        if (recorder != null) {
            recorder.containerLambda(elements, "sequence lambda");
        }
        writer.startSequence();
        elements.accept(target, this);
        writer.endSequence();
        return this;
    }

    /**
     * Writes a map: {@code entries} is called once with {@code target} and a {@link ValueOut} on
     * which each entry is written as a key ({@link #key(CharSequence)}, {@link #key(int)} or
     * {@link #key(long)}) followed by exactly one value of any kind (a nested object, sequence or
     * map included). Keep the lambda non-capturing, and keep one key kind per map. Allocates
     * nothing. How each wire lays a map out is in docs/formats.md: a YAML mapping, a JSON object
     * (integer keys as their decimal text), a CBOR map, protobuf's {@code map<K, V>} entries
     * ({@code key = 1, value = 2}), and on RAW a count then the entries.
     *
     * <pre>{@code
     * out.write(LIMITS).map(this, (o, m) -> {
     *     for (int i = 0; i < o.limitCount; i++) m.key(o.symbols[i]).float64(o.limits[i]);
     * });
     * }</pre>
     *
     * @param <T>     the type of {@code target}
     * @param target  passed to {@code entries}, so the lambda need not capture it
     * @param entries writes the entries
     * @return the {@link WireOut}, for the next field
     * @throws IllegalStateException if {@code entries} writes a value without a key, a key without
     *                               a value, or a field
     */
    public <T> WireOut map(T target, BiConsumer<? super T, ValueOut> entries) {
        if (recorder != null) {
            recorder.containerLambda(entries, "map lambda");
        }
        writer.startMap();
        entries.accept(target, this);
        writer.endMap();
        return this;
    }

    /**
     * Writes the text key of the next map entry, inside {@link #map}; its value follows.
     *
     * @param key the key, not null
     * @return this, for the entry's value
     * @throws IllegalStateException outside a map, or after a key that has had no value
     * @throws NullPointerException  if {@code key} is null
     */
    public ValueOut key(CharSequence key) {
        writer.textKey(Objects.requireNonNull(key, "a map key"));
        return this;
    }

    /**
     * Writes the 32-bit integer key of the next map entry, inside {@link #map}; its value follows.
     *
     * @param key the key
     * @return this, for the entry's value
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public ValueOut key(int key) {
        writer.int32Key(key);
        return this;
    }

    /**
     * Writes the 64-bit integer key of the next map entry, inside {@link #map}; its value follows.
     *
     * @param key the key
     * @return this, for the entry's value
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public ValueOut key(long key) {
        writer.int64Key(key);
        return this;
    }

    /**
     * Writes an explicit null. On RAW, only where a nullable kind (text, bytes, object, enum, sequence) is read.
     *
     * @return the {@link WireOut}, for the next field
     */
    public WireOut nullValue() {
        writer.nullValue(FieldKind.NULL);
        return this;
    }
}
