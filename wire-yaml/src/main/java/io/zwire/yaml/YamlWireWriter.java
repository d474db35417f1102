package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.FieldKind;
import io.zwire.WireType;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.MisplacedCalls;
import io.zwire.internal.RecentValues;
import io.zwire.internal.WriterScopes;
import io.zwire.spi.WireWriter;
import io.zwire.text.keys.FieldKeys;
import io.zwire.internal.DoubleToDecimal;
import io.zwire.internal.LongToDecimal;
import io.zwire.text.scan.ByteWords;
import io.zwire.yaml.emit.ScalarWriter;
import io.zwire.yaml.emit.TextOutput;
import io.zwire.yaml.parse.SimpleKeys;
import io.zwire.yaml.value.YamlValueWriter;

import java.util.Arrays;

/**
 * Writes documents as block-style YAML, as described in {@link io.zwire.yaml}: each document
 * starts with {@code ---}, one field per line, nested objects and sequences indented by two
 * spaces, an object in a sequence starting on its {@code - } line. Keys are field names
 * ({@code YAML}) or field numbers ({@code YAML_NUMBERED}).
 *
 * <p>Each call measures its line (the line break and indentation, the key, the value), makes room
 * once and stores it with array writes ({@link TextOutput}); a document is committed to the
 * {@link Bytes} at its end. Nothing is looked ahead or back-patched: an object or sequence that
 * turns out to be empty is finished with {@code {}} or {@code []} on the line it opened on.
 * A key is stored as whole words from a table filled when a field is first written
 * ({@link FieldKeys}, which allocates nothing); a name that must be quoted or is too long for the
 * table is spelled once and copied ({@link KeySpellings}, which allocates the first time). A
 * field's text that is the same {@code String} instance as the last time is copied as the bytes
 * written then ({@link RecentValues}). Also allocates when a document is deeper than any before.
 */
final class YamlWireWriter extends WireWriter {
    /** Implicit keys are limited to 1024 characters; longer names use the explicit {@code ? name} form. */
    private static final int LONG_NAME = 1000;
    private static final int BULK_TEXT = 16;
    private static final int NUMBER_ROOM = Math.max(LongToDecimal.MAX_LONG_LENGTH, DoubleToDecimal.MAX_DOUBLE_LENGTH + 1);

    private final TextOutput out;
    private final RecentValues recent = new RecentValues(FieldKeys.SLOT_COUNT);

    private int[] indents = new int[16];
    private boolean[] empties = new boolean[16];
    private boolean[] inlines = new boolean[16];
    private int depth;

    // The innermost level.
    /** Column of this level's keys, or of its '-' for a sequence. */
    private int indent;
    /** No entry written yet. */
    private boolean empty;
    /** The first entry continues the line the collection opened on (after its parent's "- "). */
    private boolean inline;
    /** Whether {@link #field(Field)} named a field whose key, looked up, is written with its value. */
    private boolean keyed;
    private final WriterScopes scopes = new WriterScopes();
    /**
     * Each field's key with its ':' and the blank a value follows, as words stored at once: every
     * field number, and every name that stands plain (nearly all); the other names come from
     * {@link #spellings}.
     */
    private final FieldKeys keys;
    /** The spelling of each field's name as a key, made once per field. */
    private final KeySpellings spellings = new KeySpellings();
    /**
     * Text of {@value #BULK_TEXT} to 256 chars is copied out and narrowed here first: if it is all
     * ASCII and can stand plain, which a word-at-a-time check says, it is stored with one copy,
     * where measuring it for quoting and then storing it would take two passes of {@code charAt}.
     */
    private final char[] textChars = new char[256];
    private final byte[] textBytes = new byte[256];
    /**
     * For the entry being written: its {@link #keys} slot, or -1 and then its key's spelling, its
     * field (to name it in an error) and whether that is too long for an implicit key.
     */
    private int entrySlot;
    private byte[] entryKey;
    private int entryKeyLength;
    private Field entryField;
    private boolean explicitKey;
    /** A map's integer key is spelled here. */
    private final byte[] integerKey = new byte[LongToDecimal.MAX_LONG_LENGTH];
    /** Which of the two YAML wires this writes, to name in a refusal. */
    private final WireType wire;

    YamlWireWriter(Bytes bytes, boolean numbered) {
        super(bytes);
        this.wire = numbered ? WireType.YAML_NUMBERED : WireType.YAML;
        this.out = new TextOutput(bytes);
        this.keys = new FieldKeys(numbered ? YamlWireWriter::numberedKey : YamlWireWriter::plainKey);
    }

