package io.zwire.text.keys;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The last text or enum constant read or written for each field, with its UTF-8 bytes, so a value
 * that repeats (symbols, venues, accounts, sides) is recognised instead of worked out again.
 *
 * <p>A reader keeps a value's content: comparing the input with the previous value's bytes costs
 * a word compare or a few, where the {@link io.zwire.internal.StringInterner} hashes the whole
 * range first, and the enum tables search. A writer keeps a {@code String}'s encoded form as its
 * wire wrote it (quotes and escapes included): writing the same instance again, as an enum's
 * {@code name()} always is and an interned symbol usually is, copies those bytes as words instead
 * of checking and converting every character. Only a {@code String} is kept for writing, being
 * immutable, and it is recognised by identity: an equal string that is another instance costs the
 * ordinary path and takes the entry over.
 *
 * <p>Entries are indexed by the field's {@link FieldKeys} slot, but that is only a guess at
 * where to look: a reader's value is returned only when its bytes equal the input's, a writer's
 * only for the same instance, so a slot that changed hands can cost a miss, never a wrong value.
 * Values up to {@value #MAX_BYTES} bytes are kept, in preallocated words: nothing is allocated.
 */
public final class RecentValues {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Longest value kept, in UTF-8 bytes. */
    public static final int MAX_BYTES = 128;
    private static final int WORDS_PER_VALUE = MAX_BYTES / 8;

    private final Object[] values = new Object[FieldKeys.SLOT_COUNT];
    private final int[] lengths = new int[FieldKeys.SLOT_COUNT];
    /** Whether a reader's value was a YAML plain scalar on one line: see {@link #rememberPlain}. */
    private final boolean[] plain = new boolean[FieldKeys.SLOT_COUNT];
    /** A writer's misses in a row per slot, for {@link #worthRemembering}. */
    private final int[] misses = new int[FieldKeys.SLOT_COUNT];
    private static final int REMEMBER_EVERY = 16;
    /** Each value's bytes as little-endian words; what follows them in the last word is unspecified. */
    private final long[] words = new long[FieldKeys.SLOT_COUNT * WORDS_PER_VALUE];

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
     * For a writer: the length of the bytes remembered for {@code slot} if they were remembered
     * for this very instance, else -1.
     */
    public int writtenLength(int slot, String value) {
        if (values[slot] != value) {
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
