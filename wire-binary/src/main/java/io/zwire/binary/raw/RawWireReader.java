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
import io.zwire.internal.LevelReader;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.ENTRIES;
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
 *
 * <p>The levels, and what a read gets at each but an object's fields (a sequence's elements, a
 * map's entries, a null object), are {@link LevelReader}'s, which the keyed wires share; its hooks
 * here count a sequence's or map's declared length down, and refuse what would need a skip. In an
 * object a value is the next one by position, so a value read there costs one compare of the
 * level's kind before the bytes are read.
 */
final class RawWireReader extends LevelReader {
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

    private final StringInterner interner;
    /**
     * The last text read at each offset of a document: a field of a fixed layout lands at the same
     * offset in every document, so a value that repeats costs a compare of its bytes rather than
     * the interner's hash and compare.
     */
    private final RecentValues recent = RecentValues.byOffset();
    private final RawResync resync;
    private int documentStart = -1;
    private int documentEnd;
    /** The read cursor within the current document; the buffer's read position outside one. */
    private int position;
    /** The heap buffer's array for the current document, or null for a direct or mapped buffer. */
    private byte[] array;

    RawWireReader(Bytes bytes, WireOptions options) {
        super(bytes, options);
        this.interner = StringInterner.of(options);
        this.resync = new RawResync(bytes);
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
        openPositionalDocument();
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
        // Every call is refused from here; openPositionalDocument resets the root level's other
        // fields when the next document starts.
        kind = CLOSED;
    }

    @Override
    public void recover(int start) {
        closeLevels();
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

    // ------------------------------------------------------------------ levels

    /**
     * {@inheritDoc} In an object, the next value by position: RAW's fields need no finding. The
     * value methods test {@code kind != OBJECT} themselves and call {@link #valueAtLevel()}, so
     * that the fast path is that one compare.
     */
    @Override
    protected boolean at() {
        return kind == OBJECT || valueAtLevel();
    }

    /** In a sequence: takes its next element, counted down in the level's {@code count} from its declared length. */
    @Override
    protected void nextElement() {
        if (count == 0) {
            throw sequenceEnded();
        }
        count--;
    }

    @Override
    public boolean hasNextElement() {
        return LevelKind.elementsAt(kind) && count > 0;
    }

    /** The elements left unread: RAW cannot skip them. */
    @Override
    protected void skipRestOfSequence() {
        if (count > 0) {
            throw error("the reader to read all elements: " + count
                    + " left, and RAW cannot skip what it does not know the layout of");
        }
    }

    /**
     * An object, sequence or map starts with a marker byte: 0, a null one, is consumed here; any
     * other byte is left to {@link #enterObject()}, {@link #enterSequence()} or
     * {@link #enterMap()}, which take the 1 and refuse anything else in the words of their kind.
     */
    @Override
    protected boolean nullNext() {
        final int p = position;
        if (p < documentEnd && byteAt(p) == 0) {
            position = p + 1;
            return true;
        }
        return false;
    }

    @Override
    protected void enterObject() {
        zeroOrOne("an object marker, 0 (null) or 1");
        push(OBJECT, 0);
    }

    @Override
    protected void enterSequence() {
        zeroOrOne("a sequence marker, 0 (null) or 1");
        push(SEQUENCE, count("an element count", 1));
    }

    /** An entry takes at least two bytes: a key of one (the empty text) and a value of one. */
    @Override
    protected void enterMap() {
        zeroOrOne("a map marker, 0 (null) or 1");
        push(ENTRIES, count("a map entry count (2 bytes an entry at least)", 2));
    }

    /** Takes the next of the map's declared entries, counted down in the level's {@code count}. */
    @Override
    protected boolean nextMapEntry() {
        if (count == 0) {
            return false;
        }
        count--;
        return true;
    }

    /**
     * A map entry's value left unread, when the next entry is asked for or the map ends: RAW cannot
     * skip it, and it stays due (see the hook's contract).
     */
    @Override
    protected void skipValue() {
        expect = FOUND;
        throw new IllegalStateException("a map entry's value left unread: RAW cannot skip what it does not know"
                + " the layout of, so read each value after its key");
    }

    /** A map entry's key left unread when the map ends: RAW cannot skip it, nor the entries after it. */
    @Override
    protected void skipMapKey() {
        throw new IllegalStateException("the map's entries left unread: " + (count + 1)
                + " of them, and RAW cannot skip what it does not know the layout of");
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
        if (kind != OBJECT && !valueAheadAtLevel()) {
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
        if (kind > ABSENT) {
            throw LevelKind.fieldRefused(kind, field);
        }
    }

    @Override
    public byte int8() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return byteAt(take(1));
    }

    @Override
    public short int16() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return shortAt(take(2));
    }

