package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.LevelKind;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;

import java.util.function.Consumer;

import static io.zwire.binary.proto.ProtoLayout.ENTRY_KEY;
import static io.zwire.binary.proto.ProtoLayout.ENTRY_VALUE;
import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.NESTED_ELEMENTS;
import static io.zwire.binary.proto.ProtoLayout.TYPED_ALIAS;
import static io.zwire.binary.proto.ProtoLayout.TYPED_VALUE;
import static io.zwire.binary.proto.ProtoLayout.VARINT;
import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.NO_ELEMENTS;
import static io.zwire.internal.LevelKind.NO_ENTRIES;
import static io.zwire.internal.LevelKind.SEQUENCE;
import static io.zwire.internal.LevelKind.VALUE;

/**
 * Reads protobuf-encoded documents into {@link Marshallable}s with protobuf's semantics: fields in
 * any order, the last occurrence of a scalar wins, repeated occurrences of a message merge, the
 * elements of a repeated field are gathered wherever they are (packed or not, interleaved with
 * other fields), and unknown fields of every wire type are skipped, groups included.
 *
 * <p>Each message is scanned once when it is entered ({@link ProtoInput#scan}): that checks it is
 * well formed and tells whether every field number occurs in a single run. If so (always, for
 * what zwire and protobuf's own encoders write) fields are read in order at the position, and the
 * fast path is {@link #field(Field)} comparing one tag byte and the value method decoding what
 * follows; a field asked for out of order, or missing, indexes the rest of the message once in the
 * {@link FieldIndex} and is found there. A message with a number in two places is indexed whole,
 * so no later occurrence is missed. Nesting is tracked in a fixed stack of levels sized by
 * {@link ReadLimits#maxDepth}. Allocates nothing in steady state.
 *
 * <p>What {@link #field(Field)} learns waits in {@link #found}, an {@code int}: whether a field
 * is a scalar (last occurrence wins), a message (occurrences merge) or a sequence (occurrences
 * gather) is known only when the value method is called, so only the one-byte tag of a field that
 * occurs once is consumed up front, and every other case keeps the number for the value method.
 * That is why this reader is not on {@link io.zwire.internal.KeyedWireReader}, whose final
 * {@code field} finds or misses the one value when the field is named; {@link ProtoLevels} says
 * what it shares with that core and what stays its own.
 */
final class ProtoWireReader extends ProtoLevels {
    private final StringInterner interner;
    /**
     * The last text read at each offset of a document: a message of the same shape puts a field at
     * the same offset every time, so a value that repeats costs a compare of its bytes rather than
     * the interner's hash and compare.
     */
    private final RecentValues recent = RecentValues.byOffset();
    /** The read position the current document began at, while one is being read; else -1. */
    private int documentStart = -1;
    private int documentEnd;
    /** Finds where reading goes on after a refused document. */
    private final ProtoResync resync;

    ProtoWireReader(Bytes bytes, WireOptions options) {
        super(bytes, options.limits());
        this.interner = StringInterner.of(options);
        this.resync = new ProtoResync(bytes, new ProtoInput(bytes, limits, ProtoLayout.WIRE));
    }

    // ------------------------------------------------------------------ documents

    @Override
    public boolean startDocument() {
        if (bytes.readRemaining() <= 0) {
            return false;
        }
        in.reset(bytes.readPosition(), bytes.writePosition());
        resetLevels();
        enterObject(frame(), documentEnd, documentEnd);
        return true;
    }

    /**
     * Reads the length of the document at the input's position, checks it against the input and
     * {@link ReadLimits#maxDocumentBytes}, sets {@link #documentStart} and {@link #documentEnd}
     * and limits the input to the document; returns where its body starts, the input's position.
     */
    private int frame() {
        int start = in.position;
        int available = in.limit;
        long length = in.paddedLength();
        if (length < 0) {
            length = in.varint();
        } else {
            resync.paddedLengthSeen();
        }
        int bodyStart = in.position;
        if (length < 0 || length > available - bodyStart) {
            throw in.error(start, "a document length within the " + (available - bodyStart) + " bytes that follow, found "
                    + Long.toUnsignedString(length));
        }
        // The frame is known from here on, so recovery tries the end of this document first.
        documentStart = start;
        documentEnd = bodyStart + (int) length;
        if (length > limits.maxDocumentBytes()) {
            throw in.error(start, "a document within ReadLimits.maxDocumentBytes " + limits.maxDocumentBytes()
                    + ", found one of " + length + " bytes");
        }
        in.limit = documentEnd;
        return bodyStart;
    }