    /** A field number as a key with its blank, {@code "12: "}, for {@link #keys}. */
    private static int numberedKey(Field field, byte[] out) {
        return withBlank(SimpleKeys.numbered(field, out), out);
    }

    /** A plain field name as a key with its blank, {@code "qty: "}, for {@link #keys}. */
    private static int plainKey(Field field, byte[] out) {
        return withBlank(KeySpellings.plainKey(field, out), out);
    }

    private static int withBlank(int length, byte[] out) {
        if (length < 0 || length == out.length) {
            return -1;
        }
        out[length] = ' ';
        return length + 1;
    }

    @Override
    public void startDocument() {
        out.begin();
        out.reserve(3);
        out.put('-', '-');
        out.put('-');
        depth = 0;
        indent = 0;
        empty = true;
        inline = false;
        keyed = false;
        scopes.open();
    }

    /** @throws IllegalStateException if the last field named has had no value */
    @Override
    public void endDocument() {
        if (keyed) {
            throw fieldWithoutValue(null, true);
        }
        TextOutput o = reserve(4);
        if (empty) {
            o.put(' ', '{');
            o.put('}');
        }
        o.put('\n');
        o.end();
        scopes.close();
    }

    @Override
    public void reset() {
        out.abandon();
        keyed = false;
        scopes.abandon();
        depth = 0;
    }

    /**
     * Makes room for {@code n} bytes in the current document.
     *
     * @throws IllegalStateException outside a document: a {@link io.zwire.WireOut} kept past the
     *         {@code writeMarshallable} call it was given to
     */
    private TextOutput reserve(int n) {
        TextOutput o = out;
        if (!o.isOpen()) {
            throw MisplacedCalls.writtenOutsideDocument("a value written");
        }
        o.reserve(n);
        return o;
    }

    // ------------------------------------------------------------------ entries

    /**
     * The bytes of an entry's start, up to and including the blank after its ':' (or '-'): the
     * line break and indentation, and the key {@link #field} looked up (or the "- " of a sequence
     * element).
     */
    private int entryLength() {
        int length = inline && empty ? 0 : 1 + indent;
        if (!keyed) {
            return length + 2;
        }
        if (entrySlot >= 0) {
            return length + FieldKeys.copyRoom(keys.length(entrySlot));
        }
        return length + entryKeyLength + (explicitKey ? 4 + indent : 1) + 1;
    }

    /**
     * Stores the entry's start as {@link #entryLength} measured it, ending with the blank a value
     * follows; a caller with no value on the line takes the blank back.
     */
    private void entry() {
        TextOutput o = out;
        if (!(inline && empty)) {
            o.newLine(indent);
        }
        empty = false;
        if (!keyed) {
            o.put('-', ' ');
            return;
        }
        keyed = false;
        if (entrySlot >= 0) {
            o.key(keys, entrySlot);
        } else {
            spelledKey(o);
        }
    }

    private void spelledKey(TextOutput o) {
        byte[] key = entryKey;
        boolean explicit = explicitKey;
        if (explicit) {
            o.put('?', ' ');
        }
        o.put(key, 0, entryKeyLength);
        if (explicit) {
            o.newLine(indent);
        }
        o.put(':', ' ');
    }

    /**
     * Names the field: looks up how its key is spelled, and leaves the key to be written with the
     * value that follows, on one line with one reservation. A key still waiting for its value when
     * the next is named, or its object ends, is a mistake, not a key written with nothing after it
     * (which YAML would read as null).
     *
     * @throws IllegalStateException inside a sequence, outside a document, or when the field named
     *         before it has had no value
     */
    @Override
    public void field(Field field) {
        if (scopes.inSequence()) {
            throw scopes.misplacedField(field);
        }
        if (keyed) {
            throw fieldWithoutValue(field, false);
        }
        int slot = keys.slot(field);
        entrySlot = slot;
        if (slot < 0) {
            byte[] key = spellings.bytes(field);
            entryKey = key;
            entryKeyLength = key.length;
            entryField = field;
            explicitKey = key.length > LONG_NAME;
        }
        keyed = true;
    }

    /**
     * For the field named and still waiting for its value, found when {@code next} was named or,
     * with {@code next} null, when its object or the document ({@code document}) ended.
     */
    private IllegalStateException fieldWithoutValue(Field next, boolean document) {
        Field waiting = entrySlot >= 0 ? keys.field(entrySlot) : entryField;
        return MisplacedCalls.fieldWithoutValue(waiting, next, document);
    }

    /**
     * Makes room for a scalar of at most {@code valueLength} bytes and stores what comes before
     * it: the field's line and key and a blank, or, for a sequence element, the element's line
     * and "- ".
     */
    private TextOutput scalarEntry(int valueLength) {
        final int slot = keyLineSlot();
        if (slot >= 0) {
            final TextOutput o = out;
            o.keyLine(indent, keys, slot, valueLength);
            return o;
        }
        return scalarEntrySlow(valueLength);
    }

