package io.zwire.text.number;

import io.zwire.internal.DoubleToDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Every accepted input must give the bits Double.parseDouble / Float.parseFloat give. */
class DecimalToDoubleTest {

    private static final String[] MALFORMED = {"", "-", "+", ".", "-.", "+.", "e5", ".e5", "-e5", "1e", "1E",
        "1e+", "1e-", "1.2.3", "1..2", " 1", "1 ", " ", "0x10", "0X1p3", "NaN", "-NaN", "Infinity", "-Infinity",
        "+Infinity", "1f", "1d", "1.5F", "--1", "+-1", "-+1", "1_000", "1,5", "1e5.5", "1e--5", "1e+-5", "e",
        "\u00e91", "1\u0000", "١", "٣.٥", "1e5e5", "0.5.", "..5"};

    @Test
    void parsesHandWrittenForms() {
        String[] texts = {"0", "-0", "+0", "0.0", "-0.0", "0e0", "-0e-5", "0e99999999999", "00000.00000", "1", "-1",
            "+1", "1e5", "1E5", "1e+5", "1e-5", ".5", "-.5", "5.", "-5.", "+1.5E+3", "000123.4500", "0.000001",
            "1234.5678", "-1234.5678", "3.141592653589793", "2.718281828459045", "1.7976931348623157e308",
            "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623159e308", "2.2250738585072014E-308",
            "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9e-324", "5e-324", "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "2.4703282292062327208828439643411068618252990130716238221279284125033775364e-324",
            "9007199254740993", "9007199254740993.0", "9007199254740993.000", "90071992547409930e-1",
            "900719925474099300e-2", "9007199254740995", "9007199254740992.5", "9007199254740993.0000000000000001",
            "1e23", "8.41e21", "1e22", "1e-22", "123456789012345678", "1234567890123456789",
            "12345678901234567890", "123456789012345678901234567890", "0.1234567890123456789",
            "0.12345678901234567890123", "1e-99999999999", "1e99999999999", "-1e99999999999", "1e-400", "-1e-400",
            "1e400", "7.2057594037927933e16", "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126", "3.4028235e38", "3.4028236e38",
            "3.4028235677973366e38", "1.4e-45", "7.0e-46", "7.006492321624085e-46", "7.006492321624086e-46",
            "1.17549435e-38", "16777217", "16777216.5", "33554431", "0.1", "0.2", "0.3", "100", "1e7", "1e-3",
            "9999999999999999999", "18446744073709551615", "18446744073709551616", "99999999999999999999e-20",
            "4.35679e-310", "1e308", "1e-308", "1e-323", "1e-324", "1e-325", "123e-330"};
        for (String text : texts) {
            assertParses(text, 0);
        }
    }

    @Test
    void parsesJdkRenderingsOfSpecialDoubles() {
        for (int e = -1074; e <= 1023; e++) {
            double v = Math.scalb(1.0, e);
            assertParsesDouble(v);
            assertParsesDouble(Math.nextUp(v));
            assertParsesDouble(Math.nextDown(v));
        }
        for (int e = -325; e <= 308; e++) {
            double v = Double.parseDouble("1e" + e);
            assertParsesDouble(v);
            assertParsesDouble(Math.nextUp(v));
            assertParsesDouble(Math.nextDown(v));
        }
        double[] extremes = {Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 0.0, -0.0};
        for (double v : extremes) {
            assertParsesDouble(v);
        }
    }

