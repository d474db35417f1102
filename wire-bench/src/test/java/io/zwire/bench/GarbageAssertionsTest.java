package io.zwire.bench;

import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.Field;
import io.zwire.testkit.model.BoxingOrder;
import io.zwire.testkit.model.Ints14;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GarbageAssertionsTest {
    @Test
    void passesForAGarbageFreeType() {
        GarbageAssertions.assertNoGarbage(() -> new Ints14().fill(7), Ints14::new, WireType.RAW);
    }

    @Test
    void coversEveryAvailableWireByDefault() {
        GarbageAssertions.assertNoGarbage(() -> new Ints14().fill(7), Ints14::new);
    }

    @Test
    void failsWithTheFiguresForATypeThatAllocates() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> GarbageAssertions.assertNoGarbage(BoxingOrder::new, BoxingOrder::new, WireType.RAW));
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
                () -> GarbageAssertions.assertNoGarbage(Lossy::new, () -> target, WireType.RAW));
        assertTrue(error.getMessage().contains("disagree"), error.getMessage());
    }
}
