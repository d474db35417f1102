package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.spi.WireWriter;

import java.util.Arrays;

/** Writes the RAW layout drawn in {@link io.zwire.binary.raw}. Allocates nothing in steady state. */
final class RawWireWriter extends WireWriter {
    private int documentStart = -1;
    /** Per open sequence: where its count goes, and the elements written so far. */
    private int[] countOffsets = new int[8];
    private int[] counts = new int[8];
    private int sequences;

    RawWireWriter(Bytes bytes) {
        super(bytes);
    }

    @Override
    public void startDocument() {
        documentStart = bytes.writePosition();
        bytes.writeInt32(0);
    }

    @Override
    public void endDocument() {
        bytes.writeInt32At(documentStart, bytes.writePosition() - documentStart - 4);
        documentStart = -1;
    }

    @Override
    public void reset() {
        documentStart = -1;
        sequences = 0;
    }

    private void element(Field field) {
        if (field == null) {
            counts[sequences - 1]++;
        }
    }

    @Override
    public void int8(Field field, byte value) {
        element(field);
        bytes.writeInt8(value);
    }

    @Override
    public void int16(Field field, short value) {
        element(field);
        bytes.writeInt16(value);
    }

    @Override
    public void uint16(Field field, int value) {
        element(field);
        bytes.writeInt16(value);
    }

    @Override
    public void int32(Field field, int value) {
        element(field);
        bytes.writeInt32(value);
    }

    @Override
    public void int64(Field field, long value) {
        element(field);
        bytes.writeInt64(value);
    }

    @Override
    public void float32(Field field, float value) {
        element(field);
        bytes.writeFloat32(value);
    }

    @Override
    public void float64(Field field, double value) {
        element(field);
        bytes.writeFloat64(value);
    }

    @Override
    public void bool(Field field, boolean value) {
        element(field);
        bytes.writeInt8(value ? 1 : 0);
    }

    @Override
    public void char16(Field field, char value) {
        element(field);
        bytes.writeInt16(value);
    }

    @Override
    public void text(Field field, CharSequence value) {
        element(field);
        writeText(value);
    }

    private void writeText(CharSequence value) {
        bytes.writeVarint(Bytes.utf8Length(value) + 1L);
        bytes.writeUtf8(value);
    }

    @Override
    public void bytes(Field field, byte[] value, int offset, int length) {
        element(field);
        bytes.writeVarint(length + 1L);
        bytes.write(value, offset, length);
    }

    @Override
    public void asEnum(Field field, Enum<?> value) {
        element(field);
        bytes.writeVarint(value.ordinal() + 1L);
    }

    @Override
    public void nullValue(Field field, FieldKind kind) {
        element(field);
        bytes.writeInt8(0);
    }

    @Override
    public void startMarshallable(Field field) {
        element(field);
        bytes.writeInt8(1);
    }

    @Override
    public void startTyped(Field field, String alias) {
        element(field);
        writeText(alias);
    }

    @Override
    public void endMarshallable() {
    }

    @Override
    public void startSequence(Field field) {
        element(field);
        bytes.writeInt8(1);
        if (sequences == counts.length) {
            counts = Arrays.copyOf(counts, sequences * 2);
            countOffsets = Arrays.copyOf(countOffsets, sequences * 2);
        }
        countOffsets[sequences] = bytes.writePosition();
        counts[sequences++] = 0;
        bytes.writeInt32(0);
    }

    @Override
    public void endSequence() {
        sequences--;
        bytes.writeInt32At(countOffsets[sequences], counts[sequences]);
    }
}
