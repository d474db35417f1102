package io.zwire.yaml.emit;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScalarWriterTest {

    /**
     * The word-at-a-time check for long ASCII text agrees with the exact one: when it says plain,
     * so does {@link ScalarWriter#plainLength}; and for text without ':' or '#' (the only text it
     * leaves to the exact check) they always agree. Random text over the characters the rules
     * are about.
     */
    @Test
    void plainAsciiAgreesWithPlainLength() {
        String alphabet = "ab Z09-?:#,[]{}&*!|>'\"%@`.+~\t\u007f\u0001";
        SplittableRandom random = new SplittableRandom(5L);
        for (int n = 0; n < 300_000; n++) {
            int length = 6 + random.nextInt(40);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < length; i++) {
                // Mostly letters, so that plain text is common.
                text.append(random.nextInt(4) == 0 ? alphabet.charAt(random.nextInt(alphabet.length())) : (char) ('a' + random.nextInt(26)));
            }
            String value = text.toString();
            byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
            boolean fast = ScalarWriter.plainAscii(bytes, length);
            boolean exact = ScalarWriter.plainLength(value) == length;
            boolean decidable = value.indexOf(':') < 0 && value.indexOf('#') < 0;
            if (fast && !exact || decidable && fast != exact) {
                fail("'" + value + "': plainAscii " + fast + ", plainLength " + ScalarWriter.plainLength(value));
            }
        }
    }
}
