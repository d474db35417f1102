package io.zwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongToDecimalTest {

    private static final byte SENTINEL = '#';

    @Test
    void writesEdgeLongsLikeLongToString() {
        for (long v : edgeLongs()) {
            assertLong(v);
        }
    }

    @Test
    void writesEdgeIntsLikeIntegerToString() {
        int[] edges = {0, 1, -1, 9, 10, -10, 99, 100, 999, 1000, 9999, 10_000, 99_999_999, 100_000_000,
            999_999_999, 1_000_000_000, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1,
            Integer.MAX_VALUE - 1};
        for (int v : edges) {
            assertInt(v);
        }
    }

    @Test
    void writesRandomLongsOfEveryLength() {
        SplittableRandom random = new SplittableRandom(20_240_601L);
        for (int i = 0; i < 1_000_000; i++) {
            // A random shift spreads the values over every digit count, not just 19 digits.
            assertLong(random.nextLong() >> random.nextInt(64));
        }
    }

    @Test
    void writesRandomInts() {
        SplittableRandom random = new SplittableRandom(7L);
        for (int i = 0; i < 500_000; i++) {
            assertInt(random.nextInt() >> random.nextInt(32));
        }
    }

    @Test
    void lengthMatchesTheWrittenText() {
        for (long v : edgeLongs()) {
            assertEquals(Long.toString(v).length(), LongToDecimal.length(v), () -> "length of " + v);
        }
        SplittableRandom random = new SplittableRandom(11L);
        for (int i = 0; i < 200_000; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            if (Long.toString(v).length() != LongToDecimal.length(v)) {
                fail("length of " + v + " was " + LongToDecimal.length(v));
            }
        }
    }

    private static long[] edgeLongs() {
        long[] values = new long[19 * 6 + 8];
        int n = 0;
        long power = 1;
        for (int i = 0; i < 19; i++) {
            values[n++] = power;
            values[n++] = power - 1;
            values[n++] = power + 1;
            values[n++] = -power;
            values[n++] = -power + 1;
            values[n++] = -power - 1;
            power *= 10;
        }
        long[] extremes = {0, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
            Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 32};
        for (long v : extremes) {
            values[n++] = v;
        }
        return values;
    }

    @Test
    void eightDigitsIsExactForEveryValueBelowTenToTheEight() {
        // The digits expected for v, kept as a counter: byte 7 is the last digit, carries run down.
        byte[] expected = new byte[8];
        for (int v = 0; v < 100_000_000; v++) {
            long word = LongToDecimal.eightDigits(v);
            for (int i = 0; i < 8; i++) {
                if ((byte) (word >>> (i << 3)) != expected[i]) {
                    fail("eightDigits(" + v + ") = " + Long.toHexString(word));
                }
            }
            for (int i = 7; i >= 0 && ++expected[i] == 10; i--) {
                expected[i] = 0;
            }
        }
    }

    /**
     * With room for whole words the text is stored a word at a time, and zero bytes may follow it
     * within 16 bytes of where it starts; with exactly its length of room, nothing past it is touched.
     */
    private static void assertLong(long v) {
        String expected = Long.toString(v);
        byte[] roomy = new byte[2 + LongToDecimal.MAX_LONG_LENGTH + 24];
        java.util.Arrays.fill(roomy, SENTINEL);
        int end = LongToDecimal.writeLong(v, roomy, 2);
        check("writeLong", expected, roomy, end);
        byte[] exact = new byte[2 + LongToDecimal.length(v)];
        java.util.Arrays.fill(exact, SENTINEL);
        check("writeLong", expected, exact, LongToDecimal.writeLong(v, exact, 2));
    }

    private static void assertInt(int v) {
        String expected = Integer.toString(v);
        byte[] roomy = new byte[2 + LongToDecimal.MAX_INT_LENGTH + 24];
        java.util.Arrays.fill(roomy, SENTINEL);
        check("writeInt", expected, roomy, LongToDecimal.writeInt(v, roomy, 2));
        byte[] exact = new byte[2 + expected.length()];
        java.util.Arrays.fill(exact, SENTINEL);
        check("writeInt", expected, exact, LongToDecimal.writeInt(v, exact, 2));
    }

    private static void check(String method, String expected, byte[] out, int end) {
        String actual = new String(out, 2, end - 2, StandardCharsets.ISO_8859_1);
        boolean clean = expected.equals(actual) && out[1] == SENTINEL;
        for (int i = end; i < out.length; i++) {
            clean &= out[i] == SENTINEL || out[i] == 0 && i < 2 + 16 + 1;
        }
        if (!clean) {
            fail(method + "(" + expected + ") wrote \"" + new String(out, StandardCharsets.ISO_8859_1) + "\"");
        }
    }
}
