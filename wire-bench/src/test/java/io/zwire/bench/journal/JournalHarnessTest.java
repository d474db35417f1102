package io.zwire.bench.journal;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness's own parts, on a scripted tailer: what the consumer counts and what it refuses. */
class JournalHarnessTest {
    /** A tailer that returns the sequences it is given, each sent {@code latencyNanos} ago. */
    private static JournalPeer.Tailer scripted(long latencyNanos, long... sequences) {
        int[] next = {0};
        return into -> {
            if (next[0] == sequences.length) {
                return false;
            }
            long sequence = sequences[next[0]++];
            into.set(sequence, System.nanoTime() - latencyNanos, JournalMessage.checkWord(sequence));
            return true;
        };
    }

    @Test
    void theConsumerRecordsOnlyTheMeasuredMessagesAndTheirLatencyFromTheIntendedSendTime() {
        long latency = TimeUnit.MILLISECONDS.toNanos(5);
        LatencyResult result = LatencyConsumer.run(scripted(latency, 0, 1, 2, 3, 4), 2, 3, TimeUnit.SECONDS.toNanos(1));
        assertTrue(result.complete());
        assertEquals(3, result.histogram().getTotalCount());
        assertTrue(result.histogram().getMinValue() >= latency * 0.999, "min " + result.histogram().getMinValue());
    }

    @Test
    void theConsumerRefusesAMessageOutOfOrder() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LatencyConsumer.run(scripted(0, 0, 2), 0, 3, TimeUnit.SECONDS.toNanos(1)));
        assertTrue(e.getMessage().startsWith("expected message 1, read sequence 2"), e.getMessage());
    }

    @Test
    void theConsumerGivesUpAfterAStallAndSaysHowManyArrived() {
        LatencyResult result = LatencyConsumer.run(scripted(0, 0, 1), 0, 5, TimeUnit.MILLISECONDS.toNanos(50));
        assertFalse(result.complete());
        assertEquals(2, result.received());
        assertEquals(5, result.expected());
    }

    @Test
    void aLatencyLineCarriesTheWholeHistogram() {
        Histogram histogram = LatencyConsumer.newHistogram();
        for (long value = 100; value < 1_000_000; value += 997) {
            histogram.recordValue(value);
        }
        LatencyResult parsed = WorkerProtocol.parseLatency(WorkerProtocol.latencyLine(new LatencyResult(histogram, 9, 10, 1234.5, 0.5, 16)));
        assertEquals(histogram, parsed.histogram());
        assertEquals(9, parsed.received());
        assertEquals(10, parsed.expected());
        assertEquals(1234.5, parsed.messagesPerSecond());
        assertEquals(0.5, parsed.consumerBytes());
        assertEquals(16, parsed.producerBytes());
        assertThrows(IllegalArgumentException.class, () -> WorkerProtocol.parseLatency("latency 1 2 3 !!"));
    }

    @Test
    void theProducerStampsEachMessageWithItsScheduledSlotNotTheTimeItWrote() {
        long[] stamps = new long[4];
        long start = System.nanoTime();
        PacedProducer.run((sequence, intended) -> stamps[(int) sequence] = intended, 1, 3, 1000, start);
        for (int i = 0; i < stamps.length; i++) {
            assertEquals(start + i * TimeUnit.MILLISECONDS.toNanos(1), stamps[i]);
        }
    }

    @Test
    void theHarnessLoopsAllocateNothingPerMessageSoWhatTheReportShowsIsThePeers() {
        long[] next = {0};
        JournalPeer.Tailer endless = into -> {
            long sequence = next[0]++;
            into.set(sequence, System.nanoTime(), JournalMessage.checkWord(sequence));
            return true;
        };
        LatencyResult consumed = LatencyConsumer.run(endless, 200_000, 200_000, TimeUnit.SECONDS.toNanos(1));
        assertTrue(consumed.complete());
        assertEquals(0.0, consumed.consumerBytes(), "bytes per message in the consumer's loop");
        double produced = PacedProducer.run((sequence, intended) -> { }, 200_000, 200_000, 1_000_000_000L, System.nanoTime());
        assertEquals(0.0, produced, "bytes per message in the producer's loop");
    }

    @Test
    void aRunThatLostMessagesSaysHowManyArrivedInBoldAndIsNotComplete() {
        Histogram histogram = LatencyConsumer.newHistogram();
        histogram.recordValue(1000);
        LatencyResult whole = new LatencyResult(histogram, 10, 10, 100, 0, 0);
        LatencyResult short1 = new LatencyResult(histogram, 7, 10, 100, 0, 0);
        PeerResult result = new PeerResult("Peer 1.0", whole, short1, new ThroughputResult(5, 5, 1e6));
        assertFalse(result.complete());
        String md = JournalReport.markdown(new JournalSettings(1000, 1, 1, 5), java.util.List.of("command: `x`"),
                java.util.List.of(result));
        assertTrue(md.contains("| Peer 1.0 | threads | 1.00 |"), md);
        assertTrue(md.contains("| all 10 |"), md);
        assertTrue(md.contains("| **7 of 10** |"), md);
        assertTrue(md.contains("| Peer 1.0 | 1,000,000 | 244 | all 5 |"), md);
    }

    @Test
    void aTornMessageIsNotWhole() {
        ReadMessage message = new ReadMessage();
        message.set(7, 0, JournalMessage.checkWord(7));
        assertTrue(message.isWhole(7));
        message.set(7, 0, 0);
        assertFalse(message.isWhole(7));
    }

    @Test
    void settingsWithNothingToMeasureAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new JournalSettings(1000, 1, 0.0001, 10));
        assertThrows(IllegalArgumentException.class, () -> new JournalSettings(0, 1, 1, 10));
        assertEquals(3000, new JournalSettings(1000, 1, 3, 10).measuredMessages());
    }
}
