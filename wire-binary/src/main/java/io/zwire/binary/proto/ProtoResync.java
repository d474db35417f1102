package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.binary.resync.SearchBudget;

/**
 * The search for the next document after {@link ProtoWireReader} refused one, on an input of its
 * own, so the reader's state is left alone. Allocates only the exceptions of refused candidates.
 */
final class ProtoResync {
    private final Bytes bytes;
    private final ProtoInput in;
    /**
     * Whether a document framed on this reader had its length in zwire's 5-byte padded form:
     * recovery then looks only for lengths in that form, which random bytes rarely imitate.
     */
    private boolean paddedLengths;
    /** Whether the current recovery takes only padded lengths as candidates. */
    private boolean searchPadded;
    /** Bounds the work of {@link #nextDocument}. */
    private final SearchBudget searchBudget = new SearchBudget();

    ProtoResync(Bytes bytes, ProtoInput in) {
        this.bytes = bytes;
        this.in = in;
    }

    /** A document was framed with its length in the padded form. */
    void paddedLengthSeen() {
        paddedLengths = true;
    }

    /**
     * Where reading goes on after the document at {@code failed} was refused. The delimited format
     * has no sync marker and a corrupted length points anywhere, so a boundary is believed only
     * where a document is plausible: a length that fits, a body of well-formed fields, and after
     * it the end of the input or another such document. The end the failed document's length
     * gives ({@code framedEnd}, or -1 when the length itself was refused) is tried first; failing
     * that, every later offset is, and a candidate found by searching must have a non-empty body
     * (a lone zero byte, common inside documents, would pass as an empty one); after a document
     * whose length was in zwire's padded form, or when the failed one has that shape, only
     * lengths in that form are candidates. A candidate made of
     * damaged bytes can still pass: its read then yields whatever they encode. The bytes the
     * search crosses are charged to a budget of a few times the input left, so the work stays
     * proportional to the input; past it, or with no candidate, reading moves to the end of the
     * buffer. Allocates only the exceptions of refused candidates.
     */
    int nextDocument(int failed, int framedEnd, int limit) {
        searchBudget.start(failed, limit);
        searchPadded = paddedLengths || paddedShape(failed, limit, 3);
        // In a stream of padded lengths, a failed length not in that form was damaged: its end is no boundary.
        // The document after the framed end may be empty: only a candidate found by searching may not.
        if (framedEnd > failed && (!searchPadded || paddedShape(failed, limit, 4))
                && (framedEnd == limit || plausibleDocumentEnd(framedEnd, limit, true) >= 0)) {
            return framedEnd;
        }
        for (int candidate = failed + 1; candidate < limit && !searchBudget.spent(); candidate++) {
            int end = plausibleDocumentEnd(candidate, limit, false);
            if (end > 0 && atBoundary(end, limit)) {
                return candidate;
            }
        }
        return limit;
    }

    /**
     * Whether the bytes at {@code start} look like a padded length: at least {@code continued} of
     * its first four bytes with the continuation bit (3 allows for one damaged byte), and a fifth
     * that ends it.
     */
    private boolean paddedShape(int start, int limit, int continued) {
        if (limit - start < 5) {
            return false;
        }
        int found = 0;
        for (int p = start; p < start + 4; p++) {
            found += bytes.readUint8At(p) >>> 7;
        }
        return found >= continued && (continued < 4 || bytes.readUint8At(start + 4) < 0x80);
    }

    private boolean atBoundary(int offset, int limit) {
        return offset == limit || plausibleDocumentEnd(offset, limit, false) > 0;
    }

    /**
     * The end of the document at {@code start} if its length fits the input and its body is
     * well-formed fields (non-empty unless {@code emptyAllowed}), else -1; the bytes crossed, and
     * a fixed cost for each try, are charged to the budget.
     */
    private int plausibleDocumentEnd(int start, int limit, boolean emptyAllowed) {
        in.reset(start, limit);
        long crossed = 0;
        try {
            long length = searchPadded ? in.paddedLength() : in.varint();
            crossed = in.position - start;
            if (length < 0 || (length == 0 && !emptyAllowed) || length > limit - in.position) {
                return -1;
            }
            int body = in.position;
            int end = body + (int) length;
            crossed = end - start;
            in.scan(body, end);
            return end;
        } catch (WireException notADocument) {
            return -1;
        } finally {
            searchBudget.charge(crossed);
        }
    }
}
