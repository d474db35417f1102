package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.zwire.testkit.BadInput.concat;
import static io.zwire.testkit.BadInput.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input, one kind per case: each is a {@link WireException} naming the wire, the offset, the
 * line and the column of the problem and what was expected, and the wire then reads the document
 * that follows the bad one.
 */
class YamlBadInputTest {
    private static final String NEXT = "---\nid: 77\nsymbol: NEXT\n";

    /** Case name, the bad document (after which {@link #NEXT} follows), the expected line and column, and a word of the message. */
    static Stream<Arguments> badDocuments() {
        return Stream.of(
                Arguments.of("unterminated double quote", utf8("---\nid: 1\nsymbol: \"EURUSD\n"), 3, 9, "closing quote"),
                Arguments.of("unterminated single quote", utf8("---\nsymbol: 'EURUSD\n"), 2, 9, "closing quote"),
                Arguments.of("bad escape", utf8("---\nid: 1\nsymbol: \"EUR\\qUSD\"\n"), 3, 13, "escape"),
                Arguments.of("short unicode escape", utf8("---\nsymbol: \"\\u12\"\n"), 2, 10, "hexadecimal"),
                Arguments.of("invalid UTF-8 in plain text", concat(utf8("---\nid: 1\nsymbol: EU"), new byte[] {(byte) 0xC3, 0x28},
                        utf8("\n")), 3, 11, "UTF-8"),
                Arguments.of("invalid UTF-8 in a comment", concat(utf8("---\nid: 1 # caf"), new byte[] {(byte) 0xE9}, utf8("\n")),
                        2, 12, "UTF-8"),
                Arguments.of("overlong UTF-8 in a quoted scalar", concat(utf8("---\nsymbol: \""), new byte[] {(byte) 0xC0, (byte) 0xAF},
                        utf8("\"\n")), 2, 10, "UTF-8"),
                Arguments.of("control character", utf8("---\nsymbol: EUR\u0001USD\n"), 2, 12, "control"),
                Arguments.of("tab as indentation", utf8("---\nparty:\n\tname: x\n"), 3, 2, "tab"),
                Arguments.of("tab before a nested key", utf8("---\nparty:\n  name: x\n  \taccount: y\n"), 4, 4, "tab"),
                Arguments.of("key indented deeper than its mapping", utf8("---\nid: 1\n  symbol: x\n"), 3, 9, "indented"),
                Arguments.of("missing colon", utf8("---\nid: 1\nsymbol\nprice: 2\n"), 3, 7, "':'"),
                Arguments.of("unclosed flow mapping", utf8("---\nparty: {name: x, id: 1\nprice: 2\n"), 3, 1, "closing bracket"),
                Arguments.of("text after a quoted value", utf8("---\nsymbol: \"EURUSD\" extra\n"), 2, 18, "line break"),
                Arguments.of("mapping on the line of its key", utf8("---\nparty: name: x\n"), 2, 12, "line of its key"),
                Arguments.of("two anchors", utf8("---\nid: &a &b 1\n"), 2, 8, "anchor"),
                Arguments.of("alias to nothing", utf8("---\nid: *nothing\n"), 2, 5, "anchor"),
                Arguments.of("undefined tag handle", utf8("---\nid: !e!int 1\n"), 2, 5, "%TAG"),
                Arguments.of("document marker inside a quoted scalar", utf8("---\nsymbol: \"EUR\n  USD\n...\n"), 2, 9, "document marker"),
                Arguments.of("wrong type", utf8("---\nid: 1.5\n"), 2, 5, "int64"),
                Arguments.of("int out of range", utf8("---\nid: 9223372036854775808\n"), 2, 5, "int64"),
                Arguments.of("unknown enum constant", utf8("---\nside: SIDEWAYS\n"), 2, 7, "Side"),
                Arguments.of("sequence for an object", utf8("---\nparty: [1, 2]\n"), 2, 9, "object"),
                Arguments.of("directives without a document", utf8("%YAML 1.2\n...\n"), 2, 1, "'---'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badDocuments")
    void isAWireExceptionWithLineAndColumnAndTheNextDocumentIsRead(String name, byte[] bad, int line, int column,
                                                                  String word) {
        Wire wire = WireType.YAML.apply(Bytes.wrap(concat(bad, utf8(NEXT))));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()), name);
        assertEquals("YAML", e.wire());
        assertEquals(line, e.line(), () -> name + ": " + e.getMessage());
        assertEquals(column, e.column(), () -> name + ": " + e.getMessage());
        assertTrue(e.offset() >= 0 && e.offset() <= bad.length, () -> name + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(word), () -> name + ": " + e.getMessage());
        Order next = new Order();
        assertTrue(wire.readDocument(next), name + ": the next document is read");
        assertEquals(77, next.id());
        assertEquals("NEXT", next.symbol());
        assertFalse(wire.readDocument(next));
    }

    /** The text wires share one line rule, YAML 1.2's: LF, CR LF (once) and a lone CR each end a line. */
    @Test
    void aLoneCarriageReturnEndsALineInErrorPositionsAsOnJson() {
        String yaml = "---\r\nid: 1\rprice: x\r\n";
        Wire wire = WireType.YAML.apply(Bytes.wrap(utf8(yaml)));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertEquals(3, e.line(), e.getMessage());
        assertEquals(8, e.column(), e.getMessage());
    }

