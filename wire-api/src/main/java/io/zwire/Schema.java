package io.zwire;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A type's fields as its own methods declare them, recorded by running them against recording
 * wires: no annotations, no reflection on the type. Two sides:
 * <ul>
 *   <li>the write side ({@link #fields()}): what {@link Marshallable#writeMarshallable} writes for
 *       one instance. Values do not matter, nulls do: a null object records no fields, a null
 *       enum no constants, an empty sequence no element;</li>
 *   <li>the read side ({@link #readFields()}): what {@link Marshallable#readMarshallable} asks
 *       for, in its order, recorded without calling a setter. It does not depend on values: a
 *       nested object is read into the instance a real read would use (or one from its factory),
 *       an enum's constants come from its class, and on an instance made by a factory a
 *       sequence's element lambda runs with one element.</li>
 * </ul>
 *
 * <pre>{@code
 * Schema schema = Schema.of(Order::new);
 * long fingerprint = schema.fingerprint();          // what session peers compare
 * schema.rawProblem().ifPresent(System.out::println);  // why RAW would misread it, if it would
 * List<CapturingLambda> capturing = schema.capturingLambdas();
 * }</pre>
 *
 * <p>The {@link #fingerprint()} is a 64-bit FNV-1a hash of the read side in the text form of
 * {@link #describe()}: equal for every instance of a type, and equal on two peers exactly when the
 * field numbers, names, kinds, nesting and enum constants their read methods ask for are equal.
 * RAW needs that, and also that each side writes what it reads ({@link #rawProblem()}).
 */
public final class Schema {
    private final Class<?> type;
    private final List<FieldSchema> fields;
    private final List<FieldSchema> readFields;
    private final String description;
    private final long fingerprint;
    private final String rawProblem;
    private final List<CapturingLambda> capturing;

    private Schema(Class<?> type, List<FieldSchema> fields, ReadRecorder reads,
                   List<CapturingLambda> capturing) {
        this.type = type;
        this.fields = List.copyOf(fields);
        this.readFields = List.copyOf(reads.fields());
        this.description = describe(this.fields);
        this.fingerprint = fnv1a64(describe(readFields).getBytes(StandardCharsets.UTF_8));
        List<String> problems = reads.problems();
        this.rawProblem = problems.isEmpty() ? null : String.join("; ", problems);
        this.capturing = List.copyOf(capturing);
    }

    /**
     * The schema of the type {@code factory} makes, recorded on one new instance (both sides):
     * the way to a fingerprint, since nothing in it depends on a sample's values. Allocates (the
     * instance, the recording); microseconds, once per type.
     *
     * @param factory a constructor reference such as {@code Order::new}
     * @return the schema
     * @throws NullPointerException if the factory returns null
     * @throws IllegalStateException if the read method reads a value without naming its field, or
     *         names a field inside a sequence, or the write method names a field and gives it no
     *         value, or one object's fields, on either side, share a number but not a name or a
     *         name but not a number (naming both); an exception from the type's own methods propagates
     */
    public static Schema of(Supplier<? extends Marshallable> factory) {
        return of(factory, TypeRegistry.empty());
    }

    /**
     * As {@link #of(Supplier)}, resolving typed objects through {@code types}.
     *
     * @param factory makes an instance to record
     * @param types   the registry that names typed fields' aliases
     * @return the schema
     * @throws IllegalArgumentException if the new instance writes a typed object not in {@code types}
     */
    public static Schema of(Supplier<? extends Marshallable> factory, TypeRegistry types) {
        Marshallable instance = Objects.requireNonNull(factory.get(), "the factory returned null");
        return FieldClashes.requireNone(record(instance, instance, true, null, types));
    }

    /**
     * As {@link #of(Marshallable, TypeRegistry)} with no typed objects.
     *
     * @param sample the instance recorded
     * @return the schema
     */
    public static Schema of(Marshallable sample) {
        return of(sample, TypeRegistry.empty());
    }

    /**
     * The schema of {@code sample}'s type: the write side is what the sample writes, so a
     * populated sample lists nested fields, enum constants and sequence elements (as
     * {@code io.zwire.binary.BinaryDump} needs for RAW). The read side, and so the fingerprint, is
     * recorded on a new instance from {@code types}' factory when the sample's class is registered
     * there, and is then that of {@link #of(Supplier, TypeRegistry)}; otherwise it is recorded on
     * the sample: no setter is called and no sequence's element lambda runs (it would clear or fill
     * the sample's collections), but a value its read method reads in the direct form
     * ({@code id = in.read(ID).int64()}) is assigned its default, and for a type that reads
     * sequences the element kinds are missing from the fingerprint. Prefer {@link #of(Supplier)},
     * or register the type, for anything compared between peers or a sample you keep. Allocates.
     *
     * @param sample the instance recorded
     * @param types  the registry that names typed fields' aliases
     * @return the schema
     * @throws IllegalArgumentException if the sample writes a typed object not in {@code types}
     * @throws IllegalStateException if the sample's write method names a field and gives it no
     *         value (as every wire refuses to write), or writes a value with no field outside a
     *         sequence, or one object's fields share a number or a name, as {@link #of(Supplier)}
     */
    public static Schema of(Marshallable sample, TypeRegistry types) {
        TypeRegistry.Entry entry = types.byType(sample.getClass());
        return FieldClashes.requireNone(entry != null ? record(sample, entry.create(), true, null, types)
                : record(sample, sample, false, null, types));
    }

    /**
     * The schema of the type {@code marshaller} describes, as {@link #of(Supplier)} gives for a
     * {@link Marshallable}: the read side is recorded first, by {@link Marshaller#read} with no
     * instance to reuse (a mutable type's factory makes one; an immutable type is constructed from
     * the defaults its reads return), and the write side is what that object writes. Allocates;
     * microseconds, once per type.
     *
     * @param marshaller the type's marshaller
     * @return the schema
     * @throws IllegalStateException as {@link #of(Supplier)}; an exception from the marshaller's
     *         functions (an immutable type whose constructor refuses its defaults) propagates
     */
    public static Schema of(Marshaller<?> marshaller) {
        return of(marshaller, TypeRegistry.empty());
    }

    /**
     * As {@link #of(Marshaller)}, resolving typed objects through {@code types}.
     *
     * @param marshaller the type's marshaller
     * @param types      the registry that names typed fields' aliases
     * @return the schema
     * @throws IllegalArgumentException if the object read writes a typed object not in {@code types}
     */
    public static Schema of(Marshaller<?> marshaller, TypeRegistry types) {
        return FieldClashes.requireNone(recordForeign(new ForeignObject<>(marshaller, null), null, types));
    }

    /** Records a foreign type's read side on {@code read}, whose marshaller makes the object, then what that object writes. */
    static Schema recordForeign(ForeignObject<?> read, WireType wire, TypeRegistry types) {
        LambdaCaptures readCaptures = new LambdaCaptures("read");
        LambdaCaptures writeCaptures = new LambdaCaptures("write");
        ReadRecorder reads = ReadRecorder.record(read, true, null, wire, types, readCaptures);
        List<FieldSchema> writes = SchemaRecorder.record(read, wire, types, writeCaptures);
        List<CapturingLambda> capturing = new ArrayList<>(readCaptures.found());
        capturing.addAll(writeCaptures.found());
        return new Schema(ForeignObject.typeOf(read), writes, reads, capturing);
    }

    /**
     * Records {@code written}'s write side and {@code read}'s read side, whose objects are each
     * compared with what the same object writes.
     *
     * @param owned true when {@code read} belongs to the recording, so its sequences' element lambdas may run
     * @param wire  what {@code wireType()} reports to the type's methods; null for a schema
     */
    static Schema record(Marshallable written, Marshallable read, boolean owned, WireType wire, TypeRegistry types) {
        LambdaCaptures readCaptures = new LambdaCaptures("readMarshallable");
        LambdaCaptures writeCaptures = new LambdaCaptures("writeMarshallable");
        List<FieldSchema> writes = SchemaRecorder.record(written, wire, types, writeCaptures);
        ReadRecorder reads = ReadRecorder.record(read, owned, writes, wire, types, readCaptures);
        List<CapturingLambda> capturing = new ArrayList<>(readCaptures.found());
        capturing.addAll(writeCaptures.found());
        return new Schema(ForeignObject.typeOf(read), writes, reads, capturing);
    }

    /**
     * The type recorded: the class of the instance whose read method the read side records.
     *
     * @return the recorded class
     */
    public Class<?> type() {
        return type;
    }

    /**
     * The top-level fields in write order, as the instance recorded writes them.
     *
     * @return the fields, unmodifiable
     */
    public List<FieldSchema> fields() {
        return fields;
    }

    /**
     * The top-level fields in the order the read method asks for them.
     *
     * @return the fields, unmodifiable
     */
    public List<FieldSchema> readFields() {
        return readFields;
    }

    /**
     * A stable 64-bit hash of the read side ({@link #readFields()}) in the text form of {@link #describe()}.
     *
     * @return the fingerprint
     */
    public long fingerprint() {
        return fingerprint;
    }

    /**
     * The write side's canonical text form: one line per field, nested fields indented.
     *
     * @return the description
     */
    public String describe() {
        return description;
    }

    /**
     * Why {@link WireType#RAW}, which reads by position, would misread this type, or empty: the
     * first field (per object) that the read method asks for out of write order, as another kind
     * than written, skips or leaves unread, or that is written and not read, e.g. {@code "Quote
     * reads ask (2) where it writes bid (1) first: RAW would put bid's value into ask"}. Compared
     * is only what both sides recorded (nothing inside a null object written, no element of an
     * empty sequence written); a type that writes nothing is taken to be read-only and not
     * compared. A RAW wire refuses such a type on its first read, and a session does not offer
     * RAW for it.
     *
     * @return the problem, or empty
     */
    public Optional<String> rawProblem() {
        return Optional.ofNullable(rawProblem);
    }

    /**
     * The function objects the type's methods pass to zwire that capture something, read side
     * first, each once: setters, factories and sequence element lambdas given to
     * {@code readMarshallable}'s reads (nested objects' and elements' included, as far as the read
     * side was recorded), and lambdas given to {@link ValueOut#sequence} by
     * {@code writeMarshallable}. Each is a new object per call unless the JIT removes it. Found from
     * the classes of the objects, so the answer is the same on every JVM and needs no warm-up.
     *
     * @return the lambdas, unmodifiable
     */
    public List<CapturingLambda> capturingLambdas() {
        return capturing;
    }

    /**
     * {@link #capturingLambdas()} for people: a first line naming the type and the count, then one
     * line per function object ({@link CapturingLambda#toString()}). The same text on every run.
     *
     * @return the report
     */
    public String capturingReport() {
        StringBuilder text = new StringBuilder(type.getSimpleName());
        if (capturing.isEmpty()) {
            return text.append(": no capturing lambdas").toString();
        }
        text.append(": ").append(capturing.size()).append(capturing.size() == 1 ? " capturing lambda" : " capturing lambdas")
                .append(", each a new object per call unless the JIT removes it");
        for (CapturingLambda lambda : capturing) {
            text.append("\n  ").append(lambda);
        }
        return text.toString();
    }

    private static String describe(List<FieldSchema> fields) {
        StringBuilder text = new StringBuilder();
        for (FieldSchema field : fields) {
            field.describe(text, 0);
        }
        return text.toString();
    }

    private static long fnv1a64(byte[] data) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : data) {
            hash ^= b & 0xFF;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    @Override
    public String toString() {
        String reads = describe(readFields);
        return "Schema[" + type.getSimpleName() + ", " + Long.toHexString(fingerprint) + "]\n" + description
                + (reads.equals(description) ? "" : "read:\n" + reads)
                + (rawProblem == null ? "" : "RAW: " + rawProblem + "\n");
    }
}
