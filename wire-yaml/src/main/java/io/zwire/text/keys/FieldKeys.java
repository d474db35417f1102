package io.zwire.text.keys;

import io.zwire.Field;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Each {@link Field}'s key as one text wire spells it (JSON's {@code "name":}, YAML's {@code name:}
 * or {@code 12:}, with the blank after it for the YAML writer), kept ready for a writer to copy and
 * for a reader to compare against the input, eight bytes at a time.
 *
 * <p>A table of fixed slots, per reader or writer: a field lives in one of the {@value #WAYS}
 * slots after the one its name's hash picks, so a type's fields do not evict one another (a
 * plainly direct-mapped table made two of the 14 fields of a flat type collide half the time).
 * A slot's key is stored as little-endian words in one flat {@code long[]}, so a short key
 * ({@code "qty":}) is a single load and a single store, and taking a slot over for another field
 * re-encodes the name in place: nothing is allocated, however fields collide. Keys the
 * {@link Spelling} refuses (a JSON name that needs escaping, a YAML name that must be quoted) or
 * that are longer than a slot are not kept: callers take their general path for those.
 */
public final class FieldKeys {
    /** How a wire spells a field's key. */
    @FunctionalInterface
    public interface Spelling {
        /**
         * Writes {@code field}'s key into {@code out} and returns its length, or -1 if the key
         * cannot be kept (it needs a form the table's callers do not compare, or is longer than
         * {@code out}). Called once per field and slot taken, never on a hot path.
         */
        int spell(Field field, byte[] out);
    }

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int SLOTS = 256;
    private static final int WAYS = 4;
    /** Slots in all: a slot number is below this. */
    public static final int SLOT_COUNT = SLOTS + WAYS;
    /** Longest key kept, quotes and colon included. */
    public static final int MAX_KEY_LENGTH = 48;
    private static final int WORDS_PER_KEY = MAX_KEY_LENGTH / 8;

    private final Field[] fields = new Field[SLOT_COUNT];
    /** The keys, {@value #WORDS_PER_KEY} words a slot; bytes past a key's end are zero. */
    private final long[] words = new long[SLOT_COUNT * WORDS_PER_KEY];
    /** Key length, or -1 for a field whose key is not kept. */
    private final int[] lengths = new int[SLOT_COUNT];
    /** Where a key is encoded before it is stored as words. */
    private final byte[] encoding = new byte[MAX_KEY_LENGTH];
    /** Which of a full set's slots the next newcomer takes. */
    private int victim;
    private final Spelling spelling;

    public FieldKeys(Spelling spelling) {
        this.spelling = spelling;
    }

    /** The slot holding {@code field}'s key, or -1 if its name needs escaping or is too long. */
    public int slot(Field field) {
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
        byte[] bytes = encoding;
        java.util.Arrays.fill(bytes, (byte) 0);
        int length = spelling.spell(field, bytes);
        lengths[slot] = length;
        for (int w = 0; w < WORDS_PER_KEY; w++) {
            words[slot * WORDS_PER_KEY + w] = (long) WORDS.get(bytes, w * 8);
        }
        return length < 0 ? -1 : slot;
    }

    /**
     * The field whose key {@code slot} holds: the one {@link #slot} last returned it for, until
     * another field takes the slot over.
     */
    public Field field(int slot) {
        return fields[slot];
    }

    /** The key's length in bytes, quotes and colon included. */
    public int length(int slot) {
        return lengths[slot];
    }

    /**
     * The room {@link #copy} needs for a key of {@code length} bytes and a comma: whole words are
     * stored, the bytes past the key being overwritten by what follows it.
     */
    public static int copyRoom(int length) {
        return length + 9;
    }

    /**
     * Writes the byte {@code lead} (JSON's comma, YAML's line break) and then the slot's key into
     * {@code out} at {@code at}, and returns the offset after them. Needs {@link #copyRoom} of the
     * key's length in room. A key of up to 15 bytes, shifted by a byte with {@code lead} below it,
     * takes one or two word stores, as a key alone does.
     */
    public int copyAfter(int lead, int slot, byte[] out, int at) {
        final int base = slot * WORDS_PER_KEY;
        final int length = lengths[slot];
        final long first = words[base];
        WORDS.set(out, at, first << 8 | lead);
        if (length < 8) {
            return at + 1 + length;
        }
        if (length < 16) {
            WORDS.set(out, at + 8, first >>> 56 | words[base + 1] << 8);
            return at + 1 + length;
        }
        return copy(slot, out, at + 1);
    }

    /**
     * Writes the slot's key into {@code out} at {@code at}, and returns the offset after it. Needs
     * {@link #copyRoom} of the key's length in room. Keys of up to two words, nearly all, are
     * straight-line stores, which keeps the code inlined into every field write small.
     */
    public int copy(int slot, byte[] out, int at) {
        final int base = slot * WORDS_PER_KEY;
        final int length = lengths[slot];
        WORDS.set(out, at, words[base]);
        if (length <= 8) {
            return at + length;
        }
        if (length > 16) {
            return copyLong(base, length, out, at);
        }
        WORDS.set(out, at + 8, words[base + 1]);
        return at + length;
    }

    private int copyLong(int base, int length, byte[] out, int at) {
        for (int i = 8; i < length; i += 8) {
            WORDS.set(out, at + i, words[base + (i >>> 3)]);
        }
        return at + length;
    }

    /** Writes the slot's key into {@code out} at {@code at}, needing only its length in room. */
    public void copyExactly(int slot, byte[] out, int at) {
        final int base = slot * WORDS_PER_KEY;
        final int length = lengths[slot];
        for (int i = 0; i < length; i++) {
            out[at + i] = (byte) (words[base + (i >>> 3)] >>> ((i & 7) << 3));
        }
    }

    /**
     * True if {@code input} holds a comma and then the slot's key at {@code at}, with nothing
     * between them: the compact layout of every field after the first.
     */
    public boolean matchesAfterComma(int slot, byte[] input, int at, int limit) {
        final int length = lengths[slot];
        if (length < 8 && input.length - at >= 8 && limit - at > length) {
            // The comma and a short key are one word compare.
            long mask = -1L >>> ((7 - length) << 3);
            return (((long) WORDS.get(input, at) ^ (words[slot * WORDS_PER_KEY] << 8 | ',')) & mask) == 0;
        }
        return limit - at > length && input[at] == ',' && matches(slot, input, at + 1);
    }

    /**
     * True if {@code input} holds the slot's key at {@code at}, which must leave {@code length(slot)}
     * bytes. Keys of up to two words, nearly all of them, are compared without a loop, which keeps
     * the code that C2 inlines into every field read small.
     */
    public boolean matches(int slot, byte[] input, int at) {
        final int length = lengths[slot];
        if (length > 16 || input.length - at < 16) {
            return matchesLong(slot, input, at, length);
        }
        final int base = slot * WORDS_PER_KEY;
        if (length <= 8) {
            long mask = -1L >>> ((8 - length) << 3);
            return (((long) WORDS.get(input, at) ^ words[base]) & mask) == 0;
        }
        long mask = -1L >>> ((16 - length) << 3);
        return (long) WORDS.get(input, at) == words[base]
                && (((long) WORDS.get(input, at + 8) ^ words[base + 1]) & mask) == 0;
    }

    /** Any length, and input that ends within two words of {@code at}: byte by byte. */
    private boolean matchesLong(int slot, byte[] input, int at, int length) {
        final long[] w = words;
        final int base = slot * WORDS_PER_KEY;
        for (int i = 0; i < length; i++) {
            if (input[at + i] != (byte) (w[base + (i >>> 3)] >>> ((i & 7) << 3))) {
                return false;
            }
        }
        return true;
    }
}
