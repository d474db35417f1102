package io.zwire.bench.journal;

import io.zwire.test.AllocationMeter;

/**
 * Appends messages at a steady rate. Message {@code i} is due at {@code start + i / rate}; the
 * producer spins until then and stamps the message with that due time, not with the time it
 * actually wrote it, so a stall in the appender (or in the consumer, if it pushes back) is
 * charged to every message it delayed instead of hiding them (coordinated omission). When the
 * producer falls behind it writes the late messages back to back, each with its own due time.
 */
public final class PacedProducer {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private PacedProducer() {
    }

    /**
     * Appends messages {@code 0} to {@code warmup + measured - 1}, the first due at
     * {@code startNanos}. Spins between messages (one core busy); allocates nothing beyond what the
     * appender does.
     *
     * @param appender          the journal's appender, owned by the calling thread
     * @param warmup            the messages sent before the allocation counts
     * @param measured          the messages whose allocation counts
     * @param messagesPerSecond the rate
     * @param startNanos        the {@link System#nanoTime} at which the first message is due
     * @return the bytes the calling thread allocated per measured message
     */
    public static double run(JournalPeer.Appender appender, long warmup, long measured, long messagesPerSecond,
                             long startNanos) {
        send(appender, 0, warmup, messagesPerSecond, startNanos);
        long before = AllocationMeter.allocatedBytes();
        send(appender, warmup, warmup + measured, messagesPerSecond, startNanos);
        return (AllocationMeter.allocatedBytes() - before) / (double) Math.max(1, measured);
    }

    private static void send(JournalPeer.Appender appender, long from, long to, long messagesPerSecond, long startNanos) {
        for (long i = from; i < to; i++) {
            // Multiplies before dividing, so the schedule does not drift by the rounding of a period;
            // i stays far below 2^63 / 10^9 for any run that ends this century.
            long intended = startNanos + i * NANOS_PER_SECOND / messagesPerSecond;
            while (System.nanoTime() < intended) {
                Thread.onSpinWait();
            }
            appender.append(i, intended);
        }
    }
}
