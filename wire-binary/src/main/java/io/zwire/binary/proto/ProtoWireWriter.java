package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.spi.WireWriter;

import java.util.Arrays;

import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.VARINT;

/**
 * Writes documents in the protobuf encoding drawn in {@link io.zwire.binary.proto}. A field with
 * a {@link Field} is a tag and a value, with no state consulted; only sequence elements (a null
 * field) look at the innermost open sequence, to pack primitives into one length-delimited run or
 * to repeat the sequence's tag before each text, byte string or message. Lengths of documents,
 * messages and packed runs are reserved as 5-byte padded varints and back-patched, so nothing is
 * counted ahead and nothing is moved. Allocates nothing in steady state (the level stack grows
 * once, for the deepest nesting seen).
 */
final class ProtoWireWriter extends WireWriter {
    /** Level kinds: a nested message, a typed object's value inside its wrapper, a sequence. */
    private static final byte MESSAGE = 0;
    private static final byte TYPED = 1;
    private static final byte SEQUENCE = 2;
    private static final int NONE = -1;

    private int documentStart = NONE;
    private byte[] kinds = new byte[8];
    /** MESSAGE, TYPED: the reserved length of the message; SEQUENCE: of its wrapper message, or NONE. */
    private int[] lengths = new int[8];
    /** TYPED: the reserved length of the wrapper. */
    private int[] wrappers = new int[8];
    /** SEQUENCE: the field number its elements are written under. */
    private int[] numbers = new int[8];
    /** SEQUENCE: the reserved length of the packed run being written, or NONE. */
    private int[] packedRuns = new int[8];
    private int depth;

    ProtoWireWriter(Bytes bytes) {
        super(bytes);
    }

    @Override
    public void startDocument() {
        documentStart = ProtoOutput.reserveLength(bytes);
    }

    @Override
    public void endDocument() {
        ProtoOutput.patchLength(bytes, documentStart);
        documentStart = NONE;
    }

    @Override
    public void reset() {
        documentStart = NONE;
        depth = 0;
    }

    // ------------------------------------------------------------------ keys

    /** Writes the tag for a value of {@code field}, or prepares a sequence element that is never packed. */
    private void key(Field field, int wireType) {
        if (field != null) {
            ProtoOutput.tag(bytes, field.number(), wireType);
        } else {
            ProtoOutput.tag(bytes, elementNumber(), wireType);
        }
    }

    private int top() {
        if (depth == 0 || kinds[depth - 1] != SEQUENCE) {
            throw new IllegalStateException("a value without a field is a sequence element, but no sequence is open");
        }
        return depth - 1;
    }

    /** The field number of the innermost sequence, after closing its packed run: the next element is not packed. */
    private int elementNumber() {
        int top = top();
        closePackedRun(top);
        return numbers[top];
    }

    private void packedElement() {
        int top = top();
        if (packedRuns[top] == NONE) {
            ProtoOutput.tag(bytes, numbers[top], LEN);
            packedRuns[top] = ProtoOutput.reserveLength(bytes);
        }
    }

    private void closePackedRun(int level) {
        int run = packedRuns[level];
        if (run != NONE) {
            ProtoOutput.patchLength(bytes, run);
            packedRuns[level] = NONE;
        }
    }

