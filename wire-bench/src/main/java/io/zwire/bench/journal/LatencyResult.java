package io.zwire.bench.journal;

import org.HdrHistogram.Histogram;

/**
 * What a consumer measured.
 *
 * @param histogram         now minus the intended send time of each measured message, in nanoseconds
 * @param received          the messages read, warm-up included, each in order and whole
 * @param expected          the messages the producer was to send, warm-up included
 * @param messagesPerSecond the measured messages over the time between the first and the last of
 *                          them arriving
 */
public record LatencyResult(Histogram histogram, long received, long expected, double messagesPerSecond) {
    /** {@return whether every message the producer was to send arrived} */
    public boolean complete() {
        return received == expected;
    }
}
