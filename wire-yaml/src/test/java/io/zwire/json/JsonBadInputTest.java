package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.zwire.testkit.BadInput.concat;
import static io.zwire.testkit.BadInput.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input: each case is a {@link WireException} naming the wire, the offset, the line and the
 * column and what was expected, never another failure; and the wire reads the next document.
 */
class JsonBadInputTest {
    private static final String GOOD = "{\"id\":7,\"symbol\":\"OK\"}";

    /** A bad document on the first line, and the offset (and line) where the reader must report the problem. */
    record Bad(String name, byte[] document, int offset, int line, String expected) {
        Bad(String name, byte[] document, int offset, String expected) {
            this(name, document, offset, 1, expected);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Bad> badDocuments() {
        return Stream.of(
                new Bad("unterminated string", utf8("{\"symbol\":\"EURUSD}"), 18, "closing quote"),
                new Bad("bad escape", utf8("{\"symbol\":\"EUR\\xUSD\"}"), 14, "an escape"),
                new Bad("short unicode escape", utf8("{\"symbol\":\"\\u12\"}"), 15, "four hex digits"),
                new Bad("raw control character", utf8("{\"symbol\":\"EUR\u0001\"}"), 14, "raw control character"),
                new Bad("raw tab in a string", utf8("{\"symbol\":\"EUR\tUSD\"}"), 14, "raw control character"),
                new Bad("invalid UTF-8 byte", concat(utf8("{\"symbol\":\"EUR"), new byte[] {(byte) 0xFF}, utf8("\"}")), 14,
                        "valid UTF-8"),
                new Bad("overlong UTF-8", concat(utf8("{\"symbol\":\""), new byte[] {(byte) 0xC0, (byte) 0xAF}, utf8("\"}")), 11,
                        "valid UTF-8"),
                new Bad("UTF-8 surrogate", concat(utf8("{\"symbol\":\""), new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                        utf8("\"}")), 11, "valid UTF-8"),
                new Bad("cut UTF-8 sequence", concat(utf8("{\"symbol\":\""), new byte[] {(byte) 0xE2, (byte) 0x82}, utf8("\"}")),
                        11, "valid UTF-8"),
                new Bad("invalid UTF-8 in a key", concat(utf8("{\""), new byte[] {(byte) 0x80}, utf8("\":1}")), 2, "valid UTF-8"),
                new Bad("missing colon", utf8("{\"id\" 7}"), 6, "':' after the field name"),
                new Bad("missing comma", utf8("{\"id\":7 \"symbol\":\"X\"}"), 8, "',' or '}'"),
                new Bad("trailing comma", utf8("{\"id\":7,}"), 8, "a field name"),
                new Bad("single quotes", utf8("{'id':7}"), 1, "a field name"),
                new Bad("comment", utf8("{\"id\":7 /* no */}"), 8, "',' or '}'"),
                new Bad("leading zero", utf8("{\"id\":07}"), 7, "without leading zeros"),
                new Bad("NaN literal", utf8("{\"price\":NaN}"), 9, "a value"),
                new Bad("cut document", utf8("{\"id\":7,\"symbol\":\"OK\""), 22, 2, "',' or '}'"),
                new Bad("NaN for a float", utf8("{\"id\":7,\"symbol\":\"OK\",\"price\":NaN}"), 30, "a float64"),
                new Bad("not an object", utf8("\"id\""), 0, "a document: a JSON object"));
    }

    @ParameterizedTest
    @MethodSource("badDocuments")
    void badInputIsAWireExceptionWithPositionAndTheNextDocumentIsRead(Bad bad) {
        for (boolean direct : new boolean[] {false, true}) {
            byte[] input = concat(bad.document(), utf8("\n" + GOOD + "\n"));
            Bytes bytes = direct ? Bytes.allocateDirect(input.length).write(input) : Bytes.wrap(input);
            Wire wire = WireType.JSON.apply(bytes);
            WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
            assertEquals("JSON", e.wire());
            assertEquals(bad.offset(), e.offset(), e.getMessage());
            assertEquals(bad.line(), e.line(), e.getMessage());
            assertTrue(e.column() >= 1 && e.column() <= bad.offset() + 1, e.getMessage());
            assertTrue(e.getMessage().contains(bad.expected()), e.getMessage());
            Order order = new Order();
            assertTrue(wire.readDocument(order), "the document after the bad one");
            assertEquals(7, order.id());
            assertEquals("OK", order.symbol());
            assertFalse(wire.readDocument(order));
        }
    }

    @Test
    void lineAndColumnCountLinesAndCharacters() {
        String json = "{\r\n  \"id\": 7,\n  \"symbol\": \"\u20ac\u20ac\",\n  \"price\": x\n}\n";
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(json)));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertEquals(4, e.line());
        assertEquals(12, e.column());
        assertEquals(json.getBytes(StandardCharsets.UTF_8).length - 4, e.offset());
        assertTrue(e.getMessage().startsWith("JSON at offset " + e.offset() + " (line 4, column 12), in Order.price: expected a float64"),
                e.getMessage());

