package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.GarbageRounds;
import io.zwire.testkit.MapsGarbage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Maps allocate nothing in steady state on the text wires: see {@link MapsGarbage}. */
class MapsZeroGarbageTest {
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED", "JSON"})
    void aLimitBookRoundTripAllocatesNothing(WireType wire) {
        MapsGarbage.assertLimitBookAllocatesNothing(wire, GarbageRounds.QUICK);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED", "JSON"})
    @Tag("long")
    void aLimitBookRoundTripAllocatesNothingOverAMillionRoundTrips(WireType wire) {
        MapsGarbage.assertLimitBookAllocatesNothing(wire, GarbageRounds.FULL);
    }
}
