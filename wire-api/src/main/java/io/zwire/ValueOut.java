package io.zwire;

import java.util.function.BiConsumer;

/**
 * Writes one value: of the field named by {@link WireOut#write(Field)}, or the next element inside
 * {@link #sequence(Object, BiConsumer)}. Every method returns the {@link WireOut} for the next
 * field. Nothing here allocates; null arguments write an explicit null.
 *
 * <p>It extends {@link WireOut} only because one object implements both (see there); call
 * exactly one value method after each {@link WireOut#write(Field)}: a field given none is refused
 * with an {@link IllegalStateException}, and its document is not written.
 */
public abstract class ValueOut extends WireOut {
    ValueOut() {
    }

    /**
     * Writes a signed 8-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut int8(byte value);

    /**
     * Writes a signed 16-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut int16(short value);

    /**
     * Writes an unsigned 16-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     * @throws IllegalArgumentException unless {@code 0 <= value <= 65535}
     */
    public abstract WireOut uint16(int value);

    /**
     * Writes a signed 32-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut int32(int value);

    /**
     * Writes a signed 64-bit integer.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut int64(long value);

    /**
     * Writes a float exactly, NaN, infinities and -0.0 included.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut float32(float value);

    /**
     * Writes a double exactly, NaN, infinities and -0.0 included.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut float64(double value);

    /**
     * Writes a boolean.
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut bool(boolean value);

    /**
     * Writes a {@code char} (one UTF-16 code unit).
     *
     * @param value the value
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut char16(char value);

    /**
     * Writes text as UTF-8, or null.
     *
     * @param value the text, or null
     * @return the {@link WireOut}, for the next field
     * @throws WireException on the wires whose text is UTF-8 alone, if {@code value} holds an unpaired surrogate
     */
    public abstract WireOut text(CharSequence value);

    /**
     * Writes a byte string, or null.
     *
     * @param value the bytes, or null
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut bytes(byte[] value);

    /**
     * Writes {@code length} bytes of {@code value} from {@code offset} as a byte string.
     *
     * @param value  the array
     * @param offset the first byte written
     * @param length how many bytes
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut bytes(byte[] value, int offset, int length);

    /**
     * Writes an enum constant (by name on named wires, by ordinal on RAW and NUMBERED), or null.
     *
     * @param value the constant, or null
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut asEnum(Enum<?> value);

    /**
     * Writes a nested object, or null.
     *
     * @param value the object, or null
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut marshallable(Marshallable value);

    /**
     * Writes a nested object of a type described by a {@link Marshaller}, or null (written as
     * {@link #marshallable(Marshallable)} writes one).
     *
     * @param <T> the object's type
     * @param value the object, or null
     * @param marshaller how the type is written
     * @return the {@link WireOut}, for the next field
     */
    public abstract <T> WireOut object(T value, Marshaller<T> marshaller);

    /**
     * Writes a nested object tagged with its alias from the wire's {@link TypeRegistry}, so the
     * reader can create the right type; or null.
     *
     * @param value the object, or null
     * @return the {@link WireOut}, for the next field
     * @throws IllegalArgumentException if the value's class is not registered
     */
    public abstract WireOut typed(Marshallable value);

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
    public abstract <T> WireOut sequence(T target, BiConsumer<? super T, ValueOut> elements);

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
    public abstract <T> WireOut map(T target, BiConsumer<? super T, ValueOut> entries);

    /**
     * Writes the text key of the next map entry, inside {@link #map}; its value follows.
     *
     * @param key the key, not null
     * @return this, for the entry's value
     * @throws IllegalStateException outside a map, or after a key that has had no value
     * @throws NullPointerException  if {@code key} is null
     */
    public abstract ValueOut key(CharSequence key);

    /**
     * Writes the 32-bit integer key of the next map entry, inside {@link #map}; its value follows.
     *
     * @param key the key
     * @return this, for the entry's value
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public abstract ValueOut key(int key);

    /**
     * Writes the 64-bit integer key of the next map entry, inside {@link #map}; its value follows.
     *
     * @param key the key
     * @return this, for the entry's value
     * @throws IllegalStateException outside a map, or after a key that has had no value
     */
    public abstract ValueOut key(long key);

    /**
     * Writes an explicit null. On RAW, only where a nullable kind (text, bytes, object, enum, sequence) is read.
     *
     * @return the {@link WireOut}, for the next field
     */
    public abstract WireOut nullValue();
}
