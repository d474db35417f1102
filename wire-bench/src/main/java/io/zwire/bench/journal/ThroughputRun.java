package io.zwire.bench.journal;

/**
 * One appender appending a given number of messages as fast as it can, then a tailer reading every message back
 * to check that none was lost. Only the appending is timed.
 */
public final class ThroughputRun {
    private static final double NANOS_PER_SECOND = 1e9;

    private ThroughputRun() {
    }

    /**
     * Appends {@code count} messages, then reads them back. Spins one core; the journal grows by
     * {@link JournalMessage#LENGTH} bytes and the peer's framing per message, so a long run needs
     * the room.
     *
     * @param journal the open journal, empty
     * @param count   how many messages to append
     * @return what was appended and read back
     * @throws IllegalStateException if a message reads back out of order or torn
     */
    public static ThroughputResult run(JournalPeer.Journal journal, long count) {
        JournalPeer.Appender appender = journal.appender();
        long start = System.nanoTime();
        for (long i = 0; i < count; i++) {
            appender.append(i, start);
        }
        long elapsed = Math.max(1, System.nanoTime() - start);
        JournalPeer.Tailer tailer = journal.tailer();
        ReadMessage message = new ReadMessage();
        long readBack = 0;
        while (readBack < count && tailer.poll(message)) {
            if (!message.isWhole(readBack)) {
                throw new IllegalStateException("expected message " + readBack + " back, read " + message);
            }
            readBack++;
        }
        return new ThroughputResult(count, readBack, count * NANOS_PER_SECOND / elapsed);
    }
}
