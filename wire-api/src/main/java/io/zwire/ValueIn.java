package io.zwire;

import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * Reads one value: of the field named by {@link WireIn#read(Field)}, or the next element inside
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
 *
 * <p>It extends {@link WireIn} only because one object implements both (see {@link WireOut}); call
 * exactly one value method after each {@link WireIn#read(Field)}.
 */
public abstract class ValueIn extends WireIn {
    ValueIn() {
    }

    /** A signed 8-bit integer; a wider value on the wire that does not fit is a {@link WireException}. */
    public abstract byte int8();

    /** Passes {@link #int8()} to {@code setter}. */
    public abstract <T> WireIn int8(T target, ObjByteConsumer<T> setter);

    /** A signed 16-bit integer. */
    public abstract short int16();

    /** Passes {@link #int16()} to {@code setter}. */
    public abstract <T> WireIn int16(T target, ObjShortConsumer<T> setter);

    /** An unsigned 16-bit integer, 0..65535. */
    public abstract int uint16();

    /** Passes {@link #uint16()} to {@code setter}. */
    public abstract <T> WireIn uint16(T target, ObjIntConsumer<T> setter);

    /** A signed 32-bit integer. */
    public abstract int int32();

    /** Passes {@link #int32()} to {@code setter}. */
    public abstract <T> WireIn int32(T target, ObjIntConsumer<T> setter);

    /** A signed 64-bit integer. */
    public abstract long int64();

    /** Passes {@link #int64()} to {@code setter}. */
    public abstract <T> WireIn int64(T target, ObjLongConsumer<T> setter);

    /** A float. */
    public abstract float float32();

    /** Passes {@link #float32()} to {@code setter}. */
    public abstract <T> WireIn float32(T target, ObjFloatConsumer<T> setter);

    /** A double. */
    public abstract double float64();

    /** Passes {@link #float64()} to {@code setter}. */
    public abstract <T> WireIn float64(T target, ObjDoubleConsumer<T> setter);

    /** A boolean. */
    public abstract boolean bool();

    /** Passes {@link #bool()} to {@code setter}. */
    public abstract <T> WireIn bool(T target, ObjBooleanConsumer<T> setter);

    /** A {@code char}. */
    public abstract char char16();

    /** Passes {@link #char16()} to {@code setter}. */
    public abstract <T> WireIn char16(T target, ObjCharConsumer<T> setter);

    /**
     * Text as an interned {@code String} (repeated values, such as symbols, are the same instance
     * and cost nothing), or null. Allocates the first time a value is seen in the wire's bounded
     * cache, and every time for text too long to cache ({@link WireOptions#withTextCache}); {@link #textTo(StringBuilder)}
     * never does.
     */
    public abstract String text();

    /** Passes {@link #text()} to {@code setter}. Allocates as {@link #text()} does. */
    public abstract <T> WireIn text(T target, BiConsumer<? super T, String> setter);

    /**
     * Replaces the content of {@code target} with the text; null leaves it empty (ask
     * {@link #isNull()} first to tell null from ""). Allocates nothing while {@code target} has
     * the capacity.
     */
    public abstract WireIn textTo(StringBuilder target);

    /** A byte string as a new array, or null. Allocates; {@link #bytesTo(Bytes)} does not. */
    public abstract byte[] bytes();

    /** Passes {@link #bytes()} to {@code setter}. Allocates. */
    public abstract <T> WireIn bytes(T target, BiConsumer<? super T, byte[]> setter);

    /** Appends the byte string to {@code target} (nothing for null). Allocates nothing unless {@code target} grows. */
    public abstract WireIn bytesTo(Bytes target);

    /**
     * An enum constant, or null. Allocates only the first time an enum type is seen.
     *
     * @throws WireException if the wire names a constant the enum does not have
     */
    public abstract <E extends Enum<E>> E asEnum(Class<E> type);

    /** Passes {@link #asEnum(Class)} to {@code setter}. */
    public abstract <T, E extends Enum<E>> WireIn asEnum(Class<E> type, T target, BiConsumer<? super T, ? super E> setter);

    /**
     * Reads a nested object into the existing instance {@code into}. A null or missing object
     * sets every field of {@code into} to its default. Allocates nothing.
     */
    public abstract WireIn marshallable(Marshallable into);

    /**
     * Reads a nested object that may be null: into {@code reuse} when it is not null, otherwise
     * into a new instance from {@code factory} (which allocates), then passes the instance, or
     * null for a null or missing object, to {@code setter}.
     *
     * <pre>{@code in.read(PARTY).marshallable(this, party, Party::new, (o, p) -> o.party = p)}</pre>
     */
    public abstract <T, M extends Marshallable> WireIn marshallable(T target, M reuse, Supplier<? extends M> factory,
                                                  BiConsumer<? super T, ? super M> setter);

    /**
     * Reads a typed object: its alias is resolved through the wire's {@link TypeRegistry}; the
     * object is read into {@code reuse} when that is exactly the registered class, otherwise into a
     * new instance from the registry's factory (which allocates). The instance, or null, goes to
     * {@code setter}.
     *
     * @param base the type the field accepts; an alias registered for another type is rejected
     * @throws WireException if the alias is not registered, or its type is not a {@code base}
     */
    public abstract <T, M extends Marshallable> WireIn typed(Class<M> base, T target, M reuse, BiConsumer<? super T, ? super M> setter);

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
    public abstract <T> WireIn sequence(T target, BiConsumer<? super T, ValueIn> elements);

    /** Inside {@link #sequence}: true while another element is left. */
    public abstract boolean hasNextElement();

    /**
     * Whether the value to read is null or absent, consuming nothing: after
     * {@link WireIn#read(Field)}, true when the object does not carry the field (inside a null or
     * missing object, for every field) or its value is null; inside {@link #sequence}, whether the
     * next element is null; inside {@link Marshallable#unexpectedField}, whether that value is. The
     * value must still be read, or {@link #skip() skipped}, exactly as if this had not been called;
     * asking again gives the same answer. With {@link #textTo(StringBuilder)}, which leaves the
     * builder empty for null, it tells null from "" without allocating:
     *
     * <pre>{@code
     * ValueIn note = in.read(NOTE);
     * o.noteIsNull = note.isNull();
     * note.textTo(o.note);
     * }</pre>
     *
     * What counts as null on each wire:
     * <ul>
     *   <li>{@code YAML}, {@code YAML_NUMBERED}: a plain {@code null}, {@code Null}, {@code NULL},
     *       {@code ~} or empty scalar, or one tagged {@code !!null}, also through an alias; a quoted
     *       {@code "null"} is text.</li>
     *   <li>{@code JSON}: the literal {@code null}.</li>
     *   <li>{@code BINARY} (CBOR): null (0xF6) or undefined (0xF7), after any tags.</li>
     *   <li>{@code NUMBERED} (protobuf encoding): nothing, as protobuf has no null: a null value is
     *       written as no field at all, so this is true exactly when the field does not occur (an
     *       empty sequence, also written as nothing, included), and a sequence element is never
     *       null.</li>
     *   <li>{@code RAW}: every nullable kind (text, bytes, enum, object, typed object, sequence)
     *       starts with a varint or marker that is 0 exactly when it is null, and RAW carries no
     *       types, so this reads that: ask only before a value of a nullable kind (before a
     *       primitive the answer means nothing). RAW carries every field, so a field is absent
     *       only inside a null object.</li>
     * </ul>
     * Allocates nothing.
     *
     * @throws IllegalStateException without {@link WireIn#read(Field)} first (in an object), after
     *                               the unexpected field's value was read, or through a
     *                               {@link WireIn} kept past its document
     * @throws WireException         inside a sequence with no element left, or if the value's
     *                               first bytes are malformed
     */
    public abstract boolean isNull();

    /** Consumes the value without decoding it. Not supported on RAW, which cannot skip unknown layouts. */
    public abstract WireIn skip();
}