    @Test
    void parsesRandomDoublesInEveryRendering() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 400_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(v)) {
                continue;
            }
            assertParses(Double.toString(v), seed);
            if (Float.isFinite((float) v)) {
                assertParses(Float.toString((float) v), seed);
            }
            byte[] out = new byte[DoubleToDecimal.MAX_DOUBLE_LENGTH];
            int end = DoubleToDecimal.writeDouble(v, out, 0);
            double back = DecimalToDouble.parseDouble(out, 0, end);
            if (Double.doubleToRawLongBits(back) != Double.doubleToRawLongBits(v)) {
                fail("round trip of " + v + " gave " + back + " (random seed " + seed + "L)");
            }
            float f = Float.intBitsToFloat((int) Double.doubleToRawLongBits(v));
            if (Float.isFinite(f)) {
                end = DoubleToDecimal.writeFloat(f, out, 0);
                float backFloat = DecimalToDouble.parseFloat(out, 0, end);
                if (Float.floatToRawIntBits(backFloat) != Float.floatToRawIntBits(f)) {
                    fail("round trip of " + f + " gave " + backFloat + " (random seed " + seed + "L)");
                }
            }
        }
    }

    @Test
    void parsesExactPlainExpansions() {
        // BigDecimal.toPlainString of a double is its exact value: up to 1074 fraction digits
        // or 309 integer digits, which exercises truncation to 19 digits at every scale.
        SplittableRandom random = new SplittableRandom(99L);
        for (int i = 0; i < 3_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (Double.isFinite(v)) {
                assertParses(new BigDecimal(v).toPlainString(), 0);
                assertParses(new BigDecimal(Double.toString(v)).toPlainString(), 0);
            }
        }
    }

    @Test
    void parsesMidpointsBetweenNeighbours() {
        assertParsesMidpointsBetweenNeighbours(2_000);
    }

    @Test
    @Tag("long")
    void parsesMidpointsBetweenTwentyThousandRandomNeighbours() {
        assertParsesMidpointsBetweenNeighbours(20_000);
    }

    private static void assertParsesMidpointsBetweenNeighbours(int randomPairs) {
        // Exact midpoints are ties (round to even); a unit in their last digit either way
        // decides them. Rounded to 16..21 digits they sit just off the midpoint.
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < randomPairs; i++) {
            double v = Math.abs(Double.longBitsToDouble(random.nextLong()));
            double next = Math.nextUp(v);
            if (Double.isFinite(next)) {
                assertNearMidpoint(new BigDecimal(v).add(new BigDecimal(next)).divide(BigDecimal.valueOf(2)), 16, seed);
            }
            float f = Math.abs(Float.intBitsToFloat(random.nextInt()));
            float nextFloat = Math.nextUp(f);
            if (Float.isFinite(nextFloat)) {
                assertNearMidpoint(new BigDecimal(f).add(new BigDecimal(nextFloat)).divide(BigDecimal.valueOf(2)), 7,
                        seed);
            }
        }
        // Halfway between integers near 2^53, 2^54 and 2^24, written with and without
        // trailing zeros, which moves the decimal exponent.
        for (long m = (1L << 53) - 40; m <= (1L << 53) + 40; m++) {
            for (String suffix : new String[] {"", ".0", ".5", ".50", ".000", "e0", "0e-1", "00e-2", "000e-3"}) {
                assertParses(m + suffix, 0);
                assertParses((2 * m) + suffix, 0);
            }
        }
        for (long m = (1L << 24) - 40; m <= (1L << 24) + 40; m++) {
            assertParses(m + ".5", 0);
            assertParses(m + "0e-1", 0);
            assertParses((2 * m + 1) + "e0", 0);
        }
    }

    @Test
    void parsesLongMantissas() {
        SplittableRandom random = new SplittableRandom(1234L);
        for (int i = 0; i < 20_000; i++) {
            int digits = 19 + random.nextInt(12);
            StringBuilder text = new StringBuilder();
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextBoolean()) {
                text.insert(random.nextInt(digits), '.');
            }
            text.append('e').append(random.nextInt(660) - 340);
            assertParses(text.toString(), 0);
        }
        // 800 digits: non-zero all along, zeros after a one, and a value decided by its last digit.
        StringBuilder digits = new StringBuilder();
        for (int d = 0; d < 800; d++) {
            digits.append((char) ('1' + random.nextInt(9)));
        }
        assertParses(digits.toString(), 0);
        assertParses("0." + digits, 0);
        assertParses(digits + "e-700", 0);
        assertParses("1" + "0".repeat(799), 0);
        assertParses("1" + "0".repeat(799) + "e-790", 0);
        assertParses("0." + "0".repeat(799) + "1e790", 0);
        assertParses("9007199254740993" + "0".repeat(784), 0);
        assertParses("9007199254740993" + "0".repeat(783) + "1", 0);
        assertParses("9007199254740992." + "9".repeat(784), 0);
        assertParses("0".repeat(800) + "1.5", 0);
    }

    @Test
    void parsesRandomDigitStrings() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 400_000; i++) {
            int digits = 1 + random.nextInt(22);
            StringBuilder text = new StringBuilder();
            if (random.nextInt(4) == 0) {
                text.append(random.nextBoolean() ? '-' : '+');
            }
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextBoolean()) {
                text.insert(text.length() - random.nextInt(digits + 1), '.');
            }
            if (random.nextInt(3) > 0) {
                text.append(random.nextBoolean() ? 'e' : 'E').append(random.nextInt(720) - 360);
            }
            assertParses(text.toString(), seed);
        }
    }

    @Test
    void hugeExponentsAreQuick() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertParses("1e-99999999999", 0);
            assertParses("1e99999999999", 0);
            assertParses("-1e" + "9".repeat(100_000), 0);
            assertParses("1e-" + "9".repeat(100_000), 0);
            assertParses("0." + "0".repeat(100_000) + "1e100010", 0);
        });
    }

    @Test
    void parsesInsideALargerArray() {
        byte[] in = "xx-12.5e1yy".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(-125.0, DecimalToDouble.parseDouble(in, 2, 7));
        assertEquals(-125.0f, DecimalToDouble.parseFloat(in, 2, 7));
        assertEquals(-12L, DecimalToDouble.parseLong(in, 2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> DecimalToDouble.parseDouble(in, 8, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> DecimalToDouble.parseLong(in, -1, 2));
    }

    @Test
    void rejectsMalformedNumbersNamingTheText() {
        for (String text : MALFORMED) {
            byte[] in = text.getBytes(StandardCharsets.UTF_8);
            NumberFormatException e = assertThrows(NumberFormatException.class,
                    () -> DecimalToDouble.parseDouble(in, 0, in.length), text);
            assertTrue(e.getMessage().contains("\"" + text + "\""), e.getMessage());
            assertThrows(NumberFormatException.class, () -> DecimalToDouble.parseFloat(in, 0, in.length), text);
        }
        byte[] longText = ("1" + "2".repeat(1000) + "x").getBytes(StandardCharsets.ISO_8859_1);
        NumberFormatException e = assertThrows(NumberFormatException.class,
                () -> DecimalToDouble.parseDouble(longText, 0, longText.length));
        assertTrue(e.getMessage().contains("1222222") && e.getMessage().length() < 300, e.getMessage());
    }

    @Test
    void powerOfFiveTableIsTheTruncatedScaledPower() {
        for (int q = -342; q <= 308; q++) {
            BigInteger power = BigInteger.valueOf(5).pow(Math.abs(q));
            BigInteger expected;
            if (q >= 0) {
                int excess = power.bitLength() - 128;
                expected = excess >= 0 ? power.shiftRight(excess) : power.shiftLeft(-excess);
            } else {
                expected = BigInteger.ONE.shiftLeft(127 + power.bitLength()).divide(power);
            }
            assertEquals(128, expected.bitLength(), "5^" + q);
            assertEquals(expected, DecimalToDouble.pow5(q), "5^" + q);
        }
    }

    @Test
    void parsesDecimalLongs() {
        String[] texts = {"0", "-0", "+0", "7", "+7", "-7", "007", "-007", "9223372036854775807",
            "-9223372036854775808", "-9223372036854775807", "+9223372036854775807", "1000000000000000000",
            "999999999999999999", "0000000000000000000000009223372036854775807",
            "-00000000000000000000009223372036854775808"};
        for (String text : texts) {
            assertEquals(Long.parseLong(text), parseLong(text), text);
        }
        SplittableRandom random = new SplittableRandom(5L);
        for (int i = 0; i < 200_000; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            String text = Long.toString(v);
            if (parseLong(text) != v) {
                fail(text);
            }
        }
        String[] outOfRange = {"9223372036854775808", "-9223372036854775809", "9223372036854775810",
            "10000000000000000000", "-10000000000000000000", "18446744073709551616", "92233720368547758070",
            "99999999999999999999999"};
        for (String text : outOfRange) {
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseLong(text), text);
            assertTrue(e.getMessage().contains(text), e.getMessage());
        }
        String[] malformed = {"", "-", "+", "1.0", "1e3", " 1", "1 ", "0x10", "--1", "+-1", "1_0", "١"};
        for (String text : malformed) {
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseLong(text), text);
            assertTrue(e.getMessage().contains("\"" + text + "\""), e.getMessage());
        }
    }

    @Test
    void parsesOctalAndHexadecimalLongs() {
        String[] hex = {"0", "f", "F", "ff", "FF", "7fffffffffffffff", "8000000000000000", "ffffffffffffffff",
            "FFFFFFFFFFFFFFFF", "0000000000000000000000ffffffffffffffff", "123456789abcdef0", "DeadBeef"};
        for (String text : hex) {
            assertEquals(Long.parseUnsignedLong(text, 16), parseLong(text, 16), text);
        }
        String[] octal = {"0", "7", "777", "1777777777777777777777", "0001777777777777777777777",
            "777777777777777777777", "1000000000000000000000", "01234567"};
        for (String text : octal) {
            assertEquals(Long.parseUnsignedLong(text, 8), parseLong(text, 8), text);
        }
        assertEquals(-1L, parseLong("ffffffffffffffff", 16));
        assertEquals(Long.MIN_VALUE, parseLong("8000000000000000", 16));
        assertEquals(-1L, parseLong("1777777777777777777777", 8));
        SplittableRandom random = new SplittableRandom(6L);
        for (int i = 0; i < 100_000; i++) {
            long v = random.nextLong() >>> random.nextInt(64);
            if (parseLong(Long.toHexString(v), 16) != v || parseLong(Long.toOctalString(v), 8) != v
                    || parseLong(Long.toHexString(v).toUpperCase(java.util.Locale.ROOT), 16) != v) {
                fail(Long.toHexString(v));
            }
        }
        String[][] bad = {{"16", ""}, {"16", "10000000000000000"}, {"16", "g"}, {"16", "-1"}, {"16", "+1"},
            {"16", "0x1"}, {"16", "1 "}, {"8", ""}, {"8", "2000000000000000000000"}, {"8", "8"}, {"8", "9"},
            {"8", "a"}, {"8", "-1"}, {"16", "fffffffffffffffff"}};
        for (String[] c : bad) {
            int radix = Integer.parseInt(c[0]);
            NumberFormatException e = assertThrows(NumberFormatException.class, () -> parseLong(c[1], radix),
                    c[1]);
            assertTrue(e.getMessage().contains("\"" + c[1] + "\""), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> parseLong("10", 10));
        assertThrows(IllegalArgumentException.class, () -> parseLong("10", 2));
    }

    private static long parseLong(String text) {
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        return DecimalToDouble.parseLong(in, 0, in.length);
    }

    private static long parseLong(String text, int radix) {
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        return DecimalToDouble.parseLong(in, 0, in.length, radix);
    }

    private static void assertNearMidpoint(BigDecimal midpoint, int minDigits, long seed) {
        assertParses(midpoint.toString(), seed);
        assertParses(midpoint.toPlainString().length() < 1200 ? midpoint.toPlainString() : midpoint.toString(), seed);
        BigDecimal unit = midpoint.ulp();
        assertParses(midpoint.add(unit).toString(), seed);
        assertParses(midpoint.subtract(unit).toString(), seed);
        for (int digits = minDigits; digits <= minDigits + 5; digits++) {
            assertParses(midpoint.round(new MathContext(digits)).toString(), seed);
        }
        BigInteger unscaled = midpoint.unscaledValue();
        assertParses(unscaled + "e" + (-midpoint.scale()), seed);
    }

    private static void assertParsesDouble(double v) {
        assertParses(Double.toString(v), 0);
        assertParses(new BigDecimal(Double.toString(v)).toPlainString(), 0);
        assertParses(Double.toString(-v), 0);
    }

    /** Compares both parsers with the JDK on the same text. */
    private static void assertParses(String text, long seed) {
        byte[] in = text.getBytes(StandardCharsets.ISO_8859_1);
        double expected = Double.parseDouble(text);
        double actual = DecimalToDouble.parseDouble(in, 0, in.length);
        if (Double.doubleToRawLongBits(expected) != Double.doubleToRawLongBits(actual)) {
            fail("parseDouble(\"" + text + "\") gave " + actual + ", JDK " + expected
                    + (seed == 0 ? "" : " (random seed " + seed + "L)"));
        }
        float expectedFloat = Float.parseFloat(text);
        float actualFloat = DecimalToDouble.parseFloat(in, 0, in.length);
        if (Float.floatToRawIntBits(expectedFloat) != Float.floatToRawIntBits(actualFloat)) {
            fail("parseFloat(\"" + text + "\") gave " + actualFloat + ", JDK " + expectedFloat
                    + (seed == 0 ? "" : " (random seed " + seed + "L)"));
        }
    }
}
