package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.internal.MisplacedCalls;
import io.zwire.spi.WireWriter;

import java.util.Arrays;

/**
 * Writes documents as compact JSON objects, one per line, in the format described in
 * {@link io.zwire.json}, through a {@link JsonOutput} that holds the buffer's write position for
 * the length of a document. {@link #field(Field)} writes the key at once, comma included, so
 * nothing about the field is kept: a field named and given no value is the output still ending
 * with its key's ':' when the next key is written or an object ends. The structural state is
 * whether a value precedes at the current level (so the next key or element needs a comma) and,
 * per open object, sequence or map, whether it is a sequence (its values are elements), a map (its
 * values follow keys) or a typed object (its wrapper needs a second closing brace): flags in an array that grows with the
 * deepest nesting ever written. Allocates nothing in steady state.
 */
final class JsonWireWriter extends WireWriter {
    private static final byte OBJECT = 0;
    private static final byte TYPED_OBJECT = 1;
    private static final byte SEQUENCE = 2;
    private static final byte MAP = 3;

    private final JsonOutput out;
    /** {@link io.zwire.WireOptions#jsonTypedObjects()}, for {@link #writeValue}. */
    private final boolean typedObjects;
    /** True when a value was written at the current level, so the next one needs a comma. */
    private boolean comma;
    /** The innermost open level is a sequence or a map: a value is its next element, or the value of a map key. */
    private boolean inSequence;
    /** The innermost open level is a map: a value must follow a key. */
    private boolean inMap;
    /** Open objects and sequences below the document. */
    private int depth;
    /** What each open level is: {@link #OBJECT}, {@link #TYPED_OBJECT}, {@link #SEQUENCE} or {@link #MAP}. */
    private byte[] levels = new byte[16];

    JsonWireWriter(Bytes bytes, boolean typedObjects) {
        super(bytes);
        this.out = new JsonOutput(bytes);
        this.typedObjects = typedObjects;
    }

    /**
     * Writes the key, first checking that the last one written has its value.
     *
     * @throws IllegalStateException inside a sequence, outside a document, or when the field named
     *         before it has had no value
     */
    @Override
    public void field(Field field) {
        if (inSequence) {
            // Outside a document the output refuses the key instead (JsonOutput), so this is a sequence or map.
            throw inMap ? MisplacedCalls.fieldWrittenInMap(field) : MisplacedCalls.fieldWritten(field, false);
        }
        checkLastValue(field, false);
        out.key(field, comma);
        comma = true;
    }

    /**
     * Refuses a key written last and given no value: the output ends with its ':' when
     * {@code next} is named or, with {@code next} null, when an object or the document
     * ({@code document}) ends.
     */
    private void checkLastValue(Field next, boolean document) {
        if (out.afterKey()) {
            throw MisplacedCalls.fieldWithoutValue(out.lastKey(), next, document);
        }
    }

    /**
     * Before a value: in a sequence, the comma that separates it from the previous element; in a
     * map, the check that a key came just before it (the output then ends with the key's ':').
     */
    private void element() {
        if (inSequence) {
            if (inMap) {
                if (!out.afterKey()) {
                    throw MisplacedCalls.valueWithoutKey(true);
                }
                return;
            }
            if (comma) {
                out.raw(',');
            }
            comma = true;
        }
    }

    @Override
    public void startDocument() {
        comma = false;
        inSequence = false;
        inMap = false;
        depth = 0;
        out.begin();
        out.raw('{');
    }

    /** @throws IllegalStateException if the last field named has had no value */
    @Override
    public void endDocument() {
        checkLastValue(null, true);
        out.raw('}');
        out.raw('\n');
        out.end();
    }

    @Override
    public void reset() {
        comma = false;
        inSequence = false;
        inMap = false;
        depth = 0;
        out.abandon();
    }

    @Override
    public void int8(byte value) {
        element();
        out.integer(value);
    }

    @Override
    public void int16(short value) {
        element();
        out.integer(value);
    }

    @Override
    public void uint16(int value) {
        element();
        out.integer(value);
    }

    @Override
    public void int32(int value) {
        element();
        out.integer(value);
    }

    @Override
    public void int64(long value) {
        element();
        out.integer(value);
    }

    @Override
    public void float32(float value) {
        element();
        out.float32(value);
    }

    @Override
    public void float64(double value) {
        element();
        out.float64(value);
    }

    @Override
    public void bool(boolean value) {
        element();
        out.bool(value);
    }

    @Override
    public void char16(char value) {
        element();
        out.char16(value);
    }

    @Override
    public void text(CharSequence value) {
        if (!inSequence && value instanceof String string) {
            out.fieldText(string);
        } else {
            element();
            out.string(value);
        }
    }

    @Override
    public void bytes(byte[] value, int offset, int length) {
        element();
        out.base64(value, offset, length);
    }

    @Override
    public void asEnum(Enum<?> value) {
        if (inSequence) {
            element();
            out.string(value.name());
        } else {
            out.fieldText(value.name());
        }
    }

    @Override
    public void nullValue(FieldKind kind) {
        element();
        out.nullValue();
    }

    @Override
    public void startMarshallable() {
        element();
        out.raw('{');
        open(OBJECT);
    }

    @Override
    public void startTyped(String alias) {
        element();
        out.raw('{');
        out.typeKey(alias);
        out.raw('{');
        open(TYPED_OBJECT);
    }

    /** @throws IllegalStateException if the last field named in the object has had no value */
    @Override
    public void endMarshallable() {
        checkLastValue(null, false);
        out.raw('}');
        if (close() == TYPED_OBJECT) {
            out.raw('}');
        }
    }

    @Override
    public void startSequence() {
        element();
        out.raw('[');
        open(SEQUENCE);
    }

    @Override
    public void endSequence() {
        out.raw(']');
        close();
    }

    private void open(byte level) {
        if (depth == levels.length) {
            levels = Arrays.copyOf(levels, depth * 2);
        }
        levels[depth++] = level;
        inSequence = level == SEQUENCE || level == MAP;
        inMap = level == MAP;
        comma = false;
    }

    /** Leaves the innermost level and returns what it was. The container is a value of its parent. */
    private byte close() {
        byte level = levels[--depth];
        byte outer = depth > 0 ? levels[depth - 1] : OBJECT;
        inSequence = outer == SEQUENCE || outer == MAP;
        inMap = outer == MAP;
        comma = true;
        return level;
    }

    @Override
    public void startMap() {
        element();
        out.raw('{');
        open(MAP);
    }

    @Override
    public void textKey(CharSequence key) {
        entryKey();
        out.string(key);
        out.raw(':');
    }

    /** An integer key as its decimal text in a string: JSON's keys are strings. */
    @Override
    public void int64Key(long key) {
        entryKey();
        out.raw('"');
        out.integer(key);
        out.raw('"');
        out.raw(':');
    }

    /** Checks that a key may be written here and writes the comma before it. */
    private void entryKey() {
        if (!inMap) {
            throw MisplacedCalls.keyOutsideMap(true);
        }
        if (out.afterKey()) {
            throw MisplacedCalls.keyWithoutValue();
        }
        if (comma) {
            out.raw(',');
        }
        comma = true;
    }

    /** @throws IllegalStateException if the last key has had no value */
    @Override
    public void endMap() {
        if (out.afterKey()) {
            throw MisplacedCalls.keyWithoutValue();
        }
        out.raw('}');
        close();
    }

    @Override
    public void writeValue(Object value) {
        long documentOffset = bytes.writePosition();
        out.begin();
        JsonValueWriter.write(out, value, documentOffset, typedObjects);
        out.raw('\n');
        out.end();
    }
}
