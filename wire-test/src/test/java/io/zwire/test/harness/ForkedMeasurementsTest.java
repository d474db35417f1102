package io.zwire.test.harness;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The strict checks' forked probe runs: measurements read back in order, a failing probe a failure with its output. */
class ForkedMeasurementsTest {
    /** Prints what it is told to measure, in the forked JVM; sleeps a minute on "hang", exits 3 on "fail". */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.println("warming up");
            System.out.println("BINARY append bytes/message=0.0");
            System.out.println("BINARY read bytes/message=0.25");
            System.out.println("RAW bytes/record=7.5");
            if (args.length > 0 && args[0].equals("hang")) {
                sleepForAMinute();
            }
            if (args.length > 0 && args[0].equals("fail")) {
                boolean off = ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:-DoEscapeAnalysis");
                System.out.println("escape analysis: " + (off ? "off" : "on"));
                System.exit(3);
            }
        }
    }

    private static void sleepForAMinute() {
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theProbesMeasurementsOfOneUnitComeBackInTheOrderPrinted() throws Exception {
        Map<String, Double> measured = ForkedMeasurements.bytesPer("message", Probe.class, 60);
        assertEquals(Map.of("BINARY append", 0.0, "BINARY read", 0.25), measured);
        assertEquals("BINARY append", measured.keySet().iterator().next());
        assertEquals(Map.of("RAW", 7.5), ForkedMeasurements.bytesPer("record", Probe.class, 60));
    }

    @Test
    void aProbeThatFailsIsAnAssertionErrorWithItsOutputAndRanWithEscapeAnalysisOff() {
        AssertionError failure = assertThrows(AssertionError.class, () -> ForkedMeasurements.bytesPer("message", Probe.class, 60,
                "fail"));
        assertTrue(failure.getMessage().startsWith("Probe exited with status 3"), failure.getMessage());
        assertTrue(failure.getMessage().contains("escape analysis: off"), failure.getMessage());
    }

    @Test
    void aProbePastItsTimeoutIsKilledAndAnAssertionErrorWithWhatItPrinted() {
        long start = System.nanoTime();
        AssertionError failure = assertThrows(AssertionError.class, () -> ForkedMeasurements.bytesPer("message", Probe.class, 2,
                "hang"));
        assertTrue(failure.getMessage().startsWith("Probe did not finish in 2 s: "), failure.getMessage());
        assertTrue(failure.getMessage().contains("BINARY read bytes/message=0.25"), failure.getMessage());
        assertTrue(System.nanoTime() - start < 30_000_000_000L, "killed, not waited for");
    }
}
