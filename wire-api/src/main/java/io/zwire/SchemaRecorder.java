package io.zwire;

import io.zwire.spi.WireWriter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The recording wire behind {@link Schema#of}: a {@link WireWriter} that writes no bytes and
 * builds the field tree instead. Only a sequence's first element is recorded; later elements,
 * and everything nested in them, are counted through but ignored.
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

        Scope(Field field, FieldKind kind, String alias) {
            this.field = field;
            this.kind = kind;
            this.alias = alias;
        }
    }

    private final Deque<Scope> scopes = new ArrayDeque<>();
    /** Depth inside ignored (second and later) sequence elements. */
    private int ignored;

    SchemaRecorder() {
        super(null);
        scopes.push(new Scope(null, FieldKind.MARSHALLABLE, null));
    }

    List<FieldSchema> fields() {
        return scopes.getLast().fields;
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
        FieldSchema schema = new FieldSchema(field == null ? 0 : field.number(), field == null ? "" : field.name(),
                kind, fields, element, constants, alias);
        Scope scope = scopes.peek();
        if (field == null) {
            scope.element = schema;
        } else {
            scope.fields.add(schema);
        }
    }

    private void leaf(Field field, FieldKind kind) {
        if (!ignoring(field)) {
            add(field, kind, List.of(), null, List.of(), null);
        }
    }

    private void open(Field field, FieldKind kind, String alias) {
        if (ignoring(field)) {
            ignored++;
        } else {
            scopes.push(new Scope(field, kind, alias));
        }
    }

    private void close() {
        if (ignored > 0) {
            ignored--;
            return;
        }
        Scope scope = scopes.pop();
        add(scope.field, scope.kind, scope.fields, scope.element, List.of(), scope.alias);
    }

    @Override
    public void startDocument() {
    }

    @Override
    public void endDocument() {
    }

    @Override
    public void reset() {
    }

    @Override
    public void int8(Field field, byte value) {
        leaf(field, FieldKind.INT8);
    }

    @Override
    public void int16(Field field, short value) {
        leaf(field, FieldKind.INT16);
    }

    @Override
    public void uint16(Field field, int value) {
        leaf(field, FieldKind.UINT16);
    }

    @Override
    public void int32(Field field, int value) {
        leaf(field, FieldKind.INT32);
    }

    @Override
    public void int64(Field field, long value) {
        leaf(field, FieldKind.INT64);
    }

    @Override
    public void float32(Field field, float value) {
        leaf(field, FieldKind.FLOAT32);
    }

    @Override
    public void float64(Field field, double value) {
        leaf(field, FieldKind.FLOAT64);
    }

    @Override
    public void bool(Field field, boolean value) {
        leaf(field, FieldKind.BOOL);
    }

    @Override
    public void char16(Field field, char value) {
        leaf(field, FieldKind.CHAR16);
    }

    @Override
    public void text(Field field, CharSequence value) {
        leaf(field, FieldKind.TEXT);
    }

    @Override
    public void bytes(Field field, byte[] value, int offset, int length) {
        leaf(field, FieldKind.BYTES);
    }

    @Override
    public void asEnum(Field field, Enum<?> value) {
        if (!ignoring(field)) {
            Enum<?>[] constants = value.getDeclaringClass().getEnumConstants();
            add(field, FieldKind.ENUM, List.of(), null, Arrays.stream(constants).map(Enum::name).toList(), null);
        }
    }

    @Override
    public void nullValue(Field field, FieldKind kind) {
        leaf(field, kind);
    }

    @Override
    public void startMarshallable(Field field) {
        open(field, FieldKind.MARSHALLABLE, null);
    }

    @Override
    public void startTyped(Field field, String alias) {
        open(field, FieldKind.TYPED, alias);
    }

    @Override
    public void endMarshallable() {
        close();
    }

    @Override
    public void startSequence(Field field) {
        open(field, FieldKind.SEQUENCE, null);
    }

    @Override
    public void endSequence() {
        close();
    }
}