    @Override
    public void endDocument(Marshallable target, ValueIn unexpected) {
        finishObject(target, unexpected);
        bytes.readPosition(documentEnd);
        documentStart = -1;
        state = CLOSED;
    }

    @Override
    public void recover(int start) {
        state = CLOSED;
        resetLevels();
        int framedEnd = documentStart == start ? documentEnd : -1;
        documentStart = -1;
        bytes.readPosition(resync.nextDocument(start, framedEnd, bytes.writePosition()));
    }

    @Override
    public WireException error(String expected) {
        return in.error(expected);
    }

    // ------------------------------------------------------------------ integers

    // Within the inlining budget KeyedWireReader's comment on integers states, and on protobuf's
    // encoding of them (a zig-zag varint, whose range is checked on the encoding). Hence
    // fastVarint: one compare of the tag field() consumed, a decode without bound or error
    // checks, which the scan on entering the message made unnecessary, and one unsigned compare
    // (a zig-zag value is within int8, int16 or int32 exactly when its encoding is at most 0xFF,
    // 0xFFFF or 0xFFFFFFFF). Everything else takes varintValue, out of line.
    // found & ~0x78 keeps the sign bit (set for NONE and for a pending number) and the wire type,
    // so it equals a wire type only for a consumed one-byte tag of that type.

    private static final long ANY = -1;

    /** The value {@link #fastVarint} read. */
    private int fastValue;

    /**
     * When {@link #field(Field)} consumed a one-byte varint tag, on a heap buffer, and the varint
     * takes one to three bytes (values below 2^21: small counts, prices in ticks, ids) and fits {@code mask} (every kind's limit is a mask: 0xFF, 0xFFFF,
     * 0xFFFFFFFF or all bits): consumes it, leaves it in {@link #fastValue} and returns true.
     * Otherwise consumes nothing. Straight-line and small: it is inlined once per field.
     */
    private boolean fastVarint(long mask) {
        final byte[] a = in.array;
        if ((found & ~0x78) != VARINT || a == null) {
            return false;
        }
        final int p = in.position;
        int value = a[p];
        int next = p + 1;
        if (value < 0) {
            int second = a[p + 1];
            if (second < 0) {
                int third = a[p + 2];
                if (third < 0) {
                    return false;
                }
                value = value & 0x7F | (second & 0x7F) << 7 | third << 14;
                next = p + 3;
            } else {
                value = value & 0x7F | second << 7;
                next = p + 2;
            }
        }
        if ((value & ~mask) != 0) {
            return false;
        }
        in.position = next;
        found = NONE;
        fastValue = value;
        return true;
    }

    /** The varint to read (0 when missing), checked to be at most {@code maxEncoded}, unsigned. */
    private long varintValue(long maxEncoded, String kind, boolean zigZag) {
        int wireType = at(true);
        if (wireType == VARINT) {
            int start = in.position;
            long encoded = in.varint();
            if (Long.compareUnsigned(encoded, maxEncoded) <= 0) {
                return encoded;
            }
            throw outOfRange(start, encoded, kind, zigZag);
        }
        return varintOther(wireType, maxEncoded, kind, zigZag);
    }

    /** The cold cases of {@link #varintValue}: missing, an element of a packed run, a wire type that does not fit. */
    private long varintOther(int wireType, long maxEncoded, String kind, boolean zigZag) {
        if (wireType == MISSING) {
            return 0;
        }
        int start = in.position;
        long encoded = varint(wireType, kind);
        if (Long.compareUnsigned(encoded, maxEncoded) > 0) {
            throw outOfRange(start, encoded, kind, zigZag);
        }
        return encoded;
    }

