package io.zwire.kafka;

import io.zwire.WireType;
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
    private static final int RECORDS = 300_000;
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

    @Test
    void deserializingAllocatesNothingPerRecordWithEscapeAnalysisOff() throws Exception {
        for (WireType wire : WireType.available()) {
            double bytes = forked(wire);
            System.out.printf("deserialize %-13s %.4f bytes/record (forked, -XX:-DoEscapeAnalysis, Java %s)%n", wire, bytes,
                    Runtime.version());
            assertTrue(bytes < THRESHOLD, wire + " without escape analysis: " + bytes + " bytes per record");
        }
    }

    private static double forked(WireType wire) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-XX:+UseSerialGC", "-XX:-DoEscapeAnalysis", "-cp",
                System.getProperty("java.class.path"), DeserializerAllocationProbe.class.getName(), wire.name(), "heap",
                Integer.toString(WARM_UP), Integer.toString(RECORDS)));
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
        for (String line : output) {
            if (line.startsWith("bytes/record=")) {
                return Double.parseDouble(line.substring("bytes/record=".length()));
            }
        }
        throw new AssertionError("no measurement in " + output);
    }
}
