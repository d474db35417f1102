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
 * most its entry iterator; reading allocates the record and its components, by design.
 */
class RecordWriteGarbageTest {
    /** The telemetry reading without its map of tags. */
    record Shift(String van, Instant start, Optional<String> note, List<Double> temps, Optional<Point> gate) {
    }

    static final Marshaller<Shift> SHIFTS = Marshaller.ofRecord(Shift.class, Records.INSTANTS);
    private static final long WARM_UP = GarbageAssertions.WARM_UP;
    private static final long WRITES = 50_000;

    /** One iterator of a LinkedHashMap's entries: a 12-byte header and three references, aligned to 8 (32 bytes). */
    private static final double MAP_ITERATOR = 32;

    private static <T> double bytesPerWrite(WireType type, T value, Marshaller<T> marshaller) {
        Wire wire = type.apply(Bytes.elastic(1024), WireOptions.defaults());
        Runnable write = () -> {
            wire.bytes().clear();
            wire.writeDocument(value, marshaller);
        };
        double perWrite = AllocationMeter.bytesPerOperation(write, WARM_UP, WRITES);
        System.out.printf("record write %-13s %-10s %.4f bytes/write (Java %s)%n", type,
                marshaller.type().getSimpleName(), perWrite, Runtime.version());
        return perWrite;
    }

    @ParameterizedTest(name = "Shift on {0}")
    @EnumSource(WireType.class)
    void writingARecordWithAMarshalledTypeAListAndOptionalsAllocatesNothing(WireType type) {
        Shift shift = new Shift("VAN-42", Instant.ofEpochSecond(1_795_000_000L, 5), Optional.of("night"),
                List.of(4.5, -18.25), Optional.of(new Point(3, -4)));
        double perWrite = bytesPerWrite(type, shift, SHIFTS);
        assertTrue(perWrite <= GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write");
        Shift empty = new Shift("VAN-1", Instant.EPOCH, Optional.empty(), List.of(), Optional.empty());
        perWrite = bytesPerWrite(type, empty, SHIFTS);
        assertTrue(perWrite <= GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write, empty");
    }

    @ParameterizedTest(name = "VanReading on {0}")
    @EnumSource(WireType.class)
    void writingARecordWithAMapAllocatesAtMostItsEntryIterator(WireType type) {
        double perWrite = bytesPerWrite(type, Records.vanReading(), Records.VAN_READINGS);
        assertTrue(perWrite <= MAP_ITERATOR + GarbageAssertions.THRESHOLD, type + ": " + perWrite + " bytes per write");
    }

    /** Reading constructs the record and its components: a bounded, by-design allocation, never zero. */
    @ParameterizedTest(name = "VanReading read on {0}")
    @EnumSource(WireType.class)
    void aRoundTripOfTheTelemetryRecordAllocatesByDesignAndBounded(WireType type) {
        RoundTripCost cost = GarbageAssertions.measure(Records::vanReading, Records.VAN_READINGS, type, WARM_UP, WRITES);
        System.out.printf("record round trip %-13s VanReading %.1f bytes/round trip (Java %s)%n", type,
                cost.bytesPerRoundTrip(), Runtime.version());
        assertTrue(cost.bytesPerRoundTrip() > 100 && cost.bytesPerRoundTrip() < 2_000, type + ": " + cost);
    }
}
