package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.InputCursor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import static io.zwire.binary.proto.ProtoLayout.EGROUP;
import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.SGROUP;
import static io.zwire.binary.proto.ProtoLayout.VARINT;

/**
 * A cursor over protobuf-encoded input: tags, varints, fixed-width values and lengths, each
 * checked against {@link #limit} (the end of the document) before it is read, and iterative
 * skipping of whole fields, deprecated groups included. Shared by the typed reader, the
 * plain-value reader and the dump. Allocates nothing except the exceptions it throws.
 *
 * <p>On a heap {@link Bytes} the loops index the backing array directly (fetched again by
 * {@link #reset}, since an elastic buffer replaces its array when it grows); over a direct or
 * mapped buffer they go through the bounds-checked {@link Bytes} accessors.
 */
final class ProtoInput extends InputCursor {
    static final VarHandle INT_ARRAY = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    final ReadLimits limits;
    final String wire;
    /** The heap array behind {@link #bytes}, or null when it is buffer-backed; for the readers' fast paths. */
    byte[] array;
    /** Field numbers of the groups open while skipping; sized by {@link ReadLimits#maxDepth}. */
    private final int[] groups;

    // Results of the last scan(): see there.
    boolean scanClean;
    boolean scanRuns;
    private final int[] largeNumbers = new int[16];

    ProtoInput(Bytes bytes, ReadLimits limits, String wire) {
        super(bytes);
        this.limits = limits;
        this.wire = wire;
        this.groups = new int[limits.maxDepth()];
    }

    void reset(int from, int to) {
        array = BytesAccess.array(bytes);
        position = from;
        limit = to;
    }

    @Override
    public WireException error(int offset, String expected) {
        return new WireException(wire, offset, expected);
    }

    /** The byte at {@code p}, which the caller has checked is below {@link #limit}. */
    int byteAt(int p) {
        byte[] a = array;
        return a != null ? a[p] : bytes.readInt8At(p);
    }

    // ------------------------------------------------------------------ varints and tags

    /**
     * An unsigned varint of at most 10 bytes that fits 64 bits. One and two bytes (values below
     * 16384) are decoded inline; longer ones in a loop kept out of this method, so the code the
     * JIT inlines into every field read stays small.
     */
    long varint() {
        int p = position;
        if (p < limit) {
            int b0 = byteAt(p);
            if (b0 >= 0) {
                position = p + 1;
                return b0;
            }
            if (p + 1 < limit) {
                int b1 = byteAt(p + 1);
                if (b1 >= 0) {
                    position = p + 2;
                    return b0 & 0x7F | b1 << 7;
                }
            }
        }
        return varintSlow();
    }

