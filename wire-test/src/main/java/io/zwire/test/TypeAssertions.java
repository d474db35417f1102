package io.zwire.test;

import io.zwire.Bytes;
import io.zwire.FieldSchema;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Schema;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.test.harness.RoundTripLoop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Checks of a user's own {@link Marshallable} type that are not about garbage: that it round-trips
 * on every wire, that two versions of it read each other's documents (missing and extra fields),
 * and that its {@link Schema} is well-formed. Failures are {@link AssertionError}s, which every
 * test framework reports. Each call allocates (wires, buffers, copies of documents) and returns
 * in microseconds to milliseconds; none blocks or forks.
 *
 * <pre>{@code
 * TypeAssertions.assertRoundTrips(Trade::sample, Trade::new);
 * TypeAssertions.assertReadsEachOther(TradeV1::sample, TradeV2::sample);
 * TypeAssertions.assertSchemaWellFormed(Trade::new);
 * }</pre>
 */
public final class TypeAssertions {
    private static final int INITIAL_CAPACITY = 4096;

    private TypeAssertions() {
    }

    /**
     * Asserts that, over each of {@code wires} (every available wire when none is given), a
     * document of {@code source} reads into a new {@code target} that writes the same bytes again.
     *
     * @param source makes the instance written; called once per wire
     * @param target makes the instance read into; called once per wire
     * @param wires  the wires; none means every wire {@link WireType#available()} lists
     * @throws AssertionError           naming the wire if the copy writes other bytes, or writing
     *                                  or reading throws
     * @throws IllegalArgumentException if a given wire's module is not present
     */
    public static void assertRoundTrips(Supplier<? extends Marshallable> source,
                                        Supplier<? extends Marshallable> target, WireType... wires) {
        for (WireType wire : chosen(wires)) {
            try {
                new RoundTripLoop(wire, source.get(), target.get()).verify();
            } catch (IllegalStateException | WireException e) {
                throw new AssertionError(wire + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * As {@link #assertRoundTrips(Supplier, Supplier, WireType...)} for a type read through
     * {@code marshaller}: a document of {@code source} reads back (into an object the marshaller
     * makes) to an object that writes the same bytes again.
     *
     * @param <T>        the type
     * @param source     makes the instance written; called once per wire
     * @param marshaller how the type is written and read
     * @param wires      the wires; none means every wire {@link WireType#available()} lists
     * @throws AssertionError           naming the wire if the copy writes other bytes, or writing
     *                                  or reading throws
     * @throws IllegalArgumentException if a given wire's module is not present
     */
    @SuppressWarnings("unchecked")
    public static <T> void assertRoundTrips(Supplier<? extends T> source, Marshaller<T> marshaller, WireType... wires) {
        for (WireType wire : chosen(wires)) {
            try {
                new RoundTripLoop(wire, source.get(), (Marshaller<Object>) marshaller).verify();
            } catch (IllegalStateException | WireException e) {
                throw new AssertionError(wire + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Asserts that two versions of a type read each other's documents without an error over each
     * self-describing wire of {@code wires} (every available one when none is given): a document
     * of {@code older} reads into a new {@code newer}'s instance (its extra fields missing) and
     * the other way round (extra fields skipped). RAW, which has no field names or numbers, is
     * left out. Only the absence of errors is checked: which values a missing field keeps is the
     * type's own contract.
     *
     * @param older makes an instance of one version; called twice per wire
     * @param newer makes an instance of the other version; called twice per wire
     * @param wires the wires; none means every available self-describing wire
     * @throws AssertionError           naming the wire and direction if reading fails or finds no document
     * @throws IllegalArgumentException if a given wire's module is not present
     */
    public static void assertReadsEachOther(Supplier<? extends Marshallable> older,
                                            Supplier<? extends Marshallable> newer, WireType... wires) {
        for (WireType wire : chosen(wires)) {
            if (wire.isSelfDescribing()) {
                readInto(wire, older.get(), newer.get());
                readInto(wire, newer.get(), older.get());
            }
        }
    }

    /**
     * Asserts that the type {@code factory} makes has a well-formed schema: {@link Schema#of(Supplier)}
     * records it, its top-level field names and numbers are unique, every field it writes it also
     * reads and the other way round, and no lambda it passes captures.
     *
     * @param factory a constructor reference such as {@code Trade::new}
     * @throws AssertionError listing what is wrong
     */
    public static void assertSchemaWellFormed(Supplier<? extends Marshallable> factory) {
        assertWellFormed(() -> Schema.of(factory));
    }

    /**
     * As {@link #assertSchemaWellFormed(Supplier)} for the type {@code marshaller} describes
     * ({@link Schema#of(Marshaller)}).
     *
     * @param marshaller the type's marshaller
     * @throws AssertionError listing what is wrong
     */
    public static void assertSchemaWellFormed(Marshaller<?> marshaller) {
        assertWellFormed(() -> Schema.of(marshaller));
    }

    private static void assertWellFormed(Supplier<Schema> recording) {
        Schema schema;
        try {
            schema = recording.get();
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new AssertionError("the schema cannot be recorded: " + e.getMessage(), e);
        }
        List<String> problems = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<Integer> numbers = new HashSet<>();
        for (FieldSchema field : schema.fields()) {
            if (!names.add(field.name())) {
                problems.add("field name '" + field.name() + "' is written twice");
            }
            if (!numbers.add(field.number())) {
                problems.add("field number " + field.number() + " is written twice");
            }
        }
        Set<String> read = schema.readFields().stream().map(FieldSchema::name).collect(Collectors.toSet());
        for (String name : names) {
            if (!read.contains(name)) {
                problems.add("field '" + name + "' is written but never read");
            }
        }
        for (String name : read) {
            if (!names.contains(name)) {
                problems.add("field '" + name + "' is read but never written");
            }
        }
        if (!schema.capturingLambdas().isEmpty()) {
            problems.add(schema.capturingReport());
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(schema.describe() + ": " + String.join("; ", problems));
        }
    }

    private static void readInto(WireType type, Marshallable written, Marshallable target) {
        Wire wire = type.apply(Bytes.elastic(INITIAL_CAPACITY));
        String direction = type + ": a " + written.getClass().getName() + " document read into a "
                + target.getClass().getName();
        try {
            wire.writeDocument(written);
            if (!wire.readDocument(target)) {
                throw new AssertionError(direction + " found no document");
            }
        } catch (WireException e) {
            throw new AssertionError(direction + " failed: " + e.getMessage(), e);
        }
    }

    private static List<WireType> chosen(WireType... wires) {
        List<WireType> chosen = wires.length == 0 ? WireType.available() : Arrays.asList(wires);
        if (chosen.isEmpty()) {
            // Without a wire module on the class path every check would pass having checked nothing.
            throw new IllegalArgumentException("no wire is available: add wire-yaml or wire-binary to the test class path");
        }
        for (WireType wire : chosen) {
            if (!wire.isAvailable()) {
                throw new IllegalArgumentException("WireType." + wire + " is not on the class path; available: "
                        + WireType.available());
            }
        }
        return chosen;
    }
}
