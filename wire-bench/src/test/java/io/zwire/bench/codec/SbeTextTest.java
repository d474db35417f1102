package io.zwire.bench.codec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The SBE peer's text slot hands back its last String only for the same bytes, and never a stale one. */
class SbeTextTest {
    @Test
    void theSameBytesReadTwiceGiveTheSameStringAndOtherBytesANewOne() {
        SbeText slot = new SbeText();
        String first = read(slot, "EURUSD");
        assertEquals("EURUSD", first);
        assertSame(first, read(slot, "EURUSD"));
        String other = read(slot, "EURUSX");
        assertEquals("EURUSX", other);
        assertEquals("EUR", read(slot, "EUR"), "a shorter text sharing a prefix is not the last one");
        assertEquals("", read(slot, ""));
    }

    @Test
    void aTextLongerThanTheScratchGrowsIt() {
        SbeText slot = new SbeText();
        String longText = "x".repeat(1_000) + "é";
        assertEquals(longText, read(slot, longText));
        assertEquals("short", read(slot, "short"));
        assertEquals(longText, read(slot, longText));
    }

    @Test
    void writingTheSameInstanceReusesItsBytesAndAnEqualNewInstanceIsEncodedAgain() {
        SbeText slot = new SbeText();
        String text = "Meridian";
        byte[] bytes = slot.utf8(text);
        assertSame(bytes, slot.utf8(text));
        assertEquals(8, slot.length());
        byte[] again = slot.utf8(new String("Meridian-Capital"));
        assertNotSame(bytes, again);
        assertArrayEquals("Meridian-Capital".getBytes(StandardCharsets.UTF_8), java.util.Arrays.copyOf(again, slot.length()));
    }

    @Test
    void aNullTextIsRefusedAsSbeDataHasNoNull() {
        assertThrows(IllegalArgumentException.class, () -> new SbeText().utf8(null));
    }

    private static String read(SbeText slot, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(utf8, 0, slot.scratch(utf8.length), 0, utf8.length);
        return slot.text(utf8.length);
    }
}
