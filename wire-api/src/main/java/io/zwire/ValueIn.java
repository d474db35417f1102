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
public abstract sealed class ValueIn extends WireIn permits DocumentReader, ReadRecorder {
    ValueIn() {
    }

    /**
     * {@return the value as a signed 8-bit integer, -128..127; 0 when absent}
     * @throws WireException if the value on the wire is not an integer within that range (naming the wire and offset)
     */
    public abstract byte int8();

    /**
     * Passes {@link #int8()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #int8()} does
     */
    public abstract <T> WireIn int8(T target, ObjByteConsumer<T> setter);

    /**
     * {@return the value as a signed 16-bit integer; 0 when absent}
     * @throws WireException if the value on the wire is not an integer within that range (naming the wire and offset)
     */
    public abstract short int16();

    /**
     * Passes {@link #int16()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #int16()} does
     */
    public abstract <T> WireIn int16(T target, ObjShortConsumer<T> setter);

    /**
     * {@return the value as an unsigned 16-bit integer, 0..65535; 0 when absent}
     * @throws WireException if the value on the wire is not an integer within that range (naming the wire and offset)
     */
    public abstract int uint16();

    /**
     * Passes {@link #uint16()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #uint16()} does
     */
    public abstract <T> WireIn uint16(T target, ObjIntConsumer<T> setter);

    /**
     * {@return the value as a signed 32-bit integer; 0 when absent}
     * @throws WireException if the value on the wire is not an integer within that range (naming the wire and offset)
     */
    public abstract int int32();

    /**
     * Passes {@link #int32()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #int32()} does
     */
    public abstract <T> WireIn int32(T target, ObjIntConsumer<T> setter);

    /**
     * {@return the value as a signed 64-bit integer; 0 when absent}
     * @throws WireException if the value on the wire is not an integer within that range (naming the wire and offset)
     */
    public abstract long int64();

    /**
     * Passes {@link #int64()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #int64()} does
     */
    public abstract <T> WireIn int64(T target, ObjLongConsumer<T> setter);

    /**
     * {@return the value as a float; 0.0 when absent}
     * @throws WireException if the value on the wire is not a number (naming the wire and offset)
     */
    public abstract float float32();

    /**
     * Passes {@link #float32()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #float32()} does
     */
    public abstract <T> WireIn float32(T target, ObjFloatConsumer<T> setter);

    /**
     * {@return the value as a double; 0.0 when absent}
     * @throws WireException if the value on the wire is not a number (naming the wire and offset)
     */
    public abstract double float64();

    /**
     * Passes {@link #float64()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #float64()} does
     */
    public abstract <T> WireIn float64(T target, ObjDoubleConsumer<T> setter);

    /**
     * {@return the value as a boolean; false when absent}
     * @throws WireException if the value on the wire is not a boolean (naming the wire and offset)
     */
    public abstract boolean bool();

    /**
     * Passes {@link #bool()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #bool()} does
     */
    public abstract <T> WireIn bool(T target, ObjBooleanConsumer<T> setter);

    /**
     * {@return the value as a {@code char}; {@code '\0'} when absent}
     * @throws WireException if the value on the wire is not a single UTF-16 char (naming the wire and offset)
     */
    public abstract char char16();

    /**
     * Passes {@link #char16()} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #char16()} does
     */
    public abstract <T> WireIn char16(T target, ObjCharConsumer<T> setter);

    /**
     * {@return the text as an interned {@code String}, or null} Repeated values, such as symbols, are
     * the same instance and cost nothing. Allocates the first time a value is seen in the wire's
     * bounded cache, and for text too long to cache ({@link WireOptions#withTextCache}) unless it
     * repeats the last value of up to 128 bytes read where the reader keeps one (see there);
     * {@link #textTo(StringBuilder)} never allocates.
     *
     * @throws WireException if the value on the wire is not text or not valid UTF-8
     */
    public abstract String text();

    /**
     * Passes {@link #text()} to {@code setter}. Allocates as {@link #text()} does.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #text()} does
     */
    public abstract <T> WireIn text(T target, BiConsumer<? super T, String> setter);

    /**
     * Replaces the content of {@code target} with the text; null leaves it empty (ask
     * {@link #isNull()} first to tell null from ""). Allocates nothing while {@code target} has
     * the capacity.
     *
     * @param target the builder to fill
     * @return the reader, for the next field
     * @throws WireException if the value on the wire is not text or not valid UTF-8
     */
    public abstract WireIn textTo(StringBuilder target);

    /**
     * {@return the byte string as a new array, or null} Allocates; {@link #bytesTo(Bytes)} does not.
     * @throws WireException if the value on the wire is not a byte string (or, on text wires, not base64)
     */
    public abstract byte[] bytes();

