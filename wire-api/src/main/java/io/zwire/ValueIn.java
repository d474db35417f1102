package io.zwire;

import io.zwire.spi.WireReader;

import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * Reads one value: of the field named by {@link WireIn#read(Field)}, or an element inside
 * {@link #sequence(Object, BiConsumer)}, or the value given to
 * {@link Marshallable#unexpectedField}.
 *
 * <p>Two forms for every kind. The lambda form passes the target as an argument so the lambda
 * captures nothing and is a JVM-wide singleton, and returns the {@link WireIn} for the next field:
 * <pre>{@code in.read(QTY).int64(this, (o, v) -> o.qty = v)}</pre>
 * The direct form returns the value: {@code long qty = in.read(QTY).int64();}
 *
 * <p>A field the document does not carry reads as its default (0, 0.0, false, '\0', null, an
 * empty sequence), so a reused object never keeps a stale value. Nothing allocates unless the
 * method says so. Bad input throws {@link WireException}.
 */
public final class ValueIn {
    private final WireReader reader;
    private final WireIn in;
    private final TypeRegistry types;
    /** The pending field; stays null on the element instance. */
    Field field;

    ValueIn(WireReader reader, WireIn in, TypeRegistry types) {
        this.reader = reader;
        this.in = in;
        this.types = types;
    }

    /** A signed 8-bit integer; a wider value on the wire that does not fit is a {@link WireException}. */
    public byte int8() {
        return reader.int8(field);
    }

    /** Passes {@link #int8()} to {@code setter}. */
    public <T> WireIn int8(T target, ObjByteConsumer<T> setter) {
        setter.accept(target, reader.int8(field));
        return in;
    }

    /** A signed 16-bit integer. */
    public short int16() {
        return reader.int16(field);
    }

    /** Passes {@link #int16()} to {@code setter}. */
    public <T> WireIn int16(T target, ObjShortConsumer<T> setter) {
        setter.accept(target, reader.int16(field));
        return in;
    }

    /** An unsigned 16-bit integer, 0..65535. */
    public int uint16() {
        return reader.uint16(field);
    }

    /** Passes {@link #uint16()} to {@code setter}. */
    public <T> WireIn uint16(T target, ObjIntConsumer<T> setter) {
        setter.accept(target, reader.uint16(field));
        return in;
    }

    /** A signed 32-bit integer. */
    public int int32() {
        return reader.int32(field);
    }

    /** Passes {@link #int32()} to {@code setter}. */
    public <T> WireIn int32(T target, ObjIntConsumer<T> setter) {
        setter.accept(target, reader.int32(field));
        return in;
    }

    /** A signed 64-bit integer. */
    public long int64() {
        return reader.int64(field);
    }

    /** Passes {@link #int64()} to {@code setter}. */
    public <T> WireIn int64(T target, ObjLongConsumer<T> setter) {
        setter.accept(target, reader.int64(field));
        return in;
    }

    /** A float. */
    public float float32() {
        return reader.float32(field);
    }

    /** Passes {@link #float32()} to {@code setter}. */
    public <T> WireIn float32(T target, ObjFloatConsumer<T> setter) {
        setter.accept(target, reader.float32(field));
        return in;
    }

    /** A double. */
    public double float64() {
        return reader.float64(field);
    }

    /** Passes {@link #float64()} to {@code setter}. */
    public <T> WireIn float64(T target, ObjDoubleConsumer<T> setter) {
        setter.accept(target, reader.float64(field));
        return in;
    }

    /** A boolean. */
    public boolean bool() {
        return reader.bool(field);
    }

    /** Passes {@link #bool()} to {@code setter}. */
    public <T> WireIn bool(T target, ObjBooleanConsumer<T> setter) {
        setter.accept(target, reader.bool(field));
        return in;
    }

    /** A {@code char}. */
    public char char16() {
        return reader.char16(field);
    }

    /** Passes {@link #char16()} to {@code setter}. */
    public <T> WireIn char16(T target, ObjCharConsumer<T> setter) {
        setter.accept(target, reader.char16(field));
        return in;
    }

    /**
     * Text as an interned {@code String} (repeated values, such as symbols, are the same instance
     * and cost nothing), or null. Allocates the first time a value is seen in the wire's bounded
     * cache, and every time for text too long to cache; {@link #textTo(StringBuilder)} never does.
     */
    public String text() {
        return reader.text(field);
    }

    /** Passes {@link #text()} to {@code setter}. Allocates as {@link #text()} does. */
    public <T> WireIn text(T target, BiConsumer<? super T, String> setter) {
        setter.accept(target, reader.text(field));
        return in;
    }

    /**
     * Replaces the content of {@code target} with the text; null leaves it empty. Allocates
     * nothing while {@code target} has the capacity.
     */
    public WireIn textTo(StringBuilder target) {
        reader.textTo(field, target);
        return in;
    }

    /** A byte string as a new array, or null. Allocates; {@link #bytesTo(Bytes)} does not. */
    public byte[] bytes() {
        return reader.bytes(field);
    }

    /** Passes {@link #bytes()} to {@code setter}. Allocates. */
    public <T> WireIn bytes(T target, BiConsumer<? super T, byte[]> setter) {
        setter.accept(target, reader.bytes(field));
        return in;
    }

    /** Appends the byte string to {@code target} (nothing for null). Allocates nothing unless {@code target} grows. */
    public WireIn bytesTo(Bytes target) {
        reader.bytesTo(field, target);
        return in;
    }

    /**
     * An enum constant, or null. Allocates only the first time an enum type is seen.
     *
     * @throws WireException if the wire names a constant the enum does not have
     */
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        return reader.asEnum(field, type);
    }

    /** Passes {@link #asEnum(Class)} to {@code setter}. */
    public <T, E extends Enum<E>> WireIn asEnum(Class<E> type, T target, BiConsumer<? super T, ? super E> setter) {
        setter.accept(target, reader.asEnum(field, type));
        return in;
    }

    /**
     * Reads a nested object into the existing instance {@code into}. A null or missing object
     * sets every field of {@code into} to its default. Allocates nothing.
     */
    public WireIn marshallable(Marshallable into) {
        reader.startMarshallable(field);
        into.readMarshallable(in);
        reader.endMarshallable(into, in.elements());
        return in;
    }

    /**
     * Reads a nested object that may be null: into {@code reuse} when it is not null, otherwise
     * into a new instance from {@code factory} (which allocates), then passes the instance, or
     * null for a null or missing object, to {@code setter}.
     *
     * <pre>{@code in.read(PARTY).marshallable(this, party, Party::new, (o, p) -> o.party = p)}</pre>
     */
    public <T, M extends Marshallable> WireIn marshallable(T target, M reuse, Supplier<? extends M> factory,
                                                         BiConsumer<? super T, ? super M> setter) {
        if (!reader.startMarshallable(field)) {
            reader.endMarshallable(null, in.elements());
            setter.accept(target, null);
            return in;
        }
        M instance = reuse != null ? reuse : factory.get();
        instance.readMarshallable(in);
        reader.endMarshallable(instance, in.elements());
        setter.accept(target, instance);
        return in;
    }

    /**
     * Reads a typed object: its alias is resolved through the wire's {@link TypeRegistry}; the
     * object is read into {@code reuse} when that is exactly the registered class, otherwise into a
     * new instance from the registry's factory (which allocates). The instance, or null, goes to
     * {@code setter}.
     *
     * @param base the type the field accepts; an alias registered for another type is rejected
     * @throws WireException if the alias is not registered, or its type is not a {@code base}
     */
    public <T, M extends Marshallable> WireIn typed(Class<M> base, T target, M reuse,
                                                  BiConsumer<? super T, ? super M> setter) {
        String alias = reader.startTyped(field);
        if (alias == null) {
            reader.endMarshallable(null, in.elements());
            setter.accept(target, null);
            return in;
        }
        TypeRegistry.Entry entry = types.byAlias(alias);
        if (entry == null || !base.isAssignableFrom(entry.type())) {
            throw reader.error(entry == null
                    ? "a type alias registered in " + types + ", got '" + alias + "'"
                    : "a " + base.getName() + ", got '" + alias + "' (" + entry.type().getName() + ")");
        }
        M instance = reuse != null && reuse.getClass() == entry.type() ? reuse : base.cast(entry.create());
        instance.readMarshallable(in);
        reader.endMarshallable(instance, in.elements());
        setter.accept(target, instance);
        return in;
    }

    /**
     * Reads a sequence: {@code elements} is called once with {@code target} and a {@link ValueIn}
     * whose every read takes the next element; loop while {@link #hasNextElement()}. Elements the
     * lambda leaves unread are skipped (on the self-describing wires). A null or missing sequence
     * has no elements, so clear the collection first. Keep the lambda non-capturing.
     *
     * <pre>{@code
     * in.read(PRICES).sequence(this, (o, seq) -> {
     *     o.prices.clear();
     *     while (seq.hasNextElement()) o.prices.add(seq.float64());
     * });
     * }</pre>
     */
    public <T> WireIn sequence(T target, BiConsumer<? super T, ValueIn> elements) {
        reader.startSequence(field);
        elements.accept(target, in.elements());
        reader.endSequence();
        return in;
    }

    /** Inside {@link #sequence}: true while another element is left. */
    public boolean hasNextElement() {
        return reader.hasNextElement();
    }

    /** Consumes the value without decoding it. Not supported on RAW, which cannot skip unknown layouts. */
    public WireIn skip() {
        reader.skip(field);
        return in;
    }
}
