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
 * @param consumerBytes     bytes the consumer's thread allocated per measured message (the peer's
 *                          tailer: the harness's loop allocates none)
 * @param producerBytes     bytes the producer's thread allocated per measured message (the peer's
 *                          appender), or -1 if not known yet
 */
public record LatencyResult(Histogram histogram, long received, long expected, double messagesPerSecond,
                            double consumerBytes, double producerBytes) {
    /** {@return this result with the producer's allocation per message, measured in another process} */
    public LatencyResult withProducerBytes(double bytesPerMessage) {
        return new LatencyResult(histogram, received, expected, messagesPerSecond, consumerBytes, bytesPerMessage);
    }

    /** {@return whether every message the producer was to send arrived} */
    public boolean complete() {
        return received == expected;
    }
}
