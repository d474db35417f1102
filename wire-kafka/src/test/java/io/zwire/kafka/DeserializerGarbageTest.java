package io.zwire.kafka;

import io.zwire.WireType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-XX:+UseSerialGC", "-XX:-DoEscapeAnalysis", "-cp",
                System.getProperty("java.class.path"), DeserializerAllocationProbe.class.getName(),
                Integer.toString(WARM_UP), Integer.toString(RECORDS));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                output.add(line);
            }
        }
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the probe did not finish in 120 s: " + output);
        }
        assertEquals(0, process.exitValue(), "probe output: " + output);
        int measured = 0;
        for (String line : output) {
            int at = line.indexOf(" bytes/record=");
            if (at > 0) {
                double bytes = Double.parseDouble(line.substring(at + " bytes/record=".length()));
                System.out.printf("deserialize %-13s %.4f bytes/record (forked, -XX:-DoEscapeAnalysis, Java %s)%n",
                        line.substring(0, at), bytes, Runtime.version());
                assertTrue(bytes < THRESHOLD, line + " without escape analysis");
                measured++;
            }
        }
        assertEquals(WireType.available().size(), measured, "wires measured, in " + output);
    }
}
