package io.zwire.binary.cbor;

import io.zwire.WireType;
import io.zwire.testkit.GarbageRounds;
import io.zwire.testkit.MapsGarbage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Maps allocate nothing in steady state on BINARY: see {@link MapsGarbage}. */
class CborMapsZeroGarbageTest {
    @Test
    void aLimitBookRoundTripAllocatesNothing() {
        MapsGarbage.assertLimitBookAllocatesNothing(WireType.BINARY, GarbageRounds.QUICK);
    }

    @Test
    @Tag("long")
    void aLimitBookRoundTripAllocatesNothingOverAMillionRoundTrips() {
        MapsGarbage.assertLimitBookAllocatesNothing(WireType.BINARY, GarbageRounds.FULL);
    }
}
