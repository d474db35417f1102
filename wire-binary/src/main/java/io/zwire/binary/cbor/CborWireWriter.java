package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.internal.FieldNames;
import io.zwire.internal.WriterScopes;
import io.zwire.spi.WireWriter;

/**
 * Writes documents as CBOR maps, as drawn in {@link io.zwire.binary.cbor}. Objects and sequences
 * use indefinite lengths, so nothing is counted ahead or back-patched: the cost is the same two
 * bytes a definite header with a one-byte count would take; maps, too. Allocates nothing (text is encoded
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

    private final WriterScopes scopes = new WriterScopes();

    CborWireWriter(Bytes bytes) {
        super(bytes);
    }

    /**
     * Writes the key at once: the map entry's text-string name; what is kept of the field is where
     * its value starts, with its number, to catch a field given no value ({@link WriterScopes}).
     * Short heads are written here directly, since {@link CborOutput#head} is too large for the
     * JIT to inline into every field.
     *
     * @throws IllegalStateException inside a sequence, outside a document, or when the field named
     *         before it has had no value
     */
    @Override
    public void field(Field field) {
        scopes.checkField(field, bytes.writePosition());
        int length = field.nameLength();
        if (length < 24) {
            bytes.writeInt8(0x60 | length);
        } else {
            CborOutput.head(bytes, CborInput.TEXT_STRING, length);
        }
        FieldNames.writeName(bytes, field);
        scopes.named(field, bytes.writePosition());
    }

    @Override
    public void startDocument() {
        bytes.writeInt8(MAP_START);
        scopes.open();
    }

    /** @throws IllegalStateException if the last field named has had no value */
    @Override
    public void endDocument() {
        scopes.checkLastValue(bytes.writePosition(), true);
        bytes.writeInt8(BREAK);
        scopes.close();
    }

    @Override
    public void reset() {
        scopes.abandon();
    }

    @Override
    public void int8(byte value) {
        value();
        CborOutput.integer(bytes, value);
    }

    @Override
    public void int16(short value) {
        value();
        CborOutput.integer(bytes, value);
    }

    @Override
    public void uint16(int value) {
        value();
        CborOutput.integer(bytes, value);
    }

    @Override
    public void int32(int value) {
        value();
        CborOutput.integer(bytes, value);
    }

    @Override
    public void int64(long value) {
        value();
        CborOutput.integer(bytes, value);
    }

    @Override
    public void float32(float value) {
        value();
        CborOutput.float32(bytes, value);
    }

    @Override
    public void float64(double value) {
        value();
        CborOutput.float64(bytes, value);
    }

    @Override
    public void bool(boolean value) {
        value();
        bytes.writeInt8(value ? 0xF5 : 0xF4);
    }

    @Override
    public void char16(char value) {
        value();
        CborOutput.head(bytes, CborInput.UNSIGNED, value);
    }

    @Override
    public void text(CharSequence value) {
        value();
        CborOutput.text(bytes, value);
    }

    @Override
    public void bytes(byte[] value, int offset, int length) {
        value();
        CborOutput.byteString(bytes, value, offset, length);
    }

    @Override
    public void asEnum(Enum<?> value) {
        value();
        CborOutput.text(bytes, value.name());
    }

    @Override
    public void nullValue(FieldKind kind) {
        value();
        bytes.writeInt8(0xF6);
    }

    @Override
    public void startMarshallable() {
        value();
        bytes.writeInt8(MAP_START);
        scopes.push(false);
    }

    @Override
    public void startTyped(String alias) {
        value();
        bytes.writeInt8(TAG_1BYTE).writeInt8(OBJECT_TAG).writeInt8(PAIR);
        CborOutput.text(bytes, alias);
        bytes.writeInt8(MAP_START);
        scopes.push(false);
    }

    /** @throws IllegalStateException if the last field named in the object has had no value */
    @Override
    public void endMarshallable() {
        scopes.checkLastValue(bytes.writePosition(), false);
        scopes.pop();
        bytes.writeInt8(BREAK);
    }

    @Override
    public void startSequence() {
        value();
        bytes.writeInt8(ARRAY_START);
        scopes.push(true);
    }

    @Override
    public void endSequence() {
        scopes.pop();
        bytes.writeInt8(BREAK);
    }

    /**
     * Before every value: inside a map, checks that a key came just before it. CBOR writes no
     * separator or indentation a value must check for anyway, so this is the one compare a value
     * pays for maps to refuse a value without its key, as every wire does.
     */
    private void value() {
        if (scopes.inMap()) {
            scopes.checkMapValue(bytes.writePosition());
        }
    }

    @Override
    public void startMap() {
        value();
        bytes.writeInt8(MAP_START);
        scopes.pushMap();
    }

    @Override
    public void textKey(CharSequence key) {
        scopes.checkKey(bytes.writePosition());
        CborOutput.text(bytes, key);
        scopes.keyed(bytes.writePosition());
    }

    @Override
    public void int64Key(long key) {
        scopes.checkKey(bytes.writePosition());
        CborOutput.integer(bytes, key);
        scopes.keyed(bytes.writePosition());
    }

    /** @throws IllegalStateException if the last key has had no value */
    @Override
    public void endMap() {
        scopes.checkMapEnd(bytes.writePosition());
        scopes.pop();
        bytes.writeInt8(BREAK);
    }

    @Override
    public void writeValue(Object value) {
        CborValues.write(bytes, value, 0);
    }
}
