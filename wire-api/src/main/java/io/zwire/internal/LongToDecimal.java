package io.zwire.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Writes {@code long} and {@code int} values as ASCII decimal text straight into a byte array.
 *
 * <p>Every method is static, never allocates and keeps no state, so it is safe from any thread.
 * The writers do not check capacity up front: the caller leaves room for the longest text
 * ({@value #MAX_LONG_LENGTH} bytes for a {@code long}, {@value #MAX_INT_LENGTH} for an
 * {@code int}, or exactly {@link #length(long)}); if it does not, the JVM's
 * {@link ArrayIndexOutOfBoundsException} is the only exception thrown, and the bytes before
 * the failing index may already have been written.
 *
 * <p>Values below 10<sup>16</sup> are formatted eight digits at a time in one 64-bit register
 * (SWAR: a division by 10<sup>4</sup>, then the hundreds and tens of all lanes at once by
 * multiply-and-shift) and stored as whole words, where the array has room for a word: a
 * seven-digit value costs a few multiplications and one store instead of a loop of divisions and
 * byte stores. The price is that up to seven zero bytes may be stored after the returned offset,
 * inside the array: {@link #writeLong} and {@link #writeInt} are only for appending at the end of
 * what has been written.
 */
public final class LongToDecimal {

    /** Longest text {@link #writeLong} produces: {@code -9223372036854775808}. */
    public static final int MAX_LONG_LENGTH = 20;

    /** Longest text {@link #writeInt} produces: {@code -2147483648}. */
    public static final int MAX_INT_LENGTH = 11;

    /**
     * "00", "01", ... "99" as 200 ASCII bytes. Emitting two digits per division halves the
     * number of divisions, the dominant cost of integer formatting.
     */
    private static final byte[] DIGIT_PAIRS = new byte[200];

    /**
     * DIGIT_THRESHOLDS[n] is the smallest value with n + 1 digits, except that entry 0 is 0
     * rather than 1 so that zero, like every other value, counts as one digit.
     */
    private static final long[] DIGIT_THRESHOLDS = new long[19];

    private static final int EIGHT_DIGITS = 100_000_000;
    private static final long SIXTEEN_DIGITS = 10_000_000_000_000_000L;
    private static final long ASCII_ZEROS = 0x3030303030303030L;
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
        long power = 1;
        for (int n = 1; n < DIGIT_THRESHOLDS.length; n++) {
            power *= 10;
            DIGIT_THRESHOLDS[n] = power;
        }
    }

    private LongToDecimal() {
    }

    /**
     * Writes {@code v} in decimal (a leading {@code '-'} when negative, no leading zeros,
     * {@code Long.MIN_VALUE} included) at {@code offset}.
     *
     * <p>Never allocates.
     *
     * @return the offset just after the last byte written
     * @throws ArrayIndexOutOfBoundsException if {@code out} has no room for the text
     */
    public static int writeLong(long v, byte[] out, int offset) {
        // Most values written are small and positive: one word, and little code for C2 to
        // inline into every field's write.
        if (v >= 0 && v < EIGHT_DIGITS && out.length - offset >= 8) {
            return writeHead((int) v, out, offset);
        }
        return writeAnyLong(v, out, offset);
    }

    private static int writeAnyLong(long v, byte[] out, int offset) {
        int pos = offset;
        if (v < 0) {
            out[pos++] = '-';
            if (v == Long.MIN_VALUE) {
                return writeMinValueMagnitude(out, pos);
            }
            v = -v;
        }
        if (v < SIXTEEN_DIGITS && out.length - pos >= 16) {
            return writeWords(v, out, pos);
        }
        int end = pos + digitCount(v);
        writeDigits(v, out, end);
        return end;
    }

    /**
     * Writes {@code v} in decimal (a leading {@code '-'} when negative, no leading zeros,
     * {@code Integer.MIN_VALUE} included) at {@code offset}.
     *
     * <p>Never allocates.
     *
     * @return the offset just after the last byte written
     * @throws ArrayIndexOutOfBoundsException if {@code out} has no room for the text
     */
    public static int writeInt(int v, byte[] out, int offset) {
        int pos = offset;
        // Widening first makes the magnitude of Integer.MIN_VALUE representable.
        long magnitude = v;
        if (v < 0) {
            out[pos++] = '-';
            magnitude = -magnitude;
        }
        if (out.length - pos >= 16) {
            return writeWords(magnitude, out, pos);
        }
        int end = pos + digitCount(magnitude);
        writeDigits(magnitude, out, end);
        return end;
    }

    /**
     * Writes a value below 10<sup>16</sup> at {@code pos} as one or two words; needs 16 bytes of
     * array from {@code pos}, and leaves zeros after the digits.
     */
    private static int writeWords(long v, byte[] out, int pos) {
        if (v < EIGHT_DIGITS) {
            return writeHead((int) v, out, pos);
        }
        long high = v / EIGHT_DIGITS;
        int p = writeHead((int) high, out, pos);
        WORD.set(out, p, eightDigits((int) (v - high * EIGHT_DIGITS)) + ASCII_ZEROS);
        return p + 8;
    }

    /** Writes {@code v < 10^8} without leading zeros as one word; returns the offset after its digits. */
    private static int writeHead(int v, byte[] out, int pos) {
        long digits = eightDigits(v);
        // Leading zero digits are the zero low bytes; zero itself keeps one digit.
        int leadingZeros = Math.min(Long.numberOfTrailingZeros(digits), 56) >>> 3;
        WORD.set(out, pos, (digits + ASCII_ZEROS) >>> (leadingZeros << 3));
        return pos + 8 - leadingZeros;
    }

    /**
     * The eight decimal digits of {@code v < 10^8}, leading zeros included, one per byte of a
     * little-endian word with the most significant digit in the lowest byte (the first in memory).
     * Each step halves the lanes' width: two lanes of four digits (v / 10^4 and v % 10^4), four of
     * two, eight of one; a lane's quotient is a multiply by a scaled reciprocal and a shift
     * (10486 / 2^20 is exact for /100 below 10^4, 103 / 2^10 for /10 below 100), and no product
     * spills into the next lane.
     */
    static long eightDigits(int v) {
        // v / 10^4 as an unsigned multiply and shift (2^40 / 10^4 rounded up is exact below
        // 4.9 * 10^8), without the sign correction a signed division compiles to.
        int high = (int) (v * 109_951_163L >>> 40);
        long fours = high | (long) (v - high * 10_000) << 32;
        long hundreds = (fours * 10486 >>> 20) & 0x0000007F_0000007FL;
        long twos = hundreds | (fours - hundreds * 100) << 16;
        long tens = (twos * 103 >>> 10) & 0x000F000F_000F000FL;
        return tens | (twos - tens * 10) << 8;
    }

    /**
     * Returns the number of bytes {@link #writeLong} writes for {@code v}: its digit count,
     * plus one for the sign when negative. Never allocates, never throws.
     */
    public static int length(long v) {
        if (v >= 0) {
            return digitCount(v);
        }
        if (v == Long.MIN_VALUE) {
            return MAX_LONG_LENGTH;
        }
        return 1 + digitCount(-v);
    }

    /**
     * Digit count of a non-negative value. The bit length times log10(2) (1233 / 4096 is just
     * below it) never overestimates and underestimates by at most one, which one table
     * comparison corrects: no loop, no division.
     */
    static int digitCount(long v) {
        int estimate = ((64 - Long.numberOfLeadingZeros(v | 1)) * 1233) >>> 12;
        return estimate + (v >= DIGIT_THRESHOLDS[estimate] ? 1 : 0);
    }

    /**
     * Writes the digits of a non-negative {@code v} so that the last one lands at
     * {@code end - 1}. Below 10<sup>16</sup>, with 16 bytes of array from the first digit, as
     * words, which may leave zeros after {@code end} (callers write what follows afterwards);
     * otherwise exactly {@link #digitCount(long)} bytes are written.
     */
    static void writeDigits(long v, byte[] out, int end) {
        if (v < SIXTEEN_DIGITS) {
            int start = end - digitCount(v);
            if (out.length - start >= 16) {
                writeWords(v, out, start);
                return;
            }
        }
        int pos = end;
        // One long division peels off eight digits; the rest of the work stays in int
        // arithmetic, which is cheaper than a 64-bit division per digit pair.
        while (v > Integer.MAX_VALUE) {
            long high = v / EIGHT_DIGITS;
            writeEightDigits((int) (v - high * EIGHT_DIGITS), out, pos);
            pos -= 8;
            v = high;
        }
        final byte[] pairs = DIGIT_PAIRS;
        int rest = (int) v;
        while (rest >= 100) {
            int high = rest / 100;
            int pair = (rest - high * 100) << 1;
            pos -= 2;
            out[pos] = pairs[pair];
            out[pos + 1] = pairs[pair + 1];
            rest = high;
        }
        if (rest >= 10) {
            int pair = rest << 1;
            out[pos - 2] = pairs[pair];
            out[pos - 1] = pairs[pair + 1];
        } else {
            out[pos - 1] = (byte) ('0' + rest);
        }
    }

    /** Writes exactly eight digits of {@code v} (leading zeros kept), ending at {@code end - 1}. */
    private static void writeEightDigits(int v, byte[] out, int end) {
        final byte[] pairs = DIGIT_PAIRS;
        int high = v / 10_000;
        int low = v - high * 10_000;
        int a = high / 100;
        int b = (high - a * 100) << 1;
        int c = low / 100;
        int d = (low - c * 100) << 1;
        a <<= 1;
        c <<= 1;
        out[end - 8] = pairs[a];
        out[end - 7] = pairs[a + 1];
        out[end - 6] = pairs[b];
        out[end - 5] = pairs[b + 1];
        out[end - 4] = pairs[c];
        out[end - 3] = pairs[c + 1];
        out[end - 2] = pairs[d];
        out[end - 1] = pairs[d + 1];
    }

    /** Writes 2^63 in decimal: the magnitude of Long.MIN_VALUE, which no long can hold. */
    private static int writeMinValueMagnitude(byte[] out, int pos) {
        // Dividing the negative value by ten keeps every intermediate in range.
        long head = -(Long.MIN_VALUE / 10);
        int end = pos + digitCount(head);
        writeDigits(head, out, end);
        out[end] = (byte) ('0' - (int) (Long.MIN_VALUE % 10));
        return end + 1;
    }
}
