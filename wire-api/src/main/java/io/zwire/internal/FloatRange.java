package io.zwire.internal;

import io.zwire.WireOptions;

/**
 * The read contract's rule for a float32 or float64 field, which every wire applies where it
 * turns a number on the wire into the field's kind: a finite number the kind cannot hold (its
 * magnitude rounds to infinity, or a non-zero rounds to zero) is refused, as an integer out of its
 * kind's range is, unless {@link WireOptions#lossyFloats()} allows it. Rounding to the nearest
 * value the kind holds ({@code 1.1} as a float32) is no loss in this sense, and an infinity or NaN
 * written as one reads as itself. A value read as neither zero nor infinite is never lost, so a
 * wire's fast path asks {@link #suspect} (one compare) and comes here only when it is true.
 * Allocates nothing.
 */
public final class FloatRange {
    private final boolean lossyAllowed;

    /**
     * A rule for a wire made with {@code options}.
     *
     * @param options the wire's options
     */
    public FloatRange(WireOptions options) {
        this.lossyAllowed = options.lossyFloats();
    }

    /**
     * Whether a value read as {@code read} may be a lost one: zero or infinite.
     *
     * @param read the value as the field's kind (a float widened)
     * @return whether the wire must ask {@link #refuses} or {@link #refusesDecimal}
     */
    public static boolean suspect(double read) {
        return read == 0 || Double.isInfinite(read);
    }

    /**
     * Whether {@code source}, a binary number on the wire, read as {@code read}, must be refused.
     *
     * @param read   the value as the field's kind (a float widened)
     * @param source the number on the wire
     * @return true if a finite source overflowed or a non-zero one underflowed, and lossy reading is off
     */
    public boolean refuses(double read, double source) {
        return !lossyAllowed && Double.isFinite(source) && lost(read, source != 0);
    }

    /**
     * Whether the number written in {@code [from, to)} of {@code text} (ASCII), read as
     * {@code read}, must be refused. Text without a digit ({@code .inf}, {@code Infinity}) is an
     * infinity or NaN written as such; a digit from 1 to 9 before any exponent makes it non-zero.
     *
     * @param read the value as the field's kind (a float widened)
     * @param text the input
     * @param from the number's first byte
     * @param to   past its last byte
     * @return true if it overflowed or underflowed, and lossy reading is off
     */
    public boolean refusesDecimal(double read, byte[] text, int from, int to) {
        if (lossyAllowed) {
            return false;
        }
        boolean digits = false;
        boolean nonZero = false;
        for (int i = from; i < to; i++) {
            int c = text[i];
            if (c == 'e' || c == 'E') {
                break;
            }
            if (c >= '0' && c <= '9') {
                digits = true;
                nonZero |= c != '0';
            }
        }
        return digits && lost(read, nonZero);
    }

    private static boolean lost(double read, boolean sourceNonZero) {
        return Double.isInfinite(read) || read == 0 && sourceNonZero;
    }

    /**
     * What a wire's error says was expected, for a refused value.
     *
     * @param kind the field's kind, as errors name it ("a float32")
     * @return the words, following "expected"
     */
    public static String expected(String kind) {
        return kind + " within its range: the finite number here would read as infinity or as 0"
                + " (WireOptions.withLossyFloats allows that)";
    }
}
