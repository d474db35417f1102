package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.ValueIn;
import io.zwire.WireOptions;
import io.zwire.WireException;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.LevelKind;
import io.zwire.internal.LevelStack;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;
import io.zwire.spi.WireReader;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.NO_ELEMENTS;
import static io.zwire.internal.LevelKind.NO_ENTRIES;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;

/**
 * Reads the RAW layout drawn in {@link io.zwire.binary.raw}. Every read is checked against the
 * end of the current document, so a short or corrupt document is a {@link WireException}, never a
 * read into the next one. Allocates nothing in steady state (text: see {@link StringInterner}).
 *
 * <p>Inside a document the reader keeps its own cursor, {@link #position}, and reads a heap
 * buffer's array directly: the one check a value needs is against the document's end, which lies
 * within the buffer's written bytes, so going through {@code Bytes}' relative reads would check
 * every value twice, and for fixed-width values the second check is a large part of the cost.
 * A direct or mapped buffer is read through {@code Bytes}' absolute accessors. The buffer's read
 * position is set when the document ends, or past it when it fails.
 */
final class RawWireReader extends WireReader {
    private static final String WIRE = "RAW";
    /**
     * Added to every error inside a document: with no keys or type codes, RAW cannot tell a corrupt
     * document from one written with another schema, or read in another order, and the second is
     * the likelier mistake.
     */
    private static final String SCHEMA_HINT = "; RAW carries no field metadata, so the writer's schema or field"
            + " order probably differs from this reader's (compare Schema.of(factory).fingerprint() on both sides)";
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /*
     * A scope saved in the LevelStack, one int each:
     *   KIND_SLOT   scope
     *   COUNT_SLOT  count
     *   SIZE_SLOT   size
     * A scope is entered above a map only as an entry's value, after present() took it: keyRead and
     * entryFound are then false, so they are not saved, and pop() restores them false.
     */
    private static final int KIND_SLOT = 0;
    private static final int COUNT_SLOT = 1;
    private static final int SIZE_SLOT = 2;
    /** The ints a scope takes in the stack. */
    private static final int LEVEL_WIDTH = 3;

    private final ReadLimits limits;
    private final StringInterner interner;
    /**
     * The last text read at each offset of a document: a field of a fixed layout lands at the same
     * offset in every document, so a value that repeats costs a compare of its bytes rather than
     * the interner's hash and compare.
     */
    private final RecentValues recent = RecentValues.byOffset();
    private final RawResync resync;
    /**
     * The scopes below the innermost, and the nesting rules every wire shares: the depth limit, and
     * objects started inside a null one counted rather than stacked.
     */
    private final LevelStack levels;
    /** The innermost scope's {@link LevelKind}, cached: the fast path tests only this. */
    private byte scope = CLOSED;
    /**
     * The innermost scope's elements left, for a sequence (below 0 once reads were refused past
     * the last); its entries whose key is unread, for a map.
     */
    private int count;
    /** The innermost sequence's or map's declared count, for {@link #elementsTaken()}. */
    private int size;
    /**
     * Whether {@link #hasNextEntry()} last found an entry whose key is not read yet: a key read
     * without it is refused, as the self-describing wires refuse it, although RAW's count alone
     * would let it through.
     */
    private boolean entryFound;
    /** In a map: the current entry's key was read, and its value is due. */
    private boolean keyRead;
    private int documentStart = -1;
    private int documentEnd;
    /** The read cursor within the current document; the buffer's read position outside one. */
    private int position;
    /** The heap buffer's array for the current document, or null for a direct or mapped buffer. */
    private byte[] array;

    // The stack keeps the reader only to word its errors, which it raises during reads, never
    // while the reader is still being constructed.
    @SuppressWarnings("this-escape")
    RawWireReader(Bytes bytes, WireOptions options) {
        super(bytes);
        this.limits = options.limits();
        this.interner = StringInterner.of(options);
        this.resync = new RawResync(bytes);
        this.levels = new LevelStack(this, limits, LEVEL_WIDTH);
    }

