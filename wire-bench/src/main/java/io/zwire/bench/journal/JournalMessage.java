package io.zwire.bench.journal;

/**
 * The harness's message: 256 bytes, the size Chronicle Queue's published latency figures use.
 *
 * <pre>
 *  0        8               16                                        248          256
 *  +--------+---------------+-----------------------------------------+------------+
 *  |sequence| intended nanos| filler (a fixed pattern)                 | check word |
 *  +--------+---------------+-----------------------------------------+------------+
 * </pre>
 *
 * The intended send time is the {@link System#nanoTime} of the message's scheduled slot, not of
 * the moment it was written, so a stalled producer shows up as latency instead of hiding it
 * (coordinated omission). The check word, {@link #checkWord} of the sequence, is the message's
 * last word: a tailer that reads it intact has read the whole message. Every field is a long in
 * the peer's own byte order: the peers write and read them with their own calls.
 */
public final class JournalMessage {
    /** The whole message, in bytes. */
    public static final int LENGTH = 256;
    /** Where the sequence number is. */
    public static final int SEQUENCE_OFFSET = 0;
    /** Where the intended send time is. */
    public static final int INTENDED_NANOS_OFFSET = SEQUENCE_OFFSET + Long.BYTES;
    /** Where the filler begins. */
    public static final int FILLER_OFFSET = INTENDED_NANOS_OFFSET + Long.BYTES;
    /** Where the check word is: the last eight bytes. */
    public static final int CHECK_WORD_OFFSET = LENGTH - Long.BYTES;
    /** The filler's length. */
    public static final int FILLER_LENGTH = CHECK_WORD_OFFSET - FILLER_OFFSET;

    private JournalMessage() {
    }

    /** {@return the check word of the message with {@code sequence}} Allocates nothing. */
    public static long checkWord(long sequence) {
        return ~sequence;
    }

    /** {@return a new filler: {@link #FILLER_LENGTH} bytes of a fixed, non-zero pattern} Allocates. */
    public static byte[] filler() {
        byte[] filler = new byte[FILLER_LENGTH];
        for (int i = 0; i < filler.length; i++) {
            filler[i] = (byte) ('a' + i % 26);
        }
        return filler;
    }
}
