package io.zwire.binary.resync;

/**
 * Bounds the work of the searches for the next document after refused ones, so that it stays
 * proportional to the input whatever the bytes, over a whole stream as well as in one search. A
 * search spends the budget on the bytes each try crosses and on a fixed cost per try (a refused
 * try costs an exception). The first search in an input may spend a few times the bytes left to
 * search, plus a fixed amount; each later search in the same input gets what the ones before left,
 * plus a few times the bytes read since the one before, plus that fixed amount. So a stream that
 * makes many searches, each of whose candidates claims a body reaching to its end, cannot make
 * each search pay for the rest of the input again (that was the square of the input's size). A try
 * whose cost is known before it is made, and more than is left, is not made
 * ({@link #affords(long)}). One per reader, reused; allocates nothing.
 */
public final class SearchBudget {
    private static final long PER_BYTE = 8;
    private static final long MINIMUM = 4096;
    private static final long PER_TRY = 64;

    private long left;
    /** Where the search before started, or -1 when none did in this input. */
    private int lastFrom = -1;
    private int lastLimit;

    /**
     * Starts a search over the bytes from {@code from} to {@code limit}. A search that starts at or
     * before the one before, or in a shorter input, is taken to be in a new input.
     *
     * @param from  where the refused document began
     * @param limit the end of the input
     */
    public void start(int from, int limit) {
        long wholeInput = PER_BYTE * (limit - (long) from) + MINIMUM;
        if (from <= lastFrom || limit < lastLimit) {
            left = wholeInput;
        } else if (lastFrom < 0) {
            left = wholeInput;
        } else {
            left = Math.min(wholeInput, Math.max(left, 0) + PER_BYTE * (from - (long) lastFrom) + MINIMUM);
        }
        lastFrom = from;
        lastLimit = limit;
    }

    /**
     * Adds what {@code bytes} bytes a search moved past earn, as bytes read do: a search that goes on
     * once its budget is spent may scan again in proportion to the ground it covers.
     *
     * @param bytes the bytes moved past
     */
    public void earn(long bytes) {
        left += PER_BYTE * bytes;
    }

    /**
     * Charges a try that crossed {@code crossed} bytes.
     *
     * @param crossed the bytes the try read
     */
    public void charge(long crossed) {
        left -= crossed + PER_TRY;
    }

    /**
     * Whether a try that will cross {@code bytes} bytes is within what is left; one of more than
     * the fixed amount must leave that amount.
     *
     * @param bytes the bytes the try would read
     * @return whether to make it
     */
    public boolean affords(long bytes) {
        // A large try must leave the fixed amount for the small ones after it: a good document
        // just behind a bad candidate that took the budget would be passed over for want of it.
        return bytes + PER_TRY + (bytes > MINIMUM ? MINIMUM : 0) <= left;
    }

    /**
     * Whether the search must stop.
     *
     * @return true once the budget is spent
     */
    public boolean spent() {
        return left <= 0;
    }
}
