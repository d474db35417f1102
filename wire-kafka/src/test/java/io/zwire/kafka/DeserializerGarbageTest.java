package io.zwire.kafka;

import io.zwire.WireType;
import io.zwire.test.harness.ForkedMeasurements;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zwire's own part of consuming allocates nothing per record: {@link ZwireDeserializer} reading
 * into a reused instance, on every wire, from heap and direct buffers, measured with the exact
 * per-thread counter here (as compiled) and in forked JVMs with escape analysis off (the strict
 * check: nothing may lean on the JIT removing an allocation).
 */
class DeserializerGarbageTest {
    /**
     * Unmeasured and measured records per in-process check: as wire-test's {@code GarbageRounds}
     * quick counts, since this JVM runs C1 alone in the default build, which removes no allocation
     * and leaves no stray byte, so a clean read measures 0.0000 over 20,000 as over 200,000.
     */
    private static final int WARM_UP = 20_000;
    private static final int RECORDS = 20_000;
    /** The forked JVM compiles with C2 (escape analysis off): the longer counts absorb a late recompilation. */
    private static final int STRICT_WARM_UP = 100_000;
    private static final int STRICT_RECORDS = 200_000;
    /** Bytes per record above which a run fails: under one byte per hundred records. */
    private static final double THRESHOLD = 0.01;

    @Test
    void deserializingIntoAReusedInstanceAllocatesNothingPerRecordOnEveryWire() {
        for (WireType wire : WireType.available()) {
            for (boolean direct : new boolean[] {false, true}) {
                double bytes = DeserializerAllocationProbe.bytesPerRecord(wire, direct, WARM_UP, RECORDS);
                System.out.printf("deserialize %-13s %-6s %.4f bytes/record (in process, Java %s)%n", wire,
                        direct ? "direct" : "heap", bytes, Runtime.version());
                assertTrue(bytes < THRESHOLD, wire + (direct ? " direct" : " heap") + ": " + bytes + " bytes per record");
            }
        }
    }

    /** The strict check, in a JVM of its own: the slow part of this class, so in {@code -Plong}. */
    @Test
    @Tag("long")
    void deserializingAllocatesNothingPerRecordWithEscapeAnalysisOff() throws Exception {
        Map<String, Double> measured = ForkedMeasurements.bytesPer("record", DeserializerAllocationProbe.class, 120,
                Integer.toString(STRICT_WARM_UP), Integer.toString(STRICT_RECORDS));
        measured.forEach((wire, bytes) -> {
            System.out.printf("deserialize %-13s %.4f bytes/record (forked, -XX:-DoEscapeAnalysis, Java %s)%n", wire, bytes,
                    Runtime.version());
            assertTrue(bytes < THRESHOLD, wire + " bytes/record=" + bytes + " without escape analysis");
        });
        assertEquals(WireType.available().size(), measured.size(), "wires measured: " + measured);
    }
}
