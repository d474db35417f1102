package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.spi.WireWriter;
import io.zwire.yaml.emit.ScalarWriter;
import io.zwire.yaml.value.YamlValueWriter;

import java.util.Arrays;

/**
 * Writes documents as block-style YAML, as described in {@link io.zwire.yaml}: each document
 * starts with {@code ---}, one field per line, nested objects and sequences indented by two
 * spaces, an object in a sequence starting on its {@code - } line. Keys are field names
 * ({@code YAML}) or field numbers ({@code YAML_NUMBERED}).
 *
 * <p>Nothing is looked ahead or back-patched: every entry begins with a line break and its
 * indentation, so an object or sequence that turns out to be empty is finished with {@code {}} or
 * {@code []} on the line it opened on. Allocates nothing (levels live in arrays that grow only for
 * a deeper document than any before).
 */
final class YamlWireWriter extends WireWriter {
    private static final byte MAP = 0;
    private static final byte SEQUENCE = 1;
    /** A line break and indentation, written in one copy for the usual depths. */
    private static final byte[] NEWLINE_SPACES = new byte[129];

    static {
        Arrays.fill(NEWLINE_SPACES, (byte) ' ');
        NEWLINE_SPACES[0] = '\n';
    }

    /** Implicit keys are limited to 1024 characters; longer names use the explicit {@code ? name} form. */
    private static final int LONG_NAME = 1000;

    private final boolean numbered;
    private final ScalarWriter scalars = new ScalarWriter();

    private byte[] kinds = new byte[16];
    private int[] indents = new int[16];
    private boolean[] empties = new boolean[16];
    private boolean[] inlines = new boolean[16];
    private int depth;

    // The innermost level.
    private byte kind;
    /** Column of this level's keys, or of its '-' for a sequence. */
    private int indent;
    /** No entry written yet. */
    private boolean empty;
    /** The first entry continues the line the collection opened on (after its parent's "- "). */
    private boolean inline;

    YamlWireWriter(Bytes bytes, boolean numbered) {
        super(bytes);
        this.numbered = numbered;
    }

    @Override
    public void startDocument() {
        bytes.writeInt8('-').writeInt8('-').writeInt8('-');
        depth = 0;
        kind = MAP;
        indent = 0;
        empty = true;
        inline = false;
    }

    @Override
    public void endDocument() {
        if (empty) {
            bytes.writeInt8(' ').writeInt8('{').writeInt8('}');
        }
        bytes.writeInt8('\n');
    }

    @Override
    public void reset() {
        depth = 0;
    }

    private void newLine(int column) {
        if (column < NEWLINE_SPACES.length) {
            bytes.write(NEWLINE_SPACES, 0, column + 1);
            return;
        }
        bytes.writeInt8('\n');
        for (int i = 0; i < column; i++) {
            bytes.writeInt8(' ');
        }
    }

    /** Starts an entry: the key and ':' of a field, or the '-' of a sequence element. */
    private void entry(Field field) {
        if (!(inline && empty)) {
            newLine(indent);
        }
        empty = false;
        if (field == null) {
            bytes.writeInt8('-');
        } else if (numbered) {
            scalars.int64(bytes, field.number());
            bytes.writeInt8(':');
        } else if (field.nameLength() <= LONG_NAME) {
            scalars.name(bytes, field);
            bytes.writeInt8(':');
        } else {
            bytes.writeInt8('?').writeInt8(' ');
            scalars.name(bytes, field);
            newLine(indent);
            bytes.writeInt8(':');
        }
    }

    /** Starts an entry whose value is a scalar, up to the blank before the value. */
    private void scalarEntry(Field field) {
        entry(field);
        bytes.writeInt8(' ');
    }

    @Override
    public void int8(Field field, byte value) {
        scalarEntry(field);
        scalars.int64(bytes, value);
    }

    @Override
    public void int16(Field field, short value) {
        scalarEntry(field);
        scalars.int64(bytes, value);
    }

    @Override
    public void uint16(Field field, int value) {
        scalarEntry(field);
        scalars.int64(bytes, value);
    }

    @Override
    public void int32(Field field, int value) {
        scalarEntry(field);
        scalars.int64(bytes, value);
    }

    @Override
    public void int64(Field field, long value) {
        scalarEntry(field);
        scalars.int64(bytes, value);
    }

    @Override
    public void float32(Field field, float value) {
        scalarEntry(field);
        scalars.float32(bytes, value);
    }

    @Override
    public void float64(Field field, double value) {
        scalarEntry(field);
        scalars.float64(bytes, value);
    }

    @Override
    public void bool(Field field, boolean value) {
        scalarEntry(field);
        if (value) {
            bytes.writeInt8('t').writeInt8('r').writeInt8('u').writeInt8('e');
        } else {
            bytes.writeInt8('f').writeInt8('a').writeInt8('l').writeInt8('s').writeInt8('e');
        }
    }

    @Override
    public void char16(Field field, char value) {
        scalarEntry(field);
        scalars.char16(bytes, value);
    }

    @Override
    public void text(Field field, CharSequence value) {
        scalarEntry(field);
        scalars.text(bytes, value);
    }

    @Override
    public void bytes(Field field, byte[] value, int offset, int length) {
        scalarEntry(field);
        scalars.binary(bytes, value, offset, length);
    }

    @Override
    public void asEnum(Field field, Enum<?> value) {
        scalarEntry(field);
        scalars.text(bytes, value.name());
    }

    @Override
    public void nullValue(Field field, FieldKind kind) {
        scalarEntry(field);
        bytes.writeInt8('n').writeInt8('u').writeInt8('l').writeInt8('l');
    }

    /** Opens a collection entry; its content goes two columns right of this level's. */
    private void open(Field field, byte newKind, boolean newInline) {
        entry(field);
        int childIndent = indent + 2;
        if (depth == kinds.length) {
            int capacity = depth * 2;
            kinds = Arrays.copyOf(kinds, capacity);
            indents = Arrays.copyOf(indents, capacity);
            empties = Arrays.copyOf(empties, capacity);
            inlines = Arrays.copyOf(inlines, capacity);
        }
        kinds[depth] = kind;
        indents[depth] = indent;
        empties[depth] = empty;
        inlines[depth] = inline;
        depth++;
        kind = newKind;
        indent = childIndent;
        empty = true;
        inline = newInline;
        if (newInline) {
            bytes.writeInt8(' ');
        }
    }

    /** Closes a collection; an empty one is written in flow style on the line it opened on. */
    private void close(char openBracket, char closeBracket) {
        if (empty) {
            if (!inline) {
                bytes.writeInt8(' ');
            }
            bytes.writeInt8(openBracket).writeInt8(closeBracket);
        }
        depth--;
        kind = kinds[depth];
        indent = indents[depth];
        empty = empties[depth];
        inline = inlines[depth];
    }

    @Override
    public void startMarshallable(Field field) {
        open(field, MAP, field == null);
    }

    @Override
    public void startTyped(Field field, String alias) {
        open(field, MAP, false);
        bytes.writeInt8(' ').writeInt8('!');
        bytes.writeUtf8(alias);
    }

    @Override
    public void endMarshallable() {
        close('{', '}');
    }

    @Override
    public void startSequence(Field field) {
        open(field, SEQUENCE, field == null);
    }

    @Override
    public void endSequence() {
        close('[', ']');
    }

    @Override
    public void writeValue(Object value) {
        new YamlValueWriter(bytes).writeDocument(value);
    }
}