    private long varint(int wireType, String kind) {
        if (wireType == VARINT) {
            return in.varint();
        }
        if (wireType == PACKED) {
            long value;
            try {
                value = in.varint();
            } catch (WireException cutOff) {
                passOverRun();
                throw cutOff;
            }
            endOfPackedValue();
            return value;
        }
        throw refusedValue(wireType, VARINT, kind);
    }

    private WireException outOfRange(int start, long encoded, String kind, boolean zigZag) {
        return in.error(start, kind + " within its range, found the varint " + Long.toUnsignedString(encoded)
                + (zigZag ? ", zig-zag for " + ProtoOutput.unZigZag(encoded) : ""));
    }

    private static int unZigZag32(long encoded) {
        return (int) (encoded >>> 1) ^ -((int) encoded & 1);
    }

    @Override
    public byte int8() {
        return (byte) unZigZag32(fastVarint(0xFF) ? fastValue : varintValue(0xFF, "an int8", true));
    }

    @Override
    public short int16() {
        return (short) unZigZag32(fastVarint(0xFFFF) ? fastValue : varintValue(0xFFFF, "an int16", true));
    }

    @Override
    public int uint16() {
        return (int) (fastVarint(0xFFFF) ? fastValue : varintValue(0xFFFF, "a uint16", false));
    }

    @Override
    public int int32() {
        return unZigZag32(fastVarint(0xFFFF_FFFFL) ? fastValue : varintValue(0xFFFF_FFFFL, "an int32", true));
    }

    @Override
    public long int64() {
        return ProtoOutput.unZigZag(fastVarint(ANY) ? fastValue : varintValue(ANY, "an int64", true));
    }

    @Override
    public char char16() {
        return (char) (fastVarint(0xFFFF) ? fastValue : varintValue(0xFFFF, "a char16", false));
    }

    @Override
    public boolean bool() {
        return (fastVarint(ANY) ? fastValue : varintValue(ANY, "a bool", false)) != 0;
    }

    // ------------------------------------------------------------------ floats

    @Override
    public float float32() {
        int wireType = at(true);
        if (wireType == I32) {
            return Float.intBitsToFloat(in.fixed32());
        }
        if (wireType == PACKED) {
            requirePackedBytes(Integer.BYTES);
            return Float.intBitsToFloat(in.fixed32());
        }
        if (wireType == MISSING) {
            return 0;
        }
        throw refusedValue(wireType, I32, "a float32");
    }

    @Override
    public double float64() {
        final byte[] a = in.array;
        if ((found & ~0x78) == I64 && a != null) {
            final int p = in.position;
            in.position = p + 8;
            found = NONE;
            return Double.longBitsToDouble((long) ProtoInput.LONG_ARRAY.get(a, p));
        }
        return float64General();
    }

    private double float64General() {
        int wireType = at(true);
        if (wireType == I64) {
            return Double.longBitsToDouble(in.fixed64());
        }
        if (wireType == PACKED) {
            requirePackedBytes(Long.BYTES);
            return Double.longBitsToDouble(in.fixed64());
        }
        if (wireType == MISSING) {
            return 0;
        }
        throw refusedValue(wireType, I64, "a float64");
    }

    // ------------------------------------------------------------------ text, bytes, enums

    /** The length of the string value at the position, or -1 if the field is missing. */
    private int string(int wireType, String kind) {
        if (wireType == MISSING) {
            return -1;
        }
        if (wireType != LEN) {
            throw refusedValue(wireType, LEN, kind);
        }
        return in.stringLength();
    }

    @Override
    public String text() {
        return text("text");
    }

    private String text(String kind) {
        int length = string(at(false), kind);
        if (length < 0) {
            return null;
        }
        final int start = in.position;
        String text = recent.text(RecentValues.offsetSlot(start, documentStart), in.array, bytes, start, length, interner);
        if (text == null) {
            throw in.error(interner.malformedOffset(), "valid UTF-8 text");
        }
        in.position = start + length;
        return text;
    }

    @Override
    public void textTo(StringBuilder target) {
        textTo(target, "text");
    }

    private void textTo(StringBuilder target, String kind) {
        target.setLength(0);
        int length = string(at(false), kind);
        if (length < 0) {
            return;
        }
        int start = in.position;
        int bad = bytes.readUtf8(start, length, target);
        if (bad >= 0) {
            throw in.error(bad, "valid UTF-8 text");
        }
        in.position = start + length;
    }

