package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.internal.RecentValues;
import io.zwire.internal.Utf8AfterPrefix;
import io.zwire.internal.WriterScopes;
import io.zwire.spi.WireWriter;

import java.util.Arrays;

/** Writes the RAW layout drawn in {@link io.zwire.binary.raw}. Allocates nothing in steady state. */
final class RawWireWriter extends WireWriter {
    /** Longest UTF-8 text whose length prefix, {@code length + 1}, is one byte. */
    private static final int ONE_BYTE_PREFIX_LIMIT = 126;

    /**
     * The bytes last written for a {@code String} at each offset of a document, so the same
     * instance written there again, as a symbol or an account held by the object written usually
     * is, is copied as words instead of encoded char by char.
     */
    private final RecentValues recent = RecentValues.byOffset();
    private int documentStart;
    /** Per open sequence or map: where its count goes, and the elements (values) written so far. */
    private int[] countOffsets = new int[8];
    private int[] counts = new int[8];
    private int sequences;
    private final WriterScopes scopes = new WriterScopes();

    RawWireWriter(Bytes bytes) {
        super(bytes);
    }

    @Override
    public void startDocument() {
        documentStart = bytes.writePosition();
        bytes.writeInt32(0);
        scopes.open();
    }

    /** @throws IllegalStateException if the last field named has had no value */
    @Override
    public void endDocument() {
        int end = bytes.writePosition();
        scopes.checkLastValue(end, true);
        bytes.writeInt32At(documentStart, end - documentStart - 4);
        scopes.close();
    }

    @Override
    public void reset() {
        sequences = 0;
        scopes.abandon();
    }

    /**
     * RAW writes no keys, but its reader reads one value for every field named, in order: a field
     * given no value would hand its successor's value to it and shift every later one. So a field
     * is checked as on the other wires (in an object of an open document, after a field given its
     * value) and noted as named: where its value starts, with its number ({@link WriterScopes}).
     *
     * @throws IllegalStateException inside a sequence, outside a document, or when the field named
     *         before it has had no value
     */
    @Override
    public void field(Field field) {
        int position = bytes.writePosition();
        scopes.checkField(field, position);
        scopes.named(field, position);
    }

    /**
     * Counts a value written inside a sequence as one of its elements, or inside a map as the value
     * of one of its entries, which needs its key written just before it. Every value writes at
     * least one byte, so the position tells a key's value from a value without a key.
     */
    private void element() {
        if (scopes.inSequence()) {
            if (scopes.inMap()) {
                scopes.checkMapValue(bytes.writePosition());
            }
            counts[sequences - 1]++;
        }
    }

    @Override
    public void int8(byte value) {
        element();
        bytes.writeInt8(value);
    }

    @Override
    public void int16(short value) {
        element();
        bytes.writeInt16(value);
    }

    @Override
    public void uint16(int value) {
        element();
        bytes.writeInt16(value);
    }

    @Override
    public void int32(int value) {
        element();
        bytes.writeInt32(value);
    }

    @Override
    public void int64(long value) {
        element();
        bytes.writeInt64(value);
    }

    @Override
    public void float32(float value) {
        element();
        bytes.writeFloat32(value);
    }

    @Override
    public void float64(double value) {
        element();
        bytes.writeFloat64(value);
    }

    @Override
    public void bool(boolean value) {
        element();
        bytes.writeInt8(value ? 1 : 0);
    }

    @Override
    public void char16(char value) {
        element();
        bytes.writeInt16(value);
    }

    @Override
    public void text(CharSequence value) {
        element();
        writeText(value);
    }

    /**
     * varint(length + 1), then UTF-8; below 127 bytes the one-byte prefix is filled in after the
     * text. A {@code String} written at the same offset of a document before, as the same instance,
     * is copied as the bytes written then ({@link #recent}).
     */
    private void writeText(CharSequence value) {
        if (value.length() <= ONE_BYTE_PREFIX_LIMIT) {
            final int at = bytes.writePosition();
            int length = Utf8AfterPrefix.writeAfterOneByte(bytes, value, ONE_BYTE_PREFIX_LIMIT, recent,
                    RecentValues.offsetSlot(at, documentStart));
            if (length >= 0) {
                bytes.writeInt8At(at, length + 1);
                return;
            }
        }
        bytes.writeVarint(Bytes.utf8Length(value) + 1L);
        bytes.writeUtf8(value);
    }

    @Override
    public void bytes(byte[] value, int offset, int length) {
        element();
        bytes.writeVarint(length + 1L);
        bytes.write(value, offset, length);
    }

    @Override
    public void asEnum(Enum<?> value) {
        element();
        bytes.writeVarint(value.ordinal() + 1L);
    }

    @Override
    public void nullValue(FieldKind kind) {
        element();
        bytes.writeInt8(0);
    }

    @Override
    public void startMarshallable() {
        element();
        bytes.writeInt8(1);
        scopes.push(false);
    }

    @Override
    public void startTyped(String alias) {
        element();
        writeText(alias);
        scopes.push(false);
    }

    /** @throws IllegalStateException if the last field named in the object has had no value */
    @Override
    public void endMarshallable() {
        scopes.checkLastValue(bytes.writePosition(), false);
        scopes.pop();
    }

    @Override
    public void startSequence() {
        startCounted();
        scopes.push(true);
    }

    @Override
    public void endSequence() {
        scopes.pop();
        endCounted();
    }

    /** The marker and the count, back-patched when the sequence or map ends, that both begin with. */
    private void startCounted() {
        element();
        bytes.writeInt8(1);
        if (sequences == counts.length) {
            counts = Arrays.copyOf(counts, sequences * 2);
            countOffsets = Arrays.copyOf(countOffsets, sequences * 2);
        }
        countOffsets[sequences] = bytes.writePosition();
        counts[sequences++] = 0;
        bytes.writeInt32(0);
    }

    private void endCounted() {
        sequences--;
        bytes.writeInt32At(countOffsets[sequences], counts[sequences]);
    }

    /** A map is a sequence of entries: the marker, the count of entries, then each key and its value. */
    @Override
    public void startMap() {
        startCounted();
        scopes.pushMap();
    }

    /** The key as RAW text. */
    @Override
    public void textKey(CharSequence key) {
        scopes.checkKey(bytes.writePosition());
        writeText(key);
        scopes.keyed(bytes.writePosition());
    }

    /** The key as RAW's int64: 8 bytes, for an int32 key too. */
    @Override
    public void int64Key(long key) {
        scopes.checkKey(bytes.writePosition());
        bytes.writeInt64(key);
        scopes.keyed(bytes.writePosition());
    }

    /** @throws IllegalStateException if the last key has had no value */
    @Override
    public void endMap() {
        scopes.checkMapEnd(bytes.writePosition());
        scopes.pop();
        endCounted();
    }
}