    /**
     * For the commonest entry, a kept key on a line of its own, whose line break, indentation,
     * key and blank take one or two word stores after one reservation: the key's slot, the entry
     * now taken; else -1, nothing changed. The output is open: field() refuses a key outside a
     * document.
     */
    private int keyLineSlot() {
        final int slot = entrySlot;
        if (keyed && slot >= 0 && !(inline && empty)) {
            keyed = false;
            empty = false;
            return slot;
        }
        return -1;
    }

    private TextOutput scalarEntrySlow(int valueLength) {
        if (!keyed) {
            element();
        }
        TextOutput o = reserve(entryLength() + valueLength);
        entry();
        return o;
    }

    /** Checks that a value with no field or key before it is a sequence element. */
    private void element() {
        if (!scopes.inSequence()) {
            throw new IllegalStateException("a value written without out.write(field) before it, outside a sequence");
        }
        if (scopes.inMap()) {
            throw MisplacedCalls.valueWithoutKey(true);
        }
    }

    private void integer(long value) {
        final int slot = keyLineSlot();
        if (slot >= 0) {
            // The number in the same batch of stores as its key: the position is stored once
            // for the line, not once after the key and again after the digits.
            out.keyLineDecimal(indent, keys, slot, value);
            return;
        }
        scalarEntrySlow(LongToDecimal.MAX_LONG_LENGTH).decimal(value);
    }

    @Override
    public void int8(byte value) {
        integer(value);
    }

    @Override
    public void int16(short value) {
        integer(value);
    }

    @Override
    public void uint16(int value) {
        integer(value);
    }

    @Override
    public void int32(int value) {
        integer(value);
    }

    @Override
    public void int64(long value) {
        integer(value);
    }

    @Override
    public void float32(float value) {
        TextOutput o = scalarEntry(NUMBER_ROOM);
        if (Float.isFinite(value)) {
            o.shortest(value);
        } else {
            ScalarWriter.putSpecial(o, Float.isNaN(value), value < 0);
        }
    }

    @Override
    public void float64(double value) {
        TextOutput o = scalarEntry(NUMBER_ROOM);
        if (Double.isFinite(value)) {
            o.shortest(value);
        } else {
            ScalarWriter.putSpecial(o, Double.isNaN(value), value < 0);
        }
    }

    @Override
    public void bool(boolean value) {
        TextOutput o = scalarEntry(5);
        if (value) {
            o.put('t', 'r');
            o.put('u', 'e');
        } else {
            o.put('f', 'a');
            o.put('l', 's');
            o.put('e');
        }
    }

    @Override
    public void char16(char value) {
        TextOutput o = scalarEntry(ScalarWriter.charLength(value));
        ScalarWriter.putChar(o, value);
    }

    /**
     * Writes text plain when YAML allows, else double-quoted with escapes. A {@code String} is
     * remembered per field with the bytes written for it ({@link RecentValues}), and the same
     * instance written for the same field again is copied as those bytes.
     */
    @Override
    public void text(CharSequence value) {
        int slot = keyed && value instanceof String ? entrySlot : -1;
        if (slot >= 0) {
            int known = recent.writtenLength(slot, (String) value);
            if (known >= 0) {
                scalarEntry(RecentValues.copyRoom(known)).recalled(recent, slot);
                return;
            }
            if (!recent.worthRemembering(slot)) {
                slot = -1;
            }
        }
        int length = value.length();
        TextOutput o;
        int from;
        if (plainAsciiInBulk(value, length)) {
            o = scalarEntry(length);
            from = o.position();
            o.put(textBytes, 0, length);
        } else {
            int plain = ScalarWriter.plainLength(value);
            o = scalarEntry(plain >= 0 ? plain : ScalarWriter.quotedLength(value));
            from = o.position();
            if (plain >= 0) {
                ScalarWriter.putPlain(o, value);
            } else {
                ScalarWriter.putQuoted(o, value);
            }
        }
        if (slot >= 0) {
            o.rememberSince(from, recent, slot, (String) value);
        }
    }

    /**
     * For a {@code String} of {@link #BULK_TEXT} chars or more that fits {@link #textBytes}: whether
     * it is plain ASCII text, checked a word at a time after one bulk copy of its chars, which
     * leaves its bytes in {@link #textBytes}.
     */
    private boolean plainAsciiInBulk(CharSequence value, int length) {
        if (length < BULK_TEXT || length > textBytes.length || !(value instanceof String string)) {
            return false;
        }
        string.getChars(0, length, textChars, 0);
        return ByteWords.narrow(textChars, length, textBytes, 0) < 0x80 && ScalarWriter.plainAscii(textBytes, length);
    }

