package io.zwire.internal;

import io.zwire.Bytes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The last text or enum constant read or written in each of a wire's slots, with its UTF-8 bytes,
 * so a value that repeats (symbols, venues, accounts, sides) is recognised instead of worked out
 * again.
 *
 * <p>A reader keeps a value's content: comparing the input with the previous value's bytes costs
 * a word compare or a few, where the {@link StringInterner} hashes the whole
 * range first, and the enum tables search. A writer keeps a {@code String}'s encoded form as its
 * wire wrote it (quotes and escapes included): writing the same instance again, as an enum's
 * {@code name()} always is and an interned symbol usually is, copies those bytes as words instead
 * of checking and converting every character. Only a {@code String} is kept for writing, being
 * immutable, and it is recognised by identity: an equal string that is another instance costs the
 * ordinary path and takes the entry over.
 *
 * <p>The wire picks the slot: the text wires the field's slot in their key cache, the binary
 * wires (CBOR, NUMBERED, RAW) the value's {@link #offsetSlot offset in its document}, where a field
 * lands every time while the documents before it keep their shape. Either is only a guess at
 * where to look: a reader's value is returned only when its bytes equal the input's, a writer's
 * only for the same instance, so a slot that changed hands can cost a miss, never a wrong value.
 *
 * <p>Values up to {@value #MAX_BYTES} bytes are kept, in words allocated when the first value is
 * kept ({@value #MAX_BYTES} bytes a slot). A table that keeps nothing never allocates them: on the
 * unused side of a wire that only reads or only writes, and a binary wire's or the JSON reader's
 * over a {@code Bytes} with no array behind it (direct, mapped, a region), whose texts go to the
 * {@link StringInterner} alone. Nothing is allocated after that. Not thread-safe: one per reader
 * or writer.
 */
public final class RecentValues {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Longest value kept, in UTF-8 bytes. */
    public static final int MAX_BYTES = 128;
    private static final int WORDS_PER_VALUE = MAX_BYTES / 8;
    /**
     * Slots a binary wire's table has. Two texts of one document whose offsets differ by a multiple
     * of this share a slot and evict each other: each read of them then costs a compare more than
     * the interner alone.
     */
    public static final int OFFSET_SLOTS = 64;

    private static final int REMEMBER_EVERY = 16;

    private final Object[] values;
    private final int[] lengths;
    /** Whether a reader's value was a YAML plain scalar on one line: see {@link #rememberPlain}. */
    private final boolean[] plain;
    /** A writer's misses in a row per slot, for {@link #worthRemembering}. */
    private final int[] misses;
    /**
     * Each value's bytes as little-endian words; what follows them in the last word is unspecified.
     * Null until a value is kept: only a slot that holds a value is ever compared or copied.
     */
    private long[] words;

    /** A table of {@code slots} empty slots, numbered from 0. */
    public RecentValues(int slots) {
        values = new Object[slots];
        lengths = new int[slots];
        plain = new boolean[slots];
        misses = new int[slots];
    }

    /** A binary wire's table: {@link #OFFSET_SLOTS} slots, picked by {@link #offsetSlot}. */
    public static RecentValues byOffset() {
        return new RecentValues(OFFSET_SLOTS);
    }

    /** The slot of a value at {@code at}, in a document that began at {@code documentStart}, in a {@link #byOffset()} table. */
    public static int offsetSlot(int at, int documentStart) {
        return at - documentStart & OFFSET_SLOTS - 1;
    }

    /** The value remembered for {@code slot} if its bytes are {@code input[start, start + length)}, else null. */
    public Object match(int slot, byte[] input, int start, int length) {
        Object value = values[slot];
        if (value == null || lengths[slot] != length) {
            return null;
        }
        final long[] w = words;
        final int base = slot * WORDS_PER_VALUE;
        if (input.length - start < ((length + 7) & ~7)) {
            for (int i = 0; i < length; i++) {
                if (input[start + i] != (byte) (w[base + (i >>> 3)] >>> ((i & 7) << 3))) {
                    return null;
                }
            }
            return value;
        }
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            if ((long) WORDS.get(input, start + i) != w[base + (i >>> 3)]) {
                return null;
            }
        }
        if (i < length) {
            long mask = -1L >>> ((8 - (length - i)) << 3);
            if ((((long) WORDS.get(input, start + i) ^ w[base + (i >>> 3)]) & mask) != 0) {
                return null;
            }
        }
        return value;
    }

    /**
     * The text of the UTF-8 bytes at {@code [start, start + length)} of {@code bytes}: the one kept
     * in {@code slot} when its bytes are these, else {@code interner}'s, which is then kept there.
     * Over a buffer-backed {@code bytes} ({@code input} null), the interner's, and nothing is kept.
     * Allocates only where the interner does, and the words on the first value kept.
     *
     * @param input the backing array of {@code bytes}, at the same offsets, or null
     * @return the text, or null when the bytes are not valid UTF-8
     *         ({@link StringInterner#malformedOffset()} says where)
     */
    public String text(int slot, byte[] input, Bytes bytes, int start, int length, StringInterner interner) {
        if (input == null) {
            return interner.intern(bytes, start, length);
        }
        if (match(slot, input, start, length) instanceof String seen) {
            return seen;
        }
        String text = interner.intern(bytes, start, length);
        if (text != null) {
            remember(slot, input, start, length, text);
        }
        return text;
    }

    /**
     * Remembers {@code value} as the one whose bytes are {@code input[start, start + length)}, if
     * at most {@value #MAX_BYTES} bytes long.
     */
    public void remember(int slot, byte[] input, int start, int length, Object value) {
        store(slot, input, start, length, value, false);
    }

    /**
     * As {@link #remember}, for a value that was a YAML plain scalar on one line whose text is its
     * value: those bytes, followed by a line break, are that same scalar wherever a plain value
     * may stand, so a reader that finds them there again ({@link #plainLength}) can skip
     * classifying them.
     */
    public void rememberPlain(int slot, byte[] input, int start, int length, Object value) {
        store(slot, input, start, length, value, length > 0);
    }

    /** The value remembered for {@code slot}, or null. */
    public Object value(int slot) {
        return values[slot];
    }

    /** The length of the value remembered for {@code slot} by {@link #rememberPlain}, or -1. */
    public int plainLength(int slot) {
        return plain[slot] ? lengths[slot] : -1;
    }

    private void store(int slot, byte[] input, int start, int length, Object value, boolean plainLine) {
        if (length > MAX_BYTES) {
            return;
        }
        if (words == null) {
            words = new long[values.length * WORDS_PER_VALUE];
        }
        final long[] w = words;
        final int base = slot * WORDS_PER_VALUE;
        final int wordCount = (length + 7) >>> 3;
        if (input.length - start >= wordCount << 3) {
            // Bytes past the value in its last word are kept too: every reader of the words masks
            // them off or overwrites them.
            for (int k = 0; k < wordCount; k++) {
                w[base + k] = (long) WORDS.get(input, start + (k << 3));
            }
        } else {
            for (int k = 0; k < wordCount; k++) {
                w[base + k] = 0;
            }
            for (int i = 0; i < length; i++) {
                w[base + (i >>> 3)] |= (input[start + i] & 0xFFL) << ((i & 7) << 3);
            }
        }
        lengths[slot] = length;
        values[slot] = value;
        plain[slot] = plainLine;
    }

    /**
     * For a binary writer, which puts a text's length before its bytes: writes the bytes kept in
     * {@code slot} for this very instance at {@code at} of a heap {@code bytes} with room to copy
     * them as words, and moves the write position past them; else writes nothing. The copy stores
     * whole words, so up to 7 bytes past the new write position are overwritten. Allocates nothing.
     *
     * @return how many bytes were written, or -1 when nothing was
     */
    int writeKept(int slot, String value, Bytes bytes, int at) {
        final int length = writtenLength(slot, value);
        if (length < 0 || bytes.capacity() - at < copyRoom(length)) {
            return -1;
        }
        final byte[] out = BytesAccess.array(bytes);
        if (out == null) {
            return -1;
        }
        bytes.writePosition(copy(slot, out, at));
        return length;
    }

    /**
     * For a binary writer that found nothing to copy with {@link #writeKept}: keeps in
     * {@code slot} the {@code length} bytes it has just written at {@code at} of a heap
     * {@code bytes} for {@code value}, when {@link #worthRemembering} says so.
     */
    void keepWritten(int slot, String value, Bytes bytes, int at, int length) {
        final byte[] written = BytesAccess.array(bytes);
        if (written != null && worthRemembering(slot)) {
            remember(slot, written, at, length, value);
        }
    }

    /**
     * For a writer: the length of the bytes remembered for {@code slot} if they were remembered
     * for this very instance, else -1.
     */
    public int writtenLength(int slot, String value) {
        if (value == null || values[slot] != value) {
            return -1;
        }
        misses[slot] = 0;
        return lengths[slot];
    }

    /**
     * For a writer that got -1 from {@link #writtenLength}: whether to {@link #remember} the bytes
     * it writes now. Yes at the first miss after a hit, then at every {@value #REMEMBER_EVERY}th
     * miss in a row: a field whose text changes with every message pays for copying its bytes
     * one write in {@value #REMEMBER_EVERY}, and one that settles on a new value has it kept
     * within as many writes.
     */
    public boolean worthRemembering(int slot) {
        return misses[slot]++ % REMEMBER_EVERY == 0;
    }

    /** The room {@link #copy} needs for a value of {@code length} bytes: it stores whole words. */
    public static int copyRoom(int length) {
        return length + 7;
    }

    /**
     * Stores the bytes remembered for {@code slot} in {@code out} at {@code at}, which has
     * {@link #copyRoom} of their length in room, and returns the offset after them; the bytes
     * past that offset in the last word are for the caller to overwrite.
     */
    public int copy(int slot, byte[] out, int at) {
        final long[] w = words;
        final int base = slot * WORDS_PER_VALUE;
        final int length = lengths[slot];
        for (int i = 0; i < length; i += 8) {
            WORDS.set(out, at + i, w[base + (i >>> 3)]);
        }
        return at + length;
    }
}