    @Override
    public int uint16() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return shortAt(take(2)) & 0xFFFF;
    }

    @Override
    public int int32() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return intAt(take(4));
    }

    @Override
    public long int64() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return longAt(take(8));
    }

    @Override
    public float float32() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return Float.intBitsToFloat(intAt(take(4)));
    }

    @Override
    public double float64() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return Double.longBitsToDouble(longAt(take(8)));
    }

    @Override
    public boolean bool() {
        if (kind != OBJECT && !valueAtLevel()) {
            return false;
        }
        return zeroOrOne("a bool, 0 or 1");
    }

    @Override
    public char char16() {
        if (kind != OBJECT && !valueAtLevel()) {
            return 0;
        }
        return (char) shortAt(take(2));
    }

    @Override
    public String text() {
        if (kind != OBJECT && !valueAtLevel()) {
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
        if (kind != OBJECT && !valueAtLevel()) {
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
        if (kind != OBJECT && !valueAtLevel()) {
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
        if (kind != OBJECT && !valueAtLevel()) {
            return;
        }
        int length = length();
        if (length > 0) {
            target.write(bytes, take(length), length);
        }
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        if (kind != OBJECT && !valueAtLevel()) {
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
    public String startTyped() {
        if (typedObjectMissing()) {
            return null;
        }
        String alias = aliasText();
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
        if (kind == ABSENT) {
            leaveAbsent();
        } else {
            pop();
        }
    }

    /**
     * Reads a sequence's or map's count, checked against {@link ReadLimits#maxSequenceLength} and
     * against the bytes left, each of its elements taking at least {@code minimumBytes}: a count
     * the document cannot hold is refused before anything is read for it.
     */
    private int count(String what, int minimumBytes) {
        int countStart = take(4);
        int declared = intAt(countStart);
        int left = documentEnd - position;
        if (declared < 0 || declared > limits.maxSequenceLength() || declared > left / minimumBytes) {
            position = countStart;
            throw error(what + " within ReadLimits.maxSequenceLength " + limits.maxSequenceLength()
                    + " and the " + left + " bytes left in the document, found " + declared);
        }
        return declared;
    }

    // ------------------------------------------------------------------ map keys

    @Override
    protected String mapKeyText() {
        int length = keyLength();
        int start = position;
        try {
            return readText(length);
        } catch (WireException refused) {
            throw passedOver(refused, start + length);
        }
    }

    @Override
    protected void mapKeyTo(StringBuilder target) {
        int length = keyLength();
        int start = position;
        try {
            utf8To(target, length);
        } catch (WireException refused) {
            throw passedOver(refused, start + length);
        }
    }

    /**
     * A refused key's bytes, whose end is known, are passed over, so reading code that catches
     * the refusal reads the entry's value next, as on the self-describing wires, never the key's
     * bytes as the value (the core counts the value due once the key is asked for).
     */
    private WireException passedOver(WireException refused, int keyEnd) {
        position = keyEnd;
        return refused;
    }

    /** A key the document cannot hold moves the reader to the document's end, as a text key's length does. */
    @Override
    protected long mapKeyInteger() {
        try {
            return longAt(take(8));
        } catch (WireException refused) {
            throw passedOver(refused, documentEnd);
        }
    }

    /**
     * The length of a text key, which is never null: the writer refuses a null key. A null marker
     * is refused at its offset and passed over, as a refused key's bytes are
     * ({@link #passedOver}). A length that cannot be read or held (a bad varint, past
     * {@link ReadLimits#maxTextBytes} or the document) cannot be passed over: the reader moves to
     * the document's end, where a read of the entry's value is refused.
     */
    private int keyLength() {
        int start = position;
        int length;
        try {
            length = length();
        } catch (WireException refused) {
            throw passedOver(refused, documentEnd);
        }
        if (length < 0) {
            int after = position;
            position = start;
            throw passedOver(error("a map key, found the null marker"), after);
        }
        return length;
    }

    /** Refused as a value read would be where one is (outside a document, say); where none is, inside a null object, nothing to skip. */
    @Override
    public void skip() {
        if (kind != OBJECT && !valueAheadAtLevel()) {
            return;
        }
        throw new UnsupportedOperationException("RAW carries no type information, so it cannot skip a value; read it as its kind");
    }
}
