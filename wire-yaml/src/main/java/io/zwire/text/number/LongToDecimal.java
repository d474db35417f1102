package io.zwire.text.number;

/**
 * Writes {@code long} and {@code int} values as ASCII decimal text straight into a byte array.
 *
 * <p>Every method is static, never allocates and keeps no state, so it is safe from any thread.
 * The writers do not check capacity up front: the caller leaves room for the longest text
 * ({@value #MAX_LONG_LENGTH} bytes for a {@code long}, {@value #MAX_INT_LENGTH} for an
 * {@code int}, or exactly {@link #length(long)}); if it does not, the JVM's
 * {@link ArrayIndexOutOfBoundsException} is the only exception thrown, and the bytes before
 * the failing index may already have been written.
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
        int pos = offset;
        if (v < 0) {
            out[pos++] = '-';
            if (v == Long.MIN_VALUE) {
                return writeMinValueMagnitude(out, pos);
            }
            v = -v;
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
        int end = pos + digitCount(magnitude);
        writeDigits(magnitude, out, end);
        return end;
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
     * {@code end - 1}; exactly {@link #digitCount(long)} bytes are written.
     */
    static void writeDigits(long v, byte[] out, int end) {
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
