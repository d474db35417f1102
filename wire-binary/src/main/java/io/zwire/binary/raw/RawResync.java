package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.binary.resync.FramedSearch;

/**
 * The search for the next document after {@link RawWireReader} refused one. RAW carries nothing but
 * lengths, so a plausible document is a length that fits the input: constant work per candidate,
 * never charged to the budget, so the search crosses the whole input if it must. Allocates nothing.
 */
final class RawResync extends FramedSearch {
    private final Bytes bytes;

    RawResync(Bytes bytes) {
        this.bytes = bytes;
    }

    /** The end of the document whose 4-byte length at {@code start} fits the input and is non-zero unless {@code emptyAllowed}; else -1. */
    @Override
    protected int documentEnd(int start, int limit, boolean emptyAllowed) {
        if (limit - start < (emptyAllowed ? 4 : 5)) {
            return -1;
        }
        int length = bytes.readInt32At(start);
        return (length > 0 || (length == 0 && emptyAllowed)) && length <= limit - start - 4 ? start + 4 + length : -1;
    }
}
