package io.zwire.bench.journal;

/**
 * What the single-appender throughput run measured.
 *
 * @param appended          the messages appended
 * @param readBack          the messages a tailer then read back, each in order and whole
 * @param messagesPerSecond the messages appended per second of appending
 */
public record ThroughputResult(long appended, long readBack, double messagesPerSecond) {
    /** {@return whether every appended message was read back} */
    public boolean complete() {
        return appended == readBack;
    }

    /** {@return the payload rate of {@link #messagesPerSecond}, in MiB per second} */
    public double mebibytesPerSecond() {
        return messagesPerSecond * JournalMessage.LENGTH / (1024.0 * 1024.0);
    }
}
