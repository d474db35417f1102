package io.zwire.text.base64;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class Base64TextTest {
    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] decode(String text, int accept) {
        byte[] data = ascii(text);
        assertEquals(-1, Base64Text.firstInvalid(data, 0, data.length, accept), text);
        byte[] out = new byte[Base64Text.decodedLength(data, 0, data.length)];
        Base64Text.decode(data, 0, data.length, out);
        Bytes bytes = Bytes.elastic(8);
        Base64Text.decode(data, 0, data.length, bytes);
        assertArrayEquals(out, bytes.toByteArray());
        return out;
    }

    @Test
    void encodesAndDecodesWhatTheJdkDoes() {
        Random random = new Random(24);
        for (int length = 0; length < 40; length++) {
            byte[] data = new byte[length];
            random.nextBytes(data);
            byte[] text = new byte[Base64Text.encodedLength(length)];
            assertEquals(text.length, Base64Text.encode(data, 0, length, text, 0));
            assertArrayEquals(Base64.getEncoder().encode(data), text);
            String unpadded = new String(text, StandardCharsets.US_ASCII).replace("=", "");
            assertArrayEquals(data, decode(new String(text, StandardCharsets.US_ASCII), 0));
            assertArrayEquals(data, decode(unpadded, 0));
        }
    }

    @Test
    void theUrlSafeAlphabetAndBlanksAreAcceptedOnlyWhereAsked() {
        byte[] urlSafe = ascii("-_8=");
        assertEquals(0, Base64Text.firstInvalid(urlSafe, 0, urlSafe.length, 0));
        assertArrayEquals(Base64.getDecoder().decode("+/8="), decode("-_8=", Base64Text.URL_SAFE));
        byte[] folded = ascii("aGVs\n  bG8=");
        assertEquals(4, Base64Text.firstInvalid(folded, 0, folded.length, Base64Text.URL_SAFE));
        assertArrayEquals(ascii("hello"), decode("aGVs\n  bG8=", Base64Text.BLANKS));
    }

    @Test
    void badPaddingAndALoneDigitAreFoundWhereTheyAre() {
        byte[] digitAfterPadding = ascii("QQ=Q");
        assertEquals(2, Base64Text.firstInvalid(digitAfterPadding, 0, 4, 0));
        byte[] threePads = ascii("QQ===");
        assertEquals(2, Base64Text.firstInvalid(threePads, 0, 5, 0));
        byte[] shortPadding = ascii("QQQQQQ=");
        assertEquals(6, Base64Text.firstInvalid(shortPadding, 0, 7, 0));
        byte[] loneDigit = ascii("QUJDR");
        assertEquals(4, Base64Text.firstInvalid(loneDigit, 0, 5, 0));
        byte[] star = ascii("QU*D");
        assertEquals(2, Base64Text.firstInvalid(star, 0, 4, Base64Text.URL_SAFE | Base64Text.BLANKS));
    }
}
