package io.zwire.binary.resync;

/**
 * Bounds the work of a search for the next document after a refused one, so that it stays
 * proportional to the input whatever the bytes: a few times the bytes left to search, plus a
 * fixed amount, spent on the bytes each try crosses and on a fixed cost per try (a refused try
 * costs an exception). One per reader, reused; allocates nothing.
 */
public final class SearchBudget {
    private static final long PER_BYTE = 8;
    private static final long MINIMUM = 4096;
    private static final long PER_TRY = 64;

    private long left;

    /** Starts a search over the bytes from {@code from} to {@code limit}. */
    public void start(int from, int limit) {
        left = PER_BYTE * (limit - (long) from) + MINIMUM;
    }

    /** Charges a try that crossed {@code crossed} bytes. */
    public void charge(long crossed) {
        left -= crossed + PER_TRY;
    }

    /** Whether the search must stop. */
    public boolean spent() {
        return left <= 0;
    }
}
