package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.IntAndLong;
import io.zwire.testkit.model.Nullables;
import io.zwire.testkit.UnreadValuesCheck;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the typed reader accepts beyond what our writer emits: other layouts, escapes, the
 * conventions other JSON writers use for numbers and bytes. Every case runs over a heap buffer
 * and over a direct one, whose bytes the reader reaches through checked accessors instead of an
 * array.
 */
class JsonReaderTest {
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    static Wire wire(String json, boolean direct) {
        return wire(json, direct, ReadLimits.defaults());
    }

    static Wire wire(String json, boolean direct, ReadLimits limits) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        Bytes bytes = direct ? Bytes.allocateDirect(utf8.length + 1).write(utf8) : Bytes.wrap(utf8);
        return WireType.JSON.apply(bytes, WireOptions.defaults().withTypes(TYPES).withLimits(limits));
    }

    static AllTypes readAll(String json, boolean direct) {
        AllTypes all = new AllTypes();
        Wire wire = wire(json, direct);
        assertTrue(wire.readDocument(all));
        assertFalse(wire.readDocument(new AllTypes()), "one document");
        return all;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsAnyLayoutEscapedKeysAndFieldsInAnyOrder(boolean direct) {
        String pretty = "\r\n{\r\n\t\"party\" : {\n  \"id\" : 42, \"account\" : \"MCP-EU-000042\",\n"
                + "  \"name\" : \"Meridian Capital Partners\"\n  } ,\n"
                + "  \"\\u0069d\" : 1000001,\n  \"unknown\": [1, {\"deep\": [true, null, \"x\"]}, -2.5e-3],\n"
                + "  \"symbol\":\"EUR\\u0055SD\", \"price\" :1.08345 , \"qty\":\t1000000, \"side\": \"B\\u0055Y\"\n}\r\n";
        Order order = new Order();
        Wire wire = wire(pretty, direct);
        assertTrue(wire.readDocument(order));
        assertEquals(Order.sample(), order);
        assertEquals(0, wire.bytes().readRemaining(), "the trailing whitespace belongs to the document");
    }

    /**
     * Up to seven digits are read as one word: every length from 1 to 19 digits, either sign, as
     * the first value (a comma follows), the last (a brace follows, then nothing: fewer than eight
     * bytes are left in the array) and with whitespace after it.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsIntegersOfEveryLengthWhereverTheyStand(boolean direct) {
        long power = 1;
        for (int digits = 1; digits <= 19; digits++) {
            long[] values = {power, power == 1 ? 0 : power * 3 + 7, digits == 19 ? Long.MAX_VALUE : power * 10 - 1};
            for (long magnitude : values) {
                for (long value : new long[] {magnitude, -magnitude}) {
                    for (String json : new String[] {"{\"a\":1,\"b\":" + value + "}",
                            "{\"b\":" + value + ",\"a\":1}", "{\"a\":1,\"b\":" + value + " \n}"}) {
                        IntAndLong read = new IntAndLong();
                        assertTrue(wire(json, direct).readDocument(read), json);
                        assertEquals(value, read.b, json);
                    }
                }
            }
            power *= 10;
        }
    }

    /**
     * {@code -0} is the integer zero, which has no sign: a float field reads +0.0, as YAML's core
     * schema does (YamlFuzzFindingsTest) and Jackson's integer does; {@code -0.0} keeps its sign.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void minusZeroWrittenAsAnIntegerReadsAsPositiveZero(boolean direct) {
        AllTypes integer = readAll("{\"float32\":-0,\"float64\":-0}", direct);
        assertEquals(Float.floatToRawIntBits(0f), Float.floatToRawIntBits(integer.float32));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(integer.float64));
        AllTypes quoted = readAll("{\"float32\":\"-0\",\"float64\":\"-0\"}", direct);
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(quoted.float64));
        for (String text : new String[] {"-0.0", "-0e0", "-0E+5", "\"-0.0\""}) {
            AllTypes floating = readAll("{\"float32\":" + text + ",\"float64\":" + text + "}", direct);
            assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(floating.float32), text);
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(floating.float64), text);
        }
    }

    /** Regression for the one-word integer path: a leading zero is still refused, and "-0" is 0. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aLeadingZeroIsRefusedByTheOneWordPathToo(boolean direct) {
        for (String json : new String[] {"{\"a\":0123,\"b\":1}", "{\"a\":-07,\"b\":1}", "{\"a\":00,\"b\":1}"}) {
            assertThrows(WireException.class, () -> wire(json, direct).readDocument(new IntAndLong()), json);
        }
        IntAndLong read = new IntAndLong();
        assertTrue(wire("{\"a\":-0,\"b\":0}", direct).readDocument(read));
        assertEquals(0, read.a);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsIntegersWrittenAsExactNumbersOrAsStrings(boolean direct) {
        AllTypes all = readAll("{\"int8\":-1.0e2,\"int16\":\"-32768\",\"uint16\":6.5535E4,\"int32\":-0,"
                + "\"int64\":\"-9223372036854775808\",\"longs\":[9223372036854775807,1e18,\"7\",null,100.000]}", direct);
        assertEquals(-100, all.int8);
        assertEquals(Short.MIN_VALUE, all.int16);
        assertEquals(65535, all.uint16);
        assertEquals(0, all.int32);
        assertEquals(Long.MIN_VALUE, all.int64);
        assertEquals(java.util.List.of(Long.MAX_VALUE, 1_000_000_000_000_000_000L, 7L, 0L, 100L), all.longs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"int8\":128}", "{\"int8\":1.5}", "{\"uint16\":-1}", "{\"int32\":2147483648}",
            "{\"int64\":9223372036854775808}", "{\"int64\":-9223372036854775809}", "{\"int64\":1e19}",
            "{\"int64\":1e-400}", "{\"int64\":1e999999999999}", "{\"int64\":\"12a\"}", "{\"int64\":\"\"}",
            "{\"int64\":\"\\u0031\"}", "{\"int64\":true}", "{\"int64\":[1]}", "{\"int64\":01}", "{\"int64\":-}",
            "{\"int64\":123456789012345678901234567890}"})
    void rejectsIntegersThatAreNotExactlyInRange(String json) {
        for (boolean direct : new boolean[] {false, true}) {
            WireException e = assertThrows(WireException.class, () -> readAll(json, direct));
            assertEquals("JSON", e.wire());
            assertEquals(1, e.line());
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsNonFiniteFloatsAsStringsAndNumbersInStrings(boolean direct) {
        AllTypes all = readAll("{\"float32\":\"-Infinity\",\"float64\":\"NaN\"}", direct);
        assertEquals(Float.NEGATIVE_INFINITY, all.float32);
        assertTrue(Double.isNaN(all.float64));
        all = readAll("{\"float32\":\"Infinity\",\"float64\":\"-1.5E-3\"}", direct);
        assertEquals(Float.POSITIVE_INFINITY, all.float32);
        assertEquals(-1.5e-3, all.float64);
        all = readAll("{\"float32\":-0.0,\"float64\":1E+2}", direct);
        assertEquals(0, Float.compare(-0.0f, all.float32));
        assertEquals(100.0, all.float64);
        all = readAll("{\"float32\":null,\"float64\":1e300}", direct);
        assertEquals(0f, all.float32);
        assertEquals(1e300, all.float64);
        assertThrows(WireException.class, () -> readAll("{\"float64\":1e400}", direct),
                "a finite number a float64 cannot hold is refused, unless WireOptions.withLossyFloats (JsonFloatRangeTest)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"float64\":\"nan\"}", "{\"float64\":\"Inf\"}", "{\"float64\":\"\"}", "{\"float64\":\"1.5x\"}",
            "{\"float64\":NaN}", "{\"float64\":Infinity}", "{\"float64\":.5}", "{\"float64\":1.}", "{\"float64\":+1}",
            "{\"float64\":\"\\u004eaN\"}", "{\"float32\":true}"})
    void rejectsFloatsJsonCannotHold(String json) {
        assertThrows(WireException.class, () -> readAll(json, false));
        assertThrows(WireException.class, () -> readAll(json, true));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsBase64InBothAlphabetsWithOrWithoutPaddingAndEscapedSlashes(boolean direct) {
        byte[] data = {(byte) 0xFB, (byte) 0xFF, (byte) 0xBF, 0, 1};
        assertArrayEquals(data, readAll("{\"data\":\"+/+/AAE=\"}", direct).data);
        assertArrayEquals(data, readAll("{\"data\":\"-_-_AAE\"}", direct).data);
        assertArrayEquals(data, readAll("{\"data\":\"+\\/+\\/AAE=\"}", direct).data);
        assertArrayEquals(new byte[0], readAll("{\"data\":\"\"}", direct).data);
        assertNull(readAll("{\"data\":null}", direct).data);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"data\":\"A\"}", "{\"data\":\"AB=\"}", "{\"data\":\"A===\"}", "{\"data\":\"AB!C\"}",
            "{\"data\":\"AB=C\"}", "{\"data\":\"\u00e9AAA\"}", "{\"data\":12}"})
    void rejectsMalformedBase64(String json) {
        assertThrows(WireException.class, () -> readAll(json, false));
        assertThrows(WireException.class, () -> readAll(json, true));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsCharsFromAnyEscapeAndUnpairedSurrogates(boolean direct) {
        assertEquals('\uD800', readAll("{\"char16\":\"\\uD800\"}", direct).char16);
        assertEquals('\u00e9', readAll("{\"char16\":\"\u00e9\"}", direct).char16);
        assertEquals('\u20ac', readAll("{\"char16\":\"\\u20AC\"}", direct).char16);
        assertEquals('\n', readAll("{\"char16\":\"\\n\"}", direct).char16);
        assertEquals('/', readAll("{\"char16\":\"\\/\"}", direct).char16);
        assertEquals('\0', readAll("{\"char16\":null}", direct).char16);
        assertThrows(WireException.class, () -> readAll("{\"char16\":\"ab\"}", direct));
        assertThrows(WireException.class, () -> readAll("{\"char16\":\"\"}", direct));
        assertThrows(WireException.class, () -> readAll("{\"char16\":\"\uD83D\uDE00\"}", direct), "two UTF-16 units");
        assertThrows(WireException.class, () -> readAll("{\"char16\":65}", direct));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void keepsUnpairedSurrogateEscapesInTextAndInternsEverythingElse(boolean direct) {
        AllTypes all = readAll("{\"text\":\"a\\uD800b\\uDC00\",\"note\":\"\\uDFFFx\\uD83D\\uDE00\"}", direct);
        assertEquals("a\uD800b\uDC00", all.text);
        assertEquals("\uDFFFx\uD83D\uDE00", all.note.toString());

        String twice = "{\"text\":\"\\uD83D\\uDE00 \\\"q\\\" \\\\ \\t\"}\n";
        Wire wire = wire(twice + twice, direct);
        AllTypes first = new AllTypes();
        AllTypes second = new AllTypes();
        wire.readDocument(first);
        wire.readDocument(second);
        assertEquals("\uD83D\uDE00 \"q\" \\ \t", first.text);
        assertSame(first.text, second.text, "escaped text is interned by its decoded bytes");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsEnumsTypedObjectsAndNullsInAnyLayout(boolean direct) {
        AllTypes all = readAll("{ \"side\" : \"SELL\", \"payload\" : { \"@Party\" :\n {\"name\":\"P\",\"id\":3} } ,"
                + "\"party\":null, \"tags\":null, \"text\":null, \"bool\":true}", direct);
        assertEquals(Side.SELL, all.side);
        assertEquals(new Party("P", null, 3), all.payload);
        assertNull(all.party);
        assertTrue(all.tags.isEmpty());
        assertNull(all.text);
        assertTrue(all.bool);
        assertEquals(new Party("P", null, 3), readAll("{\"payload\":{\"\\u0040Party\":{\"name\":\"P\",\"id\":3}}}", direct).payload);
        assertNull(readAll("{\"payload\":null}", direct).payload);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"side\":\"HOLD\"}", "{\"side\":1}", "{\"payload\":{\"Party\":{}}}",
            "{\"payload\":{\"@Party\":{},\"extra\":1}}", "{\"payload\":{\"@Nobody\":{}}}", "{\"payload\":{\"@Party\":[]}}",
            "{\"payload\":{}}", "{\"party\":[]}", "{\"longs\":{}}", "{\"bool\":1}", "{\"bool\":\"true\"}", "{\"text\":1}",
            "{\"text\":tru}", "{\"party\":nul}"})
    void rejectsValuesOfTheWrongShape(String json) {
        assertThrows(WireException.class, () -> readAll(json, false));
        assertThrows(WireException.class, () -> readAll(json, true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\n\r\t ", "\uFEFF", "\uFEFF \n"})
    void anEmptyOrBlankBufferHoldsNoDocument(String json) {
        assertFalse(wire(json, false).readDocument(new Order()));
        assertFalse(wire(json, true).readValue(v -> { }));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void skipsAByteOrderMarkOnlyAtTheStartOfTheBuffer(boolean direct) {
        Wire wire = wire("\uFEFF{\"id\":1}\n\uFEFF{\"id\":2}\n", direct);
        Order order = new Order();
        assertTrue(wire.readDocument(order));
        assertEquals(1, order.id());
        assertThrows(WireException.class, () -> wire.readDocument(order));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void documentsEndTheirLineAndTheRootOfATypedDocumentIsAnObject(boolean direct) {
        Wire wire = wire("{\"id\":1}\n{\"id\":2} \t\r\n\n {\"id\":3}\n[1,\n2]\n{\n\"id\":4\n}", direct);
        Order order = new Order();
        for (int id = 1; id <= 3; id++) {
            assertTrue(wire.readDocument(order));
            assertEquals(id, order.id());
        }
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(order));
        assertTrue(e.getMessage().contains("a document: a JSON object"), e.getMessage());
        assertTrue(wire.readDocument(order), "the well-formed array was skipped as a whole");
        assertEquals(4, order.id(), "a document may span lines");
        assertFalse(wire.readDocument(order));
    }

    /**
     * Regression: documents needed no separator, so {@code {"id":1}{"id":2}} (or a document with
     * garbage after it on its line) read as several documents. A stream is NDJSON: the next
     * document starts on a new line. The refused document's line is skipped, and the next line read.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aDocumentFollowedOnItsLineByAnotherIsRefusedAndTheNextLineRead(boolean direct) {
        Wire wire = wire("{\"id\":1}{\"id\":2}\n{\"id\":3} \"x\"\n{\"id\":4}\n", direct);
        Order order = new Order();
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(order));
        assertEquals(8, e.offset());
        assertTrue(e.getMessage().contains("a line break after the document"), e.getMessage());
        assertThrows(WireException.class, () -> wire.readDocument(order), "trailing garbage on the line");
        assertTrue(wire.readDocument(order));
        assertEquals(4, order.id());
        Wire values = wire("[][]\n{\"a\": true} \"x\"\n[1]\n", direct);
        assertThrows(WireException.class, () -> values.readValue(v -> { }));
        assertThrows(WireException.class, () -> values.readValue(v -> { }));
        List<Object> read = new ArrayList<>();
        assertTrue(values.readValue(read::add));
        assertEquals(List.of(List.of(1L)), read);
    }

    /**
     * Regression: a readMarshallable that names fields and does not read their values made the
     * next field fail with "expected ',' or '}' after a field's value" on well-formed input; the
     * value is now skipped, whatever it is, in order or not, in a nested object too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1,\"b\":2,\"c\":\"x\",\"d\":4}", "{\"a\":\"b\",\"b\":2,\"c\":\"x\"}",
        "{\"a\":{\"b\":9},\"b\":2,\"c\":\"x\",\"d\":{\"c\":9}}", "{\"a\":[1,{\"b\":9}],\"b\":2,\"c\":\"x\",\"d\":[]}",
        "{ \"a\" : null , \"b\" : 2 , \"c\" : \"x\" , \"d\" : true }", "{\"c\":\"x\",\"b\":2,\"a\":1}",
        "{\"d\":[1],\"b\":2,\"c\":\"x\",\"a\":[1]}"})
    void skipsTheValuesOfFieldsNamedAndNotRead(String json) {
        String inner = json.replace(":2", ":3").replace(": 2 ", ": 3 ").replace("\"x\"", "\"y\"");
        String stream = json + "\n{\"inner\":" + inner + ",\"x\":0,\"n\":7}\n{\"b\":4,\"c\":\"z\"}";
        for (boolean direct : new boolean[] {false, true}) {
            Wire wire = wire(stream, direct);
            UnreadValuesCheck.readsFlat(wire, 2, "x", stream);
            UnreadValuesCheck.readsNested(wire, 3, "y", 7, stream);
            UnreadValuesCheck.readsFlat(wire, 4, "z", stream);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aFieldReadInsideASequenceIsAMistakeCaughtAtOnce(boolean direct) {
        Wire wire = wire("{\"longs\":[1,2]}\n{\"id\":5}\n", direct);
        io.zwire.Field longs = io.zwire.Field.of(15, "longs");
        io.zwire.Marshallable misuse = new io.zwire.Marshallable() {
            @Override
            public void writeMarshallable(io.zwire.WireOut out) {
            }

            @Override
            public void readMarshallable(io.zwire.WireIn in) {
                in.read(longs).sequence(in, (i, seq) -> i.read(longs).int64());
            }
        };
        assertThrows(IllegalStateException.class, () -> wire.readDocument(misuse));
        Order order = new Order();
        assertTrue(wire.readDocument(order), "the reader is usable afterwards");
        assertEquals(5, order.id());
    }

    /**
     * Strings are scanned eight bytes at a time and written through chunks of copied chars: every
     * kind of character that ends the fast path (quote, backslash, control, non-ASCII, surrogate
     * pair) at every offset of a word and around the chunk boundary reads back as written.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everySpecialCharacterAtEveryOffsetRoundTrips(boolean direct) {
        String[] specials = {"\"", "\\", "\n", "\u0001", "\u00e9", "\u20ac", "\uD83D\uDE00", "/", "\u007f"};
        int[] lengths = {0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 31, 255, 256, 257, 300, 511, 512, 513};
        AllTypes all = new AllTypes();
        for (int length : lengths) {
            for (String special : specials) {
                for (int at : new int[] {0, length / 3, length / 2, Math.max(0, length - 1), length}) {
                    StringBuilder text = new StringBuilder("a".repeat(length));
                    text.insert(Math.min(at, length), special);
                    all.text = text.toString();
                    Wire writer = WireType.JSON.apply(Bytes.elastic(16));
                    writer.writeDocument(all);
                    byte[] json = writer.bytes().toByteArray();
                    Bytes bytes = direct ? Bytes.allocateDirect(json.length).write(json) : Bytes.wrap(json);
                    AllTypes copy = new AllTypes();
                    assertTrue(WireType.JSON.apply(bytes).readDocument(copy));
                    assertEquals(all.text, copy.text, () -> "length " + length + ", special " + special + " at " + at);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aControlCharacterAtAnyOffsetIsRejected(boolean direct) {
        for (int at = 0; at < 20; at++) {
            String json = "{\"text\":\"" + "a".repeat(at) + "\u0007" + "b".repeat(20) + "\"}";
            int offset = 9 + at;
            WireException e = assertThrows(WireException.class, () -> readAll(json, direct));
            assertEquals(offset, e.offset(), e.getMessage());
        }
    }

    /**
     * isNull looks past whitespace, and in an array past the comma before an element, without
     * consuming either: in write order, out of order and over escaped keys.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void isNullLooksPastWhitespaceAndCommas(boolean direct) {
        String json = "{ \"first\" :\tnull , \"second\": \"\" ,\n \"th\\u0069rd\" : \"x\",\"side\": null,"
                + " \"inner\" : { \"name\" : null , \"note\" : \"null\" } , \"elements\" : [ null , \"\" ,null\n, \"x\" ] ,"
                + " \"payload\" : null , \"last\" : 42 }\n";
        for (Nullables copy : List.of(new Nullables(), Nullables.outOfOrderWithExtra())) {
            Wire wire = wire(json, direct);
            assertTrue(wire.readDocument(copy));
            assertTrue(copy.first.isNull);
            assertFalse(copy.second.isNull);
            assertEquals("x", copy.third.text.toString());
            assertTrue(copy.inner.name.isNull);
            assertFalse(copy.inner.note.isNull, "the string \"null\"");
            assertEquals(4, copy.elementCount);
            assertTrue(copy.elements[0].isNull);
            assertFalse(copy.elements[1].isNull);
            assertTrue(copy.elements[2].isNull);
            assertFalse(copy.elements[3].isNull);
            assertEquals(42, copy.last);
            assertTrue(copy.extra.isNull);
            assertEquals(0, copy.disagreements);
            assertEquals(0, wire.bytes().readRemaining());
        }
    }
}
