package io.zwire;

import io.zwire.internal.MisplacedCalls;
import io.zwire.spi.WireWriter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The recording wire behind {@link Schema#of}: a {@link WireWriter} that writes no bytes and
 * builds the field tree of the write side instead. Only a sequence's first element is recorded;
 * later elements, and everything nested in them, are counted through but ignored. A value with no
 * field outside a sequence, and a field with no value (which every wire refuses to write), are
 * refused, so a type's mistake is not recorded as its schema. A map is recorded as a sequence is,
 * its first key beside its first value. The lambdas passed to {@link ValueOut#sequence} and
 * {@link ValueOut#map} reach it through {@link #containerLambda}, for {@link LambdaCaptures}.
 */
final class SchemaRecorder extends WireWriter {
    /** An object or sequence being recorded. */
    private static final class Scope {
        final Field field;
        final FieldKind kind;
        final String alias;
        final List<FieldSchema> fields = new ArrayList<>();
        FieldSchema element;
        boolean elementSeen;
        /** A map's first key, once written. */
        FieldSchema key;
        /** In a map: a key was written and its value is awaited. */
        boolean keyed;

        Scope(Field field, FieldKind kind, String alias) {
            this.field = field;
            this.kind = kind;
            this.alias = alias;
        }
    }

    private final Deque<Scope> scopes = new ArrayDeque<>();
    private final LambdaCaptures captures;
    /** The field named by the last {@link #field(Field)}, until its value arrives. */
    private Field pending;
    /** Depth inside ignored (second and later) sequence elements. */
    private int ignored;

    private SchemaRecorder(LambdaCaptures captures) {
        super(null);
        this.captures = captures;
        scopes.push(new Scope(null, FieldKind.MARSHALLABLE, null));
    }

    /**
     * What {@code instance}'s write method writes. Allocates.
     *
     * @param wire     what {@link WireOut#wireType()} reports to the write method; null for a schema
     * @param captures where the sequence lambdas it passes go; may be null
     * @throws IllegalArgumentException if it writes a typed object not in {@code types}
     */
    static List<FieldSchema> record(Marshallable instance, WireType wire, TypeRegistry types, LambdaCaptures captures) {
        SchemaRecorder recorder = new SchemaRecorder(captures);
        instance.writeMarshallable(ValueOut.recording(wire, recorder, types));
        recorder.endDocument();
        return recorder.fields();
    }

    List<FieldSchema> fields() {
        return scopes.getLast().fields;
    }

    /** The field the next value belongs to: the pending one, or null for a sequence element or map value. */
    private Field take() {
        Field field = pending;
        pending = null;
        if (field != null || ignored > 0) {
            return field;
        }
        Scope scope = scopes.peek();
        if (scope.kind == FieldKind.MAP) {
            if (!scope.keyed) {
                throw MisplacedCalls.valueWithoutKey(true);
            }
            scope.keyed = false;
        } else if (scope.kind != FieldKind.SEQUENCE) {
            throw new IllegalStateException("a value outside a sequence needs out.write(field) first");
        }
        return null;
    }

    /** Records a map's key: its kind from the first entry, and that each key gets one value. */
    private void key(FieldKind kind) {
        if (ignored > 0) {
            return;
        }
        Scope scope = scopes.peek();
        if (scope.kind != FieldKind.MAP || pending != null) {
            throw MisplacedCalls.keyOutsideMap(true);
        }
        if (scope.keyed) {
            throw MisplacedCalls.keyWithoutValue();
        }
        scope.keyed = true;
        if (scope.key == null) {
            scope.key = new FieldSchema(0, "", kind, List.of(), null, List.of(), null, null);
        }
    }

    /** Called with the lambda of each {@link ValueOut#sequence} or {@link ValueOut#map} before it starts. */
    void containerLambda(Object lambda, String role) {
        if (captures == null) {
            return;
        }
        Field field = pending;
        for (var i = scopes.iterator(); field == null && i.hasNext(); ) {
            field = i.next().field;
        }
        captures.inspect(lambda, field, pending == null, role, null);
    }

    private boolean ignoring(Field field) {
        if (ignored > 0) {
            return true;
        }
        if (field == null) {
            Scope sequence = scopes.peek();
            if (sequence.elementSeen) {
                return true;
            }
            sequence.elementSeen = true;
        }
        return false;
    }

    private void add(Field field, FieldKind kind, List<FieldSchema> fields, FieldSchema element,
                     List<String> constants, String alias) {
        add(field, kind, fields, null, element, constants, alias, null);
    }

    private void add(Field field, FieldKind kind, List<FieldSchema> fields, FieldSchema key, FieldSchema element,
                     List<String> constants, String alias, Class<?> type) {
        FieldSchema schema = new FieldSchema(field == null ? 0 : field.number(), field == null ? "" : field.name(),
                kind, fields, key, element, constants, alias, type, false);
        Scope scope = scopes.peek();
        if (field == null) {
            scope.element = schema;
        } else {
            scope.fields.add(schema);
        }
    }

    private void leaf(FieldKind kind) {
        Field field = take();
        if (!ignoring(field)) {
            add(field, kind, List.of(), null, List.of(), null);
        }
    }

    private void open(FieldKind kind, String alias) {
        Field field = take();
        if (ignoring(field)) {
            ignored++;
        } else {
            scopes.push(new Scope(field, kind, alias));
        }
    }

    private void close() {
        checkLastValue(false);
        if (ignored > 0) {
            ignored--;
            return;
        }
        Scope scope = scopes.pop();
        if (scope.keyed) {
            throw MisplacedCalls.keyWithoutValue();
        }
        add(scope.field, scope.kind, scope.fields, scope.key, scope.element, List.of(), scope.alias, null);
    }

    @Override
    public void startDocument() {
    }

    /** @throws IllegalStateException if the last field named has had no value */
    @Override
    public void endDocument() {
        checkLastValue(true);
    }

    /** Where an object or the document ends: the field named last in it must have had its value. */
    private void checkLastValue(boolean document) {
        if (pending != null) {
            throw MisplacedCalls.fieldWithoutValue(pending, null, document);
        }
    }

    @Override
    public void reset() {
    }

    /** @throws IllegalStateException when the field named before it has had no value */
    @Override
    public void field(Field field) {
        if (pending != null) {
            throw MisplacedCalls.fieldWithoutValue(pending, field, false);
        }
        pending = field;
    }

    @Override
    public void int8(byte value) {
        leaf(FieldKind.INT8);
    }

    @Override
    public void int16(short value) {
        leaf(FieldKind.INT16);
    }

    @Override
    public void uint16(int value) {
        leaf(FieldKind.UINT16);
    }

    @Override
    public void int32(int value) {
        leaf(FieldKind.INT32);
    }

    @Override
    public void int64(long value) {
        leaf(FieldKind.INT64);
    }

    @Override
    public void float32(float value) {
        leaf(FieldKind.FLOAT32);
    }

    @Override
    public void float64(double value) {
        leaf(FieldKind.FLOAT64);
    }

    @Override
    public void bool(boolean value) {
        leaf(FieldKind.BOOL);
    }

    @Override
    public void char16(char value) {
        leaf(FieldKind.CHAR16);
    }

    @Override
    public void text(CharSequence value) {
        leaf(FieldKind.TEXT);
    }

    @Override
    public void bytes(byte[] value, int offset, int length) {
        leaf(FieldKind.BYTES);
    }

    @Override
    public void asEnum(Enum<?> value) {
        Field field = take();
        if (!ignoring(field)) {
            Class<?> type = value.getDeclaringClass();
            Enum<?>[] constants = value.getDeclaringClass().getEnumConstants();
            add(field, FieldKind.ENUM, List.of(), null, null, Arrays.stream(constants).map(Enum::name).toList(), null, type);
        }
    }

    @Override
    public void nullValue(FieldKind kind) {
        leaf(kind);
    }

    @Override
    public void startMarshallable() {
        open(FieldKind.MARSHALLABLE, null);
    }

    @Override
    public void startTyped(String alias) {
        open(FieldKind.TYPED, alias);
    }

    @Override
    public void endMarshallable() {
        close();
    }

    @Override
    public void startSequence() {
        open(FieldKind.SEQUENCE, null);
    }

    @Override
    public void endSequence() {
        close();
    }

    @Override
    public void startMap() {
        open(FieldKind.MAP, null);
    }

    @Override
    public void textKey(CharSequence key) {
        key(FieldKind.TEXT);
    }

    @Override
    public void int32Key(int key) {
        key(FieldKind.INT32);
    }

    @Override
    public void int64Key(long key) {
        key(FieldKind.INT64);
    }

    @Override
    public void endMap() {
        close();
    }
}
