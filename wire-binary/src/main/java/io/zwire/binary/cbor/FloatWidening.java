package io.zwire.binary.cbor;

/**
 * CBOR's half and single floats widened to a double bit for bit, NaNs included: sign, exponent
 * and payload are moved, never recomputed. A Java {@code (double)} cast of a float NaN may set
 * the quiet bit of a signalling NaN, so a NaN's payload would change on the way from CBOR to
 * CBOR. Static and allocation-free.
 *
 * <p>Layouts (sign, exponent, significand bits): half 1/5/10, single 1/8/23, double 1/11/52; a
 * narrower significand is the top of the wider one, so widening shifts it left by the difference.
 */
final class FloatWidening {
    /** Significand bits a double has beyond a half (52 - 10) and beyond a single (52 - 23). */
    static final int HALF_TO_DOUBLE_SHIFT = 42;
    static final int FLOAT_TO_DOUBLE_SHIFT = 29;
    private static final int HALF_SIGN = 0x8000;
    private static final int HALF_EXPONENT = 0x7C00;
    private static final int HALF_SIGNIFICAND = 0x3FF;
    private static final int FLOAT_EXPONENT = 0x7F80_0000;
    private static final int FLOAT_SIGNIFICAND = 0x7F_FFFF;
    private static final long DOUBLE_SIGN = Long.MIN_VALUE;
    private static final long DOUBLE_EXPONENT = 0x7FF0_0000_0000_0000L;
    private static final long DOUBLE_SIGNIFICAND = 0x000F_FFFF_FFFF_FFFFL;

    private FloatWidening() {
    }

    /** The double the half's 16 bits denote; a NaN keeps its sign and payload. */
    static double halfToDouble(int half) {
        if ((half & HALF_EXPONENT) == HALF_EXPONENT && (half & HALF_SIGNIFICAND) != 0) {
            long sign = (half & HALF_SIGN) != 0 ? DOUBLE_SIGN : 0;
            return Double.longBitsToDouble(sign | DOUBLE_EXPONENT | (long) (half & HALF_SIGNIFICAND) << HALF_TO_DOUBLE_SHIFT);
        }
        return HalfFloat.toFloat(half);
    }

    /** The double the single's 32 bits denote; a NaN keeps its sign and payload. */
    static double floatToDouble(int bits) {
        if ((bits & FLOAT_EXPONENT) == FLOAT_EXPONENT && (bits & FLOAT_SIGNIFICAND) != 0) {
            long sign = bits < 0 ? DOUBLE_SIGN : 0;
            return Double.longBitsToDouble(sign | DOUBLE_EXPONENT | (long) (bits & FLOAT_SIGNIFICAND) << FLOAT_TO_DOUBLE_SHIFT);
        }
        return Float.intBitsToFloat(bits);
    }

    /**
     * The NaN {@code bits} as a half when its payload fits in a half's significand, else -1: the
     * narrowest form that keeps every bit (RFC 8949 section 4.2.2 lets an encoder keep a payload).
     */
    static int nanAsHalf(long bits) {
        if ((bits & (1L << HALF_TO_DOUBLE_SHIFT) - 1) != 0) {
            return -1;
        }
        return (bits < 0 ? HALF_SIGN : 0) | HALF_EXPONENT | (int) ((bits & DOUBLE_SIGNIFICAND) >>> HALF_TO_DOUBLE_SHIFT);
    }

    /** The NaN {@code bits} as a single's bits when its payload fits in a single's significand; else 0, which is no NaN. */
    static int nanAsFloat(long bits) {
        if ((bits & (1L << FLOAT_TO_DOUBLE_SHIFT) - 1) != 0) {
            return 0;
        }
        return (bits < 0 ? Integer.MIN_VALUE : 0) | FLOAT_EXPONENT | (int) ((bits & DOUBLE_SIGNIFICAND) >>> FLOAT_TO_DOUBLE_SHIFT);
    }
}
