package io.zwire.text.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class ByteWordsTest {

    /** Every byte value at every position among random other bytes: a test is non-zero exactly when a byte has its property. */
    @Test
    void eachTestIsExactAboutWhetherAByteHasItsProperty() {
        check(w -> ByteWords.below(w, 0x20), b -> b < 0x20);
        check(w -> ByteWords.below(w, 0x80), b -> b < 0x80);
        check(w -> ByteWords.above(w, 0x7E), b -> b > 0x7E);
        check(w -> ByteWords.above(w, 0x39), b -> b > 0x39);
        check(w -> ByteWords.equal(w, ':'), b -> b == ':');
        check(w -> ByteWords.equal(w, 0), b -> b == 0);
        check(w -> ByteWords.equal(w, 0xFF), b -> b == 0xFF);
    }

    private static void check(LongUnaryOperator test, IntPredicate property) {
        SplittableRandom random = new SplittableRandom(3L);
        byte[] word = new byte[8];
        for (int n = 0; n < 200_000; n++) {
            for (int i = 0; i < 8; i++) {
                word[i] = (byte) random.nextInt(256);
            }
            // Every byte value at every position, the other seven random.
            word[n & 7] = (byte) (n >>> 3);
            boolean expected = false;
            for (int i = 0; i < 8; i++) {
                expected |= property.test(word[i] & 0xFF);
            }
            if ((test.applyAsLong(ByteWords.word(word, 0)) != 0) != expected) {
                fail("word " + Long.toHexString(ByteWords.word(word, 0)));
            }
        }
    }

    @Test
    void narrowStoresLowBytesAndSaysWhetherAllWereAscii() {
        char[] chars = "plain text, \u00e9 then".toCharArray();
        byte[] bytes = new byte[chars.length + 2];
        assertEquals(true, ByteWords.narrow(chars, 12, bytes, 2) < 0x80);
        assertEquals("plain text, ", new String(bytes, 2, 12, java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(true, ByteWords.narrow(chars, chars.length, bytes, 2) >= 0x80);
    }
}
