package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.text.keys.FieldKeys;
import io.zwire.yaml.emit.ScalarWriter;
import io.zwire.yaml.emit.TextOutput;

/**
 * The bytes of each field's name as a YAML key (plain, or quoted when it must be), made the first
 * time a field is written and copied from then on. An open-addressing table per writer, keyed by
 * the field's identity and probed from the name's precomputed hash (a field read, where
 * {@code System.identityHashCode} is a call); it grows (allocating) when a field is first seen.
 * Fields are constants of the application's types, so it stops growing once every type has been
 * written. Past {@link #MAX_FIELDS} fields (only a program that makes {@link Field}s on the fly
 * gets there), further fields are spelled on every write, which allocates.
 */
final class KeySpellings {
    static final int MAX_FIELDS = 1 << 16;

    private Field[] fields = new Field[64];
    private byte[][] spellings = new byte[64][];
    private int size;
    private final Bytes scratch = Bytes.elastic(64);
    private final TextOutput scratchOut = new TextOutput(scratch);

    /** The key's bytes; allocates the first time {@code field} is seen. */
    byte[] bytes(Field field) {
        Field[] keys = fields;
        int mask = keys.length - 1;
        for (int slot = field.nameHash() & mask; ; slot = slot + 1 & mask) {
            Field key = keys[slot];
            if (key == field) {
                return spellings[slot];
            }
            if (key == null) {
                byte[] spelling = spell(field.name());
                if (size < MAX_FIELDS) {
                    keys[slot] = field;
                    spellings[slot] = spelling;
                    if (++size * 2 > keys.length) {
                        grow();
                    }
                }
                return spelling;
            }
        }
    }

    private void grow() {
        Field[] oldFields = fields;
        byte[][] oldSpellings = spellings;
        fields = new Field[oldFields.length * 2];
        spellings = new byte[oldFields.length * 2][];
        int mask = fields.length - 1;
        for (int i = 0; i < oldFields.length; i++) {
            Field field = oldFields[i];
            if (field != null) {
                int slot = field.nameHash() & mask;
                while (fields[slot] != null) {
                    slot = slot + 1 & mask;
                }
                fields[slot] = field;
                spellings[slot] = oldSpellings[i];
            }
        }
    }

    /**
     * A {@link FieldKeys.Spelling} for the writer's table of short keys: {@code name:} for a name
     * of ASCII characters that stands plain, else -1 (written from {@link #bytes}).
     */
    static int plainKey(Field field, byte[] out) {
        final String name = field.name();
        final int length = name.length();
        if (length + 1 > out.length || ScalarWriter.plainLength(name) != length) {
            return -1;
        }
        for (int i = 0; i < length; i++) {
            out[i] = (byte) name.charAt(i);
        }
        out[length] = ':';
        return length + 1;
    }

    private byte[] spell(String name) {
        return spelled(name).toByteArray();
    }

    /**
     * {@code text} as a key, plain or quoted, in a buffer this object reuses: valid until the next
     * call. For a map's keys, which are not fields and are spelled on every write. Allocates
     * nothing once the buffer has grown to the longest key.
     */
    Bytes spelled(CharSequence text) {
        scratch.clear();
        int plain = ScalarWriter.plainLength(text);
        scratchOut.begin();
        scratchOut.reserve(plain >= 0 ? plain : ScalarWriter.quotedLength(text));
        if (plain >= 0) {
            ScalarWriter.putPlain(scratchOut, text);
        } else {
            ScalarWriter.putQuoted(scratchOut, text);
        }
        scratchOut.end();
        return scratch;
    }
}