    /**
     * Passes {@link #bytes()} to {@code setter}. Allocates.
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the value in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #bytes()} does
     */
    public abstract <T> WireIn bytes(T target, BiConsumer<? super T, byte[]> setter);

    /**
     * Appends the byte string to {@code target} (nothing for null). Allocates nothing unless {@code target} grows.
     *
     * @param target where the bytes are appended, at its write position
     * @return the reader, for the next field
     * @throws WireException as {@link #bytes()} does
     * @throws IndexOutOfBoundsException if {@code target} is fixed-size, or bounded, and too small
     */
    public abstract WireIn bytesTo(Bytes target);

    /**
     * {@return the enum constant, or null} Allocates only the first time an enum type is seen.
     *
     * @param <E> the enum type
     * @param type the enum's class
     * @throws WireException if the wire names a constant the enum does not have
     */
    public abstract <E extends Enum<E>> E asEnum(Class<E> type);

    /**
     * Passes {@link #asEnum(Class)} to {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param <E> the enum type
     * @param type the enum's class
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param setter stores the constant, or null, in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #asEnum(Class)} does
     */
    public abstract <T, E extends Enum<E>> WireIn asEnum(Class<E> type, T target, BiConsumer<? super T, ? super E> setter);

    /**
     * Reads a nested object into the existing instance {@code into}. A null or missing object
     * sets every field of {@code into} to its default, by reading it as an object with no field,
     * so the objects {@code into} reads in turn are read the same way: a type that reads a child
     * into a new instance whenever it has none would go on without end, and is stopped 256
     * objects deep. Allocates nothing.
     *
     * @param into the object the nested fields are read into
     * @return the reader, for the next field
     * @throws WireException if the value on the wire is not an object, or its content is malformed
     *         or nested deeper than the wire's {@link ReadLimits}, or inside a null or missing
     *         object more than 256 objects are read nested
     */
    public abstract WireIn marshallable(Marshallable into);

    /**
     * Reads a nested object that may be null: into {@code reuse} when it is not null, otherwise
     * into a new instance from {@code factory} (which allocates), then passes the instance, or
     * null for a null or missing object, to {@code setter}.
     *
     * <pre>{@code in.read(PARTY).marshallable(this, party, Party::new, (o, p) -> o.party = p)}</pre>
     *
     * @param <T> the type of the object being read
     * @param <M> the nested object's type
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param reuse the instance to read into, or null to take one from {@code factory}
     * @param factory makes the instance when {@code reuse} is null; called only for a non-null object
     * @param setter stores the instance, or null, in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #marshallable(Marshallable)} does
     */
    public abstract <T, M extends Marshallable> WireIn marshallable(T target, M reuse, Supplier<? extends M> factory,
                                                  BiConsumer<? super T, ? super M> setter);

    /**
     * Reads a nested object of a type described by a {@link Marshaller}: {@code marshaller.read}
     * reads it into {@code reuse} (a mutable type's marshaller makes an instance when that is
     * null; an immutable one always makes one, which allocates).
     *
     * <pre>{@code Quote q = in.read(QUOTE).object(reuse, QUOTES);}</pre>
     *
     * @param <M> the nested object's type
     * @param reuse the instance to read into, or null
     * @param marshaller how the type is read
     * @return the object read, or null for a null or missing object
     * @throws WireException as {@link #marshallable(Marshallable)} does
     */
    public abstract <M> M object(M reuse, Marshaller<M> marshaller);

    /**
     * Passes {@link #object(Object, Marshaller)} to {@code setter}: the object read, or null for
     * a null or missing object.
     *
     * <pre>{@code in.read(VENUE).object(this, venue, VENUES, (o, v) -> o.venue = v)}</pre>
     *
     * @param <T> the type of the object being read
     * @param <M> the nested object's type
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param reuse the instance to read into, or null
     * @param marshaller how the type is read
     * @param setter stores the object, or null, in {@code target}
     * @return the reader, for the next field
     * @throws WireException as {@link #marshallable(Marshallable)} does
     */
    public abstract <T, M> WireIn object(T target, M reuse, Marshaller<M> marshaller,
                                         BiConsumer<? super T, ? super M> setter);

    /**
     * Reads a typed object: its alias is resolved through the wire's {@link TypeRegistry}; the
     * object is read into {@code reuse} when that is exactly the registered class, otherwise into a
     * new instance from the registry's factory (which allocates). The instance, or null, goes to
     * {@code setter}.
     *
     * @param <T> the type of the object being read
     * @param <M> the type the field accepts
     * @param base the type the field accepts; an alias registered for another type is rejected
     * @param target the object being read, passed to {@code setter} so the lambda captures nothing
     * @param reuse the instance to read into if it is exactly the registered class, or null
     * @param setter stores the instance, or null, in {@code target}
     * @return the reader, for the next field
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
     *
     * @param <T> the type of the object being read
     * @param target the object being read, passed to {@code elements} so the lambda captures nothing
     * @param elements reads the elements, called once (also for an empty or null sequence)
     * @return the reader, for the next field
     * @throws WireException if the value on the wire is not a sequence, or its content is malformed
     */
    public abstract <T> WireIn sequence(T target, BiConsumer<? super T, ValueIn> elements);

