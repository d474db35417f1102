package com.acme;

import io.zwire.WireType;
import io.zwire.test.GarbageAssertions;
import io.zwire.test.GarbageFree;
import io.zwire.test.TypeAssertions;
import org.junit.jupiter.api.Test;

class TradeTest {
    @GarbageFree(value = Trade.class, wires = {WireType.YAML, WireType.JSON})
    void tradeIsGarbageFree() {
    }

    @Test
    void tradeIsGarbageFreeInProcess() {
        GarbageAssertions.assertNoGarbageInProcess(Trade::sample, Trade::new);
    }

    @Test
    void tradeRoundTripsAndItsSchemaIsWellFormed() {
        TypeAssertions.assertRoundTrips(Trade::sample, Trade::new);
        TypeAssertions.assertSchemaWellFormed(Trade::new);
    }
}
