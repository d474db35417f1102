package io.zwire.bench.journal;

/**
 * How long and how fast the journal harness runs.
 *
 * @param messagesPerSecond the producer's steady rate in the latency runs
 * @param warmupSeconds     how long the producer sends before the latencies count
 * @param measuredSeconds   how long the latencies count
 * @param throughputMessages how many messages the single appender of the throughput run appends
 */
public record JournalSettings(long messagesPerSecond, double warmupSeconds, double measuredSeconds,
                              long throughputMessages) {
    /** The published Chronicle Queue figure's rate, the default. */
    public static final long DEFAULT_RATE = 100_000;
    /** The default warm-up: long enough for the JIT to compile both loops. */
    public static final double DEFAULT_WARMUP_SECONDS = 1;
    /** The default measured phase: a smoke run's length; quote figures from longer runs. */
    public static final double DEFAULT_MEASURED_SECONDS = 3;
    /** The default throughput run: a million messages, 256 MB of payload in the journal. */
    public static final long DEFAULT_THROUGHPUT_MESSAGES = 1_000_000;

    /**
     * Checks the settings.
     *
     * @throws IllegalArgumentException if the rate is not positive, the warm-up is negative, or
     *                                  a run would have no message to measure
     */
    public JournalSettings {
        if (messagesPerSecond <= 0 || messagesPerSecond > 1_000_000_000L) {
            throw new IllegalArgumentException("the rate must be 1 to 1,000,000,000 messages/s, got " + messagesPerSecond);
        }
        if (!(warmupSeconds >= 0)) {
            throw new IllegalArgumentException("the warm-up cannot be negative");
        }
        if (throughputMessages < 1) {
            throw new IllegalArgumentException("the throughput run needs at least one message");
        }
        if (!(measuredSeconds * messagesPerSecond >= 1)) {
            throw new IllegalArgumentException("the measured phase must hold at least one message");
        }
    }

    /** {@return the messages sent before the latencies count} */
    public long warmupMessages() {
        return (long) (warmupSeconds * messagesPerSecond);
    }

    /** {@return the messages whose latencies count} */
    public long measuredMessages() {
        return (long) (measuredSeconds * messagesPerSecond);
    }
}
