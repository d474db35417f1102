package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.binary.resync.SearchBudget;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.FloatRange;
import io.zwire.internal.KeyedWireReader;
import io.zwire.internal.LevelKind;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;
import io.zwire.internal.UnexpectedKey;

import java.util.function.Consumer;

import static io.zwire.binary.cbor.CborInput.ARRAY;
import static io.zwire.binary.cbor.CborInput.BREAK;
import static io.zwire.binary.cbor.CborInput.BYTE_STRING;
import static io.zwire.binary.cbor.CborInput.INDEFINITE;
import static io.zwire.binary.cbor.CborInput.MAP;
import static io.zwire.binary.cbor.CborInput.NEGATIVE;
import static io.zwire.binary.cbor.CborInput.NULL;
import static io.zwire.binary.cbor.CborInput.OBJECT_TAG;
import static io.zwire.binary.cbor.CborInput.SIMPLE;
import static io.zwire.binary.cbor.CborInput.TAG;
import static io.zwire.binary.cbor.CborInput.TEXT_STRING;
import static io.zwire.binary.cbor.CborInput.UNDEFINED;
import static io.zwire.binary.cbor.CborInput.UNSIGNED;
import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;

/**
 * Reads CBOR documents into {@link Marshallable}s, on the lookup of {@link KeyedWireReader} and
 * the levels and rules of its {@link io.zwire.internal.LevelReader}. The fast path expects the next key to be the field asked for (one byte
 * compare of the head, one of the name); on a mismatch the rest of the object is indexed once in
 * the {@link FieldIndex} and fields are found there. A level's {@link #count} is the entries or
 * elements left in its map or array, -1 for an indefinite length. Allocates nothing in steady
 * state.
 */
final class CborWireReader extends KeyedWireReader {
    static final String WIRE = "BINARY";

    /** {@link #flags} of a typed object read from an indefinite array: a break follows the map. */
    private static final int CLOSE_ARRAY = 1;
    /** How deep a failed document may nest and still be stepped over: a {@code long} per level, once per reader. */
    private static final int RECOVERY_DEPTH = 1024;

    private final CborInput in;
    /**
     * Skips a failed document to find the next one. Only its depth is bounded, by at least
     * {@link #RECOVERY_DEPTH}: skipping allocates nothing and the bytes that remain bound the work,
     * so a document rejected for a long text, a long sequence, its size or its depth is stepped
     * over rather than taking the rest of the buffer with it. After input that is not well-formed
     * CBOR, {@link #nextDocument} searches for the next document.
     */
    private final CborInput recovery;
    /** Bounds the work of {@link #nextDocument}. */
    private final SearchBudget searchBudget = new SearchBudget();
    private final StringInterner interner;
    /**
     * The last text read at each offset of a document: a document of the same shape puts a field's
     * text at the same offset every time, so a value that repeats costs a compare of its bytes
     * rather than the interner's hash and compare.
     */
    private final RecentValues recent = RecentValues.byOffset();
    /** Where the document being read began. */
    private int documentStart;
    private final FloatRange floats;
    /** Chunked strings are joined here before they are decoded. */
    private final Bytes joined = Bytes.elastic(64);
    /** Where the head of the string {@link #string} last read began: errors in joined chunks point there. */
    private int stringHead;

    CborWireReader(Bytes bytes, WireOptions options) {
        super(bytes, options, UnexpectedKey.named());
        this.interner = StringInterner.of(options);
        this.floats = new FloatRange(options);
        this.in = new CborInput(bytes, limits, WIRE);
        readsThrough(in);
        this.recovery = new CborInput(bytes, ReadLimits.defaults().withMaxDepth(Math.max(limits.maxDepth(), RECOVERY_DEPTH))
                .withMaxTextBytes(Integer.MAX_VALUE).withMaxSequenceLength(Integer.MAX_VALUE)
                .withMaxDocumentBytes(Integer.MAX_VALUE), WIRE);
    }

