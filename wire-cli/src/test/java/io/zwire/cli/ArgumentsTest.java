package io.zwire.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArgumentsTest {
    private static final List<Option> OPTIONS = List.of(Option.value("wire", "WIRES", ""), Option.value("n", "N", ""),
            Option.flag("quiet", ""), Option.value("jdk", "PATH", ""));

    @Test
    void valuesFlagsAndRepeats() throws UsageException {
        Arguments args = Arguments.parse(List.of("--wire=yaml,raw", "--wire", "json", "--quiet", "--n", "10_000",
                "--jdk", "/a", "--jdk", "/b"), OPTIONS);
        assertEquals(List.of("yaml", "raw", "json"), args.list("wire"));
        assertEquals("json", args.value("wire", null));
        assertTrue(args.flag("quiet"));
        assertFalse(args.help());
        assertEquals(10_000, args.longValue("n", 0, 1));
        assertEquals(List.of("/a", "/b"), args.values("jdk"));
        assertEquals(7, args.longValue("absent", 7, 0));
    }

    @Test
    void suffixes() throws UsageException {
        assertEquals(10_000_000, Arguments.parse(List.of("--n", "10M"), OPTIONS).longValue("n", 0, 1));
        assertEquals(200_000, Arguments.parse(List.of("--n", "200k"), OPTIONS).longValue("n", 0, 1));
        assertEquals(1_500_000, Arguments.parse(List.of("--n", "1,500,000"), OPTIONS).longValue("n", 0, 1));
        assertThrows(UsageException.class, () -> Arguments.parse(List.of("--n", "1G"), OPTIONS).longValue("n", 0, 1));
        assertThrows(UsageException.class, () -> Arguments.parse(List.of("--n", "99999999999999M"), OPTIONS).longValue("n", 0, 1));
    }

    @Test
    void helpIsAlwaysAccepted() throws UsageException {
        assertTrue(Arguments.parse(List.of("-h"), OPTIONS).help());
        assertTrue(Arguments.parse(List.of("--n", "1", "--help"), OPTIONS).help());
    }

    @Test
    void emptyValuesAreRejected() {
        assertThrows(UsageException.class, () -> Arguments.parse(List.of("--wire="), OPTIONS));
        assertThrows(UsageException.class, () -> Arguments.parse(List.of("--"), OPTIONS));
    }
}
