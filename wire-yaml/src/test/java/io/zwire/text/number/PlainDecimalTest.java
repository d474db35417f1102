package io.zwire.text.number;

import io.zwire.internal.DoubleToDecimal;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** {@link PlainDecimal}: a Double exactly when the nearest double is the number written. */
class PlainDecimalTest {
    private static Object of(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        return PlainDecimal.of(bytes, 0, bytes.length);
    }

    /** The rule itself, with nothing but BigDecimal: the double's shortest decimal equals the text's number. */
    private static Object expected(String text) {
        double nearest = Double.parseDouble(text);
        BigDecimal exact = new BigDecimal(text);
        if (Double.isFinite(nearest)) {
            byte[] shortest = new byte[DoubleToDecimal.MAX_DOUBLE_LENGTH];
            int end = DoubleToDecimal.writeDouble(nearest, shortest, 0);
            if (new BigDecimal(new String(shortest, 0, end, StandardCharsets.US_ASCII)).compareTo(exact) == 0) {
                return nearest;
            }
        }
        return exact;
    }

    @Test
    void aDoubleOnlyWhenItIsTheNumberWritten() {
        assertEquals(new BigDecimal("0.99999999999999999"), of("0.99999999999999999"), "its nearest double is 1.0");
        assertEquals(new BigDecimal("1e-400"), of("1e-400"));
        assertEquals(new BigDecimal("1e400"), of("1e400"));
        assertEquals(Double.MIN_VALUE, of("4.9e-324"), "the shortest decimal of the smallest subnormal");
        assertEquals(new BigDecimal("4.94e-324"), of("4.94e-324"), "not its shortest decimal: a subnormal, the slow path");
        assertEquals(0.30000000000000004, of("0.30000000000000004"), "17 digits, exact");
        assertEquals(0.1, of("0.1"));
        assertEquals(123456789012345.0, of("123456789012345"), "15 digits: the fast path");
        assertEquals(-0.0, (double) of("-0.0e999999"), 0.0);
        assertEquals(0, Double.compare(-0.0, (Double) of("-0.000")));
        assertEquals(1.5e300, of("+1.5e300"));
        assertEquals(1.0, of("1."));
        assertEquals(0.5, of(".5"));
        assertInstanceOf(BigDecimal.class, of("9007199254740993"), "2^53 + 1 is no double");
        assertInstanceOf(Double.class, of("9007199254740992.0"));
    }

    /** The fast path (15 digits or fewer) never decides otherwise than the rule, near its edges above all. */
    @Test
    void agreesWithTheRuleOnRandomDecimalsOfOneToTwentyDigits() {
        SplittableRandom random = new SplittableRandom(23);
        for (int i = 0; i < 200_000; i++) {
            int digits = 1 + random.nextInt(20);
            StringBuilder text = new StringBuilder(random.nextBoolean() ? "-" : "");
            for (int d = 0; d < digits; d++) {
                text.append((char) ('0' + random.nextInt(d == 0 ? 1 : 0, 10)));
            }
            int point = random.nextInt(digits + 1);
            text.insert(text.length() - digits + point, '.');
            if (text.charAt(text.length() - 1) == '.') {
                text.append('0');
            }
            int exponent = random.nextInt(4) == 0 ? random.nextInt(-330, 320) : random.nextInt(-30, 30);
            String number = text + "e" + exponent;
            if (number.startsWith(".") || number.startsWith("-.")) {
                number = number.replace(".", "0.");
            }
            assertEquals(expected(number), of(number), number);
        }
    }
}
