package io.zwire.text.number;

import io.zwire.internal.DoubleToDecimal;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Parses ASCII decimal text from a byte array range into {@code double}, {@code float} and
 * {@code long}, without the {@code String} that the JDK parsers need.
 *
 * <h2>Floating point</h2>
 * The grammar is that of JSON numbers and YAML 1.2 core-schema decimal floats, a subset of what
 * {@link Double#parseDouble} accepts: an optional {@code -} or {@code +}, then
 * {@code digits [. digits*]} or {@code . digits}, then optionally {@code e} or {@code E}, an
 * optional sign and digits. Leading zeros are allowed. Nothing else is: no spaces, no
 * {@code NaN} or {@code Infinity}, no hexadecimal, no {@code d}/{@code f} suffix. Results are
 * correctly rounded (round half to even), bit for bit those of {@code Double.parseDouble} and
 * {@code Float.parseFloat} on the same text; underflow gives a signed zero and overflow a signed
 * infinity, however large the exponent, without looping over it.
 *
 * <p>Up to 19 significant digits are gathered into a long {@code w} and a decimal exponent
 * {@code q}. Two allocation-free paths then decide the value:
 * <ul>
 * <li>Clinger's fast path: when {@code w <= 2^53} and {@code |q| <= 22} both {@code w} and
 *     {@code 10^|q|} are exact doubles, so one IEEE multiplication or division rounds once,
 *     correctly (for floats: {@code w <= 2^24}, {@code |q| <= 10}, in float arithmetic).</li>
 * <li>Eisel-Lemire (D. Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice
 *     and Experience, 2021): {@code w} times a 128-bit truncation of {@code 5^q}, computed at
 *     class initialisation, gives the significand and exponent, together with an error bound
 *     that says whether the rounding is certain.</li>
 * </ul>
 * With more than 19 significant digits the truncated {@code w} and {@code w + 1} bracket the
 * value, and when both round to the same double that is the answer. Exact ties (a decimal
 * exactly halfway between two neighbouring doubles) are detected and rounded to even without
 * leaving these paths.
 *
 * <p><b>Fallback, which allocates:</b> what the paths above cannot decide goes to
 * {@code Double.parseDouble(new String(...))} (or {@code Float.parseFloat}), building a
 * {@code String} of the input. That happens for two classes of input only: (1) more than 19
 * significant digits where the digits after the 19th decide the rounding, such as the full
 * decimal expansion of a midpoint between two doubles (about 0.2% of random 25-digit
 * strings); (2) at most 19 digits whose decimal exponent, counted at the last digit, lies
 * outside [-27, 55] and whose value lies within about 2^-126 (relative) of such a midpoint
 * without being one, which takes crafted input: none of the millions of shortest renderings
 * (by {@link DoubleToDecimal} or {@code Double.toString}) and random 19-digit strings tested
 * needed it.
 *
 * <h2>Integers</h2>
 * {@link #parseLong(byte[], int, int)} reads an optionally signed decimal {@code long} with
 * exact overflow detection; {@link #parseLong(byte[], int, int, int)} reads unsigned octal or
 * hexadecimal digits. Neither allocates except to build the exception on malformed input.
 *
 * <p>All methods are static and keep no mutable state. Every error is a
 * {@link NumberFormatException} whose message quotes the offending text (its first 200 bytes,
 * for longer input), or an {@link IndexOutOfBoundsException} when the range does not fit the
 * array; building either is the only allocation on an error path.
 */
public final class DecimalToDouble {

    /*
     * Decimal exponents outside [Q_MIN, Q_MAX] need no arithmetic: any w below 2^64 times
     * 10^-343 is under half the smallest subnormal and rounds to zero, and any w >= 1 times
     * 10^309 exceeds the largest double.
     */
    private static final int Q_MIN = -342;
    private static final int Q_MAX = 308;

    /*
     * T(q) = floor(5^q 2^-t(q)), normalised so that 2^127 <= T(q) < 2^128, as high and low
     * words (both read as unsigned). Truncation keeps the error one-sided: the exact scaled
     * power lies in [T, T + 1), so w T is never above the true product and never more than w
     * below it. T(q) is exact for 0 <= q <= POW5_EXACT_MAX, where 5^q fits in 128 bits.
     */
    private static final long[] POW5_HIGH = new long[Q_MAX - Q_MIN + 1];
    private static final long[] POW5_LOW = new long[Q_MAX - Q_MIN + 1];
    private static final int POW5_EXACT_MAX;

    /** 5^0 .. 5^27, the powers that fit in a long, for the exact tie check. */
    private static final long[] SMALL_POW5 = new long[28];

    private static final double[] DOUBLE_POWERS_OF_TEN = new double[23];
    private static final float[] FLOAT_POWERS_OF_TEN = new float[11];

    private static final int MAX_KEPT_DIGITS = 19;

    /** Exponent magnitudes beyond this cannot change the result; their digits are only checked. */
    private static final long EXPONENT_SATURATION = 100_000_000_000_000L;

    private static final int DOUBLE_MANTISSA_BITS = 52;
    private static final int DOUBLE_EXPONENT_OFFSET = 1075;
    private static final long DOUBLE_INFINITY_BITS = 0x7FF0_0000_0000_0000L;
    private static final int FLOAT_MANTISSA_BITS = 23;
    private static final int FLOAT_EXPONENT_OFFSET = 150;
    private static final long FLOAT_INFINITY_BITS = 0x7F80_0000L;

    /** Eisel-Lemire could not decide; no valid result has these bits (the sign is clear). */
    private static final long UNDECIDED = -1;

    private static final int MAX_QUOTED_LENGTH = 200;

    private static final long LONG_MAGNITUDE_LIMIT = Long.MAX_VALUE / 10;

    static {
        int exactMax = -1;
        for (int q = Q_MIN; q <= Q_MAX; q++) {
            BigInteger t;
            if (q >= 0) {
                BigInteger power = BigInteger.valueOf(5).pow(q);
                int bits = power.bitLength();
                t = bits <= 128 ? power.shiftLeft(128 - bits) : power.shiftRight(bits - 128);
                if (bits <= 128) {
                    exactMax = q;
                }
            } else {
                // 5^-q lies in [2^(b-1), 2^b), so 2^(127+b) / 5^-q lies in (2^127, 2^128).
                BigInteger power = BigInteger.valueOf(5).pow(-q);
                t = BigInteger.ONE.shiftLeft(127 + power.bitLength()).divide(power);
            }
            if (t.bitLength() != 128) {
                throw new AssertionError("5^" + q + " does not scale to 128 bits");
            }
            POW5_HIGH[q - Q_MIN] = t.shiftRight(64).longValue();
            POW5_LOW[q - Q_MIN] = t.longValue();
        }
        POW5_EXACT_MAX = exactMax;
        long power5 = 1;
        for (int n = 0; n < SMALL_POW5.length; n++) {
            SMALL_POW5[n] = power5;
            power5 *= 5;
        }
        double power10 = 1;
        for (int n = 0; n < DOUBLE_POWERS_OF_TEN.length; n++) {
            DOUBLE_POWERS_OF_TEN[n] = power10;
            power10 *= 10;
        }
        float floatPower10 = 1;
        for (int n = 0; n < FLOAT_POWERS_OF_TEN.length; n++) {
            FLOAT_POWERS_OF_TEN[n] = floatPower10;
            floatPower10 *= 10;
        }
    }

    private DecimalToDouble() {
    }

    /**
     * Parses the decimal text in {@code in[offset, offset + length)} to the nearest
     * {@code double} (ties to even), exactly as {@code Double.parseDouble} would.
     *
     * <p>Allocates nothing, except on the error path and for the inputs that need the fallback
     * described in the class comment (more than 19 significant digits that decide a rounding,
     * or crafted near-midpoints), for which a {@code String} is built for
     * {@code Double.parseDouble}.
     *
     * @throws NumberFormatException if the text is not a decimal number of the grammar
     * @throws IndexOutOfBoundsException if the range lies outside {@code in}
     */
    public static double parseDouble(byte[] in, int offset, int length) {
        return parse(in, offset, length, false);
    }

    /**
     * Parses the decimal text in {@code in[offset, offset + length)} to the nearest
     * {@code float} (ties to even), exactly as {@code Float.parseFloat} would: rounded once,
     * from the decimal, never through a double.
     *
     * <p>Allocation as for {@link #parseDouble}, the fallback being {@code Float.parseFloat}.
     *
     * @throws NumberFormatException if the text is not a decimal number of the grammar
     * @throws IndexOutOfBoundsException if the range lies outside {@code in}
     */
    public static float parseFloat(byte[] in, int offset, int length) {
        // A float widened to double and narrowed back is unchanged, so one scanner serves both.
        return (float) parse(in, offset, length, true);
    }

    /**
     * Parses an optionally signed ({@code -} or {@code +}) decimal {@code long} such as
     * {@code -9223372036854775808}; leading zeros are allowed.
     *
     * <p>Never allocates except on the error path.
     *
     * @throws NumberFormatException if the text is empty, holds anything but the sign and
     *         digits, or the value is outside the long range
     * @throws IndexOutOfBoundsException if the range lies outside {@code in}
     */
    public static long parseLong(byte[] in, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, in.length);
        final int end = offset + length;
        int pos = offset;
        boolean negative = false;
        if (pos < end && (in[pos] == '-' || in[pos] == '+')) {
            negative = in[pos] == '-';
            pos++;
        }
        if (pos == end) {
            throw malformed("Not a decimal integer", in, offset, length);
        }
        // The magnitude is gathered as an unsigned value, so 2^63 itself (the magnitude of
        // Long.MIN_VALUE) is representable; one comparison per digit rules out overflow.
        long magnitude = 0;
        for (; pos < end; pos++) {
            int digit = in[pos] - '0';
            if (digit < 0 || digit > 9) {
                throw malformed("Not a decimal integer", in, offset, length);
            }
            if (magnitude > LONG_MAGNITUDE_LIMIT || magnitude < 0) {
                throw malformed("Out of range for a long", in, offset, length);
            }
            magnitude = magnitude * 10 + digit;
        }
        if (negative) {
            if (magnitude < 0 && magnitude != Long.MIN_VALUE) {
                throw malformed("Out of range for a long", in, offset, length);
            }
            return -magnitude;
        }
        if (magnitude < 0) {
            throw malformed("Out of range for a long", in, offset, length);
        }
        return magnitude;
    }

    /**
     * Parses unsigned octal ({@code radix} 8) or hexadecimal ({@code radix} 16, either case)
     * digits into the 64 bits of a long. No sign and no prefix: the caller strips
     * {@code 0o} or {@code 0x}. Values from 2^63 to 2^64 - 1 are accepted and returned as the
     * negative long with the same bits ({@code ffffffffffffffff} gives -1), as
     * {@link Long#parseUnsignedLong(String, int)} does; leading zeros are allowed.
     *
     * <p>Never allocates except on the error path.
     *
     * @throws NumberFormatException if the text is empty, holds a character that is not a
     *         digit of the radix, or the value is 2^64 or more
     * @throws IllegalArgumentException if {@code radix} is neither 8 nor 16
     * @throws IndexOutOfBoundsException if the range lies outside {@code in}
     */
    public static long parseLong(byte[] in, int offset, int length, int radix) {
        if (radix != 8 && radix != 16) {
            throw new IllegalArgumentException("Radix must be 8 or 16: " + radix);
        }
        Objects.checkFromIndexSize(offset, length, in.length);
        if (length == 0) {
            throw malformed("Not a base-" + radix + " integer", in, offset, length);
        }
        final int bitsPerDigit = radix == 8 ? 3 : 4;
        final int end = offset + length;
        long value = 0;
        for (int pos = offset; pos < end; pos++) {
            int digit = digitValue(in[pos]);
            if (digit >= radix) {
                throw malformed("Not a base-" + radix + " integer", in, offset, length);
            }
            // A power-of-two radix overflows exactly when the shift pushes set bits out.
            if (value >>> (64 - bitsPerDigit) != 0) {
                throw malformed("Out of range for 64 bits", in, offset, length);
            }
            value = (value << bitsPerDigit) | digit;
        }
        return value;
    }

    /** Value of an ASCII hexadecimal digit, or 16 (never a valid digit) for any other byte. */
    private static int digitValue(byte b) {
        int decimal = b - '0';
        if (decimal >= 0 && decimal <= 9) {
            return decimal;
        }
        int letter = (b | 0x20) - 'a';
        return letter >= 0 && letter < 6 ? letter + 10 : 16;
    }

    private static double parse(byte[] in, int offset, int length, boolean single) {
        Objects.checkFromIndexSize(offset, length, in.length);
        final int end = offset + length;
        int pos = offset;
        boolean negative = false;
        if (pos < end && (in[pos] == '-' || in[pos] == '+')) {
            negative = in[pos] == '-';
            pos++;
        }
        // w holds the first 19 significant digits (leading zeros do not count), which always
        // fit an unsigned long; q is the decimal exponent of w's last digit.
        long w = 0;
        int kept = 0;
        long q = 0;
        boolean truncated = false;
        int digitsStart = pos;
        for (; pos < end; pos++) {
            int digit = in[pos] - '0';
            if (digit < 0 || digit > 9) {
                break;
            }
            if (kept < MAX_KEPT_DIGITS) {
                w = w * 10 + digit;
                if (w != 0) {
                    kept++;
                }
            } else {
                q++;
                truncated |= digit != 0;
            }
        }
        int digits = pos - digitsStart;
        if (pos < end && in[pos] == '.') {
            pos++;
            int fractionStart = pos;
            for (; pos < end; pos++) {
                int digit = in[pos] - '0';
                if (digit < 0 || digit > 9) {
                    break;
                }
                if (kept < MAX_KEPT_DIGITS) {
                    w = w * 10 + digit;
                    if (w != 0) {
                        kept++;
                    }
                    q--;
                } else {
                    truncated |= digit != 0;
                }
            }
            digits += pos - fractionStart;
        }
        if (digits == 0) {
            throw malformed("Not a decimal number", in, offset, length);
        }
        if (pos < end && (in[pos] | 0x20) == 'e') {
            pos++;
            boolean negativeExponent = false;
            if (pos < end && (in[pos] == '-' || in[pos] == '+')) {
                negativeExponent = in[pos] == '-';
                pos++;
            }
            int exponentStart = pos;
            // Saturating far beyond any meaningful exponent, but far below overflow, makes a
            // billion-digit exponent cost one pass and keeps q from wrapping around.
            long exponent = 0;
            for (; pos < end; pos++) {
                int digit = in[pos] - '0';
                if (digit < 0 || digit > 9) {
                    break;
                }
                if (exponent < EXPONENT_SATURATION) {
                    exponent = exponent * 10 + digit;
                }
            }
            if (pos == exponentStart) {
                throw malformed("Not a decimal number", in, offset, length);
            }
            q += negativeExponent ? -exponent : exponent;
        }
        if (pos != end) {
            throw malformed("Not a decimal number", in, offset, length);
        }
        if (w == 0) {
            return negative ? -0.0 : 0.0;
        }
        double magnitude = single
                ? toFloat(w, q, truncated, in, offset, length)
                : toDouble(w, q, truncated, in, offset, length);
        return negative ? -magnitude : magnitude;
    }

    private static double toDouble(long w, long q, boolean truncated, byte[] in, int offset, int length) {
        if (!truncated && q >= -22 && q <= 22 && w >= 0 && w <= 1L << 53) {
            double exact = w;
            return q >= 0 ? exact * DOUBLE_POWERS_OF_TEN[(int) q] : exact / DOUBLE_POWERS_OF_TEN[(int) -q];
        }
        if (q < Q_MIN) {
            return 0.0;
        }
        if (q > Q_MAX) {
            return Double.POSITIVE_INFINITY;
        }
        long bits = eiselLemire(w, (int) q, DOUBLE_MANTISSA_BITS, DOUBLE_EXPONENT_OFFSET, DOUBLE_INFINITY_BITS);
        if (truncated && bits != UNDECIDED
                && bits != eiselLemire(w + 1, (int) q, DOUBLE_MANTISSA_BITS, DOUBLE_EXPONENT_OFFSET,
                        DOUBLE_INFINITY_BITS)) {
            bits = UNDECIDED;
        }
        if (bits == UNDECIDED) {
            return Math.abs(Double.parseDouble(ascii(in, offset, length)));
        }
        return Double.longBitsToDouble(bits);
    }

    private static double toFloat(long w, long q, boolean truncated, byte[] in, int offset, int length) {
        if (!truncated && q >= -10 && q <= 10 && w >= 0 && w <= 1L << 24) {
            float exact = w;
            return q >= 0 ? exact * FLOAT_POWERS_OF_TEN[(int) q] : exact / FLOAT_POWERS_OF_TEN[(int) -q];
        }
        if (q < Q_MIN) {
            return 0.0;
        }
        if (q > Q_MAX) {
            return Double.POSITIVE_INFINITY;
        }
        long bits = eiselLemire(w, (int) q, FLOAT_MANTISSA_BITS, FLOAT_EXPONENT_OFFSET, FLOAT_INFINITY_BITS);
        if (truncated && bits != UNDECIDED
                && bits != eiselLemire(w + 1, (int) q, FLOAT_MANTISSA_BITS, FLOAT_EXPONENT_OFFSET,
                        FLOAT_INFINITY_BITS)) {
            bits = UNDECIDED;
        }
        if (bits == UNDECIDED) {
            return Math.abs(Float.parseFloat(ascii(in, offset, length)));
        }
        return Float.intBitsToFloat((int) bits);
    }

    /**
     * Returns the IEEE bits of w 10^q (w != 0 read as unsigned, Q_MIN <= q <= Q_MAX) rounded
     * to nearest even, in the binary format with {@code mantissaBits} explicit bits, or
     * UNDECIDED.
     *
     * <p>With w normalised to 64 bits (wn) and T = T(q), the exact value is wn x 2^e for some
     * x in [T, T + 1), and wn T is a 192-bit integer whose top word "high" starts with 63 or
     * 64 significant bits. The significand is the top mantissaBits + 1 of them, the next bit
     * is the rounding bit, and the rest only matter as "zero or not". This first step uses only
     * wn times the high word of T: the unseen remainder is below 2^128, i.e. it may add at
     * most one to "high", which is harmless unless every bit below the rounding bit is one.
     */
    private static long eiselLemire(long w, int q, int mantissaBits, int exponentOffset, long infinityBits) {
        int leadingZeros = Long.numberOfLeadingZeros(w);
        long wn = w << leadingZeros;
        long tHigh = POW5_HIGH[q - Q_MIN];
        long high = unsignedMultiplyHigh(wn, tHigh);
        long low = wn * tHigh;
        int shift = 62 - mantissaBits + (int) (high >>> 63);
        // 10^q = 5^q 2^q and T = 5^q 2^-t with t = floor(log2(5^q)) - 127, so the product
        // scales by 2^(floor(q log2 10) - 127 - leadingZeros); "high" drops another 2^128.
        int exponent = shift + 1 + floorLog2Pow10(q) - leadingZeros;
        int biased = exponent + exponentOffset;
        if (biased <= 0) {
            // Subnormal: fewer significand bits, so the rounding bit moves up.
            shift += 1 - biased;
            if (shift > 64) {
                return 0;
            }
            biased = 0;
        }
        long roundBit = 1L << (shift - 1);
        long below = roundBit - 1;
        long rest = high & below;
        if (rest != below) {
            long mantissa = shift == 64 ? 0 : high >>> shift;
            if ((high & roundBit) == 0) {
                return pack(mantissa, biased, mantissaBits, infinityBits);
            }
            // The true value is at least wn T, so set bits below the rounding bit mean
            // strictly above the midpoint. Only an all-zero tail may be an exact tie.
            if (rest != 0 || low != 0) {
                return pack(mantissa + 1, biased, mantissaBits, infinityBits);
            }
        }
        return eiselLemireFullProduct(w, q, wn, leadingZeros, high, low, mantissaBits, exponentOffset,
                infinityBits);
    }

    /**
     * The rare second step: adds wn times the low word of T, leaving only the truncation error
     * of T itself (below wn, so below one unit of the middle word) unknown, and none at all
     * when T(q) is exact.
     */
    private static long eiselLemireFullProduct(long w, int q, long wn, int leadingZeros, long high, long low,
            int mantissaBits, int exponentOffset, long infinityBits) {
        long tLow = POW5_LOW[q - Q_MIN];
        long bottom = wn * tLow;
        long mid = low + unsignedMultiplyHigh(wn, tLow);
        if (Long.compareUnsigned(mid, low) < 0) {
            high++;
        }
        // The carry may have crossed a power of two, so the layout is worked out again.
        int shift = 62 - mantissaBits + (int) (high >>> 63);
        int exponent = shift + 1 + floorLog2Pow10(q) - leadingZeros;
        int biased = exponent + exponentOffset;
        if (biased <= 0) {
            shift += 1 - biased;
            exponent += 1 - biased;
            if (shift > 64) {
                return 0;
            }
            biased = 0;
        }
        long roundBit = 1L << (shift - 1);
        long below = roundBit - 1;
        long rest = high & below;
        long mantissa = shift == 64 ? 0 : high >>> shift;
        boolean exact = q >= 0 && q <= POW5_EXACT_MAX;
        if ((high & roundBit) == 0) {
            if (exact || rest != below || mid != -1L) {
                return pack(mantissa, biased, mantissaBits, infinityBits);
            }
            // Within one unit of the middle word below the midpoint: only an exact tie can
            // come this close when q is small, and that is checked exactly.
            long rounded = resolveNearTie(w, q, mantissa, exponent);
            return rounded == UNDECIDED ? UNDECIDED : pack(rounded, biased, mantissaBits, infinityBits);
        }
        if (exact && rest == 0 && mid == 0 && bottom == 0) {
            return pack(mantissa + (mantissa & 1), biased, mantissaBits, infinityBits);
        }
        // Above the midpoint: either bits below the rounding bit are set, or T(q) is a
        // truncation and the true product exceeds wn T.
        return pack(mantissa + 1, biased, mantissaBits, infinityBits);
    }

    /**
     * Decides whether w 10^q is exactly the midpoint (2 mantissa + 1) 2^(exponent - 1) between
     * mantissa and its successor, and if so returns the even one; UNDECIDED otherwise. With
     * q = -n this is w == (2 mantissa + 1) 5^n 2^(exponent - 1 + n), exact in 64 bits for
     * n <= 27. For such q a decimal that is not a tie stays at least 2^-117 (relative) away
     * from every midpoint, well clear of the 2^-126 uncertainty that led here.
     */
    private static long resolveNearTie(long w, int q, long mantissa, int exponent) {
        if (q >= 0 || q < -27) {
            return UNDECIDED;
        }
        int n = -q;
        int twos = exponent - 1 + n;
        long odd = 2 * mantissa + 1;
        long power5 = SMALL_POW5[n];
        if (twos < 0 || twos > 63 || unsignedMultiplyHigh(odd, power5) != 0) {
            return UNDECIDED;
        }
        long product = odd * power5;
        if (Long.numberOfLeadingZeros(product) < twos || product << twos != w) {
            return UNDECIDED;
        }
        return mantissa + (mantissa & 1);
    }

    /**
     * Assembles IEEE bits. A normal significand still carries its leading one, which adding it
     * to (biased - 1) in the exponent field cancels; a rounding carry to 2^(mantissaBits+1)
     * moves into the exponent the same way, and a subnormal that rounds up to 2^mantissaBits
     * becomes the smallest normal. Overflow saturates to infinity; biased stays below 4096
     * (w < 2^64, q <= 308), so the unsigned comparison sees it even where the exponent field
     * of a double has run into the sign bit.
     */
    private static long pack(long mantissa, int biased, int mantissaBits, long infinityBits) {
        long bits = biased == 0 ? mantissa : ((long) (biased - 1) << mantissaBits) + mantissa;
        return Long.compareUnsigned(bits, infinityBits) >= 0 ? infinityBits : bits;
    }

    /** floor(j log2(10)); 1741647 / 2^19 approximates log2(10) closely enough for |j| <= 400. */
    static int floorLog2Pow10(int j) {
        return (j * 1741647) >> 19;
    }

    /** Unsigned high word of a 64x64-bit product (Math.unsignedMultiplyHigh is JDK 18+). */
    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    private static String ascii(byte[] in, int offset, int length) {
        return new String(in, offset, length, StandardCharsets.ISO_8859_1);
    }

    /** The wires carry UTF-8, so the quote decodes it that way; bad sequences become U+FFFD. */
    private static NumberFormatException malformed(String what, byte[] in, int offset, int length) {
        String text = length <= MAX_QUOTED_LENGTH
                ? new String(in, offset, length, StandardCharsets.UTF_8)
                : new String(in, offset, MAX_QUOTED_LENGTH, StandardCharsets.UTF_8) + "... (" + length + " bytes)";
        return new NumberFormatException(what + ": \"" + text + "\"");
    }

    /** The 128-bit truncated power of five for q, for tests. */
    static BigInteger pow5(int q) {
        return new BigInteger(Long.toUnsignedString(POW5_HIGH[q - Q_MIN])).shiftLeft(64)
                .add(new BigInteger(Long.toUnsignedString(POW5_LOW[q - Q_MIN])));
    }
}
