package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.internal.MisplacedCalls;
import io.zwire.internal.RecentValues;
import io.zwire.internal.Utf8AfterPrefix;
import io.zwire.spi.WireWriter;

import java.util.Arrays;

import static io.zwire.binary.proto.ProtoLayout.ENTRY_KEY;
import static io.zwire.binary.proto.ProtoLayout.ENTRY_VALUE;
import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.VARINT;

/**
 * Writes documents in the protobuf encoding drawn in {@link io.zwire.binary.proto}. The tag holds
 * the field number and the wire type, and the wire type depends on the value, so
 * {@link #field(Field)} writes nothing: it keeps the number, as an {@code int} (a reference stored
 * per field would cost a GC write barrier), and the value method writes tag and value together.
 * Sequence elements look at the innermost open sequence instead, to pack primitives into one
 * length-delimited run or to repeat the sequence's tag before each text, byte string or message.
 * Lengths of documents, messages and packed runs are reserved as 5-byte padded varints and
 * back-patched, so nothing is counted ahead and nothing is moved. Allocates nothing in steady
 * state (the level stack grows once, for the deepest nesting seen).
 *
 * <p>A map is its field repeated, one entry message per key, the key as the entry's field 1 and
 * the value as its field 2; each entry's length is reserved at its key and patched at the next key
 * or the map's end. The misplaced calls inside a map are caught through {@link #number}, as fields
 * are, and not through positions as {@link io.zwire.internal.WriterScopes} does: NUMBERED writes
 * nothing for a null value, an empty sequence or an empty map, so the output does not move where a
 * value was given and a position could not tell it from one that was not.
 */
final class ProtoWireWriter extends WireWriter {
    /** Level kinds: a nested message, a typed object's value inside its wrapper, a sequence. */
    private static final byte MESSAGE = 0;
    private static final byte TYPED = 1;
    private static final byte SEQUENCE = 2;
    private static final byte MAP = 3;
    private static final int NONE = -1;
    /** Longest UTF-8 text whose length prefix is one byte. */
    private static final int ONE_BYTE_PREFIX_LIMIT = 127;
    /** {@link #number} while the innermost open scope is a sequence: values are its elements. */
    private static final int ELEMENT = 0;
    /** {@link #number} while the innermost open scope is a map and its next key is due. */
    private static final int MAP_KEY = -2;
    /** {@link #number} after a map key: its value is due, as the entry's field 2. */
    private static final int MAP_VALUE = -3;

    /**
     * The number of the field whose value comes next; {@link #ELEMENT} inside a sequence, and
     * between documents, so that {@link #field} refuses a field written through a
     * {@link io.zwire.WireOut} kept past its document; {@link #NONE} at the start of an object,
     * after a scope closes into one and after a field's value, so that {@link #field} also refuses
     * a field while the one named before it has had no value. Field numbers are at least 1, so a
     * value's fast path is one compare, {@code number > 0}, and {@link #field}'s is another,
     * {@code number == NONE}; the value's store of {@link #NONE} is what catching a field given no
     * value costs.
     */
    private int number = ELEMENT;

    /**
     * The bytes last written for a {@code String} at each offset of a document, so the same
     * instance written there again, as a symbol or an account held by the object written usually
     * is, is copied as words instead of encoded char by char.
     */
    private final RecentValues recent = RecentValues.byOffset();
    private int documentStart = NONE;
    private byte[] kinds = new byte[8];
    /** MESSAGE, TYPED: the reserved length of the message; SEQUENCE, MAP: of its wrapper message, or NONE. */
    private int[] lengths = new int[8];
    /** TYPED: the reserved length of the wrapper. */
    private int[] wrappers = new int[8];
    /** SEQUENCE: the field number its elements are written under; MAP: its entries. */
    private int[] numbers = new int[8];
    /** SEQUENCE: the reserved length of the packed run being written, or NONE; MAP: of the entry being written, or NONE. */
    private int[] packedRuns = new int[8];
    /** SEQUENCE: whether packed numbers were written in it. */
    private boolean[] packedSeen = new boolean[8];
    /** MESSAGE, SEQUENCE, MAP as a sequence's element: whether packed numbers came before it in that sequence. */
    private boolean[] afterRuns = new boolean[8];
    /** Whether the value whose tag {@link #take()} gave last is a sequence element after packed numbers. */
    private boolean followsRun;
    private int depth;

    ProtoWireWriter(Bytes bytes) {
        super(bytes);
    }

    @Override
    public void startDocument() {
        documentStart = ProtoOutput.reserveLength(bytes);
        number = NONE;
    }