        String second = "{\"id\":1}\n{\"id\":2}\n{\"symbol\":\"\u00e9\u00e9\" \"x\"}\n";
        Wire stream = WireType.JSON.apply(Bytes.wrap(utf8(second)));
        Order order = new Order();
        stream.readDocument(order);
        stream.readDocument(order);
        e = assertThrows(WireException.class, () -> stream.readDocument(order));
        assertEquals(3, e.line(), "lines count from the start of the buffer");
        assertEquals(16, e.column(), "columns count characters, not bytes");
        assertEquals(17 + 18, e.offset());
    }

    /** The text wires share one line rule, YAML 1.2's: LF, CR LF (once) and a lone CR each end a line. */
    /** Reads {@code id} as a bool, catching its refusal, then {@code qty}: a tolerant reader. */
    static final class CatchesARefusedId implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field QTY = Field.of(4, "qty");
        long qty = -1;

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            try {
                in.read(ID).bool();
            } catch (WireException refused) {
                // read on
            }
            qty = in.read(QTY).int64();
        }
    }

    /**
     * A refused value that is missing or malformed cannot be passed over, so a reader that catches
     * the refusal gets no later field from the bytes after it: the document is refused, and the
     * next one reads. A value that is there is passed over.
     */
    @ParameterizedTest
    @MethodSource("idsThatCannotBePassedOver")
    void aRefusedValueThatCannotBePassedOverRefusesTheRestOfTheDocument(String id) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8("{\"id\":" + id + ",\"qty\":5}\n{\"id\":true,\"qty\":6}\n")));
        assertThrows(WireException.class, () -> wire.readDocument(new CatchesARefusedId()), id);
        CatchesARefusedId next = new CatchesARefusedId();
        assertTrue(wire.readDocument(next));
        assertEquals(6, next.qty);

        Wire passedOver = WireType.JSON.apply(Bytes.wrap(utf8("{\"id\":[1,{\"a\":2}],\"qty\":5}")));
        CatchesARefusedId reading = new CatchesARefusedId();
        assertTrue(passedOver.readDocument(reading));
        assertEquals(5, reading.qty);
    }

    static Stream<String> idsThatCannotBePassedOver() {
        return Stream.of("", " ", "1.2.3", "[1,", "{\"a\" 1}", "tru");
    }

    @Test
    void aLoneCarriageReturnEndsALineInErrorPositionsAsOnYaml() {
        String json = "{\r\n\"id\": 1,\r\"price\": x}\n";
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(json)));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertEquals(3, e.line(), e.getMessage());
        assertEquals(10, e.column(), e.getMessage());
    }

    @Test
    void lineNumbersRestartWhenTheBufferIsCleared() {
        Wire wire = WireType.JSON.apply(Bytes.elastic(64));
        Order order = new Order();
        for (int round = 0; round < 3; round++) {
            wire.bytes().clear();
            wire.bytes().write(utf8("{\"id\":1}\n\n{\"id\":x}\n"));
            assertTrue(wire.readDocument(order));
            WireException e = assertThrows(WireException.class, () -> wire.readDocument(order));
            assertEquals(3, e.line(), "round " + round);
            assertEquals(7, e.column());
        }
    }

    @Test
    void aMalformedDocumentOverSeveralLinesIsSkippedLineByLineWithoutHanging() {
        String input = "{\"id\": 1,\n \"symbol\": \"A\" \"B\",\n \"qty\": 2}\n" + GOOD + "\n";
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(input)));
        Order order = new Order();
        int[] failures = new int[1];
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            while (true) {
                try {
                    if (!wire.readDocument(order) || order.id() == 7) {
                        break;
                    }
                } catch (WireException expected) {
                    failures[0]++;
                }
            }
        });
        assertEquals(7, order.id(), "the good document after the malformed one is reached");
        assertTrue(failures[0] >= 1, "the malformed document was reported");
    }

    @Test
    void anExceptionFromTheUsersCodeSkipsTheWholeDocument() {
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8("{\"value\":1,\"child\":{\"value\":2}}\n{\"value\":3}\n")));
        io.zwire.Marshallable throwing = new io.zwire.Marshallable() {
            @Override
            public void writeMarshallable(io.zwire.WireOut out) {
            }

            @Override
            public void readMarshallable(io.zwire.WireIn in) {
                in.read(io.zwire.Field.of(1, "value")).int32();
                throw new IllegalStateException("the user's bug");
            }
        };
        assertThrows(IllegalStateException.class, () -> wire.readDocument(throwing));
        Node node = new Node();
        assertTrue(wire.readDocument(node));
        assertEquals(3, node.value);
    }

    // ------------------------------------------------------------------ limits

    static String nested(String open, String close, int depth, String inner) {
        return open.repeat(depth) + inner + close.repeat(depth);
    }

    @Test
    void nestingIsBoundedOnEveryPathAndExactlyAtTheLimit() {
        ReadLimits limits = ReadLimits.defaults().withMaxDepth(8);
        WireOptions options = WireOptions.defaults().withLimits(limits);
        // A document's root and maxDepth levels inside it are allowed; one more is not.
        String unknownOk = "{\"unknown\":" + nested("[", "]", 8, "1") + ",\"id\":5}\n";
        String unknownDeep = "{\"unknown\":" + nested("[", "]", 9, "1") + ",\"id\":5}\n";
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(unknownOk + unknownDeep + unknownOk)), options);
        Order order = new Order();
        assertTrue(wire.readDocument(order));
        assertEquals(5, order.id());
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(order));
        assertTrue(e.getMessage().contains("ReadLimits.maxDepth 8"), e.getMessage());
        assertTrue(wire.readDocument(order), "read on after the document that was too deep");

        Wire values = WireType.JSON.apply(Bytes.wrap(utf8(nested("[", "]", 9, "") + "\n" + nested("[", "]", 10, "")
                + "\n" + nested("{\"a\":", "}", 9, "0"))), options);
        assertTrue(values.readValue(v -> { }));
        assertThrows(WireException.class, () -> values.readValue(v -> { }));
        assertTrue(values.readValue(v -> { }));

        Wire typed = WireType.JSON.apply(Bytes.wrap(utf8(nested("{\"child\":", "}", 8, "{}") + "\n"
                + nested("{\"child\":", "}", 9, "{}") + "\n")), options);
        Node node = new Node();
        assertTrue(typed.readDocument(node));
        assertEquals(9, node.depth());
        assertThrows(WireException.class, () -> typed.readDocument(node));
    }

    /** Regression: skipping took the nesting room it may use for the depth already open, so no nested value could be skipped. */
    @Test
    void regressionSkippingAnUnknownNestedFieldUsesTheRoomLeft() {
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8("{\"unknown\":{\"a\":[{\"b\":[1]}]},\"id\":3}")));
        Order order = new Order();
        assertTrue(wire.readDocument(order));
        assertEquals(3, order.id());
    }

    /** A chain that reads its child into an existing instance, so absent children still run their readMarshallable. */
    static final class Chain implements io.zwire.Marshallable {
        static final io.zwire.Field CHILD = io.zwire.Field.of(2, "child");
        final Chain child;

        Chain(int depth) {
            child = depth > 1 ? new Chain(depth - 1) : null;
        }

        @Override
        public void writeMarshallable(io.zwire.WireOut out) {
        }

        @Override
        public void readMarshallable(io.zwire.WireIn in) {
            if (child != null) {
                in.read(CHILD).marshallable(child);
            }
        }
    }

    /**
     * Regression: a null or missing object pushed a level that counted against maxDepth, so a
     * document exactly at the limit failed when its innermost object had no child, and an object
     * graph deeper than the limit failed reading a document that had no nesting at all.
     */
    @Test
    void regressionAbsentObjectsDoNotCountAsNesting() {
        WireOptions options = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(4));
        Wire atLimit = WireType.JSON.apply(Bytes.wrap(utf8(nested("{\"child\":", "}", 4, "{\"value\":5}"))), options);
        Node node = new Node();
        assertTrue(atLimit.readDocument(node));
        assertEquals(5, node.depth());

        Wire flat = WireType.JSON.apply(Bytes.wrap(utf8("{\"child\":null}\n{}\n")), options);
        assertTrue(flat.readDocument(new Chain(100)));
        assertTrue(flat.readDocument(new Chain(100)));
    }

    @Test
    void aHundredThousandOpenBracketsAreRejectedQuicklyOnEveryPath() {
        String deep = "[".repeat(100_000);
        String deepField = "{\"x\":" + deep;
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThrows(WireException.class, () -> WireType.JSON.apply(Bytes.wrap(utf8(deep))).readValue(v -> { }));
            assertThrows(WireException.class, () -> WireType.JSON.apply(Bytes.wrap(utf8(deepField))).readDocument(new Order()));
            assertThrows(WireException.class, () -> WireType.JSON.apply(Bytes.wrap(utf8(deepField))).readValue(v -> { }));
        });
    }

    @Test
    void a500DeepArrayIsReadWhenTheLimitAllowsIt() {
        WireOptions options = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(500));
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(nested("[", "]", 500, "1"))), options);
        List<Object> found = new ArrayList<>();
        assertTrue(wire.readValue(found::add));
        Object value = found.get(0);
        int depth = 0;
        while (value instanceof List<?> list) {
            value = list.get(0);
            depth++;
        }
        assertEquals(500, depth);
        assertEquals(1L, value);
    }

    @Test
    void oversizedScalarsAreRejectedBeforeTheyAreDecoded() {
        WireOptions options = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxTextBytes(16));
        String longText = "{\"symbol\":\"" + "x".repeat(17) + "\"}\n";
        String longEscapedText = "{\"symbol\":\"" + "\\n".repeat(9) + "\"}\n";
        String longNumber = "{\"price\":1." + "0".repeat(20) + "}\n";
        String longKey = "{\"" + "k".repeat(17) + "\":1}\n";
        String fine = "{\"symbol\":\"" + "x".repeat(16) + "\"}\n";
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(longText + longEscapedText + longNumber + longKey + fine)), options);
        for (int i = 0; i < 4; i++) {
            WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
            assertTrue(e.getMessage().contains("ReadLimits.maxTextBytes 16"), e.getMessage());
        }
        Order order = new Order();
        assertTrue(wire.readDocument(order));
        assertEquals("x".repeat(16), order.symbol());
    }

    @Test
    void documentsAndSequencesAreBounded() {
        WireOptions small = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDocumentBytes(32));
        String big = "{\"symbol\":\"" + "x".repeat(40) + "\"}\n";
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(big + GOOD + "\n")), small);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("ReadLimits.maxDocumentBytes 32"), e.getMessage());
        assertTrue(wire.readDocument(new Order()), "the next document fits");

        WireOptions shortSequences = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(3));
        Wire sequences = WireType.JSON.apply(Bytes.wrap(utf8("{\"longs\":[1,2,3]}\n{\"longs\":[1,2,3,4]}\n[1,2,3,4]\n"
                + "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}")), shortSequences);
        AllTypes all = new AllTypes();
        assertTrue(sequences.readDocument(all));
        assertEquals(List.of(1L, 2L, 3L), all.longs);
        assertThrows(WireException.class, () -> sequences.readDocument(all));
        assertThrows(WireException.class, () -> sequences.readValue(v -> { }));
        assertThrows(WireException.class, () -> sequences.readValue(v -> { }));
    }

    // ------------------------------------------------------------------ every byte boundary

    /** Offsets between tokens of a compact JSON text: outside strings, next to a structural character. */
    static List<Integer> tokenBoundaries(String json) {
        List<Integer> boundaries = new ArrayList<>();
        boolean inString = false;
        for (int i = 0; i <= json.length(); i++) {
            char before = i > 0 ? json.charAt(i - 1) : '{';
            char at = i < json.length() ? json.charAt(i) : '}';
            if (!inString && ("{}[],:".indexOf(before) >= 0 || "{}[],:".indexOf(at) >= 0)) {
                boundaries.add(i);
            }
            if (i < json.length()) {
                if (inString && at == '\\') {
                    i++;
                } else if (at == '"') {
                    inString = !inString;
                }
            }
        }
        return boundaries;
    }

    @Test
    void whitespaceAtEveryTokenBoundaryReadsTheSameAndInsideATokenNeverCrashes() {
        Wire writer = WireType.JSON.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(JsonReaderTest.TYPES));
        writer.writeDocument(WireContractFixtures.typical());
        String compact = writer.bytes().readableText().strip();
        List<Integer> boundaries = tokenBoundaries(compact);
        assertTrue(boundaries.size() > 100, "boundaries found: " + boundaries.size());
        Object expected = readValue(compact);
        for (int i = 0; i <= compact.length(); i++) {
            String spaced = compact.substring(0, i) + " \r\n\t" + compact.substring(i);
            if (boundaries.contains(i)) {
                assertEquals(expected, readValue(spaced), "whitespace at " + i);
                AllTypes typed = new AllTypes();
                WireType.JSON.apply(Bytes.wrap(utf8(spaced)), WireOptions.defaults().withTypes(JsonReaderTest.TYPES))
                        .readDocument(typed);
                assertEquals(WireContractFixtures.typical(), typed, "typed, whitespace at " + i);
            } else {
                try {
                    readValue(spaced);
                } catch (WireException insideANumberOrLiteral) {
                    assertEquals("JSON", insideANumberOrLiteral.wire());
                }
            }
        }
    }

    static Object readValue(String json) {
        Object[] value = new Object[1];
        Wire wire = WireType.JSON.apply(Bytes.wrap(utf8(json)));
        assertTrue(wire.readValue(v -> value[0] = v));
        assertFalse(wire.readValue(v -> { }), "one value");
        return value[0];
    }

    @Test
    void everyPrefixOfAStreamIsRejectedOrReadAsTheDocumentsItHolds() {
        Wire writer = WireType.JSON.apply(Bytes.elastic(256));
        writer.writeDocument(Order.sample());
        writer.writeDocument(new Order(2, "B", 2.5, 2, null, null));
        byte[] full = writer.bytes().toByteArray();
        int firstEnd = new String(full, StandardCharsets.UTF_8).indexOf('\n') + 1;
        for (int length = 0; length <= full.length; length++) {
            byte[] prefix = java.util.Arrays.copyOf(full, length);
            Wire wire = WireType.JSON.apply(Bytes.wrap(prefix));
            Order order = new Order();
            int documents = 0;
            int errors = 0;
            while (true) {
                try {
                    if (!wire.readDocument(order)) {
                        break;
                    }
                    documents++;
                } catch (WireException e) {
                    assertTrue(e.offset() >= 0 && e.offset() <= length, e.getMessage());
                    errors++;
                }
            }
            int complete = length >= full.length - 1 ? 2 : length >= firstEnd - 1 ? 1 : 0;
            assertEquals(complete, documents, "documents read from a prefix of " + length + " bytes");
            assertTrue(errors <= 1, "one error at most, for the cut document");
        }
    }

    /** Shared fixtures: {@code WireContract.typical()} is package-private in the test kit. */
    static final class WireContractFixtures {
        private WireContractFixtures() {
        }

        static AllTypes typical() {
            AllTypes all = new AllTypes();
            all.int8 = -7;
            all.int16 = -1234;
            all.uint16 = 65_000;
            all.int32 = 123_456_789;
            all.int64 = -9_876_543_210L;
            all.float32 = 1.5f;
            all.float64 = 1.08345;
            all.bool = true;
            all.char16 = '"';
            all.text = "EUR \"USD\"\n\u20ac";
            all.note.append("limit order, good till cancelled");
            all.data = new byte[] {0, 1, 2, (byte) 0xFF, 0x7F};
            all.side = io.zwire.example.Side.SELL;
            all.party = new io.zwire.example.Party("Alice", "ACC-1", 7);
            all.longs.addAll(List.of(1L, -2L, Long.MAX_VALUE));
            all.tags.addAll(List.of("a", "", "b c"));
            all.parties.add(new io.zwire.example.Party("Bob", null, 2));
            all.matrix.add(List.of(1, 2, 3));
            all.matrix.add(List.of());
            all.payload = Order.sample();
            return all;
        }
    }

    @Test
    void keysThatNeedEscapingAreWrittenEscapedAndMatchedDecoded() {
        Map<String, String> names = Map.of("quote", "a\"b", "backslash", "a\\b", "newline", "a\nb", "unicode", "\u00e9t\u00e9 \uD83D\uDE00");
        for (String name : names.values()) {
            io.zwire.Field field = io.zwire.Field.of(1, name);
            io.zwire.Field other = io.zwire.Field.of(2, "other");
            io.zwire.Marshallable writer = new io.zwire.Marshallable() {
                @Override
                public void writeMarshallable(io.zwire.WireOut out) {
                    out.write(other).int32(1).write(field).int32(42);
                }

                @Override
                public void readMarshallable(io.zwire.WireIn in) {
                }
            };
            int[] read = new int[2];
            io.zwire.Marshallable reader = new io.zwire.Marshallable() {
                @Override
                public void writeMarshallable(io.zwire.WireOut out) {
                }

                @Override
                public void readMarshallable(io.zwire.WireIn in) {
                    in.read(field).int32(read, (r, v) -> r[0] = v).read(other).int32(read, (r, v) -> r[1] = v);
                }
            };
            Wire wire = WireType.JSON.apply(Bytes.elastic(64));
            wire.writeDocument(writer);
            Object[] plain = new Object[1];
            WireType.JSON.apply(Bytes.wrap(wire.bytes().toByteArray())).readValue(v -> plain[0] = v);
            assertEquals(Map.of(name, 42L, "other", 1L), plain[0], "written as valid JSON with the key " + name);
            assertTrue(wire.readDocument(reader));
            assertEquals(42, read[0], name);
            assertEquals(1, read[1], name);
        }
    }
}
