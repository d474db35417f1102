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
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;

import java.util.function.Consumer;

import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.TYPED_ALIAS;
import static io.zwire.binary.proto.ProtoLayout.TYPED_VALUE;
import static io.zwire.binary.proto.ProtoLayout.VARINT;
import static io.zwire.internal.LevelKind.ABSENT;

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
 * That is why this reader is on {@link io.zwire.internal.LevelReader} without
 * {@link io.zwire.internal.KeyedWireReader}, whose final {@code field} finds or misses the one
 * value when the field is named; {@link ProtoLevels} holds the deferred lookup and the hooks.
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
        super(bytes, options);
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
        openRoot(frame(), documentEnd);
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
        closeDocument();
    }

    @Override
    public void recover(int start) {
        closeDocument();
        int framedEnd = documentStart == start ? documentEnd : -1;
        documentStart = -1;
        bytes.readPosition(resync.nextDocument(start, framedEnd, bytes.writePosition()));
    }

    @Override
    public WireException error(String expected) {
        return in.error(expected);
    }

    // ------------------------------------------------------------------ refusals of a value

    /**
     * After a varint read from a packed run: it must not run past the run. A value that does is
     * refused, and the rest of the run passed over ({@link #passOverRun}).
     */
    private void endOfPackedValue() {
        if (in.position > packedEnd) {
            throw pastTheRun();
        }
    }

    /** Before a value of {@code width} bytes is read from a packed run: refused as {@link #endOfPackedValue} if it would run past the run. */
    private void requirePackedBytes(int width) {
        if (packedEnd - in.position < width) {
            throw pastTheRun();
        }
    }

    private WireException pastTheRun() {
        int runEnd = packedEnd;
        passOverRun();
        return in.error(runEnd, "a packed element within its run, which ends at offset " + runEnd);
    }

    /**
     * Moves to the end of the packed run after a value of it was refused: a run carries no kinds
     * to find its next value by, and reading code that catches the refusal and reads on must find
     * the next occurrence, never the bytes after the run read as a tag (a loop over
     * hasNextElement never ended).
     */
    private void passOverRun() {
        in.position = packedEnd;
    }

    /**
     * The refusal of a scalar value of another wire type than {@code kind} is written as, at the
     * position: the value is passed over first (an element of a packed run: the rest of the run;
     * a group: to its end-group tag), so reading code that catches the refusal and reads on finds
     * the next field or occurrence, never the value's bytes read as a tag. A stray end-group tag,
     * or a value cut off, cannot be passed over: the reader moves to the end of the innermost
     * message, where every later read of it is refused or missing.
     */
    private WireException refusedValue(int wireType, int expected, String kind) {
        if (wireType == PACKED) {
            WireException refused = in.error("a " + ProtoLayout.describe(expected) + " value for " + kind
                    + ", found an element of a packed run of primitives");
            passOverRun();
            return refused;
        }
        WireException refused = mismatch(wireType, expected, kind);
        if (wireType == ProtoLayout.EGROUP) {
            toEndOfMessage();
        } else {
            try {
                in.skipValue(ProtoInput.UNKNOWN_GROUP << 3 | wireType);
            } catch (WireException cutOff) {
                toEndOfMessage();
            }
        }
        return refused;
    }

    /** Moves to the end of the innermost message, where it has one in place (merged occurrences are read through the index). */
    private void toEndOfMessage() {
        if (end >= 0) {
            in.position = end;
        }
    }

    // ------------------------------------------------------------------ integers

    // Within the inlining budget KeyedWireReader's comment on integers states, and on protobuf's
    // encoding of them (a zig-zag varint, whose range is checked on the encoding). Hence
    // fastVarint: one compare of the tag field() consumed, a decode without bound or error
    // checks, which the scan on entering the message made unnecessary, and one unsigned compare
    // (a zig-zag value is within int8, int16 or int32 exactly when its encoding is at most 0xFF,
    // 0xFFFF or 0xFFFFFFFF). Everything else takes varintValue, out of line.
    // found & ~0x78 keeps the sign bit (set for NO_FIELD and for a pending number) and the wire type,
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
        found = NO_FIELD;
        fastValue = value;
        return true;
    }

    /** The varint to read (0 when missing), checked to be at most {@code maxEncoded}, unsigned. */
    private long varintValue(long maxEncoded, String kind, boolean zigZag) {
        int wireType = valueAt(true);
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
        if (wireType == NOT_ON_WIRE) {
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
        int wireType = valueAt(true);
        if (wireType == I32) {
            return Float.intBitsToFloat(in.fixed32());
        }
        if (wireType == PACKED) {
            requirePackedBytes(Integer.BYTES);
            return Float.intBitsToFloat(in.fixed32());
        }
        if (wireType == NOT_ON_WIRE) {
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
            found = NO_FIELD;
            return Double.longBitsToDouble((long) ProtoInput.LONG_ARRAY.get(a, p));
        }
        return float64General();
    }

    private double float64General() {
        int wireType = valueAt(true);
        if (wireType == I64) {
            return Double.longBitsToDouble(in.fixed64());
        }
        if (wireType == PACKED) {
            requirePackedBytes(Long.BYTES);
            return Double.longBitsToDouble(in.fixed64());
        }
        if (wireType == NOT_ON_WIRE) {
            return 0;
        }
        throw refusedValue(wireType, I64, "a float64");
    }

    // ------------------------------------------------------------------ text, bytes, enums

    /** The length of the string value at the position, or -1 if the field is missing. */
    private int string(int wireType, String kind) {
        if (wireType == NOT_ON_WIRE) {
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
        return text(valueAt(false), kind);
    }

    private String text(int wireType, String kind) {
        int length = string(wireType, kind);
        if (length < 0) {
            return null;
        }
        final int start = in.position;
        String text = recent.text(RecentValues.offsetSlot(start, documentStart), in.array, bytes, start, length, interner);
        if (text == null) {
            // Passed over, so that reading code that catches the refusal reads on from the next
            // field, never from the text's bytes.
            in.position = start + length;
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
        textTo(valueAt(false), target, kind);
    }

    private void textTo(int wireType, StringBuilder target, String kind) {
        int length = string(wireType, kind);
        if (length < 0) {
            return;
        }
        int start = in.position;
        int bad = bytes.readUtf8(start, length, target);
        if (bad >= 0) {
            in.position = start + length;
            throw in.error(bad, "valid UTF-8 text");
        }
        in.position = start + length;
    }

    @Override
    public byte[] bytes() {
        int length = string(valueAt(false), "a byte string");
        if (length < 0) {
            return null;
        }
        return in.take(length);
    }

    @Override
    public void bytesTo(Bytes target) {
        int length = string(valueAt(false), "a byte string");
        if (length > 0) {
            in.takeTo(length, target);
        }
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        int wireType = valueAt(true);
        if (wireType == NOT_ON_WIRE) {
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
    public String startTyped() {
        if (enterInsideAbsent()) {
            return null;
        }
        int wireType = valueAt(false);
        if (wireType == NOT_ON_WIRE) {
            enterAbsent();
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
        if (kind != ABSENT) {
            finishObject(target, unexpected);
            int after = resume;
            pop();
            in.position = after;
        } else {
            leaveAbsent();
        }
    }

    // ------------------------------------------------------------------ map keys

    @Override
    protected String mapKeyText() {
        String key = text(entryKey(), "a text map key");
        return key != null ? key : "";
    }

    @Override
    protected void mapKeyTo(StringBuilder target) {
        textTo(entryKey(), target, "a text map key");
    }

    @Override
    protected long mapKeyInteger() {
        return ProtoOutput.unZigZag(varintOther(entryKey(), ANY, "an integer map key", true));
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
