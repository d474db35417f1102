package io.zwire.text.number;

import io.zwire.text.scan.ByteWords;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AsciiDigitsTest {

    /** Every byte value after a run of digits of every length: the run ends exactly there. */
    @Test
    void countStopsAtTheFirstByteThatIsNotADigit() {
        for (int length = 0; length < 8; length++) {
            for (int stop = 0; stop < 256; stop++) {
                if (stop >= '0' && stop <= '9') {
                    continue;
                }
                byte[] data = new byte[8];
                java.util.Arrays.fill(data, (byte) 0xFF);
                for (int i = 0; i < length; i++) {
                    data[i] = (byte) ('0' + (i * 7 + stop) % 10);
                }
                data[length] = (byte) stop;
                String described = "digits before byte " + Integer.toHexString(stop);
                assertEquals(length, AsciiDigits.count(ByteWords.word(data, 0)), described);
            }
        }
        assertEquals(8, AsciiDigits.count(ByteWords.word("12345678".getBytes(), 0)));
        assertEquals(0, AsciiDigits.count(ByteWords.word("/:012345".getBytes(), 0)));
    }

    /** Random runs with random bytes after them, read as Integer.parseInt reads the run. */
    @Test
    void valueMatchesParseIntWhateverFollows() {
        SplittableRandom random = new SplittableRandom(8L);
        byte[] data = new byte[8];
        for (int n = 0; n < 1_000_000; n++) {
            int length = 1 + random.nextInt(8);
            StringBuilder run = new StringBuilder();
            for (int i = 0; i < 8; i++) {
                if (i < length) {
                    char digit = (char) ('0' + random.nextInt(10));
                    run.append(digit);
                    data[i] = (byte) digit;
                } else {
                    data[i] = (byte) random.nextInt(256);
                }
            }
            long word = ByteWords.word(data, 0);
            int counted = AsciiDigits.count(word);
            if (counted < length || AsciiDigits.value(word, length) != Integer.parseInt(run.toString())) {
                fail("run " + run + " of length " + length + ": count " + counted + ", value "
                        + AsciiDigits.value(word, length));
            }
        }
        assertEquals(99_999_999, AsciiDigits.value(ByteWords.word("99999999".getBytes(), 0), 8));
        assertEquals(7, AsciiDigits.value(ByteWords.word("0000007\n".getBytes(), 0), 7));
    }
}
