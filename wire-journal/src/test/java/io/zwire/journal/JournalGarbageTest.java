package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.test.harness.ForkedMeasurements;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static io.zwire.test.GarbageAssertions.THRESHOLD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Zero garbage per append and per read, on every wire, in the test JVM and (long) with escape
 * analysis off, where raw reads ({@link JournalTailer#readRecord}) are measured too.
 */
class JournalGarbageTest {
    /**
     * Unmeasured messages before each in-process check: as wire-test's {@code GarbageRounds.QUICK_WARM_UP}, since this
     * JVM runs C1 alone in the default build, which removes no allocation, so a message allocates the same once its
     * first-time work is done (the long check forks with its own, longer warm-up).
     */
    private static final int WARM_UP = 20_000;
    /** As the repository's other in-process checks (GarbageRounds.QUICK): 16 bytes once in 1,250 messages still fail. */
    private static final int MESSAGES = 20_000;
    /** Escape analysis off compiles later and once more: a longer warm-up and run, as the other strict checks. */
    private static final int STRICT_WARM_UP = 200_000;
    private static final int STRICT_MESSAGES = 1_000_000;

    @TempDir
    Path directory;

    @Test
    void appendingAndReadingAllocateNothingPerMessageOnEveryWire() {
        for (WireType wire : WireType.available()) {
            double[] bytes = JournalAllocationProbe.bytesPerMessage(wire, directory.resolve(wire.name()), WARM_UP, MESSAGES);
            System.out.printf("journal %-13s append %.4f, read %.4f bytes/message (in process, Java %s)%n", wire,
                    bytes[0], bytes[1], Runtime.version());
            assertTrue(bytes[0] < THRESHOLD, wire + " append: " + bytes[0] + " bytes per message");
            assertTrue(bytes[1] < THRESHOLD, wire + " read: " + bytes[1] + " bytes per message");
        }
    }

    @Test
    void aStreamOfAlternatingTypesAllocatesNothingPerMessage() {
        for (WireType wire : new WireType[] {WireType.YAML, WireType.BINARY, WireType.RAW}) {
            Journal journal = Journal.open(directory.resolve("mixed-" + wire), Journals.config(wire)
                    .cycleSize((WARM_UP + MESSAGES) * 2 * 128 + (1 << 20)).build());
            Trade trade = new Trade();
            Heartbeat beat = new Heartbeat();
            try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
                double bytes = io.zwire.test.AllocationMeter.bytesPerOperation(() -> {
                    appender.append(trade.set(1, 2, "EURUSD", 1.5));
                    beat.time++;
                    appender.append(beat);
                    tailer.read();
                    tailer.read();
                }, WARM_UP, MESSAGES);
                System.out.printf("journal %-13s Trade and Heartbeat alternating: %.4f bytes per pair%n", wire, bytes);
                assertTrue(bytes < THRESHOLD, wire + ": " + bytes + " bytes per pair of messages");
            }
        }
    }

    /** The strict check, in a JVM of its own with escape analysis off. */
    @Test
    @Tag("long")
    void appendingAndReadingAllocateNothingPerMessageWithEscapeAnalysisOff() throws Exception {
        Map<String, Double> measured = ForkedMeasurements.bytesPer("message", JournalAllocationProbe.class, 300,
                directory.toString(), Integer.toString(STRICT_WARM_UP), Integer.toString(STRICT_MESSAGES));
        measured.forEach((what, bytes) -> {
            System.out.printf("journal %-20s %.4f bytes/message (forked, -XX:-DoEscapeAnalysis, Java %s)%n", what, bytes,
                    Runtime.version());
            assertTrue(bytes < THRESHOLD, what + " bytes/message=" + bytes + " without escape analysis");
        });
        assertEquals(3 * WireType.available().size(), measured.size(), "measurements: " + measured);
    }
}
