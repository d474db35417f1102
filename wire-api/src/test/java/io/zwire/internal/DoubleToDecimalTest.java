package io.zwire.internal;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On JDK 19+, where Double.toString and Float.toString are the shortest-decimal algorithm,
 * the output must match them byte for byte. On every JDK it must read back to the same bits
 * and must not be longer than the JDK's text; the one exception is the spec's rule that a
 * one-digit shortest decimal competes with two-digit ones (2 Double.MIN_VALUE is 9.9E-324 on
 * JDK 19+, 1.0E-323 before), so lengths are compared as at least 2.
 */
class DoubleToDecimalTest {

    private static final boolean JDK_IS_SHORTEST = Runtime.version().feature() >= 19;
    private static final byte SENTINEL = '#';
    private static final int OFFSET = 3;

    /** Sized so that a write past OFFSET + MAX_DOUBLE_LENGTH fails, even of scratch digits. */
    private final byte[] buffer = new byte[OFFSET + DoubleToDecimal.MAX_DOUBLE_LENGTH];

    @Test
    void formatsHandPickedDoubles() {
        double[] values = {0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 2.0 / 3, 100.0, 1234567.0, 1234.5678,
            -1234.5678, Double.MIN_VALUE, -Double.MIN_VALUE, 2 * Double.MIN_VALUE, 5e-324, Double.MIN_NORMAL,
            Math.nextDown(Double.MIN_NORMAL), Math.nextUp(Double.MIN_NORMAL), Double.MAX_VALUE, -Double.MAX_VALUE,
            Math.nextDown(Double.MAX_VALUE), 1e7, Math.nextDown(1e7), Math.nextUp(1e7), 9999999.999999998, 1e-3,
            Math.nextDown(1e-3), Math.nextUp(1e-3), 1e23, 8.41e21, 2e23, 9.007199254740993E15, 9.007199254740992E15,
            4.35679e-310, 1.7976931348623157E308, 2.2250738585072014E-308, 4.9E-324, 1.0E22, 1.0E-5,
            123456.7, 0.001, 9.999999e-4, 2.82879384806159E17, 1.0E-322, Math.PI, Math.E, 1.0 / 3};
        for (double v : values) {
            assertDouble(v, 0);
        }
    }

    @Test
    void formatsPowersOfTenAndTheirNeighbours() {
        for (int e = -325; e <= 309; e++) {
            double v = Double.parseDouble("1e" + e);
            assertDoubleAndNeighbours(v);
            assertDoubleAndNeighbours(Double.parseDouble("9.999999999999999e" + e));
            assertDoubleAndNeighbours(Double.parseDouble("5e" + e));
        }
    }

    @Test
    void formatsPowersOfTwoAndTheirNeighbours() {
        for (int e = -1074; e <= 1023; e++) {
            assertDoubleAndNeighbours(Math.scalb(1.0, e));
            assertDoubleAndNeighbours(Math.scalb(1.5, e));
        }
    }

    @Test
    void formatsTheSmallestSubnormalsAndIntegers() {
        for (long bits = 1; bits <= 2000; bits++) {
            assertDouble(Double.longBitsToDouble(bits), 0);
        }
        for (long i = -20_000; i <= 20_000; i++) {
            assertDouble(i, 0);
        }
        for (long i = 9_990_000; i <= 10_010_000; i += 7) {
            assertDouble(i, 0);
            assertDouble(i / 10.0, 0);
        }
    }

    @Test
    void formatsRandomDoubleBitPatterns() {
        assertRandomDoubles(0x5EED_0001L, 200_000);
        assertRandomDoubles(System.nanoTime(), 50_000);
    }

    @Test
    @Tag("long")
    void formatsTwoAndAHalfMillionRandomDoubleBitPatterns() {
        assertRandomDoubles(0x5EED_0001L, 2_000_000);
        assertRandomDoubles(System.nanoTime(), 500_000);
    }