    @Override
    public boolean startDocument() {
        int start = bytes.readPosition();
        position = start;
        int available = bytes.readRemaining();
        if (available == 0) {
            return false;
        }
        if (available < 4) {
            throw error("a 4-byte document length, found " + available + " bytes");
        }
        int length = bytes.readInt32At(start);
        if (length < 0 || length > available - 4) {
            throw error("a document length within the " + (available - 4) + " bytes that follow, found " + length);
        }
        // The frame is known from here on, so recovery skips exactly this document.
        documentStart = start;
        documentEnd = start + 4 + length;
        if (length > limits.maxDocumentBytes()) {
            throw new WireException(WIRE, position, "a document within ReadLimits.maxDocumentBytes "
                    + limits.maxDocumentBytes() + ", found one of " + length + " bytes");
        }
        array = BytesAccess.array(bytes);
        position = start + 4;
        levels.clear();
        setScope(OBJECT, 0);
        return true;
    }

    @Override
    public void endDocument(Marshallable target, ValueIn unexpected) {
        if (position != documentEnd) {
            throw error("the document to end at offset " + documentEnd + " (" + (documentEnd - documentStart - 4)
                    + " bytes of fields) but the reader stopped at " + position);
        }
        bytes.readPosition(documentEnd);
        documentStart = -1;
        setScope(CLOSED, 0);
    }

    @Override
    public void recover(int start) {
        levels.clear();
        setScope(CLOSED, 0);
        int framedEnd = documentStart == start ? documentEnd : -1;
        documentStart = -1;
        bytes.readPosition(resync.nextDocument(start, framedEnd, bytes.writePosition()));
        position = bytes.readPosition();
    }

    /** Inside a document, the message adds that the writer's schema probably differs (see {@link #SCHEMA_HINT}). */
    @Override
    public WireException error(String expected) {
        return new WireException(WIRE, position, documentStart >= 0 ? expected + SCHEMA_HINT : expected);
    }

    // ------------------------------------------------------------------ scopes

    /**
     * The slow path of every value read, outside a plain object: takes the next element of a
     * sequence or the value of a map entry, or reports that the value is absent (inside a null
     * object).
     */
    private boolean present() {
        if (scope == SEQUENCE) {
            // Taken before it is looked for, so that a read refused past the last is counted too.
            return LevelKind.valueOnWire(SEQUENCE, --count >= 0, this);
        }
        if (scope == NO_ELEMENTS) {
            // Counted as in a sequence on the wire: the refusal names the element asked for, [0].
            count--;
        }
        if (!ahead()) {
            return false;
        }
        keyRead = false;
        return true;
    }

    /** What {@link #present()} answers, consuming nothing. */
    private boolean ahead() {
        return LevelKind.valueOnWire(scope, scope == SEQUENCE ? count > 0 : keyRead, this);
    }

    /**
     * Enters a scope above the innermost; an object, sequence or map of the input counts against
     * {@link ReadLimits#maxDepth} (a null one is not nesting of the input).
     *
     * @param kind     its kind
     * @param elements its {@link #count}
     */
    private void push(byte kind, int elements) {
        int at = levels.push(LevelKind.container(kind));
        int[] saved = levels.slots;
        saved[at + KIND_SLOT] = scope;
        saved[at + COUNT_SLOT] = count;
        saved[at + SIZE_SLOT] = size;
        setScope(kind, elements);
    }

    private void setScope(byte kind, int elements) {
        scope = kind;
        count = elements;
        size = elements;
        keyRead = false;
        entryFound = false;
    }

    private void pop() {
        int at = levels.pop(LevelKind.container(scope));
        int[] saved = levels.slots;
        setScope((byte) saved[at + KIND_SLOT], saved[at + COUNT_SLOT]);
        size = saved[at + SIZE_SLOT];
    }

    /** {@inheritDoc} From the count left: a map's entry is taken when its key is read, or found and not read yet. */
    @Override
    public int elementsTaken() {
        if (scope == SEQUENCE || scope == NO_ELEMENTS) {
            return size - count;
        }
        return scope == ENTRIES ? size - count + (entryFound ? 1 : 0) : 0;
    }

