package io.zwire.internal;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The message for a name or ordinal that is no constant, which every wire's reader uses. */
class EnumConstantsTest {
    enum Venue { XLON, XPAR }

    enum Empty { }

    private static String unknownName(String found) {
        byte[] utf8 = found.getBytes(StandardCharsets.UTF_8);
        Bytes bytes = Bytes.wrap(new byte[utf8.length + 3]);
        bytes.writePosition(3).write(utf8);
        return EnumConstants.of(Venue.class).unknownName(bytes, 3, utf8.length);
    }

    @Test
    void namesTheTextFoundQuotedWithItsSpecialCharactersEscaped() {
        assertEquals("a constant of Venue, found \"NYSE\"", unknownName("NYSE"));
        assertEquals("a constant of Venue, found \"\"", unknownName(""));
        assertEquals("a constant of Venue, found \"a\\\"b\\\\c\\u000a\\u007f\u00e9\"", unknownName("a\"b\\c\n\u007f\u00e9"));
    }

    @Test
    void cutsALongNameShort() {
        assertEquals("a constant of Venue, found \"" + "x".repeat(64) + "\" (the first 64 of 1000 bytes)",
                unknownName("x".repeat(1000)));
    }

    @Test
    void namesTheOrdinalFoundAndTheOrdinalsThereAre() {
        assertEquals("a constant of Venue, found 7 (its ordinals are 0 to 1)", EnumConstants.of(Venue.class).unknownOrdinal(7));
        assertEquals("a constant of Venue, found 18446744073709551615 (its ordinals are 0 to 1)",
                EnumConstants.of(Venue.class).unknownOrdinal(-1));
        assertEquals("a constant of Empty, found 0 (it has no constants)", EnumConstants.of(Empty.class).unknownOrdinal(0));
    }
}