    // ------------------------------------------------------------------ documents

    @Override
    public boolean startDocument() {
        if (bytes.readRemaining() <= 0) {
            return false;
        }
        documentStart = bytes.readPosition();
        in.reset(documentStart, bytes.writePosition());
        closeLevels();
        in.skipTags();
        in.head();
        if (in.major != MAP) {
            throw in.error(in.headStart, "a document: a CBOR map, found " + describe(in.major));
        }
        openDocument(in.info == INDEFINITE ? -1 : in.containerCount(true));
        return true;
    }

    @Override
    protected void afterDocument() {
        bytes.readPosition(in.position);
    }

    @Override
    public void recover(int failedStart) {
        closeLevels();
        bytes.readPosition(nextDocument(failedStart, bytes.writePosition()));
    }

    /**
     * Where reading goes on after the document at {@code failed} was refused. A CBOR sequence has
     * no sync marker, so this is a search for the first offset that looks like the start of a
     * document: a map head (after any tags) whose item is well-formed and is followed by the end
     * of the input or by another such document ({@link #atBoundary}). The failed item's own end is tried first, so a
     * well-formed document refused for its content is stepped over exactly; when that end does
     * not look like a boundary (a corrupted head or length moved it), the search starts again
     * just after the failed document's first byte. A lone spurious candidate inside the bad
     * bytes can still be taken for a document (its read then usually fails too); a document
     * after the damage is found unless the damage makes it part of a well-formed item.
     * The bytes the search crosses are charged to a budget of a few times the input left, so the
     * work stays proportional to the input; past it, or with no candidate, reading moves to the
     * end of the buffer. Allocates only the exceptions of refused candidates.
     */
    private int nextDocument(int failed, int limit) {
        searchBudget.start(failed, limit);
        int end = itemEnd(failed, limit, false);
        if (end > failed && atBoundary(end, limit)) {
            return end;
        }
        for (int candidate = failed + 1; candidate < limit && !searchBudget.spent(); candidate++) {
            if (documentHead(bytes.readUint8At(candidate))) {
                end = itemEnd(candidate, limit, true);
                if (end > candidate && atBoundary(end, limit)) {
                    return candidate;
                }
            }
        }
        return limit;
    }

    /** Whether a document may start with {@code initial}: a map head or a tag head with a valid additional info. */
    private static boolean documentHead(int initial) {
        int info = initial & 0x1F;
        return switch (initial >>> 5) {
            case MAP -> info < 28 || info == INDEFINITE;
            case TAG -> info < 28;
            default -> false;
        };
    }

    /**
     * Whether a document may start at {@code offset}: the end of the input, or a well-formed map
     * (after any tags) followed by the end of the input or a map or tag head. Checking one
     * document ahead keeps a map nested in a damaged document, or in the one after it, from
     * passing for a document.
     */
    private boolean atBoundary(int offset, int limit) {
        if (offset == limit) {
            return true;
        }
        int end = documentHead(bytes.readUint8At(offset)) ? itemEnd(offset, limit, true) : -1;
        return end > offset && (end == limit || documentHead(bytes.readUint8At(end)));
    }

    /**
     * The end of the well-formed item at {@code start} (when {@code mapOnly}, a map after any
     * tags), or -1; the bytes crossed, and a fixed cost for each try, are charged to the budget.
     */
    private int itemEnd(int start, int limit, boolean mapOnly) {
        recovery.reset(start, limit);
        try {
            if (mapOnly) {
                recovery.skipTags();
                if (recovery.atEnd() || recovery.peek() >>> 5 != MAP) {
                    return -1;
                }
                recovery.position = start;
            }
            recovery.skipItem();
            return recovery.position;
        } catch (WireException notWellFormed) {
            // Charged for the bytes crossed, not for the rest of the input the refusal moved to.
            recovery.position = recovery.refusedAt;
            return -1;
        } finally {
            searchBudget.charge(recovery.position - start);
        }
    }

    // ------------------------------------------------------------------ fields

