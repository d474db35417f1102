package io.zwire.bench.journal;

import io.zwire.test.AllocationMeter;
import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;

/**
 * Tails a journal and records, for each measured message, now minus the time it was due to be
 * sent ({@link PacedProducer}). Checks that every message arrives once, in order and whole (its
 * sequence and check word). {@link System#nanoTime} is one clock for every process on a Linux
 * machine ({@code CLOCK_MONOTONIC}), so the figure holds between processes too.
 */
public final class LatencyConsumer {
    /** The longest latency the histogram holds: an hour, far beyond any run. */
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double NANOS_PER_SECOND = 1e9;

    private LatencyConsumer() {
    }

    /** {@return an empty histogram of the harness's range and precision} Allocates. */
    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    /**
     * Reads {@code warmup + measured} messages, recording the latencies of the last {@code measured}.
     * Spins while nothing is new (one core busy) and gives up after {@code stallNanos} without a
     * message; allocates nothing per message (the histogram's range is fixed up front).
     *
     * @param tailer     the journal's tailer, owned by the calling thread, at the first message
     * @param warmup     the messages read before the latencies count
     * @param measured   the messages whose latencies count
     * @param stallNanos how long to wait for a message before giving up
     * @return the latencies, how many messages arrived (fewer than sent after a stall) and what the
     *         calling thread allocated per measured message (the producer's allocation unknown)
     * @throws IllegalStateException if a message arrives out of order or torn
     */
    public static LatencyResult run(JournalPeer.Tailer tailer, long warmup, long measured, long stallNanos) {
        Histogram histogram = newHistogram();
        ReadMessage message = new ReadMessage();
        long total = warmup + measured;
        long next = 0;
        long lastArrival = System.nanoTime();
        long firstMeasuredArrival = 0;
        long allocatedBeforeMeasured = AllocationMeter.allocatedBytes();
        while (next < total) {
            if (!tailer.poll(message)) {
                if (System.nanoTime() - lastArrival > stallNanos) {
                    break;
                }
                Thread.onSpinWait();
                continue;
            }
            long now = System.nanoTime();
            if (!message.isWhole(next)) {
                throw new IllegalStateException("expected message " + next + ", read " + message);
            }
            if (next >= warmup) {
                histogram.recordValue(now - message.intendedNanos());
                if (next == warmup) {
                    firstMeasuredArrival = now;
                    allocatedBeforeMeasured = AllocationMeter.allocatedBytes();
                }
            }
            lastArrival = now;
            next++;
        }
        long allocated = AllocationMeter.allocatedBytes() - allocatedBeforeMeasured;
        long measuredArrived = Math.max(0, next - warmup);
        double rate = measuredArrived > 1 && lastArrival > firstMeasuredArrival
                ? (measuredArrived - 1) * NANOS_PER_SECOND / (lastArrival - firstMeasuredArrival) : 0;
        return new LatencyResult(histogram, next, total, rate, allocated / (double) Math.max(1, measuredArrived), -1);
    }
}