    /** @throws IllegalStateException if the last field named has had no value */
    @Override
    public void endDocument() {
        checkLastValue(true);
        ProtoOutput.patchLength(bytes, documentStart);
        documentStart = NONE;
        number = ELEMENT;
    }

    @Override
    public void reset() {
        documentStart = NONE;
        depth = 0;
        number = ELEMENT;
    }

    // ------------------------------------------------------------------ keys

    /**
     * Keeps the number for the value that follows; writes nothing, since the tag needs the value's wire type.
     *
     * @throws IllegalStateException inside a sequence, outside a document, or when the field named
     *         before it has had no value
     */
    @Override
    public void field(Field field) {
        if (number != NONE) {
            throw refusedField(field);
        }
        number = field.number();
    }

    private IllegalStateException refusedField(Field field) {
        if (number == ELEMENT) {
            return MisplacedCalls.fieldWritten(field, documentStart == NONE);
        }
        if (number == MAP_KEY || number == MAP_VALUE) {
            return MisplacedCalls.fieldWrittenInMap(field);
        }
        return MisplacedCalls.fieldWithoutValue(number, field, false);
    }

    /** Where an object or the document ends: the field named last in it must have had its value. */
    private void checkLastValue(boolean document) {
        if (number > 0) {
            throw MisplacedCalls.fieldWithoutValue(number, null, document);
        }
    }

    /**
     * The number a value's tag carries, the value being taken: the field's, or a sequence
     * element's that is never packed.
     */
    private int take() {
        followsRun = false;
        final int n = number;
        if (n > 0) {
            number = NONE;
            return n;
        }
        if (n == MAP_VALUE) {
            number = MAP_KEY;
            return ENTRY_VALUE;
        }
        return elementNumber();
    }

    /** Writes the tag for the value that follows. */
    private void key(int wireType) {
        ProtoOutput.tag(bytes, take(), wireType);
    }

    /** The innermost level, which must be a sequence: a value with no field before it is an element. */
    private int top() {
        if (depth == 0 || kinds[depth - 1] != SEQUENCE) {
            if (depth > 0 && kinds[depth - 1] == MAP) {
                throw MisplacedCalls.valueWithoutKey(true);
            }
            throw new IllegalStateException("a value without out.write(field) first, outside any sequence");
        }
        return depth - 1;
    }

    /** The field number of the innermost sequence, after closing its packed run: the next element is not packed. */
    private int elementNumber() {
        int top = top();
        followsRun = packedSeen[top];
        closeRun(top);
        return numbers[top];
    }

    /**
     * An empty length-delimited element after packed numbers in one sequence is the same bytes as
     * an empty packed run, which zwire's reader (like other protobuf readers that accept a packed
     * field in several runs) takes as no element: it would be lost. So it is refused where it is written, rather than written to be dropped.
     *
     * @throws IllegalArgumentException always
     */
    private static IllegalArgumentException emptyAfterRun(String what) {
        return new IllegalArgumentException("NUMBERED cannot write an empty " + what + " after numbers in one"
                + " sequence: protobuf reads those bytes as an empty run of packed numbers, so the element would be"
                + " lost; keep one kind per sequence, as a protobuf repeated field does");
    }

    private void packedElement() {
        int top = top();
        if (packedRuns[top] == NONE) {
            packedSeen[top] = true;
            ProtoOutput.tag(bytes, numbers[top], LEN);
            packedRuns[top] = ProtoOutput.reserveLength(bytes);
        }
    }

    /** Patches the length of the packed run of the sequence, or of the entry of the map, at {@code level}. */
    private void closeRun(int level) {
        int run = packedRuns[level];
        if (run != NONE) {
            ProtoOutput.patchLength(bytes, run);
            packedRuns[level] = NONE;
        }
    }

