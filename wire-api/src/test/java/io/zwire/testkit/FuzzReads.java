package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Order;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
        Wire wire = type.apply(Bytes.wrap(input), OPTIONS);
        int accepted = 0;
        for (int reads = 0; reads <= input.length; reads++) {
            int start = wire.bytes().readPosition();
            T target = factory.get();
            boolean read;
            try {
                read = wire.readDocument(target);
            } catch (WireException e) {
                requireProgress(type, input, start, wire, e);
                continue;
            }
            if (!read) {
                return accepted;
            }
            requireProgress(type, input, start, wire, null);
            accepted++;
            oracle.check(input, start, wire.bytes().readPosition(), target);
        }
        return fail(type + " read more documents than the input has bytes: " + Arrays.toString(input));
    }

    /**
     * Reads every document of {@code input} on {@code type} as plain values, passing each
     * accepted one to {@code oracle}.
     *
     * @return the number of documents accepted
     */
    public static int plain(WireType type, byte[] input, Accepted<Object> oracle) throws Exception {
        Wire wire = type.apply(Bytes.wrap(input), OPTIONS);
        Object[] value = new Object[1];
        int accepted = 0;
        for (int reads = 0; reads <= input.length; reads++) {
            int start = wire.bytes().readPosition();
            boolean read;
            try {
                read = wire.readValue(v -> value[0] = v);
            } catch (WireException e) {
                requireProgress(type, input, start, wire, e);
                continue;
            }
            if (!read) {
                return accepted;
            }
            requireProgress(type, input, start, wire, null);
            accepted++;
            oracle.check(input, start, wire.bytes().readPosition(), value[0]);
        }
        return fail(type + " read more values than the input has bytes: " + Arrays.toString(input));
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
        byte[] flipped = order.clone();
        flipped[flipped.length / 2] ^= (byte) 0x80;
        seed(dir, "order-one-byte-flipped", flipped);
        byte[] dropped = new byte[all.length - 1];
        System.arraycopy(all, 0, dropped, 0, all.length / 3);
        System.arraycopy(all, all.length / 3 + 1, dropped, all.length / 3, dropped.length - all.length / 3);
        seed(dir, "all-types-one-byte-dropped", dropped);
    }

    private static byte[] documents(WireType type, Marshallable... documents) {
        Wire wire = type.apply(Bytes.elastic(256), OPTIONS);
        for (Marshallable document : documents) {
            wire.writeDocument(document);
        }
        return wire.bytes().toByteArray();
    }

    private static void seed(Path dir, String name, byte[] content) throws IOException {
        Files.write(dir.resolve(name), content);
    }
}
