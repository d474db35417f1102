package io.zwire;

import io.zwire.internal.RecordMarshaller;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How to write and read a type that does not implement {@link Marshallable}: a class you do not
 * own, or a record. Written once, kept in a {@code static final} field, and passed wherever a
 * {@code Marshallable} would go: {@link Wire#writeDocument(Object, Marshaller)},
 * {@link Wire#readDocument(Object, Marshaller)}, a nested field
 * ({@link ValueOut#object(Object, Marshaller)}, {@link ValueIn#object(Object, Object, Marshaller,
 * BiConsumer)}), a sequence's elements, a session's message types
 * ({@link TypeRegistry.Builder#add(String, Class, Marshaller)}) and {@link Schema#of(Marshaller)}.
 * Nothing is set up per call, and a null nested object is written and read as the wire's null.
 *
 * <pre>{@code
 * static final Marshaller<Quote> QUOTE = Marshaller.of(Quote.class, Quote::new,
 *         (q, out) -> out.write(SYMBOL).text(q.getSymbol()).write(BID).float64(q.getBid()),
 *         (q, in) -> in.read(SYMBOL).text(q, Quote::setSymbol).read(BID).float64(q, Quote::setBid));
 *
 * static final Marshaller<Point> POINT = Marshaller.immutable(Point.class,
 *         (p, out) -> out.write(X).int32(p.x()).write(Y).int32(p.y()),
 *         in -> new Point(in.read(X).int32(), in.read(Y).int32()));
 *
 * static final Marshaller<Point> SAME = Marshaller.ofRecord(Point.class);
 * }</pre>
 *
 * <p>A mutable type's marshaller reads into the instance it is given and allocates nothing; an
 * immutable one ({@link #immutable}, {@link #ofRecord}) builds a new instance per read, which is
 * one allocation (its fields' own, such as a {@code byte[]}, aside). The same rules as for a
 * {@code Marshallable} apply: fields declared once as {@link Field} constants, lambdas that capture
 * nothing, the write and read functions free of side effects beyond the instance (they are also
 * the {@link Schema}, recorded by running them), and on RAW the same fields read as written, in
 * order.
 *
 * @param <T> the type written and read
 */
public interface Marshaller<T> {
    /**
     * {@return the class written and read} It names the type in schemas, sessions and errors.
     */
    Class<T> type();

    /**
     * Writes every field of {@code value}, in a fixed order, as
     * {@link Marshallable#writeMarshallable} does.
     *
     * @param value the object, never null
     * @param out   where the fields are written; valid only during this call
     */
    void write(T value, WireOut out);

    /**
     * Reads every field, as {@link Marshallable#readMarshallable} does, and returns the object
     * read: {@code reuse} itself for a mutable type (a new instance when {@code reuse} is null), a
     * new instance for an immutable one.
     *
     * @param reuse the instance to read into, or null
     * @param in    where the fields are read from; valid only during this call
     * @return the object read, never null
     */
    T read(T reuse, WireIn in);

    /**
     * Called, after {@link #read}, for each field on the wire it did not read, as
     * {@link Marshallable#unexpectedField} is. The default ignores it.
     *
     * @param value the object {@link #read} returned
     * @param key   the field's name or number, valid only during this call
     * @param in    the field's value, valid only during this call
     */
    default void unexpectedField(T value, WireKey key, ValueIn in) {
    }

    /**
     * A marshaller for a mutable type: {@code writer} writes an instance's fields, {@code reader}
     * reads them into an instance, made by {@code factory} when the caller has none to reuse.
     * Reading allocates nothing but what {@code factory} makes.
     *
     * @param <T>     the type
     * @param type    the class
     * @param factory makes a new instance; a constructor reference such as {@code Quote::new}
     * @param writer  writes the fields of the instance given; non-capturing
     * @param reader  reads the fields into the instance given; non-capturing
     * @return the marshaller, immutable and thread-safe
     * @throws NullPointerException if an argument is null
     */
    static <T> Marshaller<T> of(Class<T> type, Supplier<? extends T> factory, BiConsumer<? super T, WireOut> writer,
                                BiConsumer<? super T, WireIn> reader) {
        return new FunctionMarshaller<>(type, Objects.requireNonNull(factory, "factory"), writer, reader, null);
    }

    /**
     * A marshaller for an immutable type: {@code reader} reads the fields in the direct form and
     * constructs the instance, so every read allocates it.
     *
     * @param <T>    the type
     * @param type   the class
     * @param writer writes the fields of the instance given; non-capturing
     * @param reader reads the fields and returns a new instance; non-capturing
     * @return the marshaller, immutable and thread-safe
     * @throws NullPointerException if an argument is null
     */
    static <T> Marshaller<T> immutable(Class<T> type, BiConsumer<? super T, WireOut> writer,
                                       Function<WireIn, ? extends T> reader) {
        return new FunctionMarshaller<>(type, null, writer, null, Objects.requireNonNull(reader, "reader"));
    }

    /**
     * A marshaller for a record, from its components, looked up once here: field {@code i} (from 1)
     * is the {@code i}-th component, named as the component. Reading constructs the record through
     * its canonical constructor, one allocation per read, plus each non-primitive component's own
     * (a nested record, a {@code byte[]}, a {@code Marshallable}, a list and its boxes, a map, its
     * entries and boxes, a present optional); writing allocates nothing but a {@code Map}
     * component's entry iterator, once per write, unless escape analysis removes it, and likewise
     * the iterator of a {@code List} that is not {@code RandomAccess} (a {@code LinkedList}; an
     * {@code ArrayList} or {@code List.of} is walked by index). Nothing is looked up per read, and
     * no reflection runs on input. Supported component types:
     * <ul>
     *   <li>the eight primitives, {@code String}, enums, {@code byte[]};</li>
     *   <li>records (by this same rule, with the same marshallers given), and {@link Marshallable}
     *       classes with a no-argument constructor (read into a new instance);</li>
     *   <li>any type a marshaller is given for ({@link #ofRecord(Class, Marshaller[])}), written as
     *       a nested object;</li>
     *   <li>{@code List<X>}, with X a boxed primitive or any of the above but {@code byte[]}: a
     *       sequence, read into an unmodifiable list; a null list is written as an empty one;</li>
     *   <li>{@code Map<K, X>}, K {@code String}, {@code Integer} or {@code Long}: a map, read into
     *       an unmodifiable map in the order of the input; a null map is written as an empty one,
     *       and a key read twice is a {@link WireException};</li>
     *   <li>{@code Optional<X>}, X not a boxed primitive (RAW has no null for one): the value,
     *       or the wire's null when empty (or null); the wire's null, or a field the document
     *       lacks, reads as {@code Optional.empty()}.</li>
     * </ul>
     * A null element, key or value is refused on writing with a {@code NullPointerException}
     * naming the component (nothing is written), and read is a {@link WireException}; element types
     * are found once here from the component's generic type. Accessors and the constructor are
     * made accessible, so a record in a named module must open its package to {@code io.zwire}.
     *
     * @param <R>  the record type
     * @param type the record class
     * @return the marshaller, immutable and thread-safe
     * @throws IllegalArgumentException naming the component and what to give, for a component of
     *         an unsupported type; if the record's members cannot be made accessible; or if its
     *         components take more than 253 argument slots (a long or double takes two), which
     *         the one method handle a read goes through cannot take with the reader beside them
     */
    static <R extends Record> Marshaller<R> ofRecord(Class<R> type) {
        return RecordMarshaller.of(type, null, new Marshaller<?>[0]);
    }

    /**
     * As {@link #ofRecord(Class)}, with the fields given: {@code fields[i]} for the {@code i}-th
     * component, to keep numbers or names stable when the record's components are renamed or
     * reordered.
     *
     * @param <R>    the record type
     * @param type   the record class
     * @param fields one per component, in component order
     * @return the marshaller, immutable and thread-safe
     * @throws IllegalArgumentException as {@link #ofRecord(Class)}, or if {@code fields} does not
     *         have one field per component, or two of them share a number or a name
     * @throws NullPointerException if a field is null
     */
    static <R extends Record> Marshaller<R> ofRecord(Class<R> type, Field... fields) {
        return RecordMarshaller.of(type, fields.clone(), new Marshaller<?>[0]);
    }

    /**
     * As {@link #ofRecord(Class)}, with the marshallers of component types zwire does not write
     * itself, such as {@code Instant}: a component, list element, map value or optional whose
     * class is exactly a marshaller's {@link #type()}, in this record or a record nested in it,
     * is written and read by that marshaller as a nested object (a given marshaller takes
     * precedence over the built-in rule for its type).
     *
     * <pre>{@code
     * static final Marshaller<VanReading> VAN_READINGS = Marshaller.ofRecord(VanReading.class, INSTANTS);
     * }</pre>
     *
     * @param <R>         the record type
     * @param type        the record class
     * @param marshallers at most one per type
     * @return the marshaller, immutable and thread-safe
     * @throws IllegalArgumentException as {@link #ofRecord(Class)}, for two marshallers of one
     *         type, or for one whose type no component, element, value or optional holds
     * @throws NullPointerException if a marshaller, or its type, is null
     */
    static <R extends Record> Marshaller<R> ofRecord(Class<R> type, Marshaller<?>... marshallers) {
        return RecordMarshaller.of(type, null, marshallers.clone());
    }

    /**
     * As {@link #ofRecord(Class, Marshaller[])}, with the fields given as
     * {@link #ofRecord(Class, Field[])} takes them.
     *
     * @param <R>         the record type
     * @param type        the record class
     * @param fields      one per component, in component order
     * @param marshallers at most one per type
     * @return the marshaller, immutable and thread-safe
     * @throws IllegalArgumentException as {@link #ofRecord(Class, Field[])} and
     *         {@link #ofRecord(Class, Marshaller[])}
     * @throws NullPointerException if a field, a marshaller, or a marshaller's type is null
     */
    static <R extends Record> Marshaller<R> ofRecord(Class<R> type, Field[] fields, Marshaller<?>... marshallers) {
        return RecordMarshaller.of(type, fields.clone(), marshallers.clone());
    }
}
