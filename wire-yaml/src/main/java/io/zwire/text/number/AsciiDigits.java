package io.zwire.text.number;

import io.zwire.text.scan.ByteWords;

/**
 * Reads a run of up to eight ASCII decimal digits from one 64-bit word (SWAR): the readers' fast
 * path for the integers and field numbers that fill most text documents. Counting the digits is a
 * few masks and one trailing-zero count; converting them is three multiplications, where a loop
 * costs a multiply, a compare and a branch per digit. The word is the eight bytes at the start of
 * the run, little-endian, so its lowest byte is the first (most significant) digit; bytes after
 * the run are ignored, whatever they hold.
 *
 * <p>Static, stateless, allocation-free. Callers read the word with {@link ByteWords#word}
 * (checking that eight bytes can be read) and cap the count at the end of their input. (Packing the value and the count into one returned long
 * measured slower than these three calls inlined.)
 */
public final class AsciiDigits {
    private static final long HIGH_NIBBLES = 0xF0F0F0F0F0F0F0F0L;
    private static final long ZEROS = 0x3030303030303030L;

    private AsciiDigits() {
    }

    /**
     * How many of the word's bytes, from the lowest, are ASCII digits before the first that is not:
     * 0 to 8. A byte is a digit when its high nibble is 3 and adding 6 leaves it so; a carry out
     * of that addition only comes from a byte that is already not a digit, and moves only towards
     * later bytes, so it never hides the first non-digit.
     */
    public static int count(long word) {
        long notDigit = (word & HIGH_NIBBLES ^ ZEROS) | ((word + 0x0606060606060606L) & HIGH_NIBBLES ^ ZEROS);
        return Long.numberOfTrailingZeros(notDigit) >>> 3;
    }

    /**
     * The value of the word's first {@code count} bytes, which must be digits, {@code 1 <= count <= 8}.
     * The digits are shifted to the top of the word (zeros before them change nothing), then
     * adjacent digits are combined into pairs, and the four pairs into the value with two
     * multiplications whose partial sums land in the upper half.
     */
    public static int value(long word, int count) {
        long digits = (word - ZEROS) << ((8 - count) << 3);
        digits = digits * 10 + (digits >>> 8);
        return (int) (((digits & 0x000000FF_000000FFL) * (100 + (1_000_000L << 32))
                + ((digits >>> 16) & 0x000000FF_000000FFL) * (1 + (10_000L << 32))) >>> 32);
    }
}
