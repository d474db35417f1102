package io.zwire.json;

import io.zwire.Field;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The JSON key of each {@link Field}, {@code "name":} in UTF-8, kept ready for the writer to copy
 * and for the reader to compare against the input byte for byte.
 *
 * <p>A table of fixed slots, per reader or writer: a field lives in one of the {@value #WAYS}
 * slots after the one its name's hash picks, so a type's fields do not evict one another (a
 * plainly direct-mapped table made two of the 14 fields of a flat type collide half the time).
 * Each slot owns a preallocated array, so taking a slot over for another field re-encodes the
 * name into it and allocates nothing. Names that need escaping in JSON (a quote, a backslash, a
 * control character, an unpaired surrogate) or that are longer than a slot are not kept: callers
 * take their general path for those.
 */
final class FieldKeys {
    /** Keys are copied and compared eight bytes at a time: several times faster than a byte loop for short names. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int SLOTS = 256;
    private static final int WAYS = 4;
    /** Longest key kept, quotes and colon included. */
    static final int MAX_KEY_LENGTH = 48;

    private final Field[] fields = new Field[SLOTS + WAYS];
    /** Each a whole number of words, so {@link #copy} and {@link #matches} read past the key safely. */
    private final byte[][] keys = new byte[SLOTS + WAYS][MAX_KEY_LENGTH];
    /** Key length, or -1 for a field whose key is not kept. */
    private final int[] lengths = new int[SLOTS + WAYS];
    /** Which of a full set's slots the next newcomer takes. */
    private int victim;

    /** The slot holding {@code field}'s key, or -1 if its name needs escaping or is too long. */
    int slot(Field field) {
        final Field[] f = fields;
        final int first = field.nameHash() & (SLOTS - 1);
        for (int slot = first; slot < first + WAYS; slot++) {
            if (f[slot] == field) {
                return lengths[slot] < 0 ? -1 : slot;
            }
        }
        return take(field, first);
    }

    /** Puts {@code field} in a free slot of its set, or in one taken in turn. */
    private int take(Field field, int first) {
        final Field[] f = fields;
        int free = -1;
        for (int slot = first; slot < first + WAYS; slot++) {
            if (f[slot] == null) {
                free = slot;
                break;
            }
        }
        int slot = free >= 0 ? free : first + (victim++ & (WAYS - 1));
        f[slot] = field;
        int length = encode(field.name(), keys[slot]);
        lengths[slot] = length;
        return length < 0 ? -1 : slot;
    }

    /** The key's length in bytes, quotes and colon included. */
    int length(int slot) {
        return lengths[slot];
    }

    /**
     * Copies the slot's key into {@code out} at {@code at}. Needs {@code length(slot) + 8} bytes of
     * room there: whole words are copied, the bytes past the key being overwritten later.
     */
    void copy(int slot, byte[] out, int at) {
        final byte[] key = keys[slot];
        final int length = lengths[slot];
        for (int i = 0; i < length; i += 8) {
            WORDS.set(out, at + i, (long) WORDS.get(key, i));
        }
    }

    /** Copies the slot's key into {@code out} at {@code at} needing only its length in room. */
    void copyExactly(int slot, byte[] out, int at) {
        System.arraycopy(keys[slot], 0, out, at, lengths[slot]);
    }

    /** True if {@code input} holds the slot's key at {@code at}, which must leave {@code length(slot)} bytes. */
    boolean matches(int slot, byte[] input, int at) {
        final byte[] key = keys[slot];
        final int length = lengths[slot];
        if (input.length - at < ((length + 7) & ~7)) {
            for (int i = 0; i < length; i++) {
                if (input[at + i] != key[i]) {
                    return false;
                }
            }
            return true;
        }
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            if ((long) WORDS.get(input, at + i) != (long) WORDS.get(key, i)) {
                return false;
            }
        }
        if (i == length) {
            return true;
        }
        // The last, partial word: the input's bytes past the key are masked off.
        long mask = -1L >>> ((8 - (length - i)) << 3);
        return (((long) WORDS.get(input, at + i) ^ (long) WORDS.get(key, i)) & mask) == 0;
    }

    /** Writes {@code "name":} into {@code out}; returns its length, or -1 if it needs escaping or does not fit. */
    private static int encode(String name, byte[] out) {
        int p = 0;
        out[p++] = '"';
        final int length = name.length();
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            int codePoint = c;
            if (c < ' ' || c == '"' || c == '\\') {
                return -1;
            }
            if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == length || !Character.isLowSurrogate(name.charAt(i + 1))) {
                    return -1;
                }
                codePoint = Character.toCodePoint(c, name.charAt(++i));
            }
            int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
            if (p + size + 2 > out.length) {
                return -1;
            }
            switch (size) {
                case 1 -> out[p] = (byte) codePoint;
                case 2 -> {
                    out[p] = (byte) (0xC0 | codePoint >> 6);
                    out[p + 1] = (byte) (0x80 | codePoint & 0x3F);
                }
                case 3 -> {
                    out[p] = (byte) (0xE0 | codePoint >> 12);
                    out[p + 1] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                    out[p + 2] = (byte) (0x80 | codePoint & 0x3F);
                }
                default -> {
                    out[p] = (byte) (0xF0 | codePoint >> 18);
                    out[p + 1] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                    out[p + 2] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                    out[p + 3] = (byte) (0x80 | codePoint & 0x3F);
                }
            }
            p += size;
        }
        out[p++] = '"';
        out[p++] = ':';
        return p;
    }
}
