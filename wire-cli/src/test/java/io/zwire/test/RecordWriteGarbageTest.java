package io.zwire.test;

import io.zwire.Bytes;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Point;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What Marshaller.ofRecord's javadoc and docs/types.md promise about a record's allocation, on
 * every wire, with the exact per-thread counter: writing a record whose components are a
 * marshalled type, a List and Optionals allocates nothing; writing one with a Map allocates at
 * most its entry iterator; reading allocates the record and its components, by design. The
 * figures in docs/types.md with escape analysis off are this test run with
 * {@code -Dsurefire.argLine="-Xss1m -XX:-DoEscapeAnalysis"}, which it passes too.
 */
class RecordWriteGarbageTest {
    /** The telemetry reading without its map of tags. */
    record Shift(String van, Instant start, Optional<String> note, List<Double> temps, Optional<Point> gate) {
    }

    static final Marshaller<Shift> SHIFTS = Marshaller.ofRecord(Shift.class, Records.INSTANTS);
    private static final long WARM_UP = GarbageAssertions.WARM_UP;
    private static final long WRITES = 50_000;
    /** The by-design figure is bounded loosely, so it needs no full warm-up: a short run keeps the default build quick. */
    private static final long BY_DESIGN_WARM_UP = 20_000;
    private static final long BY_DESIGN_ROUND_TRIPS = 5_000;

    /** One iterator of a LinkedHashMap's entries: a 12-byte header and three references, aligned to 8 (32 bytes). */
    private static final double MAP_ITERATOR = 32;

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

    /** A full shift, then one whose optionals and list are empty, in turn. */
    @ParameterizedTest(name = "Shift on {0}")
    @EnumSource(WireType.class)
    void writingARecordWithAMarshalledTypeAListAndOptionalsAllocatesNothing(WireType type) {
        Shift shift = new Shift("VAN-42", Instant.ofEpochSecond(1_795_000_000L, 5), Optional.of("night"),
                List.of(4.5, -18.25), Optional.of(new Point(3, -4)));
        Shift empty = new Shift("VAN-1", Instant.EPOCH, Optional.empty(), List.of(), Optional.empty());
        double perWrite = bytesPerWrite(type, SHIFTS, shift, empty);
        assertTrue(perWrite <= GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write");
    }

    @ParameterizedTest(name = "VanReading on {0}")
    @EnumSource(WireType.class)
    void writingARecordWithAMapAllocatesAtMostItsEntryIterator(WireType type) {
        double perWrite = bytesPerWrite(type, Records.VAN_READINGS, Records.vanReading());
        assertTrue(perWrite <= MAP_ITERATOR + GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write");
    }

    /** Reading constructs the record and its components: a bounded, by-design allocation, never zero. */
    @ParameterizedTest(name = "VanReading read on {0}")
    @EnumSource(WireType.class)
    void aRoundTripOfTheTelemetryRecordAllocatesByDesignAndBounded(WireType type) {
        RoundTripCost cost = GarbageAssertions.measure(Records::vanReading, Records.VAN_READINGS, type,
                BY_DESIGN_WARM_UP, BY_DESIGN_ROUND_TRIPS);
        System.out.printf("record round trip %-13s VanReading %.1f bytes/round trip (Java %s)%n", type,
                cost.bytesPerRoundTrip(), Runtime.version());
        assertTrue(cost.bytesPerRoundTrip() > 100 && cost.bytesPerRoundTrip() < 2_000, type + ": " + cost);
    }
}
