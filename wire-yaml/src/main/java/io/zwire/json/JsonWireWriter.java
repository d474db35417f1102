package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.spi.WireWriter;

import java.util.Arrays;

/**
 * Writes documents as compact JSON objects, one per line, in the format described in
 * {@link io.zwire.json}, through a {@link JsonOutput} that holds the buffer's write position for
 * the length of a document. The only structural state is whether a comma is due before the next
 * value and, per open object, whether it is a typed object whose wrapper needs a second closing
 * brace: a bit set that grows with the deepest nesting ever written. Allocates nothing in steady
 * state.
 */
final class JsonWireWriter extends WireWriter {
    private final JsonOutput out;
    /** True when a value was written at the current level, so the next one needs a comma. */
    private boolean comma;
    /** Open objects and sequences. */
    private int depth;
    /** Bit {@code d} set: the object opened at depth {@code d} is typed ({@code {"@Alias":{...}}}). */
    private long[] typed = new long[1];

    JsonWireWriter(Bytes bytes) {
        super(bytes);
        this.out = new JsonOutput(bytes);
    }

    /** The key of a field, or the comma before a sequence element. */
    private void prefix(Field field) {
        if (field != null) {
            out.key(field, comma);
        } else if (comma) {
            out.raw(',');
        }
        comma = true;
    }

    @Override
    public void startDocument() {
        comma = false;
        depth = 0;
        out.begin();
        out.raw('{');
    }

    @Override
    public void endDocument() {
        out.raw('}');
        out.raw('\n');
        out.end();
    }

    @Override
    public void reset() {
        comma = false;
        depth = 0;
        out.abandon();
    }

    @Override
    public void int8(Field field, byte value) {
        prefix(field);
        out.integer(value);
    }

    @Override
    public void int16(Field field, short value) {
        prefix(field);
        out.integer(value);
    }

    @Override
    public void uint16(Field field, int value) {
        prefix(field);
        out.integer(value);
    }

    @Override
    public void int32(Field field, int value) {
        prefix(field);
        out.integer(value);
    }

    @Override
    public void int64(Field field, long value) {
        prefix(field);
        out.integer(value);
    }

    @Override
    public void float32(Field field, float value) {
        prefix(field);
        out.float32(value);
    }

    @Override
    public void float64(Field field, double value) {
        prefix(field);
        out.float64(value);
    }

    @Override
    public void bool(Field field, boolean value) {
        prefix(field);
        out.bool(value);
    }

    @Override
    public void char16(Field field, char value) {
        prefix(field);
        out.char16(value);
    }

    @Override
    public void text(Field field, CharSequence value) {
        prefix(field);
        out.string(value, false);
    }

    @Override
    public void bytes(Field field, byte[] value, int offset, int length) {
        prefix(field);
        out.base64(value, offset, length);
    }

    @Override
    public void asEnum(Field field, Enum<?> value) {
        prefix(field);
        out.string(value.name(), false);
    }

    @Override
    public void nullValue(Field field, FieldKind kind) {
        prefix(field);
        out.nullValue();
    }

    @Override
    public void startMarshallable(Field field) {
        prefix(field);
        out.raw('{');
        open(false);
    }

    @Override
    public void startTyped(Field field, String alias) {
        prefix(field);
        out.raw('{');
        out.typeKey(alias);
        out.raw('{');
        open(true);
    }

    @Override
    public void endMarshallable() {
        out.raw('}');
        if (close()) {
            out.raw('}');
        }
    }

    @Override
    public void startSequence(Field field) {
        prefix(field);
        out.raw('[');
        open(false);
    }

    @Override
    public void endSequence() {
        out.raw(']');
        close();
    }

    private void open(boolean typedObject) {
        int word = depth >>> 6;
        if (word == typed.length) {
            typed = Arrays.copyOf(typed, word * 2);
        }
        long bit = 1L << depth;
        typed[word] = typedObject ? typed[word] | bit : typed[word] & ~bit;
        depth++;
        comma = false;
    }

    /** Returns whether the level closed was a typed object. The container is a value of its parent. */
    private boolean close() {
        depth--;
        comma = true;
        return (typed[depth >>> 6] & 1L << depth) != 0;
    }

    @Override
    public void writeValue(Object value) {
        out.begin();
        JsonValueWriter.write(out, value);
        out.raw('\n');
        out.end();
    }
}