    @Override
    public byte[] bytes() {
        int length = string(at(false), "a byte string");
        if (length < 0) {
            return null;
        }
        return in.take(length);
    }

    @Override
    public void bytesTo(Bytes target) {
        int length = string(at(false), "a byte string");
        if (length > 0) {
            target.write(bytes, in.position, length);
            in.position += length;
        }
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        int wireType = at(true);
        if (wireType == MISSING) {
            return null;
        }
        int start = in.position;
        long ordinal = varint(wireType, "an enum ordinal");
        EnumConstants<E> constants = EnumConstants.of(type);
        if (ordinal < 0 || ordinal >= constants.size()) {
            throw in.error(start, constants.unknownOrdinal(ordinal));
        }
        return constants.byOrdinal((int) ordinal);
    }

    // ------------------------------------------------------------------ objects

    @Override
    public boolean startMarshallable() {
        final int f = found;
        found = NONE;
        if (f > 0) {
            enterInOrder(f);
            return true;
        }
        if (f != NONE) {
            return enterField(-f);
        }
        switch (valueSource()) {
            case SEQUENCE -> {
                enterLengthDelimited(element(false), "an object");
                return true;
            }
            case VALUE -> {
                return enterIndexed(number);
            }
            default -> {
                levels.enterInsideAbsent();
                return false;
            }
        }
    }

    /** Enters the nested message of field {@code field} of this object: merged if it occurs more than once. */
    private boolean enterField(int field) {
        if (state != INDEXED) {
            int p = in.position;
            if (p < end) {
                int tag = in.tag();
                if (tag >>> 3 == field) {
                    enterInOrder(tag);
                    return true;
                }
            }
            indexFrom(p);
        }
        return enterIndexed(field);
    }

    private void enterInOrder(int tag) {
        if ((tag & 7) != LEN) {
            throw mismatch(tag & 7, LEN, "an object");
        }
        int length = in.length();
        int start = in.position;
        int bodyEnd = start + length;
        if (state == IN_ORDER_RUNS && bodyEnd < end && in.peekTag(bodyEnd) >>> 3 == tag >>> 3) {
            enterMergedRun(tag >>> 3, start, bodyEnd);
            return;
        }
        pushObject(start, bodyEnd, bodyEnd);
    }

    /** A run of occurrences of one message field, read in order: merged through the index. */
    private void enterMergedRun(int field, int firstBody, int firstEnd) {
        int parentEnd = end;
        push(INDEXED);
        mark = index.mark();
        end = -1;
        in.position = firstBody;
        indexRange(firstEnd);
        while (in.position < parentEnd) {
            int p = in.position;
            int next = in.tag();
            if (next >>> 3 != field) {
                in.position = p;
                break;
            }
            if ((next & 7) != LEN) {
                throw mismatch(next & 7, LEN, "an object");
            }
            int length = in.length();
            indexRange(in.position + length);
        }
        resume = in.position;
    }

