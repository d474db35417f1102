package io.zwire.bench.journal;

/**
 * The fields of the {@link JournalMessage} a {@link JournalPeer.Tailer} read last, reused for every
 * message so reading allocates nothing.
 */
public final class ReadMessage {
    private long sequence;
    private long intendedNanos;
    private long checkWord;

    /**
     * Sets the fields, as a tailer does for each message it reads. Allocates nothing.
     *
     * @param sequence      the message's sequence number
     * @param intendedNanos its intended send time
     * @param checkWord     its last word
     */
    public void set(long sequence, long intendedNanos, long checkWord) {
        this.sequence = sequence;
        this.intendedNanos = intendedNanos;
        this.checkWord = checkWord;
    }

    /** {@return the message's sequence number} */
    public long sequence() {
        return sequence;
    }

    /** {@return the message's intended send time, a {@link System#nanoTime}} */
    public long intendedNanos() {
        return intendedNanos;
    }

    /**
     * {@return whether this is message {@code expected}, whole: its sequence and its check word match}
     * Allocates nothing.
     */
    public boolean isWhole(long expected) {
        return sequence == expected && checkWord == JournalMessage.checkWord(expected);
    }

    /** {@return what was read, for an error message} Allocates. */
    @Override
    public String toString() {
        return "sequence " + sequence + " with check word " + checkWord;
    }
}