    private void push(byte kind, int length, int wrapper, int number) {
        if (depth == kinds.length) {
            int capacity = depth * 2;
            kinds = Arrays.copyOf(kinds, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
            wrappers = Arrays.copyOf(wrappers, capacity);
            numbers = Arrays.copyOf(numbers, capacity);
            packedRuns = Arrays.copyOf(packedRuns, capacity);
        }
        kinds[depth] = kind;
        lengths[depth] = length;
        wrappers[depth] = wrapper;
        numbers[depth] = number;
        packedRuns[depth] = NONE;
        depth++;
    }

    // ------------------------------------------------------------------ primitives

    /** A varint field, or a varint appended to the innermost sequence's packed run. */
    private void varint(Field field, long value) {
        if (field != null) {
            ProtoOutput.varintField(bytes, field.number() << 3 | VARINT, value);
        } else {
            packedElement();
            bytes.writeVarint(value);
        }
    }

    @Override
    public void int8(Field field, byte value) {
        varint(field, ProtoOutput.zigZag32(value));
    }

    @Override
    public void int16(Field field, short value) {
        varint(field, ProtoOutput.zigZag32(value));
    }

    @Override
    public void uint16(Field field, int value) {
        varint(field, value);
    }

    @Override
    public void int32(Field field, int value) {
        varint(field, ProtoOutput.zigZag32(value));
    }

    @Override
    public void int64(Field field, long value) {
        varint(field, ProtoOutput.zigZag(value));
    }

    @Override
    public void float32(Field field, float value) {
        if (field != null) {
            ProtoOutput.fixed32Field(bytes, field.number() << 3 | I32, Float.floatToRawIntBits(value));
        } else {
            packedElement();
            bytes.writeInt32(Float.floatToRawIntBits(value));
        }
    }

    @Override
    public void float64(Field field, double value) {
        if (field != null) {
            ProtoOutput.fixed64Field(bytes, field.number() << 3 | I64, Double.doubleToRawLongBits(value));
        } else {
            packedElement();
            bytes.writeInt64(Double.doubleToRawLongBits(value));
        }
    }

    @Override
    public void bool(Field field, boolean value) {
        varint(field, value ? 1 : 0);
    }

    @Override
    public void char16(Field field, char value) {
        varint(field, value);
    }

    @Override
    public void asEnum(Field field, Enum<?> value) {
        varint(field, value.ordinal());
    }

    // ------------------------------------------------------------------ length-delimited

    /** The tag and length of a length-delimited value whose length is known. */
    private void lengthPrefix(Field field, int length) {
        int number = field != null ? field.number() : elementNumber();
        ProtoOutput.varintField(bytes, number << 3 | LEN, length);
    }

    @Override
    public void text(Field field, CharSequence value) {
        lengthPrefix(field, Bytes.utf8Length(value));
        bytes.writeUtf8(value);
    }

    @Override
    public void bytes(Field field, byte[] value, int offset, int length) {
        lengthPrefix(field, length);
        bytes.write(value, offset, length);
    }

    /**
     * Null is an absent field. A sequence element has no way to be absent (a repeated field is a
     * list of present values), so a null element is refused rather than silently dropped.
     *
     * @throws IllegalArgumentException for a null sequence element
     */
    @Override
    public void nullValue(Field field) {
        if (field == null) {
            top();
            throw new IllegalArgumentException("NUMBERED cannot write a null sequence element: protobuf's repeated "
                    + "fields have no null; leave the element out or wrap it in an object");
        }
    }

    @Override
    public void startMarshallable(Field field) {
        key(field, LEN);
        push(MESSAGE, ProtoOutput.reserveLength(bytes), NONE, 0);
    }

    @Override
    public void startTyped(Field field, String alias) {
        key(field, LEN);
        int wrapper = ProtoOutput.reserveLength(bytes);
        ProtoOutput.tag(bytes, ProtoLayout.TYPED_ALIAS, LEN);
        bytes.writeVarint(Bytes.utf8Length(alias));
        bytes.writeUtf8(alias);
        ProtoOutput.tag(bytes, ProtoLayout.TYPED_VALUE, LEN);
        push(TYPED, ProtoOutput.reserveLength(bytes), wrapper, 0);
    }

    @Override
    public void endMarshallable() {
        int level = --depth;
        ProtoOutput.patchLength(bytes, lengths[level]);
        if (kinds[level] == TYPED) {
            ProtoOutput.patchLength(bytes, wrappers[level]);
        }
    }

    /**
     * A sequence under a field writes nothing until its first element. A sequence that is itself
     * an element is a message whose field 1 holds its elements.
     */
    @Override
    public void startSequence(Field field) {
        if (field != null) {
            push(SEQUENCE, NONE, NONE, field.number());
        } else {
            key(null, LEN);
            push(SEQUENCE, ProtoOutput.reserveLength(bytes), NONE, ProtoLayout.NESTED_ELEMENTS);
        }
    }

    @Override
    public void endSequence() {
        int level = depth - 1;
        closePackedRun(level);
        depth = level;
        if (lengths[level] != NONE) {
            ProtoOutput.patchLength(bytes, lengths[level]);
        }
    }
}
