package io.zwire.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Writes {@code double} and {@code float} values as the shortest ASCII decimal text that reads
 * back to the same value, in exactly the format of {@link Double#toString(double)} and
 * {@link Float#toString(float)} on JDK 19 and later.
 *
 * <p>Format: plain notation with at least one fraction digit when 10<sup>-3</sup> &lt;=
 * |v| &lt; 10<sup>7</sup> ({@code 100.0}, {@code 0.001}, {@code -0.0}), otherwise
 * {@code d.ddd}{@code E}<i>n</i> with at least one fraction digit and no {@code +} on the
 * exponent ({@code 1.0E7}, {@code 4.9E-324}). The digits are those of the decimal picked by the
 * {@code Double.toString} specification: among the decimals that round to {@code v}, those of
 * minimal length (or of length at most 2 when that minimum is 1), the one closest to {@code v},
 * ties going to an even last digit.
 *
 * <h2>Algorithm</h2>
 * Schubfach, from Raffaello Giulietti, "The Schubfach way to render doubles" (2020, revised
 * 2022), written from the paper. With {@code v = c 2^q} and its rounding interval {@code R}
 * (the reals that round to {@code v}), let {@code k} be the largest integer with
 * {@code 10^k <= |R|}. Then {@code R} holds at least one multiple of {@code 10^k} and at most
 * one multiple of {@code 10^(k+1)}: if that coarser one exists it is the answer, otherwise the
 * answer is whichever of the two multiples of {@code 10^k} around {@code v} lies in {@code R}
 * and is closer. {@code v} and the two bounds of {@code R} are scaled by {@code 4 / 10^k},
 * each with one 64x128-bit multiplication by a 126-bit approximation of {@code 10^-k} computed
 * at class initialisation, and rounded to odd so that every comparison against an even integer
 * stays exact. There is no loop over digits and no arbitrary precision arithmetic at run time.
 *
 * <p>Every method is static, never allocates and keeps no mutable state. The caller leaves
 * {@value #MAX_DOUBLE_LENGTH} bytes for a double and {@value #MAX_FLOAT_LENGTH} for a float;
 * too small an array surfaces as the JVM's {@link ArrayIndexOutOfBoundsException}.
 */
public final class DoubleToDecimal {

    /** Longest text {@link #writeDouble} produces, e.g. {@code -2.2250738585072014E-308}. */
    public static final int MAX_DOUBLE_LENGTH = 24;

    /** Longest text {@link #writeFloat} produces, e.g. {@code -1.17549435E-38}. */
    public static final int MAX_FLOAT_LENGTH = 15;

    /*
     * Range of the decimal exponent k. The lowest is one below floor(log10(2^-1074)) because
     * the smallest subnormals need a finer grid (see tinySubnormal); the highest is
     * floor(log10(2^971)), the exponent of the largest doubles. Floats fall inside.
     */
    private static final int K_MIN = -325;
    private static final int K_MAX = 292;

    /*
     * g(k) = ceil(10^-k * 2^-r(k)), r(k) = floor(log2(10^-k)) - 125, so 2^125 <= g(k) < 2^126:
     * a 126-bit approximation of 10^-k from above, error below one unit. Stored as its high
     * 62 bits and its low 64 bits (the latter read as unsigned).
     */
    private static final long[] G_HIGH = new long[K_MAX - K_MIN + 1];
    private static final long[] G_LOW = new long[K_MAX - K_MIN + 1];

    private static final long DOUBLE_FRACTION_MASK = (1L << 52) - 1;
    private static final int FLOAT_FRACTION_MASK = (1 << 23) - 1;

    /** Integers of smaller magnitude are written as themselves plus ".0" (see writeDouble). */
    private static final int PLAIN_INTEGER_LIMIT = 10_000_000;

    static {
        for (int k = K_MIN; k <= K_MAX; k++) {
            BigInteger g;
            if (k <= 0) {
                // 10^-k is an integer; scale it to 126 bits, rounding up if bits fall off.
                BigInteger power = BigInteger.TEN.pow(-k);
                int shift = 126 - power.bitLength();
                g = shift >= 0 ? power.shiftLeft(shift) : ceilShiftRight(power, -shift);
            } else {
                // 10^k is not a power of two, so 2^(bitLength + 125) / 10^k lies strictly
                // between 2^125 and 2^126.
                BigInteger power = BigInteger.TEN.pow(k);
                BigInteger[] qr = BigInteger.ONE.shiftLeft(power.bitLength() + 125).divideAndRemainder(power);
                g = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
            }
            if (g.bitLength() != 126) {
                throw new AssertionError("10^" + (-k) + " does not scale to 126 bits");
            }
            G_HIGH[k - K_MIN] = g.shiftRight(64).longValue();
            G_LOW[k - K_MIN] = g.longValue();
        }
    }

    private DoubleToDecimal() {
    }

    /**
     * Writes the shortest decimal text of a finite {@code v} at {@code offset}, exactly as
     * {@code Double.toString(v)} on JDK 19+ spells it, and returns the end offset. At most
     * {@value #MAX_DOUBLE_LENGTH} bytes are written.
     *
     * <p>Never allocates.
     *
     * @return the offset just after the last byte written
     * @throws IllegalArgumentException if {@code v} is NaN or infinite (the wires spell those
     *         themselves)
     * @throws ArrayIndexOutOfBoundsException if {@code out} has no room for the text
     */
    public static int writeDouble(double v, byte[] out, int offset) {
        long bits = Double.doubleToRawLongBits(v);
        int biasedExponent = (int) (bits >>> 52) & 0x7FF;
        if (biasedExponent == 0x7FF) {
            throw new IllegalArgumentException("Not a finite double: " + v);
        }
        int pos = offset;
        if (bits < 0) {
            out[pos++] = '-';
        }
        long fraction = bits & DOUBLE_FRACTION_MASK;
        if (biasedExponent == 0) {
            if (fraction == 0) {
                return writeZero(out, pos);
            }
            return shortest(fraction, -1074, false, out, pos);
        }
        // Small integers are common on the wires, and for them the shortest decimal is the
        // integer itself: the gap between neighbouring doubles is far below one.
        double magnitude = Math.abs(v);
        if (magnitude < PLAIN_INTEGER_LIMIT) {
            int integer = (int) magnitude;
            if (integer == magnitude) {
                return writePlainInteger(integer, out, pos);
            }
        }
        // A normal double whose fraction is zero has a predecessor closer than its successor,
        // which makes its rounding interval lopsided ("irregular"), except for the smallest
        // normal whose predecessor, the largest subnormal, is equally spaced.
        return shortest(fraction | (1L << 52), biasedExponent - 1075,
                fraction == 0 && biasedExponent > 1, out, pos);
    }

    /**
     * The shortest decimal of a finite double as a number, the value {@link #writeDouble} spells.
     * Allocates: for the tools path, where a decimal is compared with a double.
     *
     * @throws IllegalArgumentException if {@code v} is NaN or infinite
     */
    public static BigDecimal shortestDecimal(double v) {
        byte[] text = new byte[MAX_DOUBLE_LENGTH];
        int end = writeDouble(v, text, 0);
        return new BigDecimal(new String(text, 0, end, StandardCharsets.US_ASCII));
    }

    /**
     * Writes the shortest decimal text that reads back as the same {@code float}, exactly as
     * {@code Float.toString(v)} on JDK 19+ spells it, and returns the end offset. At most
     * {@value #MAX_FLOAT_LENGTH} bytes are written.
     *
     * <p>Never allocates.
     *
     * @return the offset just after the last byte written
     * @throws IllegalArgumentException if {@code v} is NaN or infinite
     * @throws ArrayIndexOutOfBoundsException if {@code out} has no room for the text
     */
    public static int writeFloat(float v, byte[] out, int offset) {
        int bits = Float.floatToRawIntBits(v);
        int biasedExponent = (bits >>> 23) & 0xFF;
        if (biasedExponent == 0xFF) {
            throw new IllegalArgumentException("Not a finite float: " + v);
        }
        int pos = offset;
        if (bits < 0) {
            out[pos++] = '-';
        }
        int fraction = bits & FLOAT_FRACTION_MASK;
        if (biasedExponent == 0) {
            if (fraction == 0) {
                return writeZero(out, pos);
            }
            return shortest(fraction, -149, false, out, pos);
        }
        // Below 10^7 the gap between floats is at most one, so an integral float is again its
        // own shortest decimal.
        float magnitude = Math.abs(v);
        if (magnitude < PLAIN_INTEGER_LIMIT) {
            int integer = (int) magnitude;
            if (integer == magnitude) {
                return writePlainInteger(integer, out, pos);
            }
        }
        // Float and double differ only in c, q and the interval shape, which are inputs of
        // the shared core; the 126-bit tables are more than precise enough for floats.
        return shortest(fraction | (1 << 23), biasedExponent - 150,
                fraction == 0 && biasedExponent > 1, out, pos);
    }

    /**
     * Finds the decimal for {@code v = c 2^q} (c > 0) and writes it. The rounding interval is
     * [v - 2^(q-1), v + 2^(q-1)], or [v - 2^(q-2), v + 2^(q-1)] when {@code irregular}; its
     * bounds belong to it when c is even (round half to even maps them to v).
     */
    private static int shortest(long c, int q, boolean irregular, byte[] out, int pos) {
        // Everything is scaled by 4 so that the interval bounds, which sit at quarter or half
        // units of 2^q, become integers: cb, cbl and cbr are 4v, 4 lower and 4 upper bound.
        long cb = c << 2;
        long cbl = irregular ? cb - 1 : cb - 2;
        long cbr = cb + 2;
        // k is the largest integer with 10^k <= width of the interval (2^q, or 3/4 2^q).
        int k = irregular ? floorLog10ThreeQuartersPow2(q) : floorLog10Pow2(q);
        // Shifting c left by h (3 to 8) turns the product with g(k) into 4 v 10^-k times
        // 2^128, and keeps the shifted value below 2^63.
        int h = q + floorLog2Pow10(-k) + 3;
        int index = k - K_MIN;
        long gHigh = G_HIGH[index];
        long gLow = G_LOW[index];
        long vb = roundToOdd(gHigh, gLow, cb << h);
        long vbl = roundToOdd(gHigh, gLow, cbl << h);
        long vbr = roundToOdd(gHigh, gLow, cbr << h);
        // A bound that belongs to the interval may be met with equality; an excluded one may
        // not, which adding one to the left side of <= expresses.
        int open = (int) c & 1;

        long s = vb >> 2;
        if (s >= 100) {
            // The interval is narrower than 10^(k+1), so it holds at most one multiple of
            // 10^(k+1): u' = s' 10^(k+1) or w' = u' + 10^(k+1). If one is inside it is the
            // unique shortest candidate. With s below 100, s' has one digit, and the spec then
            // lets two-digit decimals compete: that is the 10^k grid, handled below.
            long sp10 = s / 10 * 10;
            long up4 = sp10 << 2;
            boolean upInside = vbl + open <= up4;
            boolean wpInside = up4 + 40 + open <= vbr;
            if (upInside != wpInside) {
                return writeDecimal(upInside ? sp10 : sp10 + 10, k, out, pos);
            }
        } else if (s < 10) {
            return tinySubnormal(c, q, k, out, pos);
        }
        // The interval is at least 10^k wide, so at least one of u = s 10^k and w = u + 10^k
        // lies in it; when both do, the closer one to v wins, ties to the even one.
        long u4 = s << 2;
        boolean uInside = vbl + open <= u4;
        boolean wInside = u4 + 4 + open <= vbr;
        if (uInside != wInside) {
            return writeDecimal(uInside ? s : s + 1, k, out, pos);
        }
        // 4 u + 2 is the midpoint of u and w, scaled like vb: an even integer, so the
        // comparison with the rounded-to-odd vb is exact.
        long distance = vb - (u4 + 2);
        long f = distance < 0 || distance == 0 && (s & 1) == 0 ? s : s + 1;
        return writeDecimal(f, k, out, pos);
    }

    /**
     * The few smallest subnormals (c below 10) have a single-digit s on the 10^k grid, yet the
     * specification lets a one-digit answer compete with every two-digit decimal in the
     * interval (that is why 2^-1074 prints as 4.9E-324, not 5.0E-324). Those lie on the
     * 10^(k-1) grid, whose point closest to v is always inside the interval (half a step of
     * 10^(k-1) is far below the interval half-width), so the closest point is the answer.
     */
    private static int tinySubnormal(long c, int q, int k, byte[] out, int pos) {
        int finer = k - 1;
        int h = q + floorLog2Pow10(-finer) + 3;
        int index = finer - K_MIN;
        long vb = roundToOdd(G_HIGH[index], G_LOW[index], (c << 2) << h);
        long s = vb >> 2;
        long distance = vb - ((s << 2) + 2);
        long f = distance < 0 || distance == 0 && (s & 1) == 0 ? s : s + 1;
        return writeDecimal(f, finer, out, pos);
    }

    /**
     * Returns round-to-odd of x 10^-k 2^q, for xPrime = x 2^h and g(k) = gHigh 2^64 + gLow:
     * the floor when the exact value is an integer, otherwise the floor with its lowest bit
     * forced to one. Rounding to odd keeps the floor and an "inexact" flag in one long, which
     * is all the comparisons in {@link #shortest} need.
     *
     * <p>Why this is exact although g(k) is not: P = xPrime g(k) is computed in full (192
     * bits) and exceeds 2^128 x 10^-k 2^q by xPrime (g(k) - 2^-r 10^-k), which is below
     * xPrime. So if the exact value is an integer M, P = M 2^128 + F with F < xPrime; if it is
     * M plus a fraction f, the top word is still M and F >= xPrime, provided that
     * xPrime / 2^128 <= f <= 1 - xPrime / 2^128. That proviso holds for every x, q and k this
     * class uses: continued fractions give the closest approach of x 10^-k 2^q to an integer
     * over all candidate x, which stays at least 2.5 bits clear of the bound (the test suite
     * repeats that check). Floats, with x below 2^27, clear it by 65 bits.
     */
    private static long roundToOdd(long gHigh, long gLow, long xPrime) {
        long top = Math.multiplyHigh(xPrime, gHigh);
        long upperMid = xPrime * gHigh;
        // Unsigned high word of xPrime * gLow: the signed product is off by xPrime when the
        // top bit of gLow is set (xPrime itself is below 2^63).
        long lowerMid = Math.multiplyHigh(xPrime, gLow) + ((gLow >> 63) & xPrime);
        long bottom = xPrime * gLow;
        long mid = upperMid + lowerMid;
        if (Long.compareUnsigned(mid, upperMid) < 0) {
            top++;
        }
        boolean inexact = mid != 0 || Long.compareUnsigned(bottom, xPrime) >= 0;
        return inexact ? top | 1 : top;
    }

    /**
     * Writes f 10^e (f > 0, possibly with trailing zeros, which are dropped) in the
     * Double.toString layout. The digits go straight to their final place where possible; at
     * most seven bytes move to make room for the point.
     */
    private static int writeDecimal(long f, int e, byte[] out, int pos) {
        int length = LongToDecimal.digitCount(f);
        int exponent = e + length - 1;
        if (exponent < -3 || exponent >= 7) {
            return writeScientific(f, length, exponent, out, pos);
        }
        if (exponent < 0) {
            // 0.00ddd: the digits go after the point and the leading zeros.
            int start = pos + 1 - exponent;
            LongToDecimal.writeDigits(f, out, start + length);
            out[pos] = '0';
            out[pos + 1] = '.';
            for (int i = pos + 2; i < start; i++) {
                out[i] = '0';
            }
            return trimZeros(out, start + length);
        }
        // ddd.ddd: write the digits one byte to the right, then slide the integer part left
        // over the gap and put the point after it.
        LongToDecimal.writeDigits(f, out, pos + 1 + length);
        int digitsEnd = trimZeros(out, pos + 1 + length);
        int significant = digitsEnd - (pos + 1);
        int integerDigits = exponent + 1;
        if (significant <= integerDigits) {
            for (int i = 0; i < significant; i++) {
                out[pos + i] = out[pos + i + 1];
            }
            for (int i = pos + significant; i < pos + integerDigits; i++) {
                out[i] = '0';
            }
            out[pos + integerDigits] = '.';
            out[pos + integerDigits + 1] = '0';
            return pos + integerDigits + 2;
        }
        for (int i = 0; i < integerDigits; i++) {
            out[pos + i] = out[pos + i + 1];
        }
        out[pos + integerDigits] = '.';
        return digitsEnd;
    }

    /** Writes d.dddEn (at least one fraction digit) for f with {@code length} digits. */
    private static int writeScientific(long f, int length, int exponent, byte[] out, int pos) {
        LongToDecimal.writeDigits(f, out, pos + 1 + length);
        out[pos] = out[pos + 1];
        out[pos + 1] = '.';
        int end = trimZeros(out, pos + 1 + length);
        if (end == pos + 2) {
            out[end++] = '0';
        }
        out[end++] = 'E';
        if (exponent < 0) {
            out[end++] = '-';
            exponent = -exponent;
        }
        if (exponent >= 100) {
            out[end++] = (byte) ('0' + exponent / 100);
            exponent %= 100;
            out[end++] = (byte) ('0' + exponent / 10);
            out[end++] = (byte) ('0' + exponent % 10);
        } else if (exponent >= 10) {
            out[end++] = (byte) ('0' + exponent / 10);
            out[end++] = (byte) ('0' + exponent % 10);
        } else {
            out[end++] = (byte) ('0' + exponent);
        }
        return end;
    }

    /**
     * Steps back over trailing '0' bytes. Callers pass a digit run of a positive f, so the scan
     * stops at its last non-zero digit (or at the point, in the scientific layout) and never
     * reads a byte it did not write.
     */
    private static int trimZeros(byte[] out, int end) {
        while (out[end - 1] == '0') {
            end--;
        }
        return end;
    }

    private static int writeZero(byte[] out, int pos) {
        out[pos] = '0';
        out[pos + 1] = '.';
        out[pos + 2] = '0';
        return pos + 3;
    }

    private static int writePlainInteger(int integer, byte[] out, int pos) {
        int end = pos + LongToDecimal.digitCount(integer);
        LongToDecimal.writeDigits(integer, out, end);
        out[end] = '.';
        out[end + 1] = '0';
        return end + 2;
    }

    /** floor(q log10(2)); 315653 / 2^20 approximates log10(2) closely enough for |q| <= 1200. */
    static int floorLog10Pow2(int q) {
        return (q * 315653) >> 20;
    }

    /** floor(log10(3/4 2^q)) = floor(q log10(2) + log10(3/4)), exact for |q| <= 1200. */
    static int floorLog10ThreeQuartersPow2(int q) {
        return (q * 315653 - 131008) >> 20;
    }

    /** floor(j log2(10)); 1741647 / 2^19 approximates log2(10) closely enough for |j| <= 400. */
    static int floorLog2Pow10(int j) {
        return (j * 1741647) >> 19;
    }

    /** The 126-bit approximation of 10^-k, for tests that re-derive the error bound. */
    static BigInteger g(int k) {
        int index = k - K_MIN;
        return BigInteger.valueOf(G_HIGH[index]).shiftLeft(64)
                .add(new BigInteger(Long.toUnsignedString(G_LOW[index])));
    }

    private static BigInteger ceilShiftRight(BigInteger value, int shift) {
        BigInteger shifted = value.shiftRight(shift);
        return value.getLowestSetBit() >= shift ? shifted : shifted.add(BigInteger.ONE);
    }
}
