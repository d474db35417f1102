package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What every fuzz target asserts of a reader (docs/fuzzing.md): each document of any input is a
 * value or a {@link WireException}, nothing else, and reading comes to an end, each read moving
 * the read position forward (the contract of {@link Wire#readDocument} and {@link Wire#readValue}).
 * Any other exception or error propagates to the fuzzer as a finding. Each accepted document is
 * handed, with its byte range, to an oracle check where the wire has one.
 */
public final class FuzzReads {
    /** The options of the fuzzed wires: the test models registered, the default limits. */
    public static final WireOptions OPTIONS = WireOptions.defaults().withTypes(WireContract.TYPES);

    private FuzzReads() {
    }

    /** Checks a document the reader accepted, which spans {@code input[start, end)}. */
    @FunctionalInterface
    public interface Accepted<T> {
        void check(byte[] input, int start, int end, T value) throws Exception;
    }

    /** An oracle check for a wire that has none. */
    public static <T> Accepted<T> noOracle() {
        return (input, start, end, value) -> { };
    }

    /**
     * Reads every document of {@code input} on {@code type} into a new instance from {@code factory}
     * each, passing each accepted one to {@code oracle}.
     *
     * @return the number of documents accepted
     */
    public static <T extends Marshallable> int typed(WireType type, byte[] input, Supplier<T> factory,
            Accepted<? super T> oracle) throws Exception {
        return readAll(type, input, wire -> {
            T target = factory.get();
            return wire.readDocument(target) ? target : null;
        }, oracle);
    }

    /**
     * Reads every document of {@code input} on {@code type} through {@code marshaller} (a foreign
     * type or a record), passing each accepted one to {@code oracle}.
     *
     * @return the number of documents accepted
     */
    public static <T> int foreign(WireType type, byte[] input, Marshaller<T> marshaller, Accepted<? super T> oracle)
            throws Exception {
        return readAll(type, input, wire -> wire.readDocument(null, marshaller), oracle);
    }

    /** Reads until {@code reader} returns null, for no document left, requiring progress after each read. */
    private static <T> int readAll(WireType type, byte[] input, Function<Wire, T> reader, Accepted<? super T> oracle)
            throws Exception {
        Wire wire = type.apply(Bytes.wrap(input), OPTIONS);
        int accepted = 0;
        for (int reads = 0; reads <= input.length; reads++) {
            int start = wire.bytes().readPosition();
            T read;
            try {
                read = reader.apply(wire);
            } catch (WireException e) {
                requireProgress(type, input, start, wire, e);
                continue;
            }
            if (read == null) {
                return accepted;
            }
            requireProgress(type, input, start, wire, null);
            accepted++;
            oracle.check(input, start, wire.bytes().readPosition(), read);
        }
        return fail(type + " read more documents (or values) than the input has bytes: " + Arrays.toString(input));
    }

    /**
     * Reads every document of {@code input} on {@code type} as plain values, passing each
     * accepted one to {@code oracle}.
     *
     * @return the number of documents accepted
     */
    public static int plain(WireType type, byte[] input, Accepted<Object> oracle) throws Exception {
        Object[] value = new Object[1];
        // The holder stands for an accepted document, whose value may itself be null.
        return readAll(type, input, wire -> wire.readValue(v -> value[0] = v) ? value : null,
                (in, start, end, holder) -> oracle.check(in, start, end, holder[0]));
    }

    private static void requireProgress(WireType type, byte[] input, int start, Wire wire, WireException cause) {
        assertTrue(wire.bytes().readPosition() > start, () -> type + " stayed at offset " + start + " after "
                + (cause == null ? "a document" : cause.getMessage()) + ": " + Arrays.toString(input));
    }

    /**
     * Writes the seed corpus of one wire into {@code dir}: each test model alone, two documents in
     * a row, and malformed variants of them (cut short, one byte flipped, a byte dropped).
     */
    public static void writeSeeds(WireType type, Path dir) throws IOException {
        Files.createDirectories(dir);
        byte[] order = documents(type, Order.sample());
        byte[] all = documents(type, WireContract.typical());
        byte[] both = documents(type, Order.sample(), new AllTypes());
        seed(dir, "order", order);
        seed(dir, "all-types", all);
        seed(dir, "order-then-defaults", both);
        seed(dir, "order-cut-short", Arrays.copyOf(order, order.length * 2 / 3));
        seed(dir, "order-one-byte-flipped", flipOne(order));
        seed(dir, "all-types-one-byte-dropped", dropOne(all));
    }

    /** {@code document} with the top bit of its middle byte flipped. */
    static byte[] flipOne(byte[] document) {
        byte[] flipped = document.clone();
        flipped[flipped.length / 2] ^= (byte) 0x80;
        return flipped;
    }

    /** {@code document} without its byte at a third of its length. */
    static byte[] dropOne(byte[] document) {
        byte[] dropped = new byte[document.length - 1];
        System.arraycopy(document, 0, dropped, 0, document.length / 3);
        System.arraycopy(document, document.length / 3 + 1, dropped, document.length / 3, dropped.length - document.length / 3);
        return dropped;
    }

    private static byte[] documents(WireType type, Marshallable... documents) {
        Wire wire = type.apply(Bytes.elastic(256), OPTIONS);
        for (Marshallable document : documents) {
            wire.writeDocument(document);
        }
        return wire.bytes().toByteArray();
    }

    static void seed(Path dir, String name, byte[] content) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve(name), content);
    }
}
