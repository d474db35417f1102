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
    private static final int WARM_UP = 100_000;
    private static final int RECORDS = 200_000;
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
                Integer.toString(WARM_UP), Integer.toString(RECORDS));
        measured.forEach((wire, bytes) -> {
            System.out.printf("deserialize %-13s %.4f bytes/record (forked, -XX:-DoEscapeAnalysis, Java %s)%n", wire, bytes,
                    Runtime.version());
            assertTrue(bytes < THRESHOLD, wire + " bytes/record=" + bytes + " without escape analysis");
        });
        assertEquals(WireType.available().size(), measured.size(), "wires measured: " + measured);
    }
}