    private void push(byte kind, int length, int wrapper, int sequenceNumber) {
        if (depth == kinds.length) {
            int capacity = depth * 2;
            kinds = Arrays.copyOf(kinds, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
            wrappers = Arrays.copyOf(wrappers, capacity);
            numbers = Arrays.copyOf(numbers, capacity);
            packedRuns = Arrays.copyOf(packedRuns, capacity);
            afterRuns = Arrays.copyOf(afterRuns, capacity);
            packedSeen = Arrays.copyOf(packedSeen, capacity);
        }
        afterRuns[depth] = followsRun;
        packedSeen[depth] = false;
        kinds[depth] = kind;
        lengths[depth] = length;
        wrappers[depth] = wrapper;
        numbers[depth] = sequenceNumber;
        packedRuns[depth] = NONE;
        depth++;
        number = scopeNumber(kind);
    }

    /** After closing a scope: values are elements again if the enclosing scope is a sequence, keys if a map. */
    private void resumeScope() {
        number = depth > 0 ? scopeNumber(kinds[depth - 1]) : NONE;
    }

    /** {@link #number} where {@code kind} is the innermost scope and nothing is pending in it. */
    private static int scopeNumber(byte kind) {
        return kind == SEQUENCE ? ELEMENT : kind == MAP ? MAP_KEY : NONE;
    }

    // ------------------------------------------------------------------ primitives

    /** A varint field, or a varint appended to the innermost sequence's packed run. */
    private void varint(long value) {
        final int n = number;
        if (n > 0) {
            number = NONE;
            ProtoOutput.varintField(bytes, n << 3 | VARINT, value);
        } else if (n == MAP_VALUE) {
            number = MAP_KEY;
            ProtoOutput.varintField(bytes, ENTRY_VALUE << 3 | VARINT, value);
        } else {
            packedElement();
            bytes.writeVarint(value);
        }
    }

    @Override
    public void int8(byte value) {
        varint(ProtoOutput.zigZag32(value));
    }

    @Override
    public void int16(short value) {
        varint(ProtoOutput.zigZag32(value));
    }

    @Override
    public void uint16(int value) {
        varint(value);
    }

    @Override
    public void int32(int value) {
        varint(ProtoOutput.zigZag32(value));
    }

    @Override
    public void int64(long value) {
        varint(ProtoOutput.zigZag(value));
    }

    @Override
    public void float32(float value) {
        final int n = number;
        if (n > 0) {
            number = NONE;
            ProtoOutput.fixed32Field(bytes, n << 3 | I32, Float.floatToRawIntBits(value));
        } else if (n == MAP_VALUE) {
            number = MAP_KEY;
            ProtoOutput.fixed32Field(bytes, ENTRY_VALUE << 3 | I32, Float.floatToRawIntBits(value));
        } else {
            packedElement();
            bytes.writeInt32(Float.floatToRawIntBits(value));
        }
    }

    @Override
    public void float64(double value) {
        final int n = number;
        if (n > 0) {
            number = NONE;
            ProtoOutput.fixed64Field(bytes, n << 3 | I64, Double.doubleToRawLongBits(value));
        } else if (n == MAP_VALUE) {
            number = MAP_KEY;
            ProtoOutput.fixed64Field(bytes, ENTRY_VALUE << 3 | I64, Double.doubleToRawLongBits(value));
        } else {
            packedElement();
            bytes.writeInt64(Double.doubleToRawLongBits(value));
        }
    }

    @Override
    public void bool(boolean value) {
        varint(value ? 1 : 0);
    }

    @Override
    public void char16(char value) {
        varint(value);
    }

    @Override
    public void asEnum(Enum<?> value) {
        varint(value.ordinal());
    }

    // ------------------------------------------------------------------ length-delimited

    /** The tag and length of a length-delimited value whose length is known. */
    private void lengthPrefix(int length) {
        ProtoOutput.varintField(bytes, take() << 3 | LEN, length);
    }

    /**
     * Text below 128 bytes: the tag, then the text, then its one-byte length filled in. A
     * {@code String} written at the same offset of a document before, as the same instance, is
     * copied as the bytes written then ({@link #recent}).
     */
    @Override
    public void text(CharSequence value) {
        if (value.length() <= ONE_BYTE_PREFIX_LIMIT) {
            ProtoOutput.tag(bytes, take(), LEN);
            if (followsRun && value.length() == 0) {
                throw emptyAfterRun("text");
            }
            final int at = bytes.writePosition();
            int length = Utf8AfterPrefix.writeAfterOneByte(bytes, value, ONE_BYTE_PREFIX_LIMIT, recent,
                    RecentValues.offsetSlot(at, documentStart));
            if (length >= 0) {
                bytes.writeInt8At(at, length);
                return;
            }
            bytes.writeVarint(Bytes.utf8Length(value));
        } else {
            lengthPrefix(Bytes.utf8Length(value));
        }
        bytes.writeUtf8(value);
    }

    @Override
    public void bytes(byte[] value, int offset, int length) {
        lengthPrefix(length);
        if (followsRun && length == 0) {
            throw emptyAfterRun("byte string");
        }
        bytes.write(value, offset, length);
    }

    /**
     * Null is an absent field, and a null map value an entry with its key alone. A sequence element
     * has no way to be absent (a repeated field is a list of present values), so a null element is
     * refused rather than silently dropped.
     *
     * @param kind not needed: a null of any kind is the same absence
     * @throws IllegalArgumentException for a null sequence element
     */
    @Override
    public void nullValue(FieldKind kind) {
        if (number > 0) {
            number = NONE;
        } else if (number == MAP_VALUE) {
            number = MAP_KEY;
        } else {
            top();
            throw new IllegalArgumentException("NUMBERED cannot write a null sequence element: protobuf's repeated "
                    + "fields have no null; leave the element out or wrap it in an object");
        }
    }

    @Override
    public void startMarshallable() {
        key(LEN);
        push(MESSAGE, ProtoOutput.reserveLength(bytes), NONE, 0);
    }

    @Override
    public void startTyped(String alias) {
        key(LEN);
        int wrapper = ProtoOutput.reserveLength(bytes);
        ProtoOutput.tag(bytes, ProtoLayout.TYPED_ALIAS, LEN);
        bytes.writeVarint(Bytes.utf8Length(alias));
        bytes.writeUtf8(alias);
        ProtoOutput.tag(bytes, ProtoLayout.TYPED_VALUE, LEN);
        push(TYPED, ProtoOutput.reserveLength(bytes), wrapper, 0);
    }

    /** @throws IllegalStateException if the last field named in the object has had no value */
    @Override
    public void endMarshallable() {
        checkLastValue(false);
        int level = --depth;
        // A typed object's element is its wrapper, which always holds the alias: never empty.
        if (afterRuns[level] && kinds[level] == MESSAGE && isEmpty(lengths[level])) {
            throw emptyAfterRun("object");
        }
        ProtoOutput.patchLength(bytes, lengths[level]);
        if (kinds[level] == TYPED) {
            ProtoOutput.patchLength(bytes, wrappers[level]);
        }
        resumeScope();
    }

    /**
     * A sequence under a field writes nothing until its first element; a map's value is the
     * entry's field 2 repeated. A sequence that is itself an element is a message whose field 1
     * holds its elements.
     */
    @Override
    public void startSequence() {
        openContainer(SEQUENCE);
    }

    /** Opens a sequence or map under the field named, as a map's value, or as a sequence element in its wrapper. */
    private void openContainer(byte kind) {
        final int n = number;
        if (n > 0) {
            push(kind, NONE, NONE, n);
        } else if (n == MAP_VALUE) {
            push(kind, NONE, NONE, ENTRY_VALUE);
        } else {
            key(LEN);
            push(kind, ProtoOutput.reserveLength(bytes), NONE, ProtoLayout.NESTED_ELEMENTS);
        }
    }

    @Override
    public void endSequence() {
        int level = depth - 1;
        closeRun(level);
        closeContainer(level);
    }

    /** Leaves the sequence or map at {@code level}, patching the length of its wrapper message if it has one. */
    private void closeContainer(int level) {
        depth = level;
        if (afterRuns[level] && lengths[level] != NONE && isEmpty(lengths[level])) {
            throw emptyAfterRun(kinds[level] == MAP ? "map" : "sequence");
        }
        if (lengths[level] != NONE) {
            ProtoOutput.patchLength(bytes, lengths[level]);
        }
        resumeScope();
    }

    /** {@return whether nothing is written after the length reserved at {@code reserved}} */
    private boolean isEmpty(int reserved) {
        return bytes.writePosition() == reserved + ProtoOutput.RESERVED_LENGTH;
    }

    // ------------------------------------------------------------------ maps

    /**
     * A map under a field, or as a map's value, writes nothing until its first key. A map that is
     * a sequence element is a message whose field 1 holds its entries, as a sequence there is.
     */
    @Override
    public void startMap() {
        openContainer(MAP);
    }

    /** Field 1 of a new entry: a string. */
    @Override
    public void textKey(CharSequence key) {
        openEntry();
        number = ENTRY_KEY;
        text(key);
        number = MAP_VALUE;
    }

    /**
     * Field 1 of a new entry: a zig-zag varint, so an int32 key is protobuf's {@code sint32} and an
     * int64 key its {@code sint64} (the same bytes for a value both can hold).
     */
    @Override
    public void int64Key(long key) {
        openEntry();
        ProtoOutput.varintField(bytes, ENTRY_KEY << 3 | VARINT, ProtoOutput.zigZag(key));
        number = MAP_VALUE;
    }

    /** Closes the entry before, if any, and opens the next one: its tag and reserved length. */
    private void openEntry() {
        if (number != MAP_KEY) {
            throw number == MAP_VALUE ? MisplacedCalls.keyWithoutValue() : MisplacedCalls.keyOutsideMap(true);
        }
        int level = depth - 1;
        closeRun(level);
        ProtoOutput.tag(bytes, numbers[level], LEN);
        packedRuns[level] = ProtoOutput.reserveLength(bytes);
    }

    /** @throws IllegalStateException if the last key has had no value */
    @Override
    public void endMap() {
        if (number == MAP_VALUE) {
            throw MisplacedCalls.keyWithoutValue();
        }
        int level = depth - 1;
        closeRun(level);
        closeContainer(level);
    }
}