    /**
     * Enters a null object, or counts one started inside a null object: it holds nothing to read,
     * so the reading type's own graph, not the input, decides how deep it goes.
     */
    private void enterAbsent() {
        if (scope == ABSENT) {
            levels.enterInsideAbsent();
        } else {
            push(ABSENT, 0);
        }
    }

    /** Moves the cursor past the next {@code length} bytes, which must be in the document; returns where they begin. */
    private int take(int length) {
        final int p = position;
        if (length > documentEnd - p) {
            throw error(length + " more bytes, but the document ends at offset " + documentEnd);
        }
        position = p + length;
        return p;
    }

    private byte byteAt(int p) {
        final byte[] a = array;
        return a != null ? a[p] : bytes.readInt8At(p);
    }

    private short shortAt(int p) {
        final byte[] a = array;
        return a != null ? (short) SHORT.get(a, p) : bytes.readInt16At(p);
    }

    private int intAt(int p) {
        final byte[] a = array;
        return a != null ? (int) INT.get(a, p) : bytes.readInt32At(p);
    }

    private long longAt(int p) {
        final byte[] a = array;
        return a != null ? (long) LONG.get(a, p) : bytes.readInt64At(p);
    }

    /** Reads a byte that must be 0 or 1 (a bool, a presence marker); a bad one is reported at its own offset. */
    private boolean zeroOrOne(String expected) {
        final int p = take(1);
        final byte b = byteAt(p);
        if ((b & ~1) != 0) {
            position = p;
            throw error(expected + ", found " + b);
        }
        return b != 0;
    }

    private long varint() {
        final int p = position;
        if (p < documentEnd) {
            byte first = byteAt(p);
            if (first >= 0) {
                position = p + 1;
                return first;
            }
        }
        return varintSlow();
    }