    /** Enters the nested message of field {@code field} through the index: merged if it occurs more than once. */
    private boolean enterIndexed(int field) {
        final int top = index.size();
        int first = -1;
        int count = 0;
        for (int i = mark; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                if (first < 0) {
                    first = i;
                }
                count++;
            }
        }
        if (count == 0) {
            push(ABSENT);
            return false;
        }
        if (count == 1) {
            index.consume(first);
            in.position = index.valueStart(first);
            enterLengthDelimited(in.tag() & 7, "an object");
            return true;
        }
        push(INDEXED);
        mark = index.mark();
        end = -1;
        for (int i = first; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                index.consume(i);
                in.position = index.valueStart(i);
                int wireType = in.tag() & 7;
                if (wireType != LEN) {
                    throw mismatch(wireType, LEN, "an object");
                }
                int length = in.length();
                indexRange(in.position + length);
            }
        }
        resume = in.position;
        return true;
    }

    private void enterLengthDelimited(int wireType, String kind) {
        if (wireType != LEN) {
            throw mismatch(wireType, LEN, kind);
        }
        int length = in.length();
        int start = in.position;
        pushObject(start, start + length, start + length);
    }

    @Override
    public String startTyped() {
        if (state == ABSENT) {
            levels.enterInsideAbsent();
            return null;
        }
        int wireType = at(false);
        if (wireType == MISSING) {
            push(ABSENT);
            return null;
        }
        if (wireType != LEN) {
            throw mismatch(wireType, LEN, "a typed object");
        }
        int length = in.length();
        int wrapperStart = in.position;
        int wrapperEnd = wrapperStart + length;
        in.scan(wrapperStart, wrapperEnd);
        int aliasStart = -1;
        int aliasLength = 0;
        int valueStart = wrapperEnd;
        int valueEnd = wrapperEnd;
        while (in.position < wrapperEnd) {
            int tag = in.tag();
            int part = tag >>> 3;
            if (part == TYPED_ALIAS || part == TYPED_VALUE) {
                if ((tag & 7) != LEN) {
                    throw mismatch(tag & 7, LEN, part == TYPED_ALIAS ? "a typed object's alias" : "a typed object's value");
                }
                int partLength = in.length();
                if (part == TYPED_ALIAS) {
                    aliasStart = in.position;
                    aliasLength = partLength;
                } else {
                    valueStart = in.position;
                    valueEnd = valueStart + partLength;
                }
                in.position += partLength;
            } else {
                in.skipValue(tag);
            }
        }
        if (aliasStart < 0) {
            throw in.error(wrapperStart, "a typed object's alias (field " + TYPED_ALIAS + " of its wrapper message)");
        }
        if (aliasLength > limits.maxTextBytes()) {
            throw in.error(aliasStart, "an alias within ReadLimits.maxTextBytes " + limits.maxTextBytes());
        }
        String alias = interner.intern(bytes, aliasStart, aliasLength);
        if (alias == null) {
            throw in.error(interner.malformedOffset(), "a UTF-8 type alias");
        }
        pushObject(valueStart, valueEnd, wrapperEnd);
        return alias;
    }

    @Override
    public void endMarshallable(Marshallable target, ValueIn unexpected) {
        if (state != ABSENT) {
            finishObject(target, unexpected);
            int after = resume;
            pop();
            in.position = after;
        } else {
            leaveAbsent();
        }
    }

    // ------------------------------------------------------------------ sequences

    @Override
    public void startSequence() {
        if (!openContainer(SEQUENCE, "a sequence inside a sequence (a message of its elements)")) {
            push(NO_ELEMENTS);
        }
    }

    /**
     * Opens the sequence ({@code kind} SEQUENCE) or map (ENTRIES) of the field named, of the hook's
     * value, or of the next sequence element (a message whose field 1 holds the elements or
     * entries, {@code wrapped} says so in errors); returns false, having opened nothing, inside a
     * missing message.
     */
    private boolean openContainer(byte kind, String wrapped) {
        final int f = found;
        found = NONE;
        if (f > 0) {
            // The container reads its occurrences from their tags: step back onto the one field() consumed.
            in.position--;
            openOccurrences(kind, f >>> 3);
            return true;
        }
        if (f != NONE) {
            openOccurrences(kind, -f);
            return true;
        }
        switch (valueSource()) {
            case SEQUENCE -> {
                enterLengthDelimited(element(false), wrapped);
                openOccurrences(kind, NESTED_ELEMENTS);
                flags |= WRAPPED;
                return true;
            }
            case VALUE -> {
                int objectMark = mark;
                push(kind);
                cursor = objectMark;
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** Opens the sequence ({@code kind} SEQUENCE) or map (ENTRIES) of field {@code field} of the current object. */
    private void openOccurrences(byte kind, int field) {
        if (state != INDEXED) {
            int p = in.position;
            if (p < end && in.peekTag(p) >>> 3 == field) {
                push(kind);
                number = field;
                cursor = IN_PLACE;
                return;
            }
            indexFrom(p);
        }
        int objectMark = mark;
        push(kind);
        number = field;
        cursor = objectMark;
    }

    @Override
    public void endSequence() {
        if (state == NO_ELEMENTS) {
            pop();
            return;
        }
        if (in.position < packedEnd) {
            in.position = packedEnd;
        }
        packedEnd = -1;
        leaveOccurrences();
    }

    /** Leaves the innermost sequence or map, skipping its occurrences left, and its wrapper message if it has one. */
    private void leaveOccurrences() {
        while (nextOccurrence()) {
            in.skipValue(elementTag);
        }
        boolean wrapped = (flags & WRAPPED) != 0;
        pop();
        if (wrapped) {
            endMarshallable(null, null);
        }
    }

    // ------------------------------------------------------------------ maps

    /**
     * Opens the map of the field named, or of the hook's value, or of the next sequence element (a
     * message whose field 1 holds the entries); inside a missing message, a map with no entries.
     */
    @Override
    public void startMap() {
        if (!openContainer(ENTRIES, "a map inside a sequence (a message of its entries)")) {
            push(NO_ENTRIES);
        }
    }

    /**
     * Leaves the entry before, with whatever was left unread in it, and enters the next
     * occurrence of the map's field as an entry, counted against
     * {@link ReadLimits#maxSequenceLength}.
     */
    @Override
    public boolean hasNextEntry() {
        if ((flags & ENTRY) != 0) {
            if ((flags & KEYED) == 0) {
                // Asked again before the key was read: the same entry, as on every wire.
                return true;
            }
            endMarshallable(null, null);
        }
        if (!LevelKind.entriesAt(state) || !nextOccurrence()) {
            return false;
        }
        // Counted before it is checked, so that an error in it names this entry.
        entries = levels.countEntry(entries);
        if ((elementTag & 7) != LEN) {
            throw mismatch(elementTag & 7, LEN, "a map entry");
        }
        int length = in.length();
        int start = in.position;
        pushEntry(start, start + length);
        return true;
    }

    /** A missing key is the empty string, as protobuf's default for a string key. */
    @Override
    public String textKey() {
        keyAt();
        String key = text("a text map key");
        keyRead();
        return key != null ? key : "";
    }

    @Override
    public void keyTo(StringBuilder target) {
        keyAt();
        textTo(target, "a text map key");
        keyRead();
    }

    /** Zig-zag, as written (sint32 or sint64); a missing key is 0. */
    @Override
    public long int64Key() {
        keyAt();
        long key = ProtoOutput.unZigZag(varintValue(ANY, "an integer map key", true));
        keyRead();
        return key;
    }

    /** Makes the entry's field 1 the value to read, in an entry whose key is unread. */
    private void keyAt() {
        if ((flags & (ENTRY | KEYED)) != ENTRY) {
            throw LevelKind.keyRefused(kind());
        }
        found = -ENTRY_KEY;
    }

    /** After the key, the value to read is the entry's field 2, found as a field is: missing, last, merged or gathered. */
    private void keyRead() {
        flags |= KEYED;
        found = -ENTRY_VALUE;
    }

    @Override
    public void endMap() {
        if ((flags & ENTRY) != 0) {
            endMarshallable(null, null);
        }
        if (state == NO_ENTRIES) {
            pop();
            return;
        }
        leaveOccurrences();
    }

    @Override
    public void skip() {
        final int f = found;
        found = NONE;
        if (f > 0) {
            in.skipValue(f);
            return;
        }
        if (f != NONE) {
            int wireType = scalar(-f);
            if (wireType != MISSING) {
                in.skipValue(-f << 3 | wireType);
            }
            return;
        }
        switch (valueSource()) {
            case SEQUENCE -> {
                int wireType = element(false);
                if (wireType == PACKED) {
                    in.position = packedEnd;
                } else {
                    in.skipValue(elementTag);
                }
            }
            case VALUE -> lastOccurrence(number);
            default -> {
            }
        }
    }

    @Override
    public boolean readValue(Consumer<Object> sink) {
        if (bytes.readRemaining() <= 0) {
            return false;
        }
        in.reset(bytes.readPosition(), bytes.writePosition());
        frame();
        Object value = ProtoValues.readBody(in, documentEnd);
        bytes.readPosition(documentEnd);
        documentStart = -1;
        sink.accept(value);
        return true;
    }
}
