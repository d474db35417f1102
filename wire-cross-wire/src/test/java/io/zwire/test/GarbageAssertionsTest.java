package io.zwire.test;

import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.Field;
import io.zwire.test.usertypes.BookUpdate;
import io.zwire.test.usertypes.CapturingBookUpdate;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.Ints14;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GarbageAssertionsTest {
    @Test
    @Tag("long")
    void theStrictCheckPassesAUsersCleanTypeOnEveryWire() {
        GarbageAssertions.assertNoGarbage(BookUpdate.class);
    }

    @Test
    void theStrictCheckNamesEveryCapturingLambdaWithoutMeasuring() {
        // Whatever ran in this JVM before (the in-process tests below warm the same paths), the
        // verdict comes from the capture check, which needs no JIT.
        GarbageAssertions.measure(CapturingBookUpdate::sample, CapturingBookUpdate::new, WireType.RAW, 100_000, 100_000);
        long started = System.nanoTime();
        AssertionError error = assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertNoGarbage(CapturingBookUpdate.class, WireType.YAML, WireType.RAW));
        String message = error.getMessage();
        assertTrue(message.contains("seq (1)") && message.contains("bid (3)") && message.contains("ask (4)")
                && message.contains("qty (5)"), message);
        assertFalse(message.contains("symbol (2)"), "the non-capturing setter is not named: " + message);
        assertTrue(message.lines().anyMatch(l -> l.startsWith("CapturingBookUpdate ") && l.endsWith("CAPTURES")), message);
        assertTrue(System.nanoTime() - started < 5_000_000_000L, "no JVM was forked for a capturing type");
    }

    @Test
    void theStrictCheckFailsATypeThatBoxesAndShowsBothRuns() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> GarbageCheck.of(BoxingOrder.class).wires(WireType.RAW).roundTrips(200_000).warmUp(50_000)
                        .withoutDiagnosis().assertClean());
        String message = error.getMessage();
        assertTrue(message.contains("no EA"), message);
        assertTrue(message.lines().anyMatch(l -> l.startsWith("BoxingOrder ") && l.endsWith("GARBAGE")), message);
        assertFalse(message.contains("Where BoxingOrder allocates"), "withoutDiagnosis() forks no diagnosis: " + message);
    }

    @Test
    @Tag("long")
    void theStrictCheckPassesAForeignTypeThroughItsMarshallerOnEveryWire() {
        GarbageCheck.of(QuoteMarshallers.class, "QUOTES").assertClean();
    }

    @Test
    void theStrictCheckReportsARecordsAllocationAsByDesign() {
        assertARecordsAllocationIsReportedAsByDesign(WireType.RAW);
        AssertionError error = assertThrows(AssertionError.class, () -> GarbageCheck.of(Records.class, "POINT_RECORDS")
                .wires(WireType.RAW).roundTrips(200_000).warmUp(50_000).withoutDiagnosis().assertClean());
        assertTrue(error.getMessage().contains("GARBAGE"), "the strict check still fails a record: " + error.getMessage());
    }

    /** A text wire too, whose reader makes the record through the same constructor call. */
    @Test
    @Tag("long")
    void theStrictCheckReportsARecordsAllocationAsByDesignOnABinaryAndATextWire() {
        assertARecordsAllocationIsReportedAsByDesign(WireType.RAW, WireType.JSON);
    }

    private static void assertARecordsAllocationIsReportedAsByDesign(WireType... wires) {
        // Point: a 12-byte header and two ints, 24 bytes with 8-byte alignment.
        String report = GarbageCheck.of(Records.class, "POINT_RECORDS").wires(wires)
                .roundTrips(500_000).assertAllocatesByDesign(24);
        assertTrue(report.contains("allocates by design"), report);
        assertEquals(wires.length, report.lines().filter(l -> l.endsWith("as designed")).count(), report);
        assertTrue(report.contains("no EA 24.00 bytes per round trip"), report);
    }

    @Test
    void theStrictCheckRefusesAForeignTypeWithoutASample() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GarbageCheck.of(NeedsArguments.class, "NO_SUCH_FIELD").wires(WireType.RAW).assertClean());
        assertTrue(e.getMessage().contains("NO_SUCH_FIELD"), e.getMessage());
    }

    @Test
    void theStrictCheckRefusesATypeItCannotConstructByNameAndANonPositiveCount() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GarbageAssertions.assertNoGarbage(NeedsArguments.class, WireType.RAW));
        assertTrue(e.getMessage().contains("no-argument constructor"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GarbageAssertions.assertNoGarbage(Ints14.class, 0, WireType.RAW));
    }

    /** Built only by a factory with arguments: the in-process check's case. */
    public static final class NeedsArguments implements Marshallable {
        public NeedsArguments(int unused) {
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    /** The in-process checks through a marshaller, on one wire (every wire: ZeroGarbageContract's long proof). */
    @Test
    void theInProcessChecksPassAForeignTypeAndReportARecordsAllocationAsByDesign() {
        GarbageAssertions.assertNoGarbageInProcess(QuoteMarshallers::sample, QuoteMarshallers.QUOTES, WireType.RAW);
        // Point: a 12-byte header and two ints, 24 bytes with the 8-byte alignment (compressed class pointers).
        String report = GarbageAssertions.assertAllocatesByDesignInProcess(Records::sample, Records.POINT_RECORDS, 24,
                WireType.RAW);
        assertTrue(report.contains("allocates by design") && report.contains("as designed"), report);
        AssertionError more = assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertAllocatesByDesignInProcess(Records::sample, Records.POINT_RECORDS, 0,
                        WireType.RAW));
        assertTrue(more.getMessage().contains("MORE THAN EXPECTED"), more.getMessage());
    }

    @Test
    void passesForAGarbageFreeType() {
        GarbageAssertions.assertNoGarbageInProcess(() -> new Ints14().fill(7), Ints14::new, WireType.RAW);
    }

    /**
     * No wires given: every available one, over 20,000 round trips each after the assertion's own
     * warm-up (users' default million is a long proof's): C1 leaves no stray byte to absorb.
     */
    @Test
    void coversEveryAvailableWireByDefault() {
        GarbageAssertions.assertNoGarbageInProcess(() -> new Ints14().fill(7), Ints14::new, 20_000);
    }

    @Test
    void failsWithTheFiguresForATypeThatAllocates() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertNoGarbageInProcess(BoxingOrder::new, BoxingOrder::new, WireType.RAW));
        String message = error.getMessage();
        assertTrue(message.contains(BoxingOrder.class.getName()), message);
        assertTrue(message.contains("RAW"), message);
        assertTrue(message.contains("bytes per round trip"), message);
        assertTrue(message.contains("<-- garbage"), message);
    }

    @Test
    void measureReportsTheExactCount() {
        RoundTripCost cost = GarbageAssertions.measure(BoxingOrder::new, BoxingOrder::new, WireType.RAW, 50_000, 200_000);
        // Two Longs outside the cache per read: 16 bytes each with compressed class pointers, more without.
        assertTrue(cost.bytesPerRoundTrip() >= 32, "measured " + cost.bytesPerRoundTrip());
        assertEquals(200_000, cost.roundTrips());
        assertTrue(cost.documentBytes() > 0);
    }

    /** Reads one field but writes two: the round trip is not faithful. */
    public static final class Lossy implements Marshallable {
        static final Field A = Field.of(1, "a");
        static final Field B = Field.of(2, "b");
        int a = 1;
        int b = 2;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).int32(a).write(B).int32(b);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(A).int32(this, (o, v) -> o.a = v);
            in.read(B).int32();
            b = 0;
        }
    }

    @Test
    void anUnfaithfulRoundTripFailsBeforeMeasuring() {
        Lossy target = new Lossy();
        target.b = 5;
        AssertionError error = assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertNoGarbageInProcess(Lossy::new, () -> target, WireType.RAW));
        assertTrue(error.getMessage().contains("disagree"), error.getMessage());
    }
}
