package io.zwire.text.number;

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

    private static void assertLong(long v) {
        byte[] out = new byte[LongToDecimal.MAX_LONG_LENGTH + 4];
        java.util.Arrays.fill(out, SENTINEL);
        int end = LongToDecimal.writeLong(v, out, 2);
        String expected = Long.toString(v);
        String actual = new String(out, 2, end - 2, StandardCharsets.ISO_8859_1);
        if (!expected.equals(actual) || out[1] != SENTINEL || out[end] != SENTINEL) {
            fail("writeLong(" + expected + ") wrote \"" + new String(out, StandardCharsets.ISO_8859_1) + "\"");
        }
    }

    private static void assertInt(int v) {
        byte[] out = new byte[LongToDecimal.MAX_INT_LENGTH + 4];
        java.util.Arrays.fill(out, SENTINEL);
        int end = LongToDecimal.writeInt(v, out, 2);
        String expected = Integer.toString(v);
        String actual = new String(out, 2, end - 2, StandardCharsets.ISO_8859_1);
        if (!expected.equals(actual) || out[1] != SENTINEL || out[end] != SENTINEL) {
            fail("writeInt(" + expected + ") wrote \"" + new String(out, StandardCharsets.ISO_8859_1) + "\"");
        }
    }
}