    /** Whether the object at this level has another entry; at an indefinite map's end the break is next. */
    private boolean moreEntries() {
        if (count >= 0) {
            return count > 0;
        }
        if (in.atEnd()) {
            throw in.error("a map key or the break that ends the map, but " + in.ends());
        }
        return in.peek() != BREAK;
    }

    // Within the inlining budget the core's comment on integers states: find() compares the next
    // key in place, and fastInteger decodes an integer head of up to 5 bytes straight from the
    // array; everything else (nulls, tags, wider or out-of-range integers, missing fields,
    // sequence elements) goes through at() and ranged(), out of line.

    /** The value {@link #fastInteger} read. */
    private long fastValue;

    /**
     * After {@link #field(Field)} found the field, in a heap buffer: when its value is an untagged
     * integer of magnitude below 2^32 within {@code [min, max]}, consumes it, leaves it in
     * {@link #fastValue} and returns true. Otherwise consumes nothing.
     */
    private boolean fastInteger(long min, long max) {
        final byte[] a = in.array;
        final int v = in.position;
        if (expect != FOUND || a == null || in.limit - v < 5) {
            return false;
        }
        final int initial = a[v] & 0xFF;
        final int info = initial & 0x1F;
        if (initial >= 0x40 || info > 26) {
            return false;
        }
        final long argument = info < 24 ? info : info == 24 ? a[v + 1] & 0xFF
                : info == 25 ? (a[v + 1] & 0xFF) << 8 | a[v + 2] & 0xFF
                : ((a[v + 1] & 0xFFL) << 24) | (a[v + 2] & 0xFF) << 16 | (a[v + 3] & 0xFF) << 8 | a[v + 4] & 0xFF;
        final long value = initial < 0x20 ? argument : -1L - argument;
        if (value < min || value > max) {
            return false;
        }
        in.position = v + (info < 24 ? 1 : info == 26 ? 5 : info - 22);
        expect = NONE;
        fastValue = value;
        return true;
    }

    /**
     * Positions at the value of {@code field}: the next key if it matches, else through the index.
     * A value found before and left unread sends the search to {@link #findSlow}, which skips it.
     */
    @Override
    protected boolean find(Field field) {
        if (!indexed && expect != FOUND) {
            int p = in.position;
            int length = field.nameLength();
            if (count != 0 && length < 24 && p + length < in.limit
                    && bytes.readUint8At(p) == (0x60 | length) && io.zwire.internal.FieldNames.nameEquals(bytes, p + 1, field)) {
                in.position = p + 1 + length;
                if (count > 0) {
                    count--;
                }
                return true;
            }
        }
        return findSlow(field);
    }

    /**
     * Through the index, built here if the object is not indexed yet. A refusal of the value left
     * unread before is the object's.
     */
    private boolean findSlow(Field field) {
        try {
            skipUnreadValue();
        } catch (WireException refused) {
            throw objectsRefusal(field, refused);
        }
        if (!indexed) {
            startLookup(field);
            buildIndex();
        }
        return findInIndex(field);
    }

    @Override
    protected void skipValue() {
        in.skipItem();
    }

    /** Scans the rest of this object once, recording every entry, and moves past its end. */
    @Override
    protected void buildIndex() {
        while (moreEntries()) {
            int keyStart = in.position;
            in.head();
            if (in.major == TEXT_STRING && in.info != INDEFINITE) {
                int length = in.stringLength();
                int nameStart = in.position;
                in.position += length;
                index.add(io.zwire.internal.ByteRangeHash.of(bytes, nameStart, length), nameStart, length, in.position);
            } else if (in.major == TEXT_STRING) {
                int length = joinChunks(TEXT_STRING);
                index.addCopied(joined, 0, length, in.position);
            } else {
                in.position = keyStart;
                in.skipItem();
                index.add(0, keyStart, -1, in.position);
            }
            in.skipItem();
            entryPassed();
            if (count > 0) {
                count--;
            }
        }
        consumeBreak();
        end = in.position;
        indexed = true;
    }

