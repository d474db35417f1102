package io.zwire.test;

import io.zwire.Bytes;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.foreign.Records.VanReading;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What Marshaller.ofRecord's javadoc and docs/types.md promise about a record's allocation, with
 * the exact per-thread counter: writing a record whose components are a marshalled type, a List
 * and Optionals allocates nothing; writing one with a Map allocates at most its entry iterator;
 * reading allocates the record and its components, by design. The default build writes both
 * records in one loop on three wires (text, CBOR, positional) after a short warm-up; the tests
 * tagged {@code long} hold each promise strictly on every wire after the full warm-up. The figures
 * in docs/types.md with escape analysis off are this test run with
 * {@code -Dsurefire.argLine="-Xss1m -XX:-DoEscapeAnalysis"}, which it passes too.
 */
class RecordWriteGarbageTest {
    /** The telemetry reading without its map of tags. */
    record Shift(String van, Instant start, Optional<String> note, List<Double> temps, Optional<Point> gate) {
    }

    static final Marshaller<Shift> SHIFTS = Marshaller.ofRecord(Shift.class, Records.INSTANTS);
    private static final long WARM_UP = GarbageAssertions.WARM_UP;
    private static final long WRITES = 50_000;
    /** Writes only, so a short warm-up is safe: nothing is read, so no lazily built read state is counted. */
    private static final long QUICK_WARM_UP = 20_000;
    private static final long QUICK_WRITES = 20_000;
    /**
     * Bytes a late deoptimization can allocate once in a measured run with escape analysis on, on
     * a loaded machine (about 1.5 KB seen): spread over the quick run's writes it stays below one
     * byte per write, so any allocation made on every write (16 bytes at least) still fails.
     */
    private static final double STRAY_BYTES = 2_000;
    /**
     * The by-design figure is a range hundreds of bytes wide, so it needs no full warm-up: a few
     * thousand round trips keep the default build quick, and the stray bytes of a late
     * deoptimization spread over them move the figure by about one byte.
     */
    private static final long QUICK_ROUND_TRIPS = 2_000;
    private static final long BY_DESIGN_WARM_UP = 20_000;
    private static final long BY_DESIGN_ROUND_TRIPS = 5_000;
    /** docs/types.md's range for a round trip of Records.vanReading() across wires, JDKs and escape analysis on or off. */
    private static final double LEAST_ROUND_TRIP = 544;
    private static final double MOST_ROUND_TRIP = 680;

    /** One iterator of a LinkedHashMap's entries: a 12-byte header and three references, aligned to 8 (32 bytes). */
    private static final double MAP_ITERATOR = 32;

    private static final Shift FULL_SHIFT = new Shift("VAN-42", Instant.ofEpochSecond(1_795_000_000L, 5), Optional.of("night"),
            List.of(4.5, -18.25), Optional.of(new Point(3, -4)));
    private static final Shift EMPTY_SHIFT = new Shift("VAN-1", Instant.EPOCH, Optional.empty(), List.of(), Optional.empty());

    /** Writes {@code values} in turn, each into an emptied buffer, and returns the bytes allocated per write. */
    @SafeVarargs
    private static <T> double bytesPerWrite(WireType type, Marshaller<T> marshaller, T... values) {
        Wire wire = type.apply(Bytes.elastic(1024), WireOptions.defaults());
        int[] next = {0};
        Runnable write = () -> {
            wire.bytes().clear();
            wire.writeDocument(values[next[0]++ % values.length], marshaller);
        };
        double perWrite = AllocationMeter.bytesPerOperation(write, WARM_UP, WRITES);
        System.out.printf("record write %-13s %-10s %.4f bytes/write (Java %s)%n", type,
                marshaller.type().getSimpleName(), perWrite, Runtime.version());
        return perWrite;
    }

    /**
     * A shift (full, then empty, in turn) and a VanReading written in each pass of one loop: the
     * pair allocates at most the map's entry iterator, and the Shift alone nothing, which the
     * long tests tell apart.
     */
    @ParameterizedTest(name = "Shift and VanReading on {0}")
    @EnumSource(value = WireType.class, names = {"YAML", "BINARY", "RAW"})
    void writingRecordsAllocatesAtMostAMapsEntryIterator(WireType type) {
        Wire wire = type.apply(Bytes.elastic(1024), WireOptions.defaults());
        VanReading reading = Records.vanReading();
        long[] pass = {0};
        Runnable writeBoth = () -> {
            wire.bytes().clear();
            wire.writeDocument((pass[0]++ & 1) == 0 ? FULL_SHIFT : EMPTY_SHIFT, SHIFTS);
            wire.writeDocument(reading, Records.VAN_READINGS);
        };
        double perPass = AllocationMeter.bytesPerOperation(writeBoth, QUICK_WARM_UP, QUICK_WRITES);
        System.out.printf("record writes %-13s Shift+VanReading %.4f bytes/pass (Java %s)%n", type, perPass,
                Runtime.version());
        assertTrue(perPass <= MAP_ITERATOR + STRAY_BYTES / QUICK_WRITES, type + ": " + perPass + " bytes per pass");
    }

    /** A full shift, then one whose optionals and list are empty, in turn. */
    @Tag("long")
    @ParameterizedTest(name = "Shift on {0}")
    @EnumSource(WireType.class)
    void writingARecordWithAMarshalledTypeAListAndOptionalsAllocatesNothing(WireType type) {
        double perWrite = bytesPerWrite(type, SHIFTS, FULL_SHIFT, EMPTY_SHIFT);
        assertTrue(perWrite <= GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write");
    }

    @Tag("long")
    @ParameterizedTest(name = "VanReading on {0}")
    @EnumSource(WireType.class)
    void writingARecordWithAMapAllocatesAtMostItsEntryIterator(WireType type) {
        double perWrite = bytesPerWrite(type, Records.VAN_READINGS, Records.vanReading());
        assertTrue(perWrite <= MAP_ITERATOR + GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write");
    }

    /** Reading constructs the record and its components: a bounded, by-design allocation, never zero. */
    @ParameterizedTest(name = "VanReading read on {0}")
    @EnumSource(value = WireType.class, names = {"YAML", "BINARY", "RAW"})
    void aRoundTripOfTheTelemetryRecordAllocatesByDesignAndBounded(WireType type) {
        assertRoundTripWithinTheDocumentedRange(type, QUICK_ROUND_TRIPS, QUICK_ROUND_TRIPS);
    }

    @Tag("long")
    @ParameterizedTest(name = "VanReading read on {0}, longer")
    @EnumSource(WireType.class)
    void aRoundTripOfTheTelemetryRecordAllocatesByDesignAndBoundedOnEveryWire(WireType type) {
        assertRoundTripWithinTheDocumentedRange(type, BY_DESIGN_WARM_UP, BY_DESIGN_ROUND_TRIPS);
    }

    private static void assertRoundTripWithinTheDocumentedRange(WireType type, long warmUp, long roundTrips) {
        RoundTripCost cost = GarbageAssertions.measure(Records::vanReading, Records.VAN_READINGS, type, warmUp, roundTrips);
        System.out.printf("record round trip %-13s VanReading %.1f bytes/round trip (Java %s)%n", type,
                cost.bytesPerRoundTrip(), Runtime.version());
        assertTrue(cost.bytesPerRoundTrip() >= LEAST_ROUND_TRIP && cost.bytesPerRoundTrip() <= MOST_ROUND_TRIP,
                type + ": " + cost);
    }
}
