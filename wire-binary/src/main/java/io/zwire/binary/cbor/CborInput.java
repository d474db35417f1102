package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;

/**
 * A cursor over CBOR input: decodes initial bytes and their arguments, checks every read against
 * the end of the input, and skips whole data items without recursion. Shared by the typed and
 * the plain-value readers. Allocates nothing except the exceptions it throws.
 */
final class CborInput {
    static final int UNSIGNED = 0;
    static final int NEGATIVE = 1;
    static final int BYTE_STRING = 2;
    static final int TEXT_STRING = 3;
    static final int ARRAY = 4;
    static final int MAP = 5;
    static final int TAG = 6;
    static final int SIMPLE = 7;
    static final int INDEFINITE = 31;
    static final int BREAK = 0xFF;

    final Bytes bytes;
    final ReadLimits limits;
    final String wire;
    int position;
    int limit;
    /** The head last decoded by {@link #head()}. */
    int major;
    int info;
    long argument;
    /** Open containers while skipping: items left, or -1 for indefinite; reused. */
    private final long[] skipStack;

    CborInput(Bytes bytes, ReadLimits limits, String wire) {
        this.bytes = bytes;
        this.limits = limits;
        this.wire = wire;
        this.skipStack = new long[limits.maxDepth() + 1];
    }

    void reset(int from, int to) {
        position = from;
        limit = to;
    }

    WireException error(String expected) {
        return new WireException(wire, position, expected);
    }

    WireException error(int offset, String expected) {
        return new WireException(wire, offset, expected);
    }

    boolean atEnd() {
        return position >= limit;
    }

    /** The byte at the position, unsigned; the caller has checked there is one. */
    int peek() {
        return bytes.readUint8At(position);
    }

    /** The byte at the position, or -1 at the end of the input. */
    int peekOrEnd() {
        return position < limit ? bytes.readUint8At(position) : -1;
    }

    /**
     * Decodes the head at the position into {@link #major}, {@link #info} and {@link #argument}
     * and moves past it. For info 31 the argument is meaningless.
     */
    void head() {
        if (position >= limit) {
            throw error("a CBOR data item, but the input ends");
        }
        int initial = bytes.readUint8At(position);
        major = initial >>> 5;
        info = initial & 0x1F;
        if (info < 24) {
            argument = info;
            position++;
            return;
        }
        headSlow();
    }

    private void headSlow() {
        int start = position;
        if (info > 27) {
            if (info == INDEFINITE) {
                position++;
                return;
            }
            throw error("a valid additional info (0..27 or 31), found " + info);
        }
        int size = 1 << (info - 24);
        if (size > limit - start - 1) {
            throw error("a " + size + "-byte argument, but the input ends");
        }
        int p = start + 1;
        switch (size) {
            case 1 -> argument = bytes.readUint8At(p);
            case 2 -> argument = Short.reverseBytes(bytes.readInt16At(p)) & 0xFFFF;
            case 4 -> argument = Integer.reverseBytes(bytes.readInt32At(p)) & 0xFFFF_FFFFL;
            default -> argument = Long.reverseBytes(bytes.readInt64At(p));
        }
        position = p + size;
    }

    /**
     * Checks a definite string length against the input and {@link ReadLimits#maxTextBytes} and
     * returns it; called before anything is allocated or read.
     */
    int stringLength() {
        long length = argument;
        if (length < 0 || length > limits.maxTextBytes() || length > limit - position) {
            throw error("a string length within ReadLimits.maxTextBytes " + limits.maxTextBytes() + " and the "
                    + (limit - position) + " bytes that remain, found " + Long.toUnsignedString(length));
        }
        return (int) length;
    }

    /**
     * Checks a definite container count against the input (every item takes at least one byte,
     * every map entry two) and {@link ReadLimits#maxSequenceLength}.
     */
    int containerCount(boolean map) {
        long count = argument;
        long minimumBytes = map ? count * 2 : count;
        if (count < 0 || count > limits.maxSequenceLength() || minimumBytes > limit - position) {
            throw error("a " + (map ? "map" : "array") + " size within ReadLimits.maxSequenceLength "
                    + limits.maxSequenceLength() + " and the " + (limit - position) + " bytes that remain, found "
                    + Long.toUnsignedString(count));
        }
        return (int) count;
    }

    /** Skips tags (tag numbers are ignored where zwire does not define them) to the tagged item's head. */
    void skipTags() {
        while (position < limit && peek() >>> 5 == TAG) {
            head();
        }
    }

    /**
     * Skips one complete data item at the position, however deeply nested, in bounded work:
     * an explicit stack of at most {@link ReadLimits#maxDepth} open containers, no recursion.
     */
    void skipItem() {
        int depth = 0;
        while (true) {
            head();
            long items;
            switch (major) {
                case UNSIGNED, NEGATIVE -> items = 0;
                case BYTE_STRING, TEXT_STRING -> {
                    if (info == INDEFINITE) {
                        items = -1;
                    } else {
                        position += stringLength();
                        items = 0;
                    }
                }
                case ARRAY, MAP -> items = info == INDEFINITE ? -1 : (long) containerCount(major == MAP) * (major == MAP ? 2 : 1);
                case TAG -> {
                    continue;
                }
                default -> {
                    if (info == INDEFINITE) {
                        if (depth == 0 || skipStack[depth - 1] != -1) {
                            throw error(position - 1, "a data item, found an unexpected break");
                        }
                        depth--;
                        items = 0;
                    } else {
                        items = 0;
                    }
                }
            }
            if (items != 0) {
                if (depth == skipStack.length - 1) {
                    throw error("nesting no deeper than ReadLimits.maxDepth " + limits.maxDepth());
                }
                skipStack[depth++] = items;
                continue;
            }
            while (depth > 0 && skipStack[depth - 1] > 0 && --skipStack[depth - 1] == 0) {
                depth--;
            }
            if (depth == 0) {
                return;
            }
        }
    }
}
