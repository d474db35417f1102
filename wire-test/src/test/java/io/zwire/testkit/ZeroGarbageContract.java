package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.RoundTripCost;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteBoard;
import io.zwire.testkit.foreign.QuoteBook;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Venue;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.Ints14;
import io.zwire.testkit.model.Ints64;
import io.zwire.testkit.model.Nullables;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.testkit.model.RiskLimits;
import io.zwire.example.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exact-allocation check, per wire: after warm-up, {@link GarbageRounds#QUICK} round trips
 * (write a document, read it back into a reused object) must allocate at most
 * {@link GarbageAssertions#THRESHOLD} bytes each, as counted by {@link AllocationMeter}: the counter
 * and limits users' garbage checks use. The negative control proves the check can fail. The long
 * proof (JUnit tag {@code long}) runs every check again over {@link GarbageRounds#FULL} round trips,
 * and through the in-process assertions users call, which measure that many.
 */
public abstract class ZeroGarbageContract {
    protected abstract WireType wireType();

    /** Round trips a cycle of sources through one wire into one reused target. */
    static final class RoundTrip implements Runnable {
        final Wire wire;
        final Marshallable[] sources;
        final Marshallable target;
        int next;

        RoundTrip(Wire wire, Marshallable[] sources, Marshallable target) {
            this.wire = wire;
            this.sources = sources;
            this.target = target;
        }

        @Override
        public void run() {
            wire.bytes().clear();
            wire.writeDocument(sources[next++ & (sources.length - 1)]);
            wire.readDocument(target);
        }
    }

    private double measure(String name, Marshallable[] sources, Marshallable target, long roundTrips) {
        Wire wire = wireType().apply(Bytes.elastic(4096), WireOptions.defaults());
        RoundTrip roundTrip = new RoundTrip(wire, sources, target);
        return measured(name, AllocationMeter.bytesPerOperation(roundTrip, GarbageRounds.warmUpBefore(roundTrips), roundTrips), roundTrips);
    }

    private double measured(String name, double perRoundTrip, long roundTrips) {
        System.out.printf("garbage %-13s %-12s %.4f bytes/round trip over %,d (Java %s)%n",
                wireType(), name, perRoundTrip, roundTrips, Runtime.version());
        return perRoundTrip;
    }

    private void assertNoGarbage(String name, Marshallable[] sources, Marshallable target, long roundTrips) {
        double perRoundTrip = measure(name, sources, target, roundTrips);
        assertTrue(perRoundTrip <= GarbageAssertions.THRESHOLD, wireType() + " " + name + " allocated " + perRoundTrip
                + " bytes per round trip; the limit is " + GarbageAssertions.THRESHOLD);
    }

    /**
     * Four orders with repeated symbols. Every one has a party: a null party followed by a
     * non-null one makes the reader create a new {@code Party}, which is allocation by design.
     */
    static Order[] orders() {
        return new Order[] {
                Order.sample(),
                new Order(2, "GBPUSD", 1.26712, 250_000, Side.SELL, new Party("Northwind Treasury", "NWT-7", 7)),
                new Order(3, "USDJPY", 151.337, 5_000_000, Side.BUY, new Party("Northwind Treasury", null, 8)),
                new Order(4, "EURUSD", -0.0, 1, Side.SELL, new Party("Meridian Capital Partners", "MCP-EU-000042", 42)),
        };
    }

    @Test
    void ints14AllocatesNothing() {
        checkInts14AllocatesNothing(GarbageRounds.QUICK);
    }

    private void checkInts14AllocatesNothing(long roundTrips) {
        assertNoGarbage("Ints14", new Marshallable[] {new Ints14().fill(1), new Ints14().fill(-1000)}, new Ints14(), roundTrips);
    }

    @Test
    void ints64AllocatesNothing() {
        checkInts64AllocatesNothing(GarbageRounds.QUICK);
    }

    private void checkInts64AllocatesNothing(long roundTrips) {
        assertNoGarbage("Ints64", new Marshallable[] {new Ints64().fill(1), new Ints64().fill(1 << 20)}, new Ints64(), roundTrips);
    }

    @Test
    void orderAllocatesNothing() {
        checkOrderAllocatesNothing(GarbageRounds.QUICK);
    }

    private void checkOrderAllocatesNothing(long roundTrips) {
        Order target = new Order();
        assertNoGarbage("Order", orders(), target, roundTrips);
        assertEquals(orders()[3], target, "the last round trip read the last order");
    }

    /** Null, "" and text told apart by {@code isNull()} and {@code textTo}, in objects and sequences. */
    @Test
    void readingNullsThroughIsNullAndTextToAllocatesNothing() {
        checkReadingNullsThroughIsNullAndTextToAllocatesNothing(GarbageRounds.QUICK);
    }

    private void checkReadingNullsThroughIsNullAndTextToAllocatesNothing(long roundTrips) {
        Nullables withNulls = Nullables.sample(wireType());
        Nullables withText = Nullables.sample(wireType());
        withText.first.set("EURUSD");
        withText.second.set(null);
        withText.side = Side.BUY;
        withText.innerNull = true;
        withText.elementsNull = true;
        withText.elementCount = 0;
        Nullables target = new Nullables();
        assertNoGarbage("Nullables", new Marshallable[] {withNulls, withText}, target, roundTrips);
        assertEquals(withText, target, "the last round trip read the second document");
        assertEquals(0, target.disagreements);
    }

    /**
     * Maps with repeating keys: ten text keys to float64 (interned on reading) and three int32 keys
     * to nested objects read into a pool of existing instances, the two documents alternating.
     */
    @Test
    void mapsWithRepeatingKeysAllocateNothing() {
        checkMapsWithRepeatingKeysAllocateNothing(GarbageRounds.QUICK);
    }

    private void checkMapsWithRepeatingKeysAllocateNothing(long roundTrips) {
        RiskLimits target = new RiskLimits();
        assertNoGarbage("RiskLimits", new Marshallable[] {RiskLimits.sample(), RiskLimits.other()}, target, roundTrips);
        assertEquals(RiskLimits.other(), target, "the last round trip read the second document");
        assertEquals(RiskLimits.other().desk(101), target.desk(101));
    }

    /** A third-party bean through its marshaller, read into the instance the previous read returned. */
    @Test
    void aForeignTypeThroughItsMarshallerAllocatesNothing() {
        checkAForeignTypeThroughItsMarshallerAllocatesNothing(GarbageRounds.QUICK);
    }

    private void checkAForeignTypeThroughItsMarshallerAllocatesNothing(long roundTrips) {
        Quote other = new Quote(2, "GBPUSD", 1.26712, 250_000, Side.BUY, false, new Venue("XPAR", 3));
        Quote[] sources = {QuoteMarshallers.sample(), other};
        Wire wire = wireType().apply(Bytes.elastic(4096), WireOptions.defaults());
        Quote[] target = {new Quote()};
        int[] next = {0};
        Runnable roundTrip = () -> {
            wire.bytes().clear();
            wire.writeDocument(sources[next[0]++ & 1], QuoteMarshallers.QUOTES);
            target[0] = wire.readDocument(target[0], QuoteMarshallers.QUOTES);
        };
        double perRoundTrip = measured("Quote", AllocationMeter.bytesPerOperation(roundTrip, GarbageRounds.warmUpBefore(roundTrips),
                roundTrips), roundTrips);
        assertTrue(perRoundTrip <= GarbageAssertions.THRESHOLD, wireType() + " Quote allocated " + perRoundTrip);
        assertEquals(other, target[0], "the last round trip read the second quote");
    }

    /** Foreign objects nested in a Marshallable, one of them null, and a sequence of them. */
    @Test
    void foreignObjectsNestedAndInASequenceAllocateNothing() {
        checkForeignObjectsNestedAndInASequenceAllocateNothing(GarbageRounds.QUICK);
    }

    private void checkForeignObjectsNestedAndInASequenceAllocateNothing(long roundTrips) {
        QuoteBook full = new QuoteBook(QuoteMarshallers.sample(), QuoteMarshallers.sample(),
                new Quote(2, "USDJPY", 151.5, 3, Side.BUY, false, new Venue("XTKS", 9)));
        QuoteBook noBest = new QuoteBook(null, QuoteMarshallers.sample(),
                new Quote(3, "USDJPY", 151.5, 3, Side.BUY, false, new Venue("XTKS", 9)));
        QuoteBook target = new QuoteBook();
        assertNoGarbage("QuoteBook", new Marshallable[] {noBest, noBest}, target, roundTrips);
        assertEquals(noBest, target);
        assertNoGarbage("QuoteBook+", new Marshallable[] {full, full}, target, roundTrips);
        assertEquals(full, target);
    }

    /**
     * A map of text keys to foreign objects, the null entry moving between the two documents: each
     * value is read into the instance the board keeps for its entry, and keys are interned.
     */
    @Test
    void aMapOfForeignObjectsWithANullValueAllocatesNothing() {
        checkAMapOfForeignObjectsWithANullValueAllocatesNothing(GarbageRounds.QUICK);
    }

    private void checkAMapOfForeignObjectsWithANullValueAllocatesNothing(long roundTrips) {
        Quote gbp = new Quote(2, "GBPUSD", 1.26712, 250_000, Side.BUY, false, new Venue("XPAR", 3));
        Quote jpy = new Quote(3, "USDJPY", 151.5, 3, Side.BUY, false, new Venue("XTKS", 9));
        QuoteBoard first = new QuoteBoard().put("EURUSD", QuoteMarshallers.sample()).put("GBPUSD", null)
                .put("USDJPY", jpy).seq(1);
        QuoteBoard second = new QuoteBoard().put("EURUSD", null).put("GBPUSD", gbp).put("USDJPY", jpy).seq(2);
        QuoteBoard target = new QuoteBoard();
        assertNoGarbage("QuoteBoard", new Marshallable[] {first, second}, target, roundTrips);
        assertEquals(second, target, "the last round trip read the second board");
    }

    /** A record is constructed per read: its allocation is reported as by design, and bounded. */
    @Test
    void aRecordAllocatesOneInstancePerReadByDesign() {
        checkARecordAllocatesOneInstancePerReadByDesign(GarbageRounds.QUICK);
    }

    private void checkARecordAllocatesOneInstancePerReadByDesign(long roundTrips) {
        RoundTripCost cost = GarbageAssertions.measure(Records::sample, Records.POINTS, wireType(),
                GarbageRounds.warmUpBefore(roundTrips), roundTrips);
        assertTrue(cost.bytesPerRoundTrip() > 8 && cost.bytesPerRoundTrip() <= 24 + GarbageAssertions.THRESHOLD,
                "the hand-written immutable marshaller allocates the Point alone: " + cost.bytesPerRoundTrip());
    }

    @Test
    void boxingIsDetectedAsGarbage() {
        checkBoxingIsDetectedAsGarbage(GarbageRounds.QUICK);
    }

    private void checkBoxingIsDetectedAsGarbage(long roundTrips) {
        double perRoundTrip = measure("BoxingOrder", new Marshallable[] {new BoxingOrder()}, new BoxingOrder(), roundTrips);
        assertTrue(perRoundTrip >= 32, "two Longs a round trip must show as at least 32 bytes, measured " + perRoundTrip);
    }

    /**
     * Every check above over {@link GarbageRounds#FULL} round trips, then the in-process
     * assertions users call (which measure that many) on this wire: a foreign type passes, and a
     * record's allocation is reported as by design and fails when more than expected.
     */
    @Test
    @Tag("long")
    void everyCheckHoldsOverAMillionRoundTripsAndThroughTheInProcessAssertions() {
        long roundTrips = GarbageRounds.FULL;
        checkInts14AllocatesNothing(roundTrips);
        checkInts64AllocatesNothing(roundTrips);
        checkOrderAllocatesNothing(roundTrips);
        checkReadingNullsThroughIsNullAndTextToAllocatesNothing(roundTrips);
        checkMapsWithRepeatingKeysAllocateNothing(roundTrips);
        checkAForeignTypeThroughItsMarshallerAllocatesNothing(roundTrips);
        checkForeignObjectsNestedAndInASequenceAllocateNothing(roundTrips);
        checkAMapOfForeignObjectsWithANullValueAllocatesNothing(roundTrips);
        checkARecordAllocatesOneInstancePerReadByDesign(roundTrips);
        checkBoxingIsDetectedAsGarbage(roundTrips);
        GarbageAssertions.assertNoGarbageInProcess(QuoteMarshallers::sample, QuoteMarshallers.QUOTES, wireType());
        // Point: a 12-byte header and two ints, 24 bytes with the 8-byte alignment (compressed class pointers).
        String report = GarbageAssertions.assertAllocatesByDesignInProcess(Records::sample, Records.POINT_RECORDS, 24,
                wireType());
        System.out.println(report);
        assertTrue(report.contains("allocates by design") && report.contains("as designed"), report);
        AssertionError more = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertAllocatesByDesignInProcess(Records::sample, Records.POINT_RECORDS, 0,
                        wireType()));
        assertTrue(more.getMessage().contains("MORE THAN EXPECTED"), more.getMessage());
    }
}