    private void consumeBreak() {
        if (count < 0) {
            in.position++;
        }
    }

    @Override
    protected boolean closeIfNoEntries() {
        if (!moreEntries()) {
            consumeBreak();
            return true;
        }
        return false;
    }

    @Override
    protected void nameEntry(int entry, StringBuilder name) {
        if (index.keyLength(entry) < 0) {
            name.append("(a key that is not text)");
        } else {
            int bad = index.appendName(entry, bytes, name);
            if (bad >= 0) {
                throw in.error(bad, "a UTF-8 field name");
            }
        }
    }

    @Override
    protected void nextElement() {
        if (!hasNextElement()) {
            throw sequenceEnded();
        }
        if (count > 0) {
            count--;
        }
    }

    @Override
    public boolean isNull() {
        if (!valueAhead()) {
            return true;
        }
        // Tags are stepped over only to look: a typed object's read needs to see its tag.
        int position = in.position;
        boolean isNull = nullNext();
        in.position = position;
        return isNull;
    }

    /** Skips tags, then consumes a null or undefined if one is next. */
    @Override
    protected boolean nullNext() {
        in.skipTags();
        if (in.atEnd()) {
            throw in.error("a value, but " + in.ends());
        }
        int initial = in.peek();
        if (initial == NULL || initial == UNDEFINED) {
            in.position++;
            return true;
        }
        return false;
    }

    /**
     * Skips tags, then consumes a null if one is next: for a number or a bool, which reads a null
     * as its default. Undefined is not null there: it is refused as a value of another kind, where
     * an object, sequence or text reads it as null ({@link #nullNext()}).
     */
    private boolean nullValueNext() {
        in.skipTags();
        if (in.atEnd()) {
            throw in.error("a value, but " + in.ends());
        }
        if (in.peek() == NULL) {
            in.position++;
            return true;
        }
        return false;
    }

    /**
     * The refusal of the data item that begins at {@code itemStart}, raised at {@code offset}: the
     * item is skipped first, so reading code that catches the refusal and reads on (a tolerant
     * reader's try/catch around one element) finds the next item, never this one's content read as
     * items. After an item that is not well formed nothing can be found, so the reader moves to the
     * end of the document, where every later read is refused. The error path only: allocates the
     * exception.
     */
    private WireException refusedItem(int itemStart, int offset, String expected) {
        WireException refused = in.error(offset, expected);
        in.position = itemStart;
        try {
            in.skipItem();
        } catch (WireException notWellFormed) {
            in.position = in.limit;
        }
        return refused;
    }

    private static String describe(int major) {
        return switch (major) {
            case UNSIGNED -> "an unsigned integer";
            case NEGATIVE -> "a negative integer";
            case BYTE_STRING -> "a byte string";
            case TEXT_STRING -> "a text string";
            case ARRAY -> "an array";
            case MAP -> "a map";
            case TAG -> "a tag";
            default -> "a simple value or float";
        };
    }

    // ------------------------------------------------------------------ integers

    /**
     * The integer at the position. Fast paths: 0..23 in the initial byte, then any untagged
     * integer with a 1- to 8-byte argument that fits a long; nulls, tags and errors go the slow way.
     */
    @Override
    protected long readInteger(String expected) {
        int p = in.position;
        if (p < in.limit) {
            int initial = bytes.readUint8At(p);
            if (initial < 24) {
                in.position = p + 1;
                return initial;
            }
            int info = initial & 0x1F;
            if (initial < 0x40 && info >= 24 && info <= 27) {
                in.head();
                long argument = in.argument;
                if (argument >= 0) {
                    return in.major == UNSIGNED ? argument : ~argument;
                }
                in.position = p;
            }
        }
        return integerSlow(expected);
    }