    @Test
    void nestingBeyondTheLimitIsAWireExceptionInTheParserItself() {
        String deep = "---\nparty: " + "[".repeat(40) + "]".repeat(40) + "\n";
        Wire wire = WireType.YAML.apply(Bytes.wrap(utf8(deep + NEXT)),
                WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(16)));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("maxDepth 16"), e.getMessage());
        assertEquals(2, e.line());
        assertTrue(wire.readDocument(new Order()));
    }

    @Test
    void aHundredThousandOpenBracketsFailFastWithoutOverflowingTheStack() {
        byte[] yaml = utf8("[".repeat(100_000));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            Wire typed = WireType.YAML.apply(Bytes.wrap(yaml));
            assertThrows(WireException.class, () -> typed.readDocument(new Order()));
            Wire plain = WireType.YAML.apply(Bytes.wrap(yaml));
            assertThrows(WireException.class, () -> plain.readValue(value -> { }));
            Wire block = WireType.YAML.apply(Bytes.wrap(utf8("- ".repeat(50_000) + "x")));
            assertThrows(WireException.class, () -> block.readValue(value -> { }));
        });
    }

    @Test
    void aScalarLongerThanTheLimitIsAWireException() {
        String yaml = "---\nsymbol: " + "x".repeat(200) + "\nnote: \"" + "y".repeat(50) + "\"\n";
        WireOptions limited = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxTextBytes(100));
        Wire wire = WireType.YAML.apply(Bytes.wrap(utf8(yaml + NEXT)), limited);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("maxTextBytes 100"), e.getMessage());
        assertEquals(2, e.line());
        assertTrue(wire.readDocument(new Order()));
    }

    @Test
    void aDocumentLargerThanTheLimitIsAWireException() {
        StringBuilder yaml = new StringBuilder("---\n");
        for (int i = 0; i < 100; i++) {
            yaml.append("k").append(i).append(": ").append(i).append('\n');
        }
        WireOptions limited = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDocumentBytes(200));
        Wire wire = WireType.YAML.apply(Bytes.wrap(utf8(yaml + NEXT)), limited);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("maxDocumentBytes 200"), e.getMessage());
        assertTrue(wire.readDocument(new Order()));
    }

    @Test
    void aDocumentLargerThanTheLimitInADirectBufferIsAWireExceptionAfterABoundedScan() {
        StringBuilder yaml = new StringBuilder("---\n");
        for (int i = 0; i < 2000; i++) {
            yaml.append("k").append(i).append(": ").append(i).append('\n');
        }
        byte[] content = utf8(yaml + NEXT);
        Bytes direct = Bytes.allocateDirect(content.length);
        direct.write(content);
        WireOptions limited = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDocumentBytes(200));
        Wire wire = WireType.YAML.apply(direct, limited);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("maxDocumentBytes 200"), e.getMessage());
        Order next = new Order();
        assertTrue(wire.readDocument(next));
        assertEquals(77, next.id());
    }

    @Test
    void aSequenceLongerThanTheLimitIsAWireException() {
        WireOptions limited = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(10));
        Wire flow = WireType.YAML.apply(Bytes.wrap(utf8("---\nlongs: [" + "1, ".repeat(20) + "1]\n" + NEXT)), limited);
        WireException e = assertThrows(WireException.class, () -> flow.readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("maxSequenceLength 10"), e.getMessage());
        assertTrue(flow.readDocument(new Order()));
        Wire block = WireType.YAML.apply(Bytes.wrap(utf8("---\nlongs:\n" + "- 1\n".repeat(20) + NEXT)), limited);
        assertThrows(WireException.class, () -> block.readDocument(new AllTypes()));
        assertTrue(block.readDocument(new Order()));
    }

    @Test
    void aBillionLaughsDocumentIsRejectedByThePlainValueReader() {
        StringBuilder yaml = new StringBuilder("---\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
        char previous = 'a';
        for (char level = 'b'; level <= 'j'; level++) {
            yaml.append(level).append(": &").append(level).append(" [");
            for (int i = 0; i < 10; i++) {
                yaml.append(i == 0 ? "" : ", ").append('*').append(previous);
            }
            yaml.append("]\n");
            previous = level;
        }
        Wire wire = WireType.YAML.apply(Bytes.wrap(utf8(yaml + NEXT)));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }));
            assertTrue(e.getMessage().contains("maxAliasExpansions"), e.getMessage());
        });
        List<Object> next = new ArrayList<>();
        assertTrue(wire.readValue(next::add));
        assertEquals(77L, ((java.util.Map<?, ?>) next.get(0)).get("id"));
    }

    @Test
    void aRecursiveAliasIsAWireExceptionForThePlainValueReader() {
        Wire wire = WireType.YAML.apply(Bytes.wrap(utf8("---\n&a [1, *a]\n")));
        WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        assertTrue(e.getMessage().contains("complete node"), e.getMessage());
    }

    @Test
    void everyTruncationOfAQuotedAndBlockHeavyDocumentIsAWireExceptionOrAShorterDocument() {
        String yaml = "---\nid: 1\nsymbol: \"EUR\\tUSD \\u20AC\"\nnote: |\n  line one\n   line two\nside: 'SELL'\n"
                + "party: {name: \"a b\", account: 'c', id: 2}\n";
        byte[] full = utf8(yaml);
        for (int length = 0; length < full.length; length++) {
            byte[] cut = java.util.Arrays.copyOf(full, length);
            Wire wire = WireType.YAML.apply(Bytes.wrap(cut));
            try {
                wire.readDocument(new AllTypes());
            } catch (WireException e) {
                assertTrue(e.line() > 0 && e.column() > 0, e.getMessage());
            }
        }
    }
}