    @Override
    public void bytes(byte[] value, int offset, int length) {
        TextOutput o = scalarEntry(ScalarWriter.binaryLength(length));
        ScalarWriter.putBinary(o, value, offset, length);
    }

    @Override
    public void asEnum(Enum<?> value) {
        text(value.name());
    }

    @Override
    public void nullValue(FieldKind kind) {
        TextOutput o = scalarEntry(4);
        o.put('n', 'u');
        o.put('l', 'l');
    }

    // ------------------------------------------------------------------ collections

    /**
     * Opens an object or sequence, its content two columns right of this level's, and stores the
     * optional tag. After a key, the content starts on the next line; as a sequence element it
     * takes a "- " line, and (untagged) goes on with its first entry after the "- ".
     */
    private void open(boolean sequence, boolean map, String alias) {
        boolean newInline = !keyed && alias == null;
        boolean bareKey = keyed && alias == null;
        int tagLength = alias == null ? 0 : 1 + alias.length();
        if (!keyed) {
            element();
        }
        TextOutput o = reserve(entryLength() + tagLength);
        entry();
        if (alias != null) {
            o.put('!');
            o.ascii(alias);
        } else if (bareKey) {
            o.retract(1);
        }
        if (depth == indents.length) {
            int capacity = depth * 2;
            indents = Arrays.copyOf(indents, capacity);
            empties = Arrays.copyOf(empties, capacity);
            inlines = Arrays.copyOf(inlines, capacity);
        }
        indents[depth] = indent;
        empties[depth] = empty;
        inlines[depth] = inline;
        depth++;
        indent += 2;
        empty = true;
        inline = newInline;
        if (map) {
            scopes.pushMap();
        } else {
            scopes.push(sequence);
        }
    }

    /**
     * Closes a collection; an empty one is written in flow style on the line it opened on.
     *
     * @throws IllegalStateException if the last field named in it has had no value
     */
    private void close(char openBracket, char closeBracket) {
        if (keyed) {
            throw fieldWithoutValue(null, false);
        }
        if (empty) {
            TextOutput o = reserve(3);
            if (!inline) {
                o.put(' ');
            }
            o.put(openBracket, closeBracket);
        }
        depth--;
        indent = indents[depth];
        empty = empties[depth];
        inline = inlines[depth];
        scopes.pop();
    }

    @Override
    public void startMarshallable() {
        open(false, false, null);
    }

    @Override
    public void startTyped(String alias) {
        open(false, false, alias);
    }

    @Override
    public void endMarshallable() {
        close('{', '}');
    }

    @Override
    public void startSequence() {
        open(true, false, null);
    }

    @Override
    public void endSequence() {
        close('[', ']');
    }

    /** Opens a block mapping, as an object's; an empty map is written {@code {}}. */
    @Override
    public void startMap() {
        open(false, true, null);
    }

    /**
     * Leaves the key to be written with its value, as {@link #field} does: plain when it reads back
     * as the same text ({@link ScalarWriter#plainLength}: so "123", "null", "true", "" and keys
     * holding ": " or a line break are quoted), else double-quoted; the explicit {@code ? key}
     * form when too long for an implicit key.
     */
    @Override
    public void textKey(CharSequence key) {
        checkKey();
        Bytes spelled = spellings.spelled(key);
        mapEntry(BytesAccess.array(spelled), spelled.writePosition());
    }

    /** An integer key, plain: YAML reads it back as the integer. */
    @Override
    public void int64Key(long key) {
        checkKey();
        mapEntry(integerKey, LongToDecimal.writeLong(key, integerKey, 0));
    }

    /** @throws IllegalStateException outside a map, or when the key before has had no value */
    private void checkKey() {
        if (!scopes.inMap()) {
            throw MisplacedCalls.keyOutsideMap(true);
        }
        if (keyed) {
            throw MisplacedCalls.keyWithoutValue();
        }
    }

    private void mapEntry(byte[] key, int length) {
        entrySlot = -1;
        entryKey = key;
        entryKeyLength = length;
        entryField = null;
        explicitKey = length > LONG_NAME;
        keyed = true;
    }

    /** @throws IllegalStateException if the last key has had no value */
    @Override
    public void endMap() {
        if (keyed) {
            throw MisplacedCalls.keyWithoutValue();
        }
        close('{', '}');
    }

    @Override
    public void writeValue(Object value) {
        new YamlValueWriter(bytes, wire.name()).writeDocument(value);
    }
}