    private long integerSlow(String expected) {
        if (nullValueNext()) {
            return 0;
        }
        int start = in.position;
        in.head();
        if ((in.major == UNSIGNED || in.major == NEGATIVE) && in.info != INDEFINITE) {
            if (in.argument < 0) {
                throw in.error(start, expected + ", found an integer beyond 64 bits signed");
            }
            return in.major == UNSIGNED ? in.argument : ~in.argument;
        }
        throw refusedItem(start, start, expected + ", found " + describe(in.major));
    }

    /** An integer in {@code [min, max]}: the fast path, else the general one. */
    @Override
    protected long integer(long min, long max, String expected) {
        if (fastInteger(min, max)) {
            return fastValue;
        }
        return at() ? ranged(min, max, expected) : 0;
    }

    @Override
    public char char16() {
        return (char) integer(0, 0xFFFF, "a char16 code unit");
    }

    // ------------------------------------------------------------------ floats, bools

    @Override
    public float float32() {
        if (!at()) {
            return 0;
        }
        int start = in.position;
        double value = floating("a float32");
        float narrowed = (float) value;
        if (FloatRange.suspect(narrowed) && floats.refuses(narrowed, value)) {
            throw in.error(start, FloatRange.expected("a float32"));
        }
        return narrowed;
    }

    @Override
    public double float64() {
        return at() ? floating("a float64") : 0;
    }

    private double floating(String expected) {
        if (nullValueNext()) {
            return 0;
        }
        int start = in.position;
        in.head();
        if (in.major == SIMPLE) {
            switch (in.info) {
                case 25:
                    return HalfFloat.toFloat((int) in.argument);
                case 26:
                    return Float.intBitsToFloat((int) in.argument);
                case 27:
                    return Double.longBitsToDouble(in.argument);
                default:
                    break;
            }
        } else if ((in.major == UNSIGNED || in.major == NEGATIVE) && in.info != INDEFINITE && in.argument >= 0) {
            return in.major == UNSIGNED ? in.argument : ~in.argument;
        }
        throw refusedItem(start, start, expected + ", found " + describe(in.major));
    }

    @Override
    public boolean bool() {
        if (!at() || nullValueNext()) {
            return false;
        }
        int initial = in.peek();
        if (initial != 0xF4 && initial != 0xF5) {
            throw refusedItem(in.position, in.position, "a bool (0xF4 or 0xF5), found 0x" + Integer.toHexString(initial));
        }
        in.position++;
        return initial == 0xF5;
    }

    // ------------------------------------------------------------------ strings

    /**
     * Positions at the content of the text or byte string at the position and returns its length,
     * or -1 for null. A chunked string is joined into {@link #joined} and -2 - length is returned.
     */
    private int string(int major, String expected) {
        if (nullNext()) {
            return -1;
        }
        int start = in.position;
        stringHead = start;
        in.head();
        if (in.major != major) {
            throw refusedItem(start, start, expected + ", found " + describe(in.major));
        }
        if (in.info == INDEFINITE) {
            return -2 - joinChunks(major);
        }
        return in.stringLength();
    }

    /** Joins the definite-length chunks of an indefinite string into {@link #joined}; returns the length. */
    private int joinChunks(int major) {
        joined.clear();
        while (true) {
            if (in.atEnd()) {
                throw in.error("a string chunk or a break, but " + in.ends());
            }
            if (in.peek() == BREAK) {
                in.position++;
                return joined.writePosition();
            }
            in.head();
            if (in.major != major || in.info == INDEFINITE) {
                throw in.malformed(in.position, "a definite-length chunk of the same string type");
            }
            int length = in.stringLength();
            if (length > limits.maxTextBytes() - joined.writePosition()) {
                throw in.malformed(in.position, "a string within ReadLimits.maxTextBytes " + limits.maxTextBytes());
            }
            joined.write(bytes, in.position, length);
            in.position += length;
        }
    }

    @Override
    public String text() {
        if (!at()) {
            return null;
        }
        int length = string(TEXT_STRING, "text");
        if (length == -1) {
            return null;
        }
        return readText(length);
    }