    @Test
    void formatsRandomOrdinaryDecimals() {
        // Values typed by people: few digits and moderate exponents, which exercise the plain
        // layout and the trailing-zero handling far more than random bit patterns do.
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 300_000; i++) {
            int digits = 1 + random.nextInt(17);
            long mantissa = random.nextLong(1, 1L << 62) % pow10(digits);
            double v = Double.parseDouble(mantissa + "e" + (random.nextInt(40) - 20));
            assertDouble(random.nextBoolean() ? v : -v, seed);
            float f = (float) v;
            assertFloat(f, seed);
        }
    }

    @Test
    void formatsHandPickedFloats() {
        float[] values = {0f, -0f, 1f, -1f, 0.1f, 0.3f, 100f, 1234567f, 1e7f, Math.nextDown(1e7f), 1e-3f,
            Math.nextDown(1e-3f), Float.MIN_VALUE, 2 * Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE,
            -Float.MAX_VALUE, 1.17549435E-38f, 16777216f, 16777217f, 3.4028235E38f, 1.0E-5f, 8388609f,
            9999999f, 1.2345678e-10f, (float) Math.PI};
        for (float v : values) {
            assertFloat(v, 0);
        }
        for (int bits = 1; bits <= 2000; bits++) {
            assertFloat(Float.intBitsToFloat(bits), 0);
        }
        for (int e = -149; e <= 127; e++) {
            assertFloatAndNeighbours(Math.scalb(1f, e));
            assertFloatAndNeighbours(Math.scalb(1.5f, e));
        }
        for (int e = -46; e <= 38; e++) {
            assertFloatAndNeighbours(Float.parseFloat("1e" + e));
            assertFloatAndNeighbours(Float.parseFloat("9.999999e" + e));
        }
    }

    @Test
    void formatsRandomFloatBitPatterns() {
        assertRandomFloats(0x5EED_0002L, 1_000_000);
        assertRandomFloats(System.nanoTime(), 250_000);
    }

    @Test
    void rejectsNonFiniteValues() {
        byte[] out = new byte[32];
        assertThrows(IllegalArgumentException.class, () -> DoubleToDecimal.writeDouble(Double.NaN, out, 0));
        assertThrows(IllegalArgumentException.class,
                () -> DoubleToDecimal.writeDouble(Double.POSITIVE_INFINITY, out, 0));
        assertThrows(IllegalArgumentException.class,
                () -> DoubleToDecimal.writeDouble(Double.NEGATIVE_INFINITY, out, 0));
        assertThrows(IllegalArgumentException.class,
                () -> DoubleToDecimal.writeDouble(Double.longBitsToDouble(0xFFF8_0000_0000_0001L), out, 0));
        assertThrows(IllegalArgumentException.class, () -> DoubleToDecimal.writeFloat(Float.NaN, out, 0));
        assertThrows(IllegalArgumentException.class,
                () -> DoubleToDecimal.writeFloat(Float.NEGATIVE_INFINITY, out, 0));
    }

    /**
     * Re-derives the arithmetic argument of DoubleToDecimal.roundToOdd for every exponent:
     * the table, the three floor-log formulas, the shift bound, and (with continued fractions)
     * that x 10^-k 2^q is either an integer or at least xPrime / 2^128 away from one.
     */
    @Test
    void roundToOddErrorBoundHoldsForEveryExponent() {
        for (int q = -1100; q <= 1100; q++) {
            assertEquals(exactFloorLog10(BigInteger.ONE, q), DoubleToDecimal.floorLog10Pow2(q), "log10 2^" + q);
            assertEquals(exactFloorLog10(BigInteger.valueOf(3), q - 2),
                    DoubleToDecimal.floorLog10ThreeQuartersPow2(q), "log10 3/4 2^" + q);
        }
        for (int j = -400; j <= 400; j++) {
            int expected = exactFloorLog2Pow10(j);
            assertEquals(expected, DoubleToDecimal.floorLog2Pow10(j), "log2 10^" + j);
        }
        for (int k = -325; k <= 292; k++) {
            assertEquals(exactG(k), DoubleToDecimal.g(k), "g(" + k + ")");
        }
        double worstDouble = worstMargin(52, -1074, 971);
        double worstFloat = worstMargin(23, -149, 104);
        System.out.printf("round-to-odd margin: %.2f bits for doubles, %.2f bits for floats%n", worstDouble,
                worstFloat);
        assertTrue(worstDouble > 1 && worstFloat > 1, "margins " + worstDouble + ", " + worstFloat);
    }

    @Test
    void writesAtTheOffsetAndNothingElse() {
        byte[] out = new byte[40];
        Arrays.fill(out, SENTINEL);
        int end = DoubleToDecimal.writeDouble(-1.7976931348623157E308, out, 5);
        assertEquals("-1.7976931348623157E308", new String(out, 5, end - 5, StandardCharsets.ISO_8859_1));
        assertEquals(SENTINEL, out[4]);
        assertEquals(SENTINEL, out[end]);
    }

    private void assertRandomDoubles(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (Double.isFinite(v)) {
                assertDouble(v, seed);
            }
        }
    }

    private void assertRandomFloats(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            float v = Float.intBitsToFloat(random.nextInt());
            if (Float.isFinite(v)) {
                assertFloat(v, seed);
            }
        }
    }

    private void assertDoubleAndNeighbours(double v) {
        if (!Double.isFinite(v)) {
            return;
        }
        assertDouble(v, 0);
        assertDouble(-v, 0);
        double up = Math.nextUp(v);
        if (Double.isFinite(up)) {
            assertDouble(up, 0);
        }
        assertDouble(Math.nextDown(v), 0);
    }

    private void assertFloatAndNeighbours(float v) {
        if (!Float.isFinite(v)) {
            return;
        }
        assertFloat(v, 0);
        assertFloat(-v, 0);
        float up = Math.nextUp(v);
        if (Float.isFinite(up)) {
            assertFloat(up, 0);
        }
        assertFloat(Math.nextDown(v), 0);
    }

    private void assertDouble(double v, long seed) {
        byte[] out = buffer;
        out[OFFSET - 1] = SENTINEL;
        int end = DoubleToDecimal.writeDouble(v, out, OFFSET);
        String ours = new String(out, OFFSET, end - OFFSET, StandardCharsets.ISO_8859_1);
        String jdk = Double.toString(v);
        if (JDK_IS_SHORTEST && !ours.equals(jdk)) {
            fail(describe(ours, jdk, Long.toHexString(Double.doubleToRawLongBits(v)), seed));
        }
        if (Double.doubleToRawLongBits(Double.parseDouble(ours)) != Double.doubleToRawLongBits(v)
                || significantDigits(ours) > Math.max(2, significantDigits(jdk))
                || end - OFFSET > DoubleToDecimal.MAX_DOUBLE_LENGTH
                || out[OFFSET - 1] != SENTINEL) {
            fail(describe(ours, jdk, Long.toHexString(Double.doubleToRawLongBits(v)), seed));
        }
    }

    private void assertFloat(float v, long seed) {
        byte[] out = buffer;
        out[OFFSET - 1] = SENTINEL;
        out[OFFSET + DoubleToDecimal.MAX_FLOAT_LENGTH] = SENTINEL;
        int end = DoubleToDecimal.writeFloat(v, out, OFFSET);
        String ours = new String(out, OFFSET, end - OFFSET, StandardCharsets.ISO_8859_1);
        String jdk = Float.toString(v);
        if (JDK_IS_SHORTEST && !ours.equals(jdk)) {
            fail(describe(ours, jdk, Integer.toHexString(Float.floatToRawIntBits(v)), seed));
        }
        if (Float.floatToRawIntBits(Float.parseFloat(ours)) != Float.floatToRawIntBits(v)
                || significantDigits(ours) > Math.max(2, significantDigits(jdk))
                || end - OFFSET > DoubleToDecimal.MAX_FLOAT_LENGTH
                || out[OFFSET - 1] != SENTINEL || out[OFFSET + DoubleToDecimal.MAX_FLOAT_LENGTH] != SENTINEL) {
            fail(describe(ours, jdk, Integer.toHexString(Float.floatToRawIntBits(v)), seed));
        }
    }

    private static String describe(String ours, String jdk, String bits, long seed) {
        return "bits 0x" + bits + ": wrote \"" + ours + "\", JDK " + Runtime.version().feature() + " says \"" + jdk
                + "\"" + (seed == 0 ? "" : " (random seed " + seed + "L)");
    }

    /** Digits of the significand with leading and trailing zeros removed. */
    private static int significantDigits(String text) {
        int first = -1;
        int last = -1;
        for (int i = 0; i < text.length() && text.charAt(i) != 'E'; i++) {
            char c = text.charAt(i);
            if (c >= '1' && c <= '9') {
                if (first < 0) {
                    first = i;
                }
                last = i;
            }
        }
        if (first < 0) {
            return 1;
        }
        int count = 0;
        for (int i = first; i <= last; i++) {
            if (text.charAt(i) != '.') {
                count++;
            }
        }
        return count;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    /** floor(log10(m 2^e)) for a small positive m, by exact comparison. */
    private static int exactFloorLog10(BigInteger m, int e) {
        // Start from a floating estimate and correct it with exact comparisons.
        int k = (int) Math.floor(Math.log10(m.doubleValue()) + e * Math.log10(2));
        while (compareTenPowerWith(k + 1, m, e) <= 0) {
            k++;
        }
        while (compareTenPowerWith(k, m, e) > 0) {
            k--;
        }
        return k;
    }

    /** Sign of 10^k - m 2^e. */
    private static int compareTenPowerWith(int k, BigInteger m, int e) {
        BigInteger left = BigInteger.ONE;
        BigInteger right = m;
        if (k >= 0) {
            left = left.multiply(BigInteger.TEN.pow(k));
        } else {
            right = right.multiply(BigInteger.TEN.pow(-k));
        }
        if (e >= 0) {
            right = right.shiftLeft(e);
        } else {
            left = left.shiftLeft(-e);
        }
        return left.compareTo(right);
    }

    /** floor(j log2(10)) by exact comparison. */
    private static int exactFloorLog2Pow10(int j) {
        if (j >= 0) {
            return BigInteger.TEN.pow(j).bitLength() - 1;
        }
        // 10^j = 1 / 10^-j, never a power of two for j < 0: floor is -bitLength(10^-j).
        return -BigInteger.TEN.pow(-j).bitLength();
    }

    /** ceil(10^-k 2^-r) with r = floor(log2(10^-k)) - 125, computed independently. */
    private static BigInteger exactG(int k) {
        int r = exactFloorLog2Pow10(-k) - 125;
        BigInteger numerator = BigInteger.ONE;
        BigInteger denominator = BigInteger.ONE;
        if (k <= 0) {
            numerator = numerator.multiply(BigInteger.TEN.pow(-k));
        } else {
            denominator = denominator.multiply(BigInteger.TEN.pow(k));
        }
        if (r <= 0) {
            numerator = numerator.shiftLeft(-r);
        } else {
            denominator = denominator.shiftLeft(r);
        }
        BigInteger[] qr = numerator.divideAndRemainder(denominator);
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    /**
     * For a binary format with {@code p} explicit significand bits, checks every (q, k) the
     * formatter uses and returns the smallest margin, in bits, by which the distance of
     * x 10^-k 2^q from the nearest integer exceeds xPrime / 2^128 (xPrime = x 2^h).
     * Candidates x are 4c - 2, 4c and 4c + 2 for every significand c, plus 4c - 1 for the
     * irregular c = 2^p: the even ones are covered by y = x / 2 ranging over [1, X / 2].
     */
    private static double worstMargin(int p, int qMin, int qMax) {
        long cMax = (1L << (p + 1)) - 1;
        double worst = Double.MAX_VALUE;
        for (int q = qMin; q <= qMax; q++) {
            worst = Math.min(worst, margin(q, DoubleToDecimal.floorLog10Pow2(q), 4 * cMax + 2, 0));
            if (q > qMin) {
                long c = 1L << p;
                int k = DoubleToDecimal.floorLog10ThreeQuartersPow2(q);
                worst = Math.min(worst, margin(q, k, 4 * c + 2, 4 * c - 1));
            } else {
                // The smallest subnormals (c < 10) are redone on the 10^(k-1) grid.
                worst = Math.min(worst, margin(q, DoubleToDecimal.floorLog10Pow2(q) - 1, 4 * 9 + 2, 0));
            }
        }
        return worst;
    }

    private static double margin(int q, int k, long maxEvenX, long oddX) {
        int h = q + DoubleToDecimal.floorLog2Pow10(-k) + 3;
        long maxX = Math.max(maxEvenX, oddX);
        BigInteger maxXPrime = BigInteger.valueOf(maxX).shiftLeft(h);
        assertTrue(maxXPrime.bitLength() <= 63, "x 2^h overflows at q=" + q);
        // alpha = 2^q / 10^k as numerator / denominator; even x = 2y use 2 alpha.
        BigInteger numerator = BigInteger.ONE;
        BigInteger denominator = BigInteger.ONE;
        if (k >= 0) {
            denominator = BigInteger.TEN.pow(k);
        } else {
            numerator = BigInteger.TEN.pow(-k);
        }
        if (q >= 0) {
            numerator = numerator.shiftLeft(q);
        } else {
            denominator = denominator.shiftLeft(-q);
        }
        BigInteger[] closest = closestApproach(numerator.shiftLeft(1), denominator, maxEvenX / 2);
        if (oddX > 0) {
            BigInteger[] odd = distance(BigInteger.valueOf(oddX), numerator, denominator);
            if (odd[0].signum() != 0 && fractionLess(odd, closest)) {
                closest = odd;
            }
        }
        // Require distance = closest[0] / closest[1] >= maxXPrime / 2^128.
        BigInteger scaledDistance = closest[0].shiftLeft(128);
        BigInteger scaledBound = maxXPrime.multiply(closest[1]);
        if (scaledDistance.compareTo(scaledBound) < 0) {
            fail("round-to-odd bound fails at q=" + q + ", k=" + k);
        }
        return log2(scaledDistance) - log2(scaledBound);
    }

    /**
     * Smallest non-zero distance from y a / b to an integer over 1 <= y <= limit, as
     * {numerator, denominator}. When b <= limit some y gives exactly 1 / b; otherwise the
     * last continued-fraction convergent with denominator <= limit is the best approximation.
     */
    private static BigInteger[] closestApproach(BigInteger a, BigInteger b, long limit) {
        BigInteger gcd = a.gcd(b);
        a = a.divide(gcd);
        b = b.divide(gcd);
        BigInteger max = BigInteger.valueOf(limit);
        if (b.compareTo(max) <= 0) {
            return new BigInteger[] {BigInteger.ONE, b};
        }
        // Convergent denominators follow q(n) = a(n) q(n-1) + q(n-2) from q(-2) = 1, q(-1) = 0.
        BigInteger previousDenominator = BigInteger.ONE;
        BigInteger denominator = BigInteger.ZERO;
        BigInteger n = a;
        BigInteger d = b;
        BigInteger best = BigInteger.ONE;
        while (d.signum() != 0) {
            BigInteger[] qr = n.divideAndRemainder(d);
            BigInteger next = qr[0].multiply(denominator).add(previousDenominator);
            if (next.compareTo(max) > 0) {
                break;
            }
            previousDenominator = denominator;
            denominator = next;
            if (next.signum() > 0) {
                best = next;
            }
            n = d;
            d = qr[1];
        }
        return distance(best, a, b);
    }

    /** Distance from x a / b to the nearest integer, as {numerator, b}. */
    private static BigInteger[] distance(BigInteger x, BigInteger a, BigInteger b) {
        BigInteger remainder = x.multiply(a).mod(b);
        return new BigInteger[] {remainder.min(b.subtract(remainder)), b};
    }

    private static boolean fractionLess(BigInteger[] x, BigInteger[] y) {
        return x[0].multiply(y[1]).compareTo(y[0].multiply(x[1])) < 0;
    }

    private static double log2(BigInteger v) {
        int shift = Math.max(0, v.bitLength() - 60);
        return shift + Math.log(v.shiftRight(shift).doubleValue()) / Math.log(2);
    }
}