    private long varintSlow() {
        long value = 0;
        for (int shift = 0, p = position; shift < 64; shift += 7, p++) {
            if (p >= documentEnd) {
                throw error("the rest of a varint, but the document ends at offset " + documentEnd);
            }
            byte b = byteAt(p);
            if (shift == 63 && (b & 0x7E) != 0) {
                throw error("a varint within 64 bits: its tenth byte may only be 0 or 1");
            }
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                position = p + 1;
                return value;
            }
        }
        throw error("a varint of at most 10 bytes");
    }

    /**
     * A text or byte-string length, or -1 for null; checked against the limits and the document.
     * A varint from 2^63 is a negative long: rejected, never cast down to whatever its low bits say.
     */
    private int length() {
        int start = position;
        long encoded = varint();
        if (encoded == 0) {
            return -1;
        }
        long length = encoded - 1;
        if (length < 0 || length > limits.maxTextBytes() || length > documentEnd - position) {
            int left = documentEnd - position;
            position = start;
            throw error("a length within ReadLimits.maxTextBytes " + limits.maxTextBytes() + " and the " + left
                    + " bytes left in the document, found " + (length < 0 ? "a negative one" : Long.toString(length)));
        }
        return (int) length;
    }

    // ------------------------------------------------------------------ values

    /**
     * RAW carries no types, so this does not know the kind of the value that follows; it reads the
     * varint every nullable kind starts with (text, bytes, enum and typed object: a length, ordinal
     * or alias length plus one; object and sequence: a marker byte 0 or 1), which is 0 exactly
     * when the value is null, and moves back.
     */
    @Override
    public boolean isNull() {
        if (scope != OBJECT && !ahead()) {
            return true;
        }
        final int p = position;
        boolean isNull = varint() == 0;
        position = p;
        return isNull;
    }

    /**
     * RAW reads fields in write order, so a field needs no finding; it is only checked to be named
     * where an object's fields are read, as {@link LevelKind#fieldRefused} says.
     */
    @Override
    public void field(Field field) {
        if (scope > ABSENT) {
            throw LevelKind.fieldRefused(scope, field);
        }
    }

    @Override
    public byte int8() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return byteAt(take(1));
    }

    @Override
    public short int16() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return shortAt(take(2));
    }

    @Override
    public int uint16() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return shortAt(take(2)) & 0xFFFF;
    }

    @Override
    public int int32() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return intAt(take(4));
    }

    @Override
    public long int64() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return longAt(take(8));
    }

    @Override
    public float float32() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return Float.intBitsToFloat(intAt(take(4)));
    }

    @Override
    public double float64() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return Double.longBitsToDouble(longAt(take(8)));
    }

    @Override
    public boolean bool() {
        if (scope != OBJECT && !present()) {
            return false;
        }
        return zeroOrOne("a bool, 0 or 1");
    }

    @Override
    public char char16() {
        if (scope != OBJECT && !present()) {
            return 0;
        }
        return (char) shortAt(take(2));
    }

    @Override
    public String text() {
        if (scope != OBJECT && !present()) {
            return null;
        }
        int length = length();
        if (length < 0) {
            return null;
        }
        return readText(length);
    }

    /**
     * The text of the {@code length} bytes at the cursor, moving past them: the one last read at
     * the same offset of a document when the bytes are the same, else the interned one.
     */
    private String readText(int length) {
        final int start = position;
        String text = recent.text(RecentValues.offsetSlot(start, documentStart), array, bytes, start, length, interner);
        if (text == null) {
            position = interner.malformedOffset();
            throw error("valid UTF-8 text");
        }
        position = start + length;
        return text;
    }

    @Override
    public void textTo(StringBuilder target) {
        target.setLength(0);
        if (scope != OBJECT && !present()) {
            return;
        }
        int length = length();
        if (length < 0) {
            return;
        }
        utf8To(target, length);
    }

    /** Appends the text of the {@code length} bytes at the cursor to {@code target}, moving past them. */
    private void utf8To(StringBuilder target, int length) {
        int start = position;
        int bad = bytes.readUtf8(start, length, target);
        if (bad >= 0) {
            position = bad;
            throw error("valid UTF-8 text");
        }
        position = start + length;
    }

    @Override
    public byte[] bytes() {
        if (scope != OBJECT && !present()) {
            return null;
        }
        int length = length();
        if (length < 0) {
            return null;
        }
        byte[] value = new byte[length];
        bytes.copyTo(take(length), value, 0, length);
        return value;
    }

    @Override
    public void bytesTo(Bytes target) {
        if (scope != OBJECT && !present()) {
            return;
        }
        int length = length();
        if (length > 0) {
            target.write(bytes, take(length), length);
        }
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        if (scope != OBJECT && !present()) {
            return null;
        }
        int start = position;
        long encoded = varint();
        if (encoded == 0) {
            return null;
        }
        EnumConstants<E> constants = EnumConstants.of(type);
        // A varint from 2^63 is a negative long, whose low bits must not pass for an ordinal.
        E constant = encoded > 0 && encoded <= constants.size() ? constants.byOrdinal((int) encoded - 1) : null;
        if (constant == null) {
            position = start;
            throw error(constants.unknownOrdinal(encoded - 1));
        }
        return constant;
    }

    @Override
    public boolean startMarshallable() {
        if (scope != OBJECT && !present() || !zeroOrOne("an object marker, 0 (null) or 1")) {
            enterAbsent();
            return false;
        }
        push(OBJECT, 0);
        return true;
    }

    @Override
    public String startTyped() {
        String alias = scope != OBJECT && !present() ? null : aliasText();
        if (alias == null) {
            enterAbsent();
        } else {
            push(OBJECT, 0);
        }
        return alias;
    }

    private String aliasText() {
        int length = length();
        if (length < 0) {
            return null;
        }
        int start = position;
        String alias = interner.intern(bytes, start, length);
        if (alias == null) {
            throw error("a UTF-8 type alias");
        }
        position = start + length;
        return alias;
    }

    @Override
    public void endMarshallable(Marshallable target, ValueIn unexpected) {
        if (scope != ABSENT || !levels.leaveInsideAbsent()) {
            pop();
        }
    }

    @Override
    public void startSequence() {
        startCounted(SEQUENCE, NO_ELEMENTS, "a sequence marker, 0 (null) or 1", "an element count", 1);
    }

    /** Enters a sequence or map: no elements when it is null or inside a null object. */
    private void startCounted(byte kind, byte nullKind, String marker, String what, int minimumBytes) {
        if (scope != OBJECT && !present() || !zeroOrOne(marker)) {
            push(nullKind, 0);
            return;
        }
        push(kind, count(what, minimumBytes));
    }

    /**
     * Reads a sequence's or map's count, checked against {@link ReadLimits#maxSequenceLength} and
     * against the bytes left, each of its elements taking at least {@code minimumBytes}: a count
     * the document cannot hold is refused before anything is read for it.
     */
    private int count(String what, int minimumBytes) {
        int countStart = take(4);
        int count = intAt(countStart);
        int left = documentEnd - position;
        if (count < 0 || count > limits.maxSequenceLength() || count > left / minimumBytes) {
            position = countStart;
            throw error(what + " within ReadLimits.maxSequenceLength " + limits.maxSequenceLength()
                    + " and the " + left + " bytes left in the document, found " + count);
        }
        return count;
    }

    @Override
    public boolean hasNextElement() {
        return LevelKind.elementsAt(scope) && count > 0;
    }

    @Override
    public void endSequence() {
        if (count > 0) {
            throw error("the reader to read all elements: " + count
                    + " left, and RAW cannot skip what it does not know the layout of");
        }
        pop();
    }

    // ------------------------------------------------------------------ maps

    /** A null map, or one inside a null object, has no entries. */
    @Override
    public void startMap() {
        // An entry takes at least two bytes: a key of one (the empty text) and a value of one.
        startCounted(ENTRIES, NO_ENTRIES, "a map marker, 0 (null) or 1", "a map entry count (2 bytes an entry at least)", 2);
    }

    /** @throws IllegalStateException if the entry before was given no value read: RAW cannot skip it */
    @Override
    public boolean hasNextEntry() {
        if (keyRead) {
            throw entryValueUnread();
        }
        entryFound = LevelKind.entriesAt(scope) && count > 0;
        return entryFound;
    }

    @Override
    public String textKey() {
        keyAt();
        String key = readText(keyLength());
        keyRead();
        return key;
    }

    @Override
    public void keyTo(StringBuilder target) {
        keyAt();
        target.setLength(0);
        utf8To(target, keyLength());
        keyRead();
    }

    @Override
    public long int64Key() {
        keyAt();
        long key = longAt(take(8));
        keyRead();
        return key;
    }

    /** Takes the entry {@link #hasNextEntry()} found in the innermost map, whose key is read next. */
    private void keyAt() {
        if (!entryFound) {
            throw keyRead ? entryValueUnread() : LevelKind.keyRefused(scope);
        }
        entryFound = false;
        count--;
    }

    /** The length of a text key, which is never null: the writer refuses a null key. */
    private int keyLength() {
        int start = position;
        int length = length();
        if (length < 0) {
            position = start;
            throw error("a map key, found the null marker");
        }
        return length;
    }

    /** After the key: the entry's value is due. */
    private void keyRead() {
        keyRead = true;
    }

    private static IllegalStateException entryValueUnread() {
        return new IllegalStateException("a map entry's value left unread: RAW cannot skip what it does not know"
                + " the layout of, so read each value after its key");
    }

    /** @throws IllegalStateException if an entry, or the last entry's value, was left unread: RAW cannot skip them */
    @Override
    public void endMap() {
        if (keyRead) {
            throw entryValueUnread();
        }
        if (scope == ENTRIES && count > 0) {
            throw new IllegalStateException("the map's entries left unread: " + count
                    + " of them, and RAW cannot skip what it does not know the layout of");
        }
        pop();
    }

    /** Refused as a value read would be where one is (outside a document, say); where none is, inside a null object, nothing to skip. */
    @Override
    public void skip() {
        if (scope != OBJECT && !ahead()) {
            return;
        }
        throw new UnsupportedOperationException("RAW carries no type information, so it cannot skip a value; read it as its kind");
    }
}
