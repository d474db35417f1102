package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.InputCursor;

/**
 * A cursor over CBOR input: decodes initial bytes and their arguments, checks every read against
 * the end of the input, and skips whole data items without recursion. Shared by the typed and
 * the plain-value readers. Allocates nothing except the exceptions it throws.
 */
final class CborInput extends InputCursor {
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
    /** Initial bytes of the simple values null and undefined. */
    static final int NULL = 0xF6;
    static final int UNDEFINED = 0xF7;
    /** The tag of a typed object: the alias and the object, as an array of two. */
    static final int OBJECT_TAG = 27;

    final ReadLimits limits;
    final String wire;
    /** The heap array behind {@link #bytes}, or null when it is buffer-backed; for the reader's fast paths. */
    byte[] array;
    /** The end of the input; {@link #limit} is nearer where ReadLimits.maxDocumentBytes ends the document first. */
    private int end;
    /** Where the head last decoded by {@link #head()} began. */
    int headStart;
    /** The head last decoded by {@link #head()}. */
    int major;
    int info;
    long argument;
    /**
     * Open containers while skipping: definite items left, or one of the OPEN_ markers for an
     * indefinite container; reused.
     */
    private final long[] skipStack;
    private static final long OPEN_ARRAY = -1;
    private static final long OPEN_MAP_KEY = -2;
    private static final long OPEN_MAP_VALUE = -3;
    private static final long OPEN_BYTE_CHUNKS = -4;
    private static final long OPEN_TEXT_CHUNKS = -5;

    CborInput(Bytes bytes, ReadLimits limits, String wire) {
        super(bytes);
        this.limits = limits;
        this.wire = wire;
        this.skipStack = new long[limits.maxDepth()];
    }

    /** Reads one document from {@code from}; it may run to {@code to}, or to ReadLimits.maxDocumentBytes. */
    void reset(int from, int to) {
        array = BytesAccess.array(bytes);
        position = from;
        end = to;
        limit = to - from > limits.maxDocumentBytes() ? from + limits.maxDocumentBytes() : to;
    }

    /** The bytes left to read, for messages: "N bytes that remain", and why there are no more. */
    private String remaining() {
        return (limit - position) + (limit < end ? " bytes left within ReadLimits.maxDocumentBytes "
                + limits.maxDocumentBytes() : " bytes that remain");
    }

    /** Why no byte is left at {@link #limit}, to end messages that begin "..., but". */
    String ends() {
        return limit < end ? "the document reaches ReadLimits.maxDocumentBytes " + limits.maxDocumentBytes()
                : "the input ends";
    }

    @Override
    public WireException error(int offset, String expected) {
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
        headStart = position;
        if (position >= limit) {
            throw malformed(position, "a CBOR data item, but " + ends());
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
                if (major == TAG) {
                    // Not well formed (RFC 8949 appendix F): a tag has no indefinite form, and its
                    // argument would be left from the previous head.
                    throw malformed(position, "a tag number, found additional info 31");
                }
                position++;
                return;
            }
            throw malformed(position, "a valid additional info (0..27 or 31), found " + info);
        }
        int size = 1 << (info - 24);
        if (size > limit - start - 1) {
            throw malformed(position, "a " + size + "-byte argument, but " + ends());
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
            throw malformed(headStart, "a string length within ReadLimits.maxTextBytes " + limits.maxTextBytes() + " and the "
                    + remaining() + ", found " + Long.toUnsignedString(length));
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
            throw malformed(headStart, (map ? "a map" : "an array") + " size within ReadLimits.maxSequenceLength "
                    + limits.maxSequenceLength() + " and the " + remaining() + ", found "
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
     * Skips one complete data item at the position, however deeply nested, in bounded work: an
     * explicit stack of at most {@link ReadLimits#maxDepth} open containers, no recursion. Checks
     * well-formedness as it goes (RFC 8949 section 3 and appendix F): a break only closes an
     * indefinite array, map (after a value, not a key) or string, the chunks of an indefinite
     * string are definite strings of its type, a tag is followed by an item, and a one-byte
     * simple value is at least 32.
     */
    void skipItem() {
        int depth = 0;
        boolean tagged = false;
        while (true) {
            head();
            int start = headStart;
            long open = depth > 0 ? skipStack[depth - 1] : 0;
            boolean isBreak = major == SIMPLE && info == INDEFINITE;
            if ((open == OPEN_BYTE_CHUNKS || open == OPEN_TEXT_CHUNKS) && !isBreak
                    && (info == INDEFINITE || major != (open == OPEN_BYTE_CHUNKS ? BYTE_STRING : TEXT_STRING))) {
                throw malformed(start, "a definite-length chunk of the same string type, or a break");
            }
            long items = 0;
            switch (major) {
                case UNSIGNED, NEGATIVE -> {
                    if (info == INDEFINITE) {
                        throw malformed(start, "an integer, found additional info 31");
                    }
                }
                case BYTE_STRING, TEXT_STRING -> {
                    if (info == INDEFINITE) {
                        items = major == BYTE_STRING ? OPEN_BYTE_CHUNKS : OPEN_TEXT_CHUNKS;
                    } else {
                        int length = stringLength();
                        position += length;
                    }
                }
                case ARRAY -> items = info == INDEFINITE ? OPEN_ARRAY : containerCount(false);
                case MAP -> items = info == INDEFINITE ? OPEN_MAP_KEY : containerCount(true) * 2L;
                case TAG -> {
                    tagged = true;
                    continue;
                }
                default -> {
                    if (isBreak) {
                        if (tagged || open != OPEN_ARRAY && open != OPEN_MAP_KEY && open != OPEN_BYTE_CHUNKS
                                && open != OPEN_TEXT_CHUNKS) {
                            throw malformed(start, open == OPEN_MAP_VALUE ? "the value of the map's last key, found a break"
                                    : "a data item, found an unexpected break");
                        }
                        depth--;
                    } else if (info == 24 && argument < 32) {
                        throw malformed(start, "a simple value of at least 32 in its one-byte form, found " + argument);
                    }
                }
            }
            tagged = false;
            if (items != 0) {
                if (depth == limits.maxDepth()) {
                    throw malformed(start, "nesting no deeper than ReadLimits.maxDepth " + limits.maxDepth());
                }
                skipStack[depth++] = items;
                continue;
            }
            // An item is complete: count it in the containers it completes.
            while (depth > 0) {
                long top = skipStack[depth - 1];
                if (top > 0) {
                    if (--skipStack[depth - 1] == 0) {
                        depth--;
                        continue;
                    }
                } else if (top == OPEN_MAP_KEY || top == OPEN_MAP_VALUE) {
                    skipStack[depth - 1] = top == OPEN_MAP_KEY ? OPEN_MAP_VALUE : OPEN_MAP_KEY;
                }
                break;
            }
            if (depth == 0) {
                return;
            }
        }
    }
}
