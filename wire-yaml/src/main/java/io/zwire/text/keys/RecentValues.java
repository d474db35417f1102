package io.zwire.text.keys;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The last text or enum constant read for each field, with its UTF-8 bytes, in front of the
 * {@link io.zwire.internal.StringInterner} and the enum tables. A field's value usually repeats
 * (symbols, venues, accounts, sides), and comparing the input with the previous value's bytes
 * costs a word compare or a few, where the interner hashes the whole range first.
 *
 * <p>Entries are indexed by the field's {@link FieldKeys} slot, but that is only a guess at
 * where to look: a value is returned only when its bytes equal the input's, so a slot that
 * changed hands can cost a miss, never a wrong value. Values up to {@value #MAX_BYTES} bytes are
 * kept, in preallocated words: nothing is allocated.
 */
public final class RecentValues {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Longest value kept, in UTF-8 bytes. */
    public static final int MAX_BYTES = 128;
    private static final int WORDS_PER_VALUE = MAX_BYTES / 8;

    private final Object[] values = new Object[FieldKeys.SLOT_COUNT];
    private final int[] lengths = new int[FieldKeys.SLOT_COUNT];
    /** Each value's bytes as little-endian words, zero past its length. */
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

    /** Remembers {@code value} as the one whose bytes are {@code input[start, start + length)}, if short enough. */
    public void remember(int slot, byte[] input, int start, int length, Object value) {
        if (length > MAX_BYTES) {
            return;
        }
        final long[] w = words;
        final int base = slot * WORDS_PER_VALUE;
        for (int k = 0; k < WORDS_PER_VALUE; k++) {
            w[base + k] = 0;
        }
        for (int i = 0; i < length; i++) {
            w[base + (i >>> 3)] |= (input[start + i] & 0xFFL) << ((i & 7) << 3);
        }
        lengths[slot] = length;
        values[slot] = value;
    }
}
