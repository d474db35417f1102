package io.zwire.text.number;

import io.zwire.internal.DoubleToDecimal;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * The plain value ({@link io.zwire.Wire#readValue}) of a decimal number's text on the text wires:
 * a {@code Double} when the double nearest to the text is exactly the number written (its
 * shortest decimal is the same number: {@code 0.1}, {@code 1.5e300}, {@code -0.0}), otherwise
 * the {@code BigDecimal} of the text ({@code 0.99999999999999999}, whose nearest double is
 * {@code 1.0}; {@code 1e400}; {@code 1e-400}), so no digit written is lost.
 *
 * <p>Fast path: a number of at most {@value #EXACT_DIGITS} significant digits whose nearest
 * double is normal and finite is that double's shortest decimal, so it is a {@code Double}
 * without more work. That is the classic bound (C's {@code DBL_DIG}): two decimals of at most 15
 * digits lie further apart than the spacing of doubles, so no two round to the same double, and
 * the shortest decimal of that double (which has no more digits than the text) is the text's
 * number; a zero significand is a zero whatever the exponent. Counting digits allocates nothing;
 * the result allocates its box. Anything else (more digits, a subnormal, an overflow) takes the
 * slow path, which compares the text's {@code BigDecimal} with the double's shortest decimal.
 */
public final class PlainDecimal {
    /** Significant digits for which the nearest double's shortest decimal is always the text. */
    static final int EXACT_DIGITS = 15;
    /** What a reader expects instead of a number beyond {@code BigDecimal}'s range. */
    public static final String BEYOND_BIG_DECIMAL = "a number whose exponent BigDecimal can hold (a 32-bit scale)";

    private PlainDecimal() {
    }

    /**
     * The value of the decimal in {@code text[start, end)}: an optional sign, digits with an
     * optional point, an optional exponent (the grammar of {@link DecimalToDouble}).
     *
     * @throws NumberFormatException if the text is not such a number, or is a non-zero number
     *         whose exponent no {@code BigDecimal} holds (its message then starts with
     *         {@link #BEYOND_BIG_DECIMAL}, for the reader to say what it expected)
     */
    public static Object of(byte[] text, int start, int end) {
        double nearest = DecimalToDouble.parseDouble(text, start, end - start);
        if (nearest == 0 ? onlyZeros(text, start, end) : Math.abs(nearest) >= Double.MIN_NORMAL
                && !Double.isInfinite(nearest) && significantDigits(text, start, end) <= EXACT_DIGITS) {
            return nearest;
        }
        return slow(new String(text, start, end - start, StandardCharsets.ISO_8859_1), nearest);
    }

    /**
     * The value when the text's nearest double is not known to be exact. Allocates.
     *
     * @throws NumberFormatException for a number whose exponent is beyond {@code BigDecimal}'s
     *         range ({@code 1e9999999999}): no Java number holds it, and its nearest double (an
     *         infinity or a zero) would be another number
     */
    private static Object slow(String text, double nearest) {
        BigDecimal exact = exact(text);
        if (Double.isFinite(nearest) && DoubleToDecimal.shortestDecimal(nearest).compareTo(exact) == 0) {
            return nearest;
        }
        return exact;
    }

    /**
     * The text's number. {@code BigDecimal}'s own parser refuses an exponent beyond an
     * {@code int}, yet {@code 4660E+2147483647} is {@code 4.660E+2147483650}, which a
     * {@code BigDecimal} holds (scale -2147483647) and {@code BigDecimal.toString} writes: so the
     * exponent is read as a {@code long} and only a resulting scale beyond an {@code int} is
     * refused.
     */
    private static BigDecimal exact(String text) {
        int e = Math.max(text.indexOf('e'), text.indexOf('E'));
        if (e < 0) {
            return new BigDecimal(text);
        }
        BigDecimal significand = new BigDecimal(text.substring(0, e));
        try {
            return new BigDecimal(significand.unscaledValue(),
                    Math.toIntExact(Math.subtractExact(significand.scale(), Long.parseLong(text.substring(e + 1)))));
        } catch (NumberFormatException | ArithmeticException scaleBeyondInt) {
            throw new NumberFormatException(BEYOND_BIG_DECIMAL + ", found " + text);
        }
    }

    /** Digits of the significand from the first non-zero one, trailing zeros included. */
    private static int significantDigits(byte[] text, int start, int end) {
        int digits = 0;
        boolean leading = true;
        for (int p = start; p < end; p++) {
            int b = text[p];
            if (b == 'e' || b == 'E') {
                break;
            }
            if (b >= '1' && b <= '9' || b == '0' && !leading) {
                leading = false;
                digits++;
            }
        }
        return digits;
    }

    /** Whether the significand is zero (so the number is a zero, whatever its exponent). */
    private static boolean onlyZeros(byte[] text, int start, int end) {
        for (int p = start; p < end; p++) {
            int b = text[p];
            if (b == 'e' || b == 'E') {
                break;
            }
            if (b >= '1' && b <= '9') {
                return false;
            }
        }
        return true;
    }
}