    /**
     * {@return true while another element is left} For use inside {@link #sequence}; anywhere
     * else in a document it is false.
     *
     * @throws IllegalStateException through a {@code ValueIn} kept past its document, or after
     *                               the reading code caught an exception that left a nested level
     *                               (see {@link Wire#readDocument(Marshallable)})
     * @throws WireException         if the sequence's content is malformed
     */
    public abstract boolean hasNextElement();

    /**
     * Reads a map: {@code entries} is called once with {@code target} and a {@link ValueIn} on
     * which, while {@link #hasNextEntry()}, each entry is read as its key ({@link #textKey()},
     * {@link #keyTo(StringBuilder)}, {@link #int32Key()} or {@link #int64Key()}) and then its value
     * (any value method, a nested object, sequence or map included). A null or missing map has
     * no entries, so clear the structure first. On the self-describing wires an entry whose key
     * the lambda reads and whose value it leaves unread is skipped, and so are the entries left
     * when it returns. Keep the lambda non-capturing. Allocates nothing itself; a text key is
     * interned as {@link #text()} is, so repeated keys cost nothing.
     *
     * <pre>{@code
     * in.read(LIMITS).map(this, (o, m) -> {
     *     o.limitCount = 0;
     *     while (m.hasNextEntry()) o.putLimit(m.textKey(), m.float64());
     * });
     * }</pre>
     *
     * @param <T>     the type of the object being read
     * @param target  the object being read, passed to {@code entries} so the lambda captures nothing
     * @param entries reads the entries, called once (also for an empty, null or missing map)
     * @return the reader, for the next field
     * @throws WireException if the value on the wire is not a map, or its content is malformed or
     *                       has more entries than the wire's {@link ReadLimits} allow
     */
    public abstract <T> WireIn map(T target, BiConsumer<? super T, ValueIn> entries);

    /**
     * {@return true while another entry is left} For use inside {@link #map}: read its key, then
     * its value. Skips the value of the entry before when it was left unread (on RAW, which cannot
     * skip, that is an {@link IllegalStateException}). Anywhere else in a document it is false.
     *
     * @throws IllegalStateException through a {@code ValueIn} kept past its document, or after
     *                               the reading code caught an exception that left a nested level
     *                               (see {@link Wire#readDocument(Marshallable)})
     * @throws WireException         if the map's content is malformed
     */
    public abstract boolean hasNextEntry();

    /**
     * {@return the next entry's key as text, interned as {@link #text()} is} Allocates a key only
     * the first time its bytes are seen (a bounded cache); use {@link #keyTo(StringBuilder)} for
     * keys that never repeat.
     *
     * @throws WireException         if the key on the wire is not text (on JSON and YAML, every key is)
     * @throws IllegalStateException outside a map, or without {@link #hasNextEntry()} before it
     */
    public abstract String textKey();

    /**
     * Appends the next entry's key, as text, to {@code target} (cleared first). Allocates nothing
     * beyond growing {@code target}.
     *
     * @param target where the key goes
     * @return this, for the entry's value
     * @throws WireException         as {@link #textKey()} does
     * @throws IllegalStateException as {@link #textKey()} does
     */
    public abstract ValueIn keyTo(StringBuilder target);

    /**
     * {@return the next entry's key as a 32-bit integer} On JSON and YAML the key is its decimal
     * text. Allocates nothing.
     *
     * @throws WireException         if the key is not an integer, or out of range
     * @throws IllegalStateException as {@link #textKey()} does
     */
    public abstract int int32Key();

    /**
     * {@return the next entry's key as a 64-bit integer} On JSON and YAML the key is its decimal
     * text. Allocates nothing.
     *
     * @throws WireException         if the key is not an integer, or out of range
     * @throws IllegalStateException as {@link #textKey()} does
     */
    public abstract long int64Key();

    /**
     * {@return whether the value to read is null or absent} Consumes nothing. After
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

    /**
     * Consumes the value without decoding it (a null or missing value: nothing). RAW cannot skip
     * unknown layouts, so there it refuses any value on the wire. On NUMBERED, inside a sequence
     * of numbers (written as one packed run, which carries no kinds to find one element's end
     * by), it consumes the rest of the run: read such elements as their kind to count them.
     *
     * @return the reader, for the next field
     * @throws WireException if the value is malformed
     * @throws IllegalStateException where a value read would be refused (see {@link #isNull()})
     * @throws UnsupportedOperationException on RAW, for a value on the wire
     */
    public abstract WireIn skip();
}