    /**
     * The text {@link #string} positioned at (length {@code length}, or joined), and moves past it:
     * the one last read at the same offset of a document when the bytes are the same, else the
     * interned one.
     */
    private String readText(int length) {
        String text;
        if (length >= 0) {
            final int start = in.position;
            text = recent.text(RecentValues.offsetSlot(start, documentStart), in.array, bytes, start, length, interner);
            if (text == null) {
                throw refusedItem(stringHead, interner.malformedOffset(), "valid UTF-8 text");
            }
            in.position = start + length;
        } else {
            text = interner.intern(joined, 0, -2 - length);
            if (text == null) {
                throw in.error(stringHead, "valid UTF-8 text in the chunks of this indefinite-length string");
            }
        }
        return text;
    }

    @Override
    public void textTo(StringBuilder target) {
        target.setLength(0);
        if (!at()) {
            return;
        }
        appendText(string(TEXT_STRING, "text"), target);
    }

    /** Appends the text {@link #string} positioned at (length {@code length}, or joined; -1 for null appends nothing). */
    private void appendText(int length, StringBuilder target) {
        if (length >= 0) {
            int start = in.position;
            int bad = bytes.readUtf8(start, length, target);
            if (bad >= 0) {
                throw refusedItem(stringHead, bad, "valid UTF-8 text");
            }
            in.position = start + length;
        } else if (length < -1 && joined.readUtf8(0, -2 - length, target) >= 0) {
            throw in.error(stringHead, "valid UTF-8 text in the chunks of this indefinite-length string");
        }
    }

    @Override
    public byte[] bytes() {
        if (!at()) {
            return null;
        }
        int length = string(BYTE_STRING, "a byte string");
        if (length == -1) {
            return null;
        }
        if (length < 0) {
            return joined.toByteArray();
        }
        return in.take(length);
    }

    @Override
    public void bytesTo(Bytes target) {
        if (!at()) {
            return;
        }
        int length = string(BYTE_STRING, "a byte string");
        if (length >= 0) {
            in.takeTo(length, target);
        } else if (length < -1) {
            target.write(joined, 0, -2 - length);
        }
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        if (!at()) {
            return null;
        }
        int length = string(TEXT_STRING, "an enum constant's name");
        if (length == -1) {
            return null;
        }
        EnumConstants<E> constants = EnumConstants.of(type);
        int start = in.position;
        E constant;
        if (length >= 0) {
            constant = constants.byName(bytes, start, length);
            if (constant == null) {
                throw refusedItem(stringHead, start, constants.unknownName(bytes, start, length));
            }
            in.position = start + length;
        } else {
            constant = constants.byName(joined, 0, -2 - length);
            if (constant == null) {
                throw in.error(stringHead, constants.unknownName(joined, 0, -2 - length));
            }
        }
        return constant;
    }

    // ------------------------------------------------------------------ objects and sequences

    @Override
    protected void enterObject() {
        int start = in.position;
        in.head();
        if (in.major != MAP) {
            throw refusedItem(start, start, "an object (a CBOR map), found " + describe(in.major));
        }
        push(OBJECT, in.info == INDEFINITE ? -1 : in.containerCount(true));
    }

    @Override
    public String startTyped() {
        if (typedObjectMissing()) {
            return null;
        }
        int start = in.position;
        boolean tagged = false;
        while (!in.atEnd() && in.peek() >>> 5 == TAG) {
            in.head();
            tagged |= in.argument == OBJECT_TAG;
        }
        if (!tagged && nullNext()) {
            enterAbsent();
            return null;
        }
        in.head();
        if (!tagged || in.major != ARRAY || in.info != INDEFINITE && in.argument != 2) {
            throw in.error(start, "a typed object: tag 27 over an array [alias, map]");
        }
        boolean indefinite = in.info == INDEFINITE;
        int length = string(TEXT_STRING, "a type alias");
        String alias = length >= 0 ? interner.intern(bytes, in.position, length)
                : length < -1 ? interner.intern(joined, 0, -2 - length) : null;
        if (alias == null) {
            throw in.error("a UTF-8 type alias");
        }
        if (length >= 0) {
            in.position += length;
        }
        int mapStart = in.position;
        in.head();
        if (in.major != MAP) {
            throw in.error(mapStart, "the typed object's map, found " + describe(in.major));
        }
        push(OBJECT, in.info == INDEFINITE ? -1 : in.containerCount(true));
        flags = indefinite ? CLOSE_ARRAY : 0;
        return alias;
    }

