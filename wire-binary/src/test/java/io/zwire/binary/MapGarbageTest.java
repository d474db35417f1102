package io.zwire.binary;

import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.RoundTripCost;
import io.zwire.testkit.GarbageRounds;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A type with a 10-entry map of text keys to float64 and a 3-entry map of int keys to nested
 * objects, read into the same instance every round trip, allocates nothing on NUMBERED and RAW
 * (in-process, exact per-thread counter; the forked strict check is {@code MapsGarbageFreeTest}).
 * Prints the bytes and the time per round trip:
 * {@code ./mvnw -o -q -pl wire-binary -am verify -Dtest=MapGarbageTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class MapGarbageTest {
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"NUMBERED", "RAW"})
    void aTenEntryTextKeyedMapAndAnIntKeyedMapOfObjectsAllocateNothing(WireType wire) {
        assertMapBookAllocatesNothing(wire, GarbageRounds.QUICK);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"NUMBERED", "RAW"})
    @Tag("long")
    void aTenEntryTextKeyedMapAndAnIntKeyedMapOfObjectsAllocateNothingOverAMillionRoundTrips(WireType wire) {
        assertMapBookAllocatesNothing(wire, GarbageRounds.FULL);
    }

    private static void assertMapBookAllocatesNothing(WireType wire, long roundTrips) {
        RoundTripCost cost = GarbageAssertions.measure(() -> MapBook.sample(10, 3), MapBook::new, wire,
                GarbageRounds.warmUpBefore(roundTrips), roundTrips);
        System.out.printf("garbage %-9s MapBook(10 prices, 3 parties) %d-byte documents: %.4f bytes/round trip,"
                        + " %.1f ns/round trip over %,d (Java %s)%n", wire, cost.documentBytes(), cost.bytesPerRoundTrip(),
                cost.nanosPerRoundTrip(), cost.roundTrips(), Runtime.version());
        assertTrue(cost.bytesPerRoundTrip() <= GarbageAssertions.THRESHOLD, wire + " allocated " + cost.bytesPerRoundTrip()
                + " bytes per round trip");
    }
}
