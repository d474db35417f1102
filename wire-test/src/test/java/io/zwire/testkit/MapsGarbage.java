package io.zwire.testkit;

import io.zwire.WireType;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.RoundTripCost;
import io.zwire.testkit.model.LimitBook;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exact-allocation check of maps on one wire: a {@link LimitBook} (ten text keys to float64, and
 * integer keys to objects read into the instances already there) written and read back
 * {@link GarbageRounds#QUICK} or {@link GarbageRounds#FULL} times after warm-up, with the bytes allocated per round trip printed and held to
 * {@link GarbageAssertions#THRESHOLD}.
 */
public final class MapsGarbage {
    private MapsGarbage() {
    }

    /** Measures, prints and checks {@code roundTrips} round trips of a {@link LimitBook} over {@code wire}. */
    public static void assertLimitBookAllocatesNothing(WireType wire, long roundTrips) {
        RoundTripCost cost = GarbageAssertions.measure(() -> LimitBook.sample("desk", 1.5), LimitBook::new, wire,
                GarbageRounds.warmUpBefore(roundTrips), roundTrips);
        System.out.printf("garbage %-13s LimitBook    %.4f bytes/round trip over %,d, %d-byte document, %.0f ns/round trip"
                + " (Java %s)%n", wire, cost.bytesPerRoundTrip(), cost.roundTrips(), cost.documentBytes(),
                cost.nanosPerRoundTrip(), Runtime.version());
        assertTrue(cost.bytesPerRoundTrip() <= GarbageAssertions.THRESHOLD, wire + " allocated " + cost.bytesPerRoundTrip()
                + " bytes per round trip of a LimitBook; the limit is " + GarbageAssertions.THRESHOLD);
    }
}