    @Override
    protected void afterObject(int leftFlags) {
        if ((leftFlags & CLOSE_ARRAY) != 0) {
            if (in.peekOrEnd() != BREAK) {
                throw in.error("the break that ends the typed object's array");
            }
            in.position++;
        }
    }

    @Override
    protected void enterSequence() {
        int start = in.position;
        in.head();
        if (in.major != ARRAY) {
            throw refusedItem(start, start, "a sequence (a CBOR array), found " + describe(in.major));
        }
        push(SEQUENCE, in.info == INDEFINITE ? -1 : in.containerCount(false));
    }

    @Override
    public boolean hasNextElement() {
        if (!LevelKind.elementsAt(kind)) {
            return false;
        }
        if (count >= 0) {
            return count > 0;
        }
        int next = in.peekOrEnd();
        if (next < 0) {
            throw in.error("a sequence element or the break that ends the sequence, but " + in.ends());
        }
        return next != BREAK;
    }

    @Override
    protected void skipRestOfSequence() {
        while (hasNextElement()) {
            if (count > 0) {
                count--;
            }
            in.skipItem();
        }
        consumeBreak();
    }

    // ------------------------------------------------------------------ maps

    @Override
    protected void enterMap() {
        int start = in.position;
        in.head();
        if (in.major != MAP) {
            throw refusedItem(start, start, "a map, found " + describe(in.major));
        }
        push(ENTRIES, in.info == INDEFINITE ? -1 : in.containerCount(true));
    }

    /** {@link #count} is the entries left in a definite map, -1 in an indefinite one, whose break ends it. */
    @Override
    protected boolean nextMapEntry() {
        if (count > 0) {
            count--;
            return true;
        }
        if (count == 0) {
            return false;
        }
        if (in.atEnd()) {
            throw in.error("a map key or the break that ends the map, but " + in.ends());
        }
        if (in.peek() == BREAK) {
            in.position++;
            return false;
        }
        return true;
    }

    @Override
    protected String mapKeyText() {
        return readText(textKeyLength());
    }

    @Override
    protected void mapKeyTo(StringBuilder target) {
        appendText(textKeyLength(), target);
    }

    /** As {@link #string} for a text key, which may not be null. */
    private int textKeyLength() {
        int start = in.position;
        int length = string(TEXT_STRING, "a text map key");
        if (length == -1) {
            throw in.error(start, "a text map key, found null");
        }
        return length;
    }

    /** An integer key: major type 0 or 1, tags ignored; a text key is refused, even one holding digits. */
    @Override
    protected long mapKeyInteger() {
        in.skipTags();
        int start = in.position;
        in.head();
        if ((in.major == UNSIGNED || in.major == NEGATIVE) && in.info != INDEFINITE) {
            if (in.argument < 0) {
                throw in.error(start, "an integer map key, found an integer beyond 64 bits signed");
            }
            return in.major == UNSIGNED ? in.argument : ~in.argument;
        }
        throw refusedItem(start, start, "an integer map key, found " + describe(in.major));
    }

    @Override
    protected void skipMapKey() {
        in.skipItem();
    }

    @Override
    public boolean readValue(Consumer<Object> sink) {
        if (bytes.readRemaining() <= 0) {
            return false;
        }
        in.reset(bytes.readPosition(), bytes.writePosition());
        Object value = CborValues.read(in);
        bytes.readPosition(in.position);
        sink.accept(value);
        return true;
    }
}
