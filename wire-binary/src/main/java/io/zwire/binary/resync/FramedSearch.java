package io.zwire.binary.resync;

/**
 * The search for the next document after a reader refused one, in a stream of documents each
 * framed by its length (RAW, NUMBERED). A frame carries no sync marker and a corrupted length
 * points anywhere, so a boundary is believed only where two documents agree: the end the failed
 * document's length gives ({@code framedEnd}, or -1 when the length itself was refused) when the
 * end of the input or a plausible document follows it; failing that, the first later offset where
 * a plausible, non-empty document starts and is followed the same way. What makes a document
 * plausible is the wire's ({@link #documentEnd}). Bytes of a damaged document can still pass for a
 * document; its read then usually fails the checks of the document's end.
 *
 * <p>A wire whose check of one candidate costs more than constant work (scanning a body) asks
 * {@link #budget} whether it {@link SearchBudget#affords affords} it, and charges it; a candidate
 * it cannot afford is taken as no document. Every other try is constant work, so a search costs a
 * constant per byte it moves past plus what the budget lets it scan, and the work over a whole
 * stream stays proportional to the stream. With no candidate, reading moves to the end of the
 * buffer. One per reader, reused; allocates nothing but what {@link #documentEnd} does.
 */
public abstract class FramedSearch {
    /** Bounds the scans of the searches; asked and charged by {@link #documentEnd} where a try is not constant work. */
    protected final SearchBudget budget = new SearchBudget();

    /**
     * Where reading goes on after the document at {@code failed} was refused.
     *
     * @param failed    the offset of the refused document's length
     * @param framedEnd the end its length gives, or -1 when the length itself was refused
     * @param limit     the end of the input
     * @return the offset of the next document, or {@code limit}
     */
    public final int nextDocument(int failed, int framedEnd, int limit) {
        budget.start(failed, limit);
        startSearch(failed, limit);
        // The document after the framed end may be empty: only a candidate found by searching may not.
        if (framedEnd > failed && framedEndBelieved(failed, limit)
                && (framedEnd == limit || documentEnd(framedEnd, limit, true) >= 0)) {
            return framedEnd;
        }
        // Every try costs a bounded amount but for a scan the budget may refuse, and each byte the
        // search moves past earns the budget as much as a byte read does: no try is refused for
        // the budget alone, or the search would give up on a good document behind a bad one.
        for (int candidate = failed + 1; candidate < limit; candidate++) {
            budget.earn(1);
            int end = documentEnd(candidate, limit, false);
            if (end > 0 && (end == limit || documentEnd(end, limit, false) > 0)) {
                return candidate;
            }
        }
        return limit;
    }

    /**
     * Called as a search starts, before any candidate is tried. Does nothing unless overridden.
     *
     * @param failed the offset of the refused document's length
     * @param limit  the end of the input
     */
    protected void startSearch(int failed, int limit) {
    }

    /**
     * Whether the failed document's length may be believed at all (a wire may know its lengths
     * take a shape that this one lacks). True unless overridden.
     *
     * @param failed the offset of the refused document's length
     * @param limit  the end of the input
     * @return whether its framed end is a candidate
     */
    protected boolean framedEndBelieved(int failed, int limit) {
        return true;
    }

    /**
     * The end of the plausible document whose length is at {@code start}, or -1.
     *
     * @param start        where its length would be
     * @param limit        the end of the input
     * @param emptyAllowed whether a document of no bytes is plausible there
     * @return the offset just past it, or -1
     */
    protected abstract int documentEnd(int start, int limit, boolean emptyAllowed);
}
