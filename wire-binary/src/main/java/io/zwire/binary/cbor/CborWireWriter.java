package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.spi.WireWriter;

/**
 * Writes documents as CBOR maps, as drawn in {@link io.zwire.binary.cbor}. Objects and sequences
 * use indefinite lengths, so nothing is counted ahead or back-patched: the cost is the same two
 * bytes a definite header with a one-byte count would take. Allocates nothing (text is encoded
 * straight from the {@code CharSequence}).
 */
final class CborWireWriter extends WireWriter {
    /** Initial bytes of an indefinite map, an indefinite array, and the break that ends them. */
    private static final int MAP_START = 0xBF;
    private static final int ARRAY_START = 0x9F;
    private static final int BREAK = 0xFF;
    /** Tag 27 in its two-byte head, then an array of two: the alias and the object. */
    private static final int TAG_1BYTE = 0xD8;
    private static final int OBJECT_TAG = 27;
    private static final int PAIR = 0x82;

    CborWireWriter(Bytes bytes) {
        super(bytes);
    }

    private void key(Field field) {
        if (field != null) {
            CborOutput.head(bytes, CborInput.TEXT_STRING, field.nameLength());
            bytes.writeName(field);
        }
    }

    @Override
    public void startDocument() {
        bytes.writeInt8(MAP_START);
    }

    @Override
    public void endDocument() {
        bytes.writeInt8(BREAK);
    }

    @Override
    public void reset() {
    }

    @Override
    public void int8(Field field, byte value) {
        key(field);
        CborOutput.integer(bytes, value);
    }

    @Override
    public void int16(Field field, short value) {
        key(field);
        CborOutput.integer(bytes, value);
    }

    @Override
    public void uint16(Field field, int value) {
        key(field);
        CborOutput.integer(bytes, value);
    }

    @Override
    public void int32(Field field, int value) {
        key(field);
        CborOutput.integer(bytes, value);
    }

    @Override
    public void int64(Field field, long value) {
        key(field);
        CborOutput.integer(bytes, value);
    }

    @Override
    public void float32(Field field, float value) {
        key(field);
        CborOutput.float32(bytes, value);
    }

    @Override
    public void float64(Field field, double value) {
        key(field);
        CborOutput.float64(bytes, value);
    }

    @Override
    public void bool(Field field, boolean value) {
        key(field);
        bytes.writeInt8(value ? 0xF5 : 0xF4);
    }

    @Override
    public void char16(Field field, char value) {
        key(field);
        CborOutput.head(bytes, CborInput.UNSIGNED, value);
    }

    @Override
    public void text(Field field, CharSequence value) {
        key(field);
        CborOutput.text(bytes, value);
    }

    @Override
    public void bytes(Field field, byte[] value, int offset, int length) {
        key(field);
        CborOutput.byteString(bytes, value, offset, length);
    }

    @Override
    public void asEnum(Field field, Enum<?> value) {
        key(field);
        CborOutput.text(bytes, value.name());
    }

    @Override
    public void nullValue(Field field, FieldKind kind) {
        key(field);
        bytes.writeInt8(0xF6);
    }

    @Override
    public void startMarshallable(Field field) {
        key(field);
        bytes.writeInt8(MAP_START);
    }

    @Override
    public void startTyped(Field field, String alias) {
        key(field);
        bytes.writeInt8(TAG_1BYTE).writeInt8(OBJECT_TAG).writeInt8(PAIR);
        CborOutput.text(bytes, alias);
        bytes.writeInt8(MAP_START);
    }

    @Override
    public void endMarshallable() {
        bytes.writeInt8(BREAK);
    }

    @Override
    public void startSequence(Field field) {
        key(field);
        bytes.writeInt8(ARRAY_START);
    }

    @Override
    public void endSequence() {
        bytes.writeInt8(BREAK);
    }

    @Override
    public void writeValue(Object value) {
        CborValues.write(bytes, value, 0);
    }
}