    private long varintSlow() {
        final int start = position;
        final int end = Math.min(limit, start + 10);
        long value = 0;
        int shift = 0;
        for (int p = start; p < end; p++, shift += 7) {
            int b = byteAt(p);
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 63 && b > 1) {
                    throw malformed(varintTooWide(start));
                }
                position = p + 1;
                return value;
            }
        }
        throw malformed(varintUnterminated(start));
    }

    private WireException varintTooWide(int start) {
        return error(start, "a varint within 64 bits: its tenth byte may only be 0 or 1");
    }

    private WireException varintUnterminated(int start) {
        return limit - start < 10 ? error(start, "the rest of a varint, but the input ends at offset " + limit)
                : error(start, "a varint of at most 10 bytes");
    }

    /** Moves past a varint, checked as {@link #varint()} checks it, without assembling its value. */
    void skipVarint() {
        final int start = position;
        final int end = Math.min(limit, start + 10);
        for (int p = start; p < end; p++) {
            int b = byteAt(p);
            if (b >= 0) {
                if (p - start == 9 && b > 1) {
                    throw malformed(varintTooWide(start));
                }
                position = p + 1;
                return;
            }
        }
        throw malformed(varintUnterminated(start));
    }

    /**
     * A tag: a varint of at most 5 bytes below 2<sup>32</sup>, with a field number of at least 1
     * and a wire type 0 to 5. Returned as the unsigned 32 bits: number {@code tag >>> 3}, wire
     * type {@code tag & 7}.
     */
    int tag() {
        int p = position;
        if (p < limit) {
            int b = byteAt(p);
            if (b >= 8 && (b & 7) < 6) {
                position = p + 1;
                return b;
            }
        }
        return tagSlow();
    }

    private int tagSlow() {
        int start = position;
        long value = varint();
        if (position - start > 5 || value >>> 32 != 0) {
            throw malformed(start, "a tag within 32 bits (field number at most 2^29 - 1), found " + Long.toUnsignedString(value));
        }
        int tag = (int) value;
        if (tag >>> 3 == 0) {
            throw malformed(start, "a field number of at least 1, found 0");
        }
        if ((tag & 7) > 5) {
            throw malformed(start, "a wire type 0 to 5, found " + (tag & 7) + " for field " + (tag >>> 3));
        }
        return tag;
    }

    /** The tag at {@code p} without moving (decoded and checked as {@link #tag()} does). */
    int peekTag(int p) {
        int saved = position;
        position = p;
        try {
            return tag();
        } finally {
            position = saved;
        }
    }

    /**
     * A length prefix: a varint no greater than the bytes left before {@link #limit}, so nothing
     * is allocated or skipped from a length the input cannot back.
     */
    int length() {
        int padded = paddedLength();
        if (padded >= 0) {
            return padded;
        }
        int start = position;
        long length = varint();
        if (length < 0 || length > limit - position) {
            throw malformed(start, "a length within the " + (limit - position) + " bytes that remain, found "
                    + (length < 0 ? "a negative one, " + length : Long.toString(length)));
        }
        return (int) length;
    }

    /**
     * zwire's documents and messages carry their lengths as 5-byte padded varints: when one that
     * fits the remaining bytes is next on a heap buffer, moves past it and returns it, else
     * returns -1 and moves nothing.
     */
    int paddedLength() {
        int p = position;
        byte[] a = array;
        if (a != null && limit - p >= 5 && a[p] < 0 && a[p + 1] < 0 && a[p + 2] < 0 && a[p + 3] < 0
                && a[p + 4] >= 0 && a[p + 4] < 8) {
            int length = a[p] & 0x7F | (a[p + 1] & 0x7F) << 7 | (a[p + 2] & 0x7F) << 14 | (a[p + 3] & 0x7F) << 21
                    | a[p + 4] << 28;
            if (length <= limit - p - 5) {
                position = p + 5;
                return length;
            }
        }
        return -1;
    }

    /** As {@link #length()}, and within {@link ReadLimits#maxTextBytes}: for text and byte strings. */
    int stringLength() {
        int start = position;
        int length = length();
        if (length > limits.maxTextBytes()) {
            throw malformed(start, "a string length within ReadLimits.maxTextBytes " + limits.maxTextBytes()
                    + ", found " + length);
        }
        return length;
    }

    // ------------------------------------------------------------------ fixed-width values

    int fixed32() {
        int p = position;
        if (limit - p < 4) {
            throw malformed(position, "a 4-byte fixed32, but the input ends at offset " + limit);
        }
        position = p + 4;
        byte[] a = array;
        return a != null ? (int) INT_ARRAY.get(a, p) : bytes.readInt32At(p);
    }

    long fixed64() {
        int p = position;
        if (limit - p < 8) {
            throw malformed(position, "an 8-byte fixed64, but the input ends at offset " + limit);
        }
        position = p + 8;
        byte[] a = array;
        return a != null ? (long) LONG_ARRAY.get(a, p) : bytes.readInt64At(p);
    }

    // ------------------------------------------------------------------ skipping and scanning

    /**
     * Skips the value of a field whose tag has just been read. A group is skipped to its matching
     * end tag with an explicit stack of at most {@link ReadLimits#maxDepth} open groups.
     */
    void skipValue(int tag) {
        switch (tag & 7) {
            case VARINT -> skipVarint();
            case I64 -> skipFixed(8);
            case LEN -> {
                int length = length();
                position += length;
            }
            case I32 -> skipFixed(4);
            case SGROUP -> skipGroup(tag >>> 3);
            default -> throw malformed(endGroupOutside(position, tag >>> 3));
        }
    }

    WireException endGroupOutside(int offset, int number) {
        return error(offset, "a field, found an end-group tag for field " + number + " outside any group");
    }

    private void skipFixed(int size) {
        if (limit - position < size) {
            throw malformed(position, "a " + size + "-byte fixed value, but the input ends at offset " + limit);
        }
        position += size;
    }

    /**
     * The group number of a group whose start tag's number is not at hand (a value method knows
     * only the wire type it found, and passes it to {@link #skipValue} as a tag): no tag carries
     * it, and such a group ends at the first end-group tag at its depth, which in a message
     * {@link #scan} found well formed is its own.
     */
    static final int UNKNOWN_GROUP = 0;

    /** Skips a group of field {@code number}, or {@link #UNKNOWN_GROUP}, to its end-group tag. */
    private void skipGroup(int number) {
        int depth = 0;
        groups[depth++] = number;
        while (depth > 0) {
            if (position >= limit) {
                throw malformed(position, "the end-group tag of field " + groups[depth - 1] + ", but the input ends");
            }
            int tagStart = position;
            int tag = tag();
            switch (tag & 7) {
                case SGROUP -> {
                    if (depth == limits.maxDepth()) {
                        throw malformed(tagStart, "groups nested no deeper than ReadLimits.maxDepth " + limits.maxDepth());
                    }
                    groups[depth++] = tag >>> 3;
                }
                case EGROUP -> {
                    int open = groups[depth - 1];
                    if (open != UNKNOWN_GROUP && tag >>> 3 != open) {
                        throw malformed(tagStart, "the end-group tag of field " + open + ", found one for field "
                                + (tag >>> 3));
                    }
                    depth--;
                }
                default -> skipValue(tag);
            }
        }
    }

    /**
     * Checks that {@code [from, to)} is a well-formed sequence of fields (tags, values within
     * the range, groups closed), leaving the position at {@code from}, and reports in
     * {@link #scanClean} whether every field number occurs in one run of consecutive fields
     * only, and in {@link #scanRuns} whether any run is longer than one field. A clean message
     * can be read in order from the position: nothing later can override or extend a field
     * already read. Numbers up to 127 are tracked in two bit masks, 16 larger ones in a table;
     * a message with more distinct large numbers is reported unclean, which only costs speed.
     */
    void scan(int from, int to) {
        byte[] a = array;
        if (a == null || !scanAscending(a, from, to) && !scanFast(a, from, to)) {
            scanGeneral(from, to);
        }
    }

    /**
     * The bytes from {@code p} to the end of the array as a little-endian word, zero past the end.
     * A zero byte ends any varint or length, so whatever depends on those bytes lands beyond the
     * array, hence beyond the message, and the scan refuses it.
     */
    private static long tailWord(byte[] a, int p) {
        long w = 0;
        for (int i = a.length - 1; i >= p; i--) {
            w = w << 8 | a[i] & 0xFF;
        }
        return w;
    }

    /** Continuation bits of bytes 1 to 7 of a little-endian word: where a varint after a one-byte tag may stop. */
    private static final long VARINT_STOPS = 0x8080_8080_8080_8000L;
    /** Continuation bits of bytes 1 to 5: a length of up to five bytes (zwire pads nested lengths to five). */
    private static final long LENGTH_STOPS = 0x0000_8080_8080_8000L;

    /*
     * Why a second fast scan: the scan is a pass over every field before any is read, and for a
     * message of small varints a byte-at-a-time scan costs about as much as reading the fields.
     * What encoders write, in the overwhelmingly common case, has field numbers in ascending order,
     * which alone proves each number occurs in one run, so no bit masks are needed; and each field
     * is taken from one little-endian word: the tag in byte 0, a varint's end found with one
     * trailing-zero count over the continuation bits instead of a branch per byte.
     */

    /**
     * {@link #scan} for messages whose field numbers never decrease (runs allowed), with tags of
     * one or two bytes and varint, fixed or length-delimited values, over a heap array with a word
     * to read at every tag. Returns false, having changed nothing, at anything else: the
     * bit-mask scan and then the general one start over.
     */
    private boolean scanAscending(byte[] a, int from, int to) {
        final int lastWord = a.length - Long.BYTES;
        int last = 0;
        boolean runs = false;
        int p = from;
        while (p < to) {
            long w = p <= lastWord ? (long) LONG_ARRAY.get(a, p) : tailWord(a, p);
            int tag = (int) w & 0xFF;
            int tagBytes = 1;
            if (tag >= 0x80) {
                int second = (int) (w >>> 8) & 0xFF;
                if (second >= 0x80) {
                    return false;
                }
                tag = tag & 0x7F | second << 7;
                tagBytes = 2;
                // Byte 7 now holds nothing: marked as a continuation so that no varint ends there.
                w = w >>> 8 | 0x80L << 56;
            }
            int number = tag >>> 3;
            if (number <= last) {
                if (number != last || number == 0) {
                    return false;
                }
                runs = true;
            }
            last = number;
            switch (tag & 7) {
                case VARINT -> {
                    long stops = ~w & VARINT_STOPS;
                    if (stops == 0) {
                        return false;
                    }
                    p += tagBytes + (Long.numberOfTrailingZeros(stops) >>> 3);
                }
                case LEN -> {
                    long stops = ~w & LENGTH_STOPS;
                    if (stops == 0) {
                        return false;
                    }
                    int lengthBytes = Long.numberOfTrailingZeros(stops) >>> 3;
                    long v = w >>> 8;
                    long length = v & 0x7F | v >>> 1 & 0x3F80 | v >>> 2 & 0x1F_C000 | v >>> 3 & 0xFE0_0000
                            | v >>> 4 & 0x7_F000_0000L;
                    length &= (1L << 7 * lengthBytes) - 1;
                    p += tagBytes + lengthBytes;
                    if (length > to - p) {
                        return false;
                    }
                    p += (int) length;
                }
                case I64 -> p += tagBytes + 8;
                case I32 -> p += tagBytes + 4;
                default -> {
                    return false;
                }
            }
        }
        return scanned(from, p == to, true, runs);
    }

    /** The end of a fast scan: reports its result if it ended exactly at the message's end, else refuses. */
    private boolean scanned(int from, boolean atEnd, boolean clean, boolean runs) {
        if (!atEnd) {
            return false;
        }
        position = from;
        scanClean = clean;
        scanRuns = runs;
        return true;
    }

    /**
     * {@link #scan} over a heap array for what encoders write: tags of one or two bytes for
     * numbers below 128, varint, fixed and length-delimited values. Returns false, having changed
     * nothing, at anything else (groups, larger numbers, anything malformed), and the general scan
     * starts over and names the problem.
     */
    private boolean scanFast(byte[] a, int from, int to) {
        long seen = 0;
        long seenHigh = 0;
        int last = 0;
        boolean clean = true;
        boolean runs = false;
        int p = from;
        while (p < to) {
            int tag = a[p++];
            if (tag < 8) {
                if (tag >= 0 || p >= to || a[p] < 0) {
                    return false;
                }
                tag = tag & 0x7F | a[p++] << 7;
                if (tag < 8 || tag >= 128 << 3) {
                    return false;
                }
            }
            int number = tag >>> 3;
            long bit = 1L << number;
            long mask = number < 64 ? seen : seenHigh;
            if ((mask & bit) != 0) {
                if (number == last) {
                    runs = true;
                } else {
                    clean = false;
                }
            } else if (number < 64) {
                seen |= bit;
            } else {
                seenHigh |= bit;
            }
            last = number;
            int wireType = tag & 7;
            if (wireType == VARINT) {
                if (p < to && a[p] >= 0) {
                    p++;
                } else if (p + 1 < to && a[p + 1] >= 0) {
                    p += 2;
                } else {
                    int end = Math.min(to, p + 10);
                    int q = p;
                    while (q < end && a[q] < 0) {
                        q++;
                    }
                    if (q == end || q - p == 9 && a[q] > 1) {
                        return false;
                    }
                    p = q + 1;
                }
            } else if (wireType == LEN) {
                long length = 0;
                int shift = 0;
                int b;
                do {
                    if (p >= to || shift > 28) {
                        return false;
                    }
                    b = a[p++];
                    length |= (long) (b & 0x7F) << shift;
                    shift += 7;
                } while (b < 0);
                if (length > to - p) {
                    return false;
                }
                p += (int) length;
            } else if (wireType == I64) {
                p += 8;
            } else if (wireType == I32) {
                p += 4;
            } else {
                return false;
            }
        }
        return scanned(from, p == to, clean, runs);
    }

    private void scanGeneral(int from, int to) {
        int savedLimit = limit;
        limit = to;
        position = from;
        long low = 0;
        long high = 0;
        int large = 0;
        int last = 0;
        boolean clean = true;
        boolean runs = false;
        while (position < to) {
            int tagStart = position;
            int tag = tag();
            int number = tag >>> 3;
            if ((tag & 7) == EGROUP) {
                throw malformed(endGroupOutside(tagStart, number));
            }
            if (number == last) {
                runs = true;
            } else {
                last = number;
                if (number < 64) {
                    long bit = 1L << number;
                    clean &= (low & bit) == 0;
                    low |= bit;
                } else if (number < 128) {
                    long bit = 1L << number;
                    clean &= (high & bit) == 0;
                    high |= bit;
                } else if (clean) {
                    for (int i = 0; i < large; i++) {
                        clean &= largeNumbers[i] != number;
                    }
                    if (large == largeNumbers.length) {
                        clean = false;
                    } else {
                        largeNumbers[large++] = number;
                    }
                }
            }
            skipValue(tag);
        }
        limit = savedLimit;
        position = from;
        scanClean = clean;
        scanRuns = runs;
    }
}
