package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.binary.resync.FramedSearch;

/**
 * The search for the next document after {@link ProtoWireReader} refused one, on an input of its
 * own, so the reader's state is left alone. Allocates only the exceptions of refused candidates.
 */
final class ProtoResync extends FramedSearch {
    private final Bytes bytes;
    private final ProtoInput in;
    /**
     * Whether a document framed on this reader had its length in zwire's 5-byte padded form:
     * recovery then looks only for lengths in that form, which random bytes rarely imitate.
     */
    private boolean paddedLengths;
    /** Whether the current recovery takes only padded lengths as candidates. */
    private boolean searchPadded;

    ProtoResync(Bytes bytes, ProtoInput in) {
        this.bytes = bytes;
        this.in = in;
    }

    /** A document was framed with its length in the padded form. */
    void paddedLengthSeen() {
        paddedLengths = true;
    }

    /**
     * The framed search, with protobuf's plausible document: a length that fits, then a body of
     * well-formed fields. After a document whose length was in zwire's padded form, or when the
     * failed one has that shape, only lengths in that form are candidates.
     */
    @Override
    protected void startSearch(int failed, int limit) {
        searchPadded = paddedLengths || paddedShape(failed, limit, 3);
    }

    /** In a stream of padded lengths, a failed length not in that form was damaged: its end is no boundary. */
    @Override
    protected boolean framedEndBelieved(int failed, int limit) {
        return !searchPadded || paddedShape(failed, limit, 4);
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

    /**
     * The end of the document at {@code start} if its length fits the input and its body is
     * well-formed fields (non-empty unless {@code emptyAllowed}), else -1. Reading the length is
     * constant work; the body's scan is charged to the budget, and a body the budget cannot afford
     * is not scanned.
     */
    @Override
    protected int documentEnd(int start, int limit, boolean emptyAllowed) {
        in.reset(start, limit);
        try {
            long length = searchPadded ? in.paddedLength() : in.varint();
            if (length < 0 || (length == 0 && !emptyAllowed) || length > limit - in.position) {
                return -1;
            }
            int body = in.position;
            int end = body + (int) length;
            if (!budget.affords(end - start)) {
                // A body longer than the budget left would be scanned again by every later search
                // that meets it: it is taken as no document.
                return -1;
            }
            budget.charge(end - start);
            in.scan(body, end);
            return end;
        } catch (WireException notADocument) {
            return -1;
        }
    }
}
