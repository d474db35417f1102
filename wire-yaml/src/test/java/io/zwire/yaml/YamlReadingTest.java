package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.IntAndLong;
import io.zwire.testkit.model.Nullables;
import io.zwire.testkit.UnreadValuesCheck;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The typed reader on YAML that people and other tools write, not just what our writer emits. */
class YamlReadingTest {
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    static Wire wire(WireType type, String yaml) {
        return type.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)), WireOptions.defaults().withTypes(TYPES));
    }

    static Order order(String yaml) {
        Wire wire = wire(WireType.YAML, yaml);
        Order order = new Order();
        assertTrue(wire.readDocument(order), "a document");
        return order;
    }

    static final Order SAMPLE = Order.sample();

    /**
     * Text and enum constants are compared with the field's previous value before they are
     * interned or looked up: a value equal in length but not in bytes, a quoted or escaped spelling
     * of the same text, and values of other fields in between are each read as what they are.
     */
    @Test
    void aFieldsPreviousValueIsReusedOnlyForTheSameText() {
        String documents = "---\nid: 1\nsymbol: EURUSD\nside: BUY\n"
                + "---\nid: 2\nsymbol: EURUSX\nside: SELL\n"
                + "---\nid: 3\nsymbol: \"EUR\\x55SD\"\nside: 'BUY'\n"
                + "---\nsymbol: GBPUSD\nid: 4\n"
                + "---\nid: 5\nsymbol: EURUSD\nside: BUY\n";
        Wire wire = wire(WireType.YAML, documents);
        String[] symbols = {"EURUSD", "EURUSX", "EURUSD", "GBPUSD", "EURUSD"};
        Side[] sides = {Side.BUY, Side.SELL, Side.BUY, null, Side.BUY};
        String first = null;
        for (int i = 0; i < symbols.length; i++) {
            Order read = new Order();
            assertTrue(wire.readDocument(read), "document " + i);
            assertEquals(i + 1, read.id());
            assertEquals(symbols[i], read.symbol(), "document " + i);
            assertEquals(sides[i], read.side(), "document " + i);
            if (i == 0) {
                first = read.symbol();
            } else if (i == 4) {
                assertSame(first, read.symbol(), "the same text read again is the same String");
            }
        }
    }

    /**
     * A field's previous plain value is recognised on the fast path by its bytes alone, so it must
     * end the line there: the same bytes continued on the next line, before a comment, inside
     * longer text, before a trailing blank or a CR, and an enum constant's name with more after it,
     * are each read as what they are (or refused), the value remembered before being plain each time.
     */
    @Test
    void aFieldsPreviousPlainValueIsRecognisedOnlyWhenItEndsTheLine() {
        String plain = "---\nsymbol: EURUSD\nside: BUY\n";
        String[] documents = {
            "---\nsymbol: EURUSD\n  GBPUSD\nside: BUY\n",
            "---\nsymbol: EURUSD #c\nside: BUY #c\n",
            "---\nsymbol: EURUSD:X\nside: BUY\n",
            "---\nsymbol: EURUSD \nside: BUY \n",
            "---\nsymbol: EURUSD\r\nside: BUY\r\n",
            "---\nsymbol: EURUSDX\nside: SELL\n",
            "---\nsymbol: EURUSD\nside: BUY\n",
        };
        String[] symbols = {"EURUSD GBPUSD", "EURUSD", "EURUSD:X", "EURUSD", "EURUSD", "EURUSDX", "EURUSD"};
        Side[] sides = {Side.BUY, Side.BUY, Side.BUY, Side.BUY, Side.BUY, Side.SELL, Side.BUY};
        StringBuilder stream = new StringBuilder();
        for (String document : documents) {
            stream.append(plain).append(document);
        }
        Wire wire = wire(WireType.YAML, stream + plain + "---\nsymbol: EURUSD\nside: BUYS\n");
        for (int i = 0; i < documents.length; i++) {
            Order read = new Order();
            assertTrue(wire.readDocument(read));
            assertEquals("EURUSD", read.symbol());
            assertTrue(wire.readDocument(read), documents[i]);
            assertEquals(symbols[i], read.symbol(), documents[i]);
            assertEquals(sides[i], read.side(), documents[i]);
        }
        assertTrue(wire.readDocument(new Order()));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("a constant of Side"), e.getMessage());
    }

    /**
     * The fast path reads a line whose value looks like a number before it knows what the field
     * will be read as, and stores the scalar only when it is asked for: digits read as text keep
     * their own spelling (leading zeros, sign, fraction), as a float they are the number, and the
     * same holds for the last line, in an anchored mapping (whose first entry the general path
     * reads) and for fields read out of order.
     */
    @Test
    void aNumberReadWithItsKeyIsStillItsOwnTextWhenReadAsText() {
        Order inOrder = order("---\nid: 7\nsymbol: 0012345\nprice: 2\nqty: 3\nside: BUY\n");
        assertEquals("0012345", inOrder.symbol());
        assertEquals(2.0, inOrder.price());
        assertEquals(3, inOrder.qty());
        Order last = order("---\nid: 7\nprice: -0.50\nsymbol: -12.50\n");
        assertEquals("-12.50", last.symbol());
        assertEquals(-0.5, last.price());
        Order anchored = order("---\nid: 8\nparty: &p\n  name: 0042\n  account: 12.5\n  id: 5\nsymbol: 1.0\n");
        assertEquals(new Party("0042", "12.5", 5), anchored.party());
        assertEquals("1.0", anchored.symbol());
        Order reordered = order("---\nqty: 9\nsymbol: 77\nid: 6\nprice: 0012\n");
        assertEquals(new Order(6, "77", 12.0, 9, null, null), reordered);
    }

    /**
     * Integers and numbered keys are read eight digits at a time on the fast path: values of every
     * length from 1 to 19 digits, either sign, with leading zeros (YAML 1.2's core schema reads
     * {@code 007} as 7), as the first entry and as the last (at the very end of the input).
     */
    @ParameterizedTest
    @ValueSource(strings = {"YAML", "YAML_NUMBERED"})
    void readsIntegersOfEveryLengthOnTheFastPath(String wireName) {
        WireType type = WireType.valueOf(wireName);
        String first = type == WireType.YAML ? "a" : "1";
        String second = type == WireType.YAML ? "b" : "2";
        long power = 1;
        for (int digits = 1; digits <= 19; digits++) {
            long[] magnitudes = {power, power * 3 + 7, digits == 19 ? Long.MAX_VALUE : power * 10 - 1};
            for (long magnitude : magnitudes) {
                for (long value : new long[] {magnitude, -magnitude}) {
                    String yaml = first + ": " + (int) value + "\n" + second + ": " + value + "\n";
                    IntAndLong read = new IntAndLong();
                    assertTrue(wire(type, yaml).readDocument(read), yaml);
                    assertEquals((int) value, read.a, yaml);
                    assertEquals(value, read.b, yaml);
                }
            }
            power *= 10;
        }
        IntAndLong read = new IntAndLong();
        assertTrue(wire(type, first + ": 007\n" + second + ": -00000000012").readDocument(read));
        assertEquals(7, read.a);
        assertEquals(-12, read.b);
    }

    /**
     * A plain decimal with a fraction is read on the fast path as its digits divided by a power of
     * ten when both are exact doubles: every value must be the double nearest its text, bit for
     * bit, on that path and on each side of its limits (2^53, 18 digits in all, zero and its
     * sign), in the order the type reads its fields (the fast path's case),
     * before another line and at the end of the input.
     */
    @Test
    void readsPlainDecimalsAsTheNearestDouble() {
        assertReadsPlainDecimalsAsTheNearestDouble(1_000);
    }

    @Test
    @Tag("long")
    void readsTenThousandRandomPlainDecimalsAsTheNearestDouble() {
        assertReadsPlainDecimalsAsTheNearestDouble(10_000);
    }

    private static void assertReadsPlainDecimalsAsTheNearestDouble(int randomTexts) {
        List<String> texts = new ArrayList<>(List.of("1.08345", "-1.08345", "0.1", "0.0", "-0.0", "0", "-0", "00.50",
                "9007199254740992", "9007199254740993", "-9007199254740993", "9007199254740.993", "900719925474099.3",
                "0.9007199254740993", "0.0000000000000000000001", "0.00000000000000000000001", "1.0000000000000000001",
                "123456789012345678", "12345678901234567.8", "1234567890123456789.5", "0.30000000000000004",
                "2.2250738585072014", "4.9", "1.7976931348623157", "999999999999999.9", "1.5e3", "1.", "-.5",
                "0.5", "0", "2.5", "-0", "1.25", "00", "3.75", "9007199254740993"));
        Random random = new Random(20261121);
        for (int i = 0; i < randomTexts; i++) {
            long digits = random.nextLong() >>> (1 + random.nextInt(63));
            String text = Long.toString(digits);
            int scale = random.nextInt(Math.min(text.length() + 6, 26));
            text = new BigDecimal(BigInteger.valueOf(digits), scale).toPlainString();
            texts.add(random.nextBoolean() ? text : "-" + text);
            String shortest = Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(12) - 4));
            if (!shortest.contains("E")) {
                texts.add(shortest);
            }
        }
        StringBuilder stream = new StringBuilder();
        for (String text : texts) {
            double expected = coreSchemaDouble(text);
            for (String yaml : new String[] {"id: 1\nsymbol: X\nprice: " + text + "\nqty: 5\n", "---\nid: 1\nsymbol: X\nprice: " + text}) {
                Order read = order(yaml);
                assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(read.price()), yaml);
            }
            stream.append("---\nid: 1\nsymbol: X\nprice: ").append(text).append('\n');
        }
        // One reader for all, and each value after another in one document: what a line leaves
        // behind must not leak into the next value.
        Wire wire = wire(WireType.YAML, stream.toString());
        for (String text : texts) {
            Order read = new Order();
            assertTrue(wire.readDocument(read), text);
            assertEquals(Double.doubleToRawLongBits(coreSchemaDouble(text)), Double.doubleToRawLongBits(read.price()), text);
        }
        for (int i = 1; i < texts.size(); i++) {
            String yaml = "a: " + texts.get(i - 1) + "\nb: " + texts.get(i) + "\nc: 1\n";
            TwoFloats read = new TwoFloats();
            assertTrue(wire(WireType.YAML, yaml).readDocument(read), yaml);
            assertEquals(Double.doubleToRawLongBits(coreSchemaDouble(texts.get(i - 1))), Double.doubleToRawLongBits(read.a), yaml);
            assertEquals(Double.doubleToRawLongBits(coreSchemaDouble(texts.get(i))), Double.doubleToRawLongBits(read.b), yaml);
        }
    }

    /** The value YAML's core schema gives a plain decimal: -0 is the integer 0, which has no sign (YamlFuzzFindingsTest). */
    private static double coreSchemaDouble(String text) {
        double value = Double.parseDouble(text);
        return value == 0 && text.matches("[-+]?[0-9]+") ? 0.0 : value;
    }

    /**
     * Regression: a readMarshallable that names fields and does not read their values. A value
     * was left half read: the next field could be found inside it (a nested mapping with a key of
     * the same name), and reading failed with an ArrayIndexOutOfBoundsException (a sequence, or an
     * alias as the next value) or a WireException (a nested mapping). It is now skipped, whatever
     * it is, in order or not, in a nested object too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"a: 1\nb: 2\nc: x\nd: 4\n", "a: foo\nb: 2\nc: x\nd: \"bar\"\n", "a: -1.5\nb: 2\nc: x\n",
        "a:\n  x: 1\nb: 2\nc: x\nd:\n  c: 9\n", "a:\n  b: 9\nb: 2\nc: x\n", "a: [1, 2]\nb: 2\nc: x\nd: {e: 5}\n",
        "a: &n 2\nb: *n\nc: x\n", "a: 1 # one\nb: 2\nc: x\nd: |\n  text\n", "c: x\nb: 2\na: 1\n", "d: [1]\nb: 2\nc: x\na: [1]\n"})
    void skipsTheValuesOfFieldsNamedAndNotRead(String yaml) {
        String inner = yaml.replace("*n", "3").replace(": 2\n", ": 3\n").replace(": x\n", ": y\n").replaceAll("(?m)^(?=.)", "  ");
        String stream = yaml + "---\ninner:\n" + inner + "x: 0\nn: 7\n---\nb: 4\nc: z\n";
        Wire wire = wire(WireType.YAML, stream);
        UnreadValuesCheck.readsFlat(wire, 2, "x", stream);
        UnreadValuesCheck.readsNested(wire, 3, "y", 7, stream);
        UnreadValuesCheck.readsFlat(wire, 4, "z", stream);
    }

    private static final class TwoFloats implements Marshallable {
        static final Field A = Field.of(1, "a");
        static final Field B = Field.of(2, "b");
        double a;
        double b;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).float64(a).write(B).float64(b);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(A).float64(this, (o, v) -> o.a = v).read(B).float64(this, (o, v) -> o.b = v);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // block, our own layout without the marker
        "id: 1000001\nsymbol: EURUSD\nprice: 1.08345\nqty: 1000000\nside: BUY\nparty:\n  name: Meridian Capital Partners\n  account: MCP-EU-000042\n  id: 42\n",
        // flow, on one line and spread over lines
        "{id: 1000001, symbol: EURUSD, price: 1.08345, qty: 1000000, side: BUY, party: {name: Meridian Capital Partners, account: MCP-EU-000042, id: 42}}",
        "---\n{ id: 1000001,\n  symbol: \"EURUSD\",\n  price: 1.08345, qty: 1000000,\n  side: BUY,\n  party: { name: 'Meridian Capital Partners', account: MCP-EU-000042, id: 42 } }\n",
        // JSON is YAML
        "{\"id\":1000001,\"symbol\":\"EURUSD\",\"price\":1.08345,\"qty\":1000000,\"side\":\"BUY\",\"party\":{\"name\":\"Meridian Capital Partners\",\"account\":\"MCP-EU-000042\",\"id\":42}}",
        // any key order, comments everywhere, quoted keys, extra blank lines
        "# an order\n---   # the document\nparty:   # nested\n    id: 42\n    'name': \"Meridian Capital Partners\"   \n\n    account: MCP-EU-000042\nside: BUY\n\"qty\": 1_000_000\n",
        // CRLF line ends, a document end marker, numbers written other ways
        "---\r\nid: 0xF4241\r\nsymbol: EURUSD\r\nprice: 108345e-5\r\nqty: +1000000\r\nside: BUY\r\nparty: {name: Meridian Capital Partners,\r\n  account: MCP-EU-000042, id: 0o52}\r\n...\r\n",
        // block scalars and multi-line flow scalars for text
        "id: 1000001\nsymbol: |-\n  EURUSD\nprice: 1.08345\nqty: 1000000\nside: >-\n  BUY\nparty:\n  name: >-\n    Meridian\n    Capital Partners\n  account: \"MCP-EU-\\\n    000042\"\n  id: 42\n",
        // tags on the values, an explicit key, a flow mapping inside block, an indentless nothing
        "id: !!int 1000001\nsymbol: !!str EURUSD\n? price\n: !!float 1.08345\nqty: 1000000\nside: BUY\nparty: !!map {name: Meridian Capital Partners, account: MCP-EU-000042, id: 42}\n",
        // anchors and aliases: the party and a scalar defined once
        "defaults: &p {name: Meridian Capital Partners, account: MCP-EU-000042, id: 42}\nsym: &s EURUSD\nid: 1000001\nsymbol: *s\nprice: 1.08345\nqty: 1000000\nside: BUY\nparty: *p\n",
    })
    void readsWhatPeopleWrite(String yaml) {
        Order read = order(yaml.replace("1_000_000", "1000000"));
        Order expected = SAMPLE;
        if (yaml.startsWith("# an order")) {
            expected = new Order(0, null, 0, 1_000_000, Side.BUY, SAMPLE.party());
        }
        assertEquals(expected, read, yaml);
    }

    @Test
    void readsSnakeYamlStyleDumpsWithTypedObjects() {
        AllTypes all = new AllTypes();
        Wire wire = wire(WireType.YAML, """
                int8: -7
                int16: -1234
                uint16: 65000
                int32: 123456789
                int64: -9876543210
                float32: 1.5
                float64: 1.08345
                bool: true
                char16: Z
                text: EURUSD
                note: limit order, good till cancelled
                data: !!binary |-
                  AAEC/38=
                side: SELL
                party: {name: Alice, account: ACC-1, id: 7}
                longs: [1, -2, 9223372036854775807]
                tags: [a, '', b c]
                parties:
                - {name: Bob, account: null, id: 2}
                - name: Carol
                  account: ACC-3
                  id: 3
                matrix:
                - [1, 2, 3]
                - []
                - [-4]
                payload: !Order
                  id: 1000001
                  symbol: EURUSD
                  price: 1.08345
                  qty: 1000000
                  side: BUY
                  party: {name: Meridian Capital Partners, account: MCP-EU-000042, id: 42}
                """);
        assertTrue(wire.readDocument(all));
        assertEquals(-7, all.int8);
        assertEquals(65000, all.uint16);
        assertEquals(-9876543210L, all.int64);
        assertEquals('Z', all.char16);
        assertEquals("limit order, good till cancelled", all.note.toString());
        assertArrayEquals(new byte[] {0, 1, 2, (byte) 0xFF, 0x7F}, all.data);
        assertEquals(new Party("Alice", "ACC-1", 7), all.party);
        assertEquals(List.of(1L, -2L, Long.MAX_VALUE), all.longs);
        assertEquals(List.of("a", "", "b c"), all.tags);
        assertEquals(List.of(new Party("Bob", null, 2), new Party("Carol", "ACC-3", 3)), all.parties);
        assertEquals(List.of(List.of(1, 2, 3), List.of(), List.of(-4)), all.matrix);
        assertEquals(SAMPLE, all.payload);
    }

    @Test
    void readsSeveralDocumentsWithMarkersDirectivesAndComments() {
        Wire wire = wire(WireType.YAML, """
                %YAML 1.2
                ---
                id: 1
                ...
                # between documents
                --- {id: 2}
                ---
                id: 3
                ...
                """);
        Order order = new Order();
        for (long id = 1; id <= 3; id++) {
            assertTrue(wire.readDocument(order));
            assertEquals(id, order.id());
        }
        assertFalse(wire.readDocument(order));
    }

    /** An empty document's root is null too: each is refused, and the document after it read. */
    @Test
    void anEmptyOrNullDocumentIsRefusedAndTheNextOneRead() {
        Wire wire = wire(WireType.YAML, "---\n--- null\n--- ~\n---\n# nothing but a comment\n--- {id: 5}\n");
        Order order = Order.sample();
        for (int i = 0; i < 4; i++) {
            int document = i;
            assertThrows(WireException.class, () -> wire.readDocument(order), () -> "document " + document);
            assertEquals(Order.sample(), order, "no field was set");
        }
        assertTrue(wire.readDocument(order));
        assertEquals(5, order.id());
        assertFalse(wire.readDocument(new Order()));
    }

    @Test
    void nullsAndDefaultsAsOtherToolsSpellThem() {
        Order order = order("id: ~\nsymbol: null\nprice:\nqty: NULL\nside: Null\nparty: ~\n");
        assertEquals(new Order(), order);
        Order quoted = order("id: !!int \"5\"\nsymbol: 'null'\nprice: !!float '2.5'\nside: \"SELL\"\n");
        assertEquals(new Order(5, "null", 2.5, 0, Side.SELL, null), quoted);
        assertThrows(WireException.class, () -> order("id: \"5\"\n"), "a quoted scalar is a string: no int64 (YamlNumberKindsTest)");
        assertThrows(WireException.class, () -> order("price: '2.5'\n"), "a quoted scalar is a string: no float64");
    }

    @Test
    void floatsInEverySpelling() {
        assertEquals(Double.POSITIVE_INFINITY, order("price: .inf").price());
        assertEquals(Double.POSITIVE_INFINITY, order("price: +.Inf").price());
        assertEquals(Double.NEGATIVE_INFINITY, order("price: -.INF").price());
        assertTrue(Double.isNaN(order("price: .NaN").price()));
        assertEquals(0, Double.compare(-0.0, order("price: -0.0").price()));
        assertEquals(1e300, order("price: 1.0E+300").price());
        assertEquals(1e300, order("price: 1e300").price());
        assertEquals(0.5, order("price: .5").price());
        assertEquals(3.0, order("price: 3").price());
        assertEquals(255.0, order("price: 0xFF").price());
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "0, 0", "-0, 0", "007, 7", "-12, -12", "123456789012345678, 123456789012345678",
        "-123456789012345678, -123456789012345678", "1234567890123456789, 1234567890123456789",
        "9223372036854775807, 9223372036854775807", "-9223372036854775808, -9223372036854775808",
        "0x7FFFFFFFFFFFFFFF, 9223372036854775807", "+42, 42", "0o17, 15",
    })
    void integersOnEitherSideOfTheInPlaceDecimalPath(String text, long expected) {
        assertEquals(expected, order("id: " + text + "\nqty: 1\n").id());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-", "1-2", "12a", "9223372036854775808", "-9223372036854775809", "1.0", "0x"})
    void textThatIsNotAnIntegerIsAWireException(String text) {
        assertThrows(WireException.class, () -> order("id: " + text + "\nqty: 1\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "party:\n    name: Meridian Capital Partners\n    account: MCP-EU-000042\n    id: 42\nqty: 5\n",
        "party:\n name: Meridian Capital Partners\n account: MCP-EU-000042\n id: 42\nqty: 5\n",
        "party:\n  name:\n  account: MCP-EU-000042\n  id: 42\nqty: 5\n",
        "party:\n  # a comment first\n  name: Meridian Capital Partners\n  account: MCP-EU-000042\n  id: 42\nqty: 5\n",
        "party:\r\n  name: Meridian Capital Partners\r\n  account: MCP-EU-000042\r\n  id: 42\r\nqty: 5\r\n",
        "party: \n  name: Meridian Capital Partners\n  account: MCP-EU-000042\n  id: 42\nqty: 5",
    })
    void nestedBlockMappingsWhateverTheirIndentation(String yaml) {
        Order read = order(yaml);
        assertEquals(5, read.qty());
        assertEquals(42, read.party().id());
        assertEquals("MCP-EU-000042", read.party().account());
        assertEquals(yaml.contains("name:\n") ? null : "Meridian Capital Partners", read.party().name());
    }

    @Test
    void aliasesToScalarsObjectsAndSequencesAreFollowed() {
        AllTypes all = new AllTypes();
        Wire wire = wire(WireType.YAML, """
                anchors:
                  - &n 42
                  - &p {name: P, account: A, id: 1}
                  - &l [1, 2, 3]
                  - &t !Party {name: T, id: 9}
                int32: *n
                int64: *n
                party: *p
                longs: *l
                parties: [*p, *p]
                payload: *t
                """);
        assertTrue(wire.readDocument(all));
        assertEquals(42, all.int32);
        assertEquals(42, all.int64);
        assertEquals(new Party("P", "A", 1), all.party);
        assertEquals(List.of(1L, 2L, 3L), all.longs);
        assertEquals(List.of(new Party("P", "A", 1), new Party("P", "A", 1)), all.parties);
        assertEquals(new Party("T", null, 9), all.payload);
    }

    @Test
    void aliasExpansionsAreLimitedPerDocument() {
        StringBuilder yaml = new StringBuilder("anchors: [&x 1]\nlongs: [");
        for (int i = 0; i < 20; i++) {
            yaml.append(i == 0 ? "" : ", ").append("*x");
        }
        yaml.append("]\n");
        WireOptions limited = WireOptions.defaults().withTypes(TYPES)
                .withLimits(ReadLimits.defaults().withMaxAliasExpansions(10));
        Wire wire = WireType.YAML.apply(Bytes.wrap(yaml.toString().getBytes(StandardCharsets.UTF_8)), limited);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("maxAliasExpansions"), e.getMessage());
        Wire enough = WireType.YAML.apply(Bytes.wrap(yaml.toString().getBytes(StandardCharsets.UTF_8)),
                WireOptions.defaults().withTypes(TYPES).withLimits(ReadLimits.defaults().withMaxAliasExpansions(20)));
        AllTypes all = new AllTypes();
        assertTrue(enough.readDocument(all));
        assertEquals(20, all.longs.size());
    }

    @Test
    void anAliasToAnAnchorAfterItIsAWireException() {
        Wire wire = wire(WireType.YAML, "int32: *later\nlongs: [&later 1]\n");
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("anchor defined before"), e.getMessage());
    }

    @Test
    void fieldsOutOfOrderInsideFlowAndBlockMixes() {
        Order read = order("party: {id: 42, account: MCP-EU-000042, name: Meridian Capital Partners}\n"
                + "side: BUY\nqty: 1000000\nprice: 1.08345\nsymbol: EURUSD\nid: 1000001\n");
        assertEquals(SAMPLE, read);
    }

    @Test
    void unknownFieldsOfEveryShapeAreSkipped() {
        Order read = order("""
                extra1: {a: [1, {b: c}], d: "multi
                    line"}
                extra1b: |
                  literal
                    more
                extra2:
                  - - nested
                  - ? complex key
                    : value
                id: 1000001
                extra3: &anchored [x, y]
                symbol: EURUSD
                extra4: *anchored
                price: 1.08345
                ? [a, complex, key]
                : ignored
                qty: 1000000
                side: BUY
                party: {name: Meridian Capital Partners, account: MCP-EU-000042, id: 42, extra5: !tag "x"}
                """);
        assertEquals(SAMPLE, read);
    }

    @Test
    void numberedKeysInAnyFormAndOrder() {
        Wire wire = wire(WireType.YAML_NUMBERED, """
                6: {3: 42, 1: Meridian Capital Partners, 2: MCP-EU-000042}
                "5": BUY
                4: 1000000
                3: 1.08345
                2: EURUSD
                1: 1000001
                99: ignored
                """);
        Order order = new Order();
        assertTrue(wire.readDocument(order));
        assertEquals(SAMPLE, order);
    }

    @Test
    void aNamedKeyOnTheNumberedWireIsAWireException() {
        Wire wire = wire(WireType.YAML_NUMBERED, "---\n2: EURUSD\nname: x\n");
        assertThrows(WireException.class, () -> wire.readDocument(new Order()));
    }

    @Test
    void textIsInternedWhateverItsStyle() {
        Wire wire = wire(WireType.YAML, "symbol: EURUSD\n---\nsymbol: 'EURUSD'\n---\nsymbol: \"EUR\\x55SD\"\n");
        Order a = new Order();
        Order b = new Order();
        Order c = new Order();
        wire.readDocument(a);
        wire.readDocument(b);
        wire.readDocument(c);
        assertEquals("EURUSD", a.symbol());
        assertSame(a.symbol(), b.symbol());
        assertSame(a.symbol(), c.symbol());
    }

    @Test
    void theBinaryTagIsCheckedAndBase64WithLineBreaksIsRead() {
        AllTypes all = new AllTypes();
        assertTrue(wire(WireType.YAML, "data: !!binary |\n  AAEC\n  /38=\n").readDocument(all));
        assertArrayEquals(new byte[] {0, 1, 2, (byte) 0xFF, 0x7F}, all.data);
        assertThrows(WireException.class, () -> wire(WireType.YAML, "data: !!str AAEC\n").readDocument(new AllTypes()));
        assertThrows(WireException.class, () -> wire(WireType.YAML, "data: not*base64\n").readDocument(new AllTypes()));
    }

    @Test
    void aLoneSurrogateEscapeIsAChar16AndText() {
        AllTypes all = new AllTypes();
        assertTrue(wire(WireType.YAML, "char16: \"\\uDC00\"\n").readDocument(all));
        assertEquals('\uDC00', all.char16);
        AllTypes text = new AllTypes();
        assertTrue(wire(WireType.YAML, "text: \"a\\uD800b\"\nnote: \"\\uDFFF\"\n").readDocument(text));
        assertEquals("a\uD800b", text.text, "text the writer escapes reads back exactly");
        assertEquals("\uDFFF", text.note.toString());
    }

    @Test
    void anEmptyQuotedChar16IsAWireException() {
        // Regression: an empty scalar for a char16 went past the end of the decoded text.
        WireException e = assertThrows(WireException.class,
                () -> wire(WireType.YAML, "char16: \"\"\n").readDocument(new AllTypes()));
        assertTrue(e.getMessage().contains("char16"), e.getMessage());
    }

    /**
     * Regression (a probe of records): a plain {@code ~} read as the char '~' and a plain
     * {@code null} was refused, where every other kind reads YAML's null as its default. zwire
     * quotes a '~' or 'n' it writes, so it reads back as itself.
     */
    @Test
    void aNullChar16InEverySpellingReadsAsTheDefault() {
        for (String spelling : new String[] {"~", "null", "NULL", "!!null ~", "!!null ''", ""}) {
            AllTypes all = new AllTypes();
            all.char16 = 'x';
            assertTrue(wire(WireType.YAML, "char16: " + spelling + "\n").readDocument(all));
            assertEquals('\0', all.char16, spelling);
        }
        for (char c : new char[] {'~', 'n', 'N', 'y', '\0'}) {
            for (WireType type : new WireType[] {WireType.YAML, WireType.YAML_NUMBERED}) {
                AllTypes sent = new AllTypes();
                sent.char16 = c;
                Wire written = type.apply(Bytes.elastic(512));
                written.writeDocument(sent);
                AllTypes read = new AllTypes();
                assertTrue(written.readDocument(read));
                assertEquals(c, read.char16, type + " " + (int) c);
            }
        }
    }

    @Test
    void readsFromADirectBufferDocumentByDocumentAndRecovers() {
        byte[] yaml = "id: 1\n---\nid: x\n---\n{id: 3}\n...\n--- {id: 4}\n".getBytes(StandardCharsets.UTF_8);
        Bytes direct = Bytes.allocateDirect(yaml.length);
        direct.write(yaml);
        Wire wire = WireType.YAML.apply(direct);
        Order order = new Order();
        assertTrue(wire.readDocument(order));
        assertEquals(1, order.id());
        assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(wire.readDocument(order));
        assertEquals(3, order.id());
        assertTrue(wire.readDocument(order));
        assertEquals(4, order.id());
        assertFalse(wire.readDocument(order));
    }

    /** Reads an id and records the other keys with their text values. */
    static final class IdOnly implements io.zwire.Marshallable {
        static final io.zwire.Field ID = io.zwire.Field.of(1, "id");
        long id;
        final StringBuilder seen = new StringBuilder();

        @Override
        public void writeMarshallable(io.zwire.WireOut out) {
            out.write(ID).int64(id);
        }

        @Override
        public void readMarshallable(io.zwire.WireIn in) {
            in.read(ID).int64(this, (o, v) -> o.id = v);
        }

        @Override
        public void unexpectedField(io.zwire.WireKey key, io.zwire.ValueIn value) {
            seen.append(key.name()).append('=').append(value.text()).append(';');
        }
    }

    @Test
    void theHookSeesEachUnexpectedKeyWithItsValueInFlowAndBlock() {
        IdOnly flow = new IdOnly();
        assertTrue(wire(WireType.YAML, "{venue: XLON, id: 7, 'trader': \"Bob\"}\n").readDocument(flow));
        assertEquals(7, flow.id);
        assertEquals("venue=XLON;trader=Bob;", flow.seen.toString());
        IdOnly block = new IdOnly();
        assertTrue(wire(WireType.YAML, "venue: XLON\nid: 8\n? trader\n: |\n  Bob\n").readDocument(block));
        assertEquals(8, block.id);
        assertEquals("venue=XLON;trader=Bob\n;", block.seen.toString());
    }

    @Test
    void nullSequencesAndObjectsReadAsEmptyAndNull() {
        AllTypes all = new AllTypes();
        all.longs.add(5L);
        all.party = new Party("x", "y", 1);
        assertTrue(wire(WireType.YAML, "longs: ~\nparty: null\nparties: []\nmatrix: [[], ~]\n").readDocument(all));
        assertTrue(all.longs.isEmpty());
        assertNull(all.party);
        assertTrue(all.parties.isEmpty());
        assertEquals(List.of(List.of(), List.of()), all.matrix);
    }

    /**
     * isNull sees every spelling of null (plain ~, NULL and empty, the !!null tag) and not a quoted
     * "null"; it looks through an alias, to a null scalar or to a mapping, and leaves the alias to
     * the read that follows; in write order, out of order and as sequence elements.
     */
    @Test
    void isNullSeesEverySpellingOfNullAndLooksThroughAliases() {
        String document = "---\nfirst: &n ~\nsecond: *n\nthird: !!null ''\nside: NULL\ninner:\n  name: \"null\"\n  note:\n"
                + "elements:\n  - *n\n  - 'null'\n  - &e ''\n  - *e\npayload: *n\nlast: 42\nextra: *n\n";
        for (Nullables copy : List.of(new Nullables(), Nullables.outOfOrderWithExtra())) {
            Wire wire = wire(WireType.YAML, document);
            assertTrue(wire.readDocument(copy));
            assertTrue(copy.first.isNull && copy.second.isNull && copy.third.isNull, copy.toString());
            assertNull(copy.side);
            assertFalse(copy.innerNull);
            assertFalse(copy.inner.name.isNull, "a quoted \"null\" is text");
            assertEquals("null", copy.inner.name.text.toString());
            assertTrue(copy.inner.note.isNull, "an empty value");
            assertEquals(4, copy.elementCount);
            assertTrue(copy.elements[0].isNull, "an alias to a null");
            assertFalse(copy.elements[1].isNull);
            assertFalse(copy.elements[2].isNull);
            assertFalse(copy.elements[3].isNull, "an alias to an empty text");
            assertEquals("", copy.elements[3].text.toString());
            assertNull(copy.payload);
            assertEquals(42, copy.last);
            assertTrue(copy.extra.isNull);
            assertEquals(0, copy.disagreements);
        }

        Wire wire = wire(WireType.YAML, "---\nanchors: &i {name: a, note: ~}\ninner: *i\nelements: [x]\nlast: 7\n");
        Nullables copy = new Nullables();
        assertTrue(wire.readDocument(copy));
        assertFalse(copy.innerNull, "an alias to a mapping");
        assertEquals("a", copy.inner.name.text.toString());
        assertTrue(copy.inner.note.isNull);
        assertFalse(copy.elementsNull);
        assertEquals(1, copy.elementCount);
        assertEquals(7, copy.last);
    }
}
