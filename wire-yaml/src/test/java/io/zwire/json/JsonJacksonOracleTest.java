package io.zwire.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.MapOracle;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteBook;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Venue;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jackson-core as the oracle, both ways, on randomized instances of the test types: whatever our
 * writer emits, jackson's parser reads to the same values; whatever jackson's generator writes in
 * our format (compact or pretty-printed, non-ASCII raw or escaped, fields in any order), our
 * reader reads back into an equal object.
 */
class JsonJacksonOracleTest {
    private static final int INSTANCES = 400;
    private static final JsonFactory PLAIN = new JsonFactory();
    private static final JsonFactory ESCAPING = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();
    private static final String[] PIECES = {"a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u0000", "\u001f", "\u007f",
        "\u00e9", "\u20ac", "\u65e5", "\u2028", "\uFEFF", "\uD83D\uDE00", "\uD800\uDC00", "{", "}", "[", ":", ",", "#", "'"};

    // ------------------------------------------------------------------ random instances

    static String text(Random random, int maxPieces) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxPieces + 1); i > 0; i--) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.toString();
    }

    static Party party(Random random) {
        return new Party(random.nextInt(5) == 0 ? null : text(random, 6), random.nextInt(3) == 0 ? null : text(random, 3),
                random.nextLong());
    }

    static Order order(Random random) {
        return new Order(random.nextLong(), random.nextInt(6) == 0 ? null : text(random, 4), randomDouble(random),
                random.nextInt(), random.nextInt(3) == 0 ? null : Side.values()[random.nextInt(2)],
                random.nextInt(3) == 0 ? null : party(random));
    }

    static double randomDouble(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> Double.longBitsToDouble(random.nextLong());
            case 1 -> new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
                Double.MIN_VALUE, Double.MAX_VALUE}[random.nextInt(7)];
            case 2 -> random.nextInt(1000) / 100.0;
            default -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
        };
    }

    static AllTypes allTypes(Random random, boolean loneSurrogates) {
        AllTypes all = new AllTypes();
        all.int8 = (byte) random.nextInt();
        all.int16 = (short) random.nextInt();
        all.uint16 = random.nextInt(0x10000);
        all.int32 = random.nextInt();
        all.int64 = random.nextLong();
        all.float32 = random.nextInt(4) == 0 ? Float.intBitsToFloat(random.nextInt()) : (float) randomDouble(random);
        all.float64 = randomDouble(random);
        all.bool = random.nextBoolean();
        char c = (char) random.nextInt(0x10000);
        all.char16 = !loneSurrogates && Character.isSurrogate(c) ? 'S' : c;
        all.text = random.nextInt(5) == 0 ? null : text(random, 12);
        all.note.append(text(random, 8));
        if (random.nextInt(4) > 0) {
            all.data = new byte[random.nextInt(20)];
            random.nextBytes(all.data);
        }
        all.side = random.nextInt(3) == 0 ? null : Side.values()[random.nextInt(2)];
        all.party = random.nextInt(3) == 0 ? null : party(random);
        for (int i = random.nextInt(6); i > 0; i--) {
            all.longs.add(random.nextLong());
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            all.tags.add(random.nextInt(6) == 0 ? null : text(random, 3));
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            all.parties.add(party(random));
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            List<Integer> row = new ArrayList<>();
            for (int k = random.nextInt(4); k > 0; k--) {
                row.add(random.nextInt());
            }
            all.matrix.add(row);
        }
        all.payload = switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> order(random);
            default -> party(random);
        };
        return all;
    }

    // ------------------------------------------------------------------ our writer, jackson's parser

    /** A number as jackson's parser found it: the token and its text. */
    record Num(JsonToken token, String text) {
    }

    /** The JSON value at the parser's current token, as maps, lists, strings, {@link Num}s, booleans and null. */
    static Object tree(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    map.put(name, tree(parser));
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(tree(parser));
                }
                return list;
            }
            case VALUE_STRING -> {
                return parser.getText();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new Num(token, parser.getText());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return token == JsonToken.VALUE_TRUE;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new AssertionError("unexpected token " + token);
        }
    }

    static long integer(Object value) {
        Num number = (Num) value;
        assertEquals(JsonToken.VALUE_NUMBER_INT, number.token());
        return Long.parseLong(number.text());
    }

    static double float64(Object value) {
        if (value instanceof String special) {
            return switch (special) {
                case "NaN" -> Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw new AssertionError("not a non-finite float: " + special);
            };
        }
        return Double.parseDouble(((Num) value).text());
    }

    static float float32(Object value) {
        return value instanceof String ? (float) float64(value) : Float.parseFloat(((Num) value).text());
    }

    static void assertParty(Party party, Object value) {
        if (party == null) {
            assertNull(value);
            return;
        }
        Map<?, ?> map = (Map<?, ?>) value;
        assertEquals(List.of("name", "account", "id"), new ArrayList<>(map.keySet()));
        assertEquals(party.name(), map.get("name"));
        assertEquals(party.account(), map.get("account"));
        assertEquals(party.id(), integer(map.get("id")));
    }

    static void assertOrder(Order order, Object value) {
        Map<?, ?> map = (Map<?, ?>) value;
        assertEquals(order.id(), integer(map.get("id")));
        assertEquals(order.symbol(), map.get("symbol"));
        assertEquals(0, Double.compare(order.price(), float64(map.get("price"))), "price " + order.price());
        assertEquals(order.qty(), integer(map.get("qty")));
        assertEquals(order.side() == null ? null : order.side().name(), map.get("side"));
        assertParty(order.party(), map.get("party"));
    }

    static void assertJacksonReads(AllTypes all, Map<?, ?> tree, JsonParser parser) throws IOException {
        assertEquals(all.int8, integer(tree.get("int8")));
        assertEquals(all.int16, integer(tree.get("int16")));
        assertEquals(all.uint16, integer(tree.get("uint16")));
        assertEquals(all.int32, integer(tree.get("int32")));
        assertEquals(all.int64, integer(tree.get("int64")));
        assertEquals(0, Float.compare(all.float32, float32(tree.get("float32"))), "float32 " + all.float32);
        assertEquals(0, Double.compare(all.float64, float64(tree.get("float64"))), "float64 " + all.float64);
        assertEquals(all.bool, tree.get("bool"));
        assertEquals(String.valueOf(all.char16), tree.get("char16"));
        assertEquals(all.text, tree.get("text"));
        assertEquals(all.note.toString(), tree.get("note"));
        if (all.data == null) {
            assertNull(tree.get("data"));
        } else {
            try (JsonParser bytes = PLAIN.createParser("\"" + tree.get("data") + "\"")) {
                bytes.nextToken();
                assertArrayEquals(all.data, bytes.getBinaryValue(), "base64 as jackson decodes it");
            }
        }
        assertEquals(all.side == null ? null : all.side.name(), tree.get("side"));
        assertParty(all.party, tree.get("party"));
        List<?> longs = (List<?>) tree.get("longs");
        assertEquals(all.longs.size(), longs.size());
        for (int i = 0; i < longs.size(); i++) {
            assertEquals(all.longs.get(i), integer(longs.get(i)));
        }
        assertEquals(all.tags, tree.get("tags"));
        List<?> parties = (List<?>) tree.get("parties");
        assertEquals(all.parties.size(), parties.size());
        for (int i = 0; i < parties.size(); i++) {
            assertParty(all.parties.get(i), parties.get(i));
        }
        List<?> matrix = (List<?>) tree.get("matrix");
        assertEquals(all.matrix.size(), matrix.size());
        for (int i = 0; i < matrix.size(); i++) {
            List<?> row = (List<?>) matrix.get(i);
            assertEquals(all.matrix.get(i).size(), row.size());
            for (int k = 0; k < row.size(); k++) {
                assertEquals((long) all.matrix.get(i).get(k), integer(row.get(k)));
            }
        }
        Object payload = tree.get("payload");
        if (all.payload == null) {
            assertNull(payload);
        } else {
            Map<?, ?> wrapper = (Map<?, ?>) payload;
            assertEquals(1, wrapper.size());
            if (all.payload instanceof Order order) {
                assertOrder(order, wrapper.get("@Order"));
            } else {
                assertParty((Party) all.payload, wrapper.get("@Party"));
            }
        }
        assertEquals(19, tree.size(), "every field, no other");
        assertNull(parser.nextToken(), "one value per document");
    }

    @Test
    void jacksonReadsWhatWeWrite() throws IOException {
        Random random = new Random(20_251);
        Wire wire = WireType.JSON.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(JsonReaderTest.TYPES));
        for (int i = 0; i < INSTANCES; i++) {
            AllTypes all = allTypes(random, true);
            wire.bytes().clear();
            wire.writeDocument(all);
            byte[] json = wire.bytes().toByteArray();
            try (JsonParser parser = PLAIN.createParser(json)) {
                parser.nextToken();
                assertJacksonReads(all, (Map<?, ?>) tree(parser), parser);
            } catch (AssertionError | IOException e) {
                throw new AssertionError("instance " + i + ": " + new String(json, java.nio.charset.StandardCharsets.UTF_8), e);
            }
        }
    }

    @Test
    void jacksonReadsAForeignTypeAndWeReadJacksonsQuoteThroughItsMarshaller() throws IOException {
        Wire wire = WireType.JSON.apply(Bytes.elastic(256));
        wire.writeDocument(new QuoteBook(null, QuoteMarshallers.sample(),
                new Quote(2, "USDJPY", 151.5, 3, Side.BUY, false, null)));
        Map<?, ?> book;
        try (JsonParser parser = PLAIN.createParser(wire.bytes().toByteArray())) {
            parser.nextToken();
            book = (Map<?, ?>) tree(parser);
        }
        assertNull(book.get("best"));
        List<?> quotes = (List<?>) book.get("quotes");
        Map<?, ?> first = (Map<?, ?>) quotes.get(0);
        assertEquals("EURUSD", first.get("symbol"));
        assertEquals(1.08345, Double.parseDouble(((Num) first.get("bid")).text()));
        assertEquals("SELL", first.get("side"));
        assertEquals(Map.of("name", "XLON", "code", new Num(JsonToken.VALUE_NUMBER_INT, "7")), first.get("venue"));
        assertNull(((Map<?, ?>) quotes.get(1)).get("venue"));

        ByteArrayOutputStream json = new ByteArrayOutputStream();
        try (JsonGenerator g = PLAIN.createGenerator(json)) {
            g.writeStartObject();
            g.writeObjectFieldStart("venue");
            g.writeNumberField("code", 9);
            g.writeStringField("name", "XPAR");
            g.writeEndObject();
            g.writeBooleanField("firm", true);
            g.writeStringField("symbol", "GBPUSD");
            g.writeNumberField("id", 5);
            g.writeNumberField("bid", -0.5);
            g.writeEndObject();
        }
        Wire read = WireType.JSON.apply(Bytes.wrap(json.toByteArray()));
        assertEquals(new Quote(5, "GBPUSD", -0.5, 0, null, true, new Venue("XPAR", 9)),
                read.readDocument(null, QuoteMarshallers.QUOTES));
    }

    // ------------------------------------------------------------------ jackson's generator, our reader

    /** Writes the fields in the order given, or shuffled. */
    static void writeParty(JsonGenerator g, Party party, Random order) throws IOException {
        if (party == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        List<Runnable> fields = new ArrayList<>();
        fields.add(() -> field(g, "name", party.name()));
        fields.add(() -> field(g, "account", party.account()));
        fields.add(() -> number(g, "id", party.id()));
        run(fields, order);
        g.writeEndObject();
    }

    static void writeOrder(JsonGenerator g, Order o, Random order) throws IOException {
        g.writeStartObject();
        List<Runnable> fields = new ArrayList<>();
        fields.add(() -> number(g, "id", o.id()));
        fields.add(() -> field(g, "symbol", o.symbol()));
        fields.add(() -> unchecked(() -> {
            g.writeFieldName("price");
            g.writeNumber(o.price());
        }));
        fields.add(() -> number(g, "qty", o.qty()));
        fields.add(() -> field(g, "side", o.side() == null ? null : o.side().name()));
        fields.add(() -> unchecked(() -> {
            g.writeFieldName("party");
            writeParty(g, o.party(), order);
        }));
        run(fields, order);
        g.writeEndObject();
    }

    interface IoAction {
        void run() throws IOException;
    }

    static void unchecked(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void field(JsonGenerator g, String name, String value) {
        unchecked(() -> g.writeStringField(name, value));
    }

    static void number(JsonGenerator g, String name, long value) {
        unchecked(() -> g.writeNumberField(name, value));
    }

    static void run(List<Runnable> fields, Random order) {
        if (order != null) {
            Collections.shuffle(fields, order);
        }
        fields.forEach(Runnable::run);
    }

    static byte[] jacksonWrites(AllTypes all, JsonFactory factory, boolean pretty, Random order) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = factory.createGenerator(out)) {
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            g.writeStartObject();
            List<Runnable> fields = new ArrayList<>(Arrays.asList(
                    () -> number(g, "int8", all.int8),
                    () -> number(g, "int16", all.int16),
                    () -> number(g, "uint16", all.uint16),
                    () -> number(g, "int32", all.int32),
                    () -> number(g, "int64", all.int64),
                    () -> unchecked(() -> {
                        g.writeFieldName("float32");
                        g.writeNumber(all.float32);
                    }),
                    () -> unchecked(() -> {
                        g.writeFieldName("float64");
                        g.writeNumber(all.float64);
                    }),
                    () -> unchecked(() -> g.writeBooleanField("bool", all.bool)),
                    () -> field(g, "char16", String.valueOf(all.char16)),
                    () -> field(g, "text", all.text),
                    () -> field(g, "note", all.note.toString()),
                    () -> unchecked(() -> {
                        g.writeFieldName("data");
                        if (all.data == null) {
                            g.writeNull();
                        } else {
                            g.writeBinary(all.data);
                        }
                    }),
                    () -> field(g, "side", all.side == null ? null : all.side.name()),
                    () -> unchecked(() -> {
                        g.writeFieldName("party");
                        writeParty(g, all.party, order);
                    }),
                    () -> unchecked(() -> {
                        g.writeArrayFieldStart("longs");
                        for (long value : all.longs) {
                            g.writeNumber(value);
                        }
                        g.writeEndArray();
                    }),
                    () -> unchecked(() -> {
                        g.writeArrayFieldStart("tags");
                        for (String tag : all.tags) {
                            g.writeString(tag);
                        }
                        g.writeEndArray();
                    }),
                    () -> unchecked(() -> {
                        g.writeArrayFieldStart("parties");
                        for (Party party : all.parties) {
                            writeParty(g, party, order);
                        }
                        g.writeEndArray();
                    }),
                    () -> unchecked(() -> {
                        g.writeArrayFieldStart("matrix");
                        for (List<Integer> row : all.matrix) {
                            g.writeStartArray();
                            for (int cell : row) {
                                g.writeNumber(cell);
                            }
                            g.writeEndArray();
                        }
                        g.writeEndArray();
                    }),
                    () -> unchecked(() -> {
                        g.writeFieldName("payload");
                        if (all.payload == null) {
                            g.writeNull();
                        } else {
                            g.writeStartObject();
                            if (all.payload instanceof Order o) {
                                g.writeFieldName("@Order");
                                writeOrder(g, o, order);
                            } else {
                                g.writeFieldName("@Party");
                                writeParty(g, (Party) all.payload, order);
                            }
                            g.writeEndObject();
                        }
                    })));
            run(fields, order);
            g.writeEndObject();
        }
        out.write('\n');
        return out.toByteArray();
    }

    @Test
    void weReadWhatJacksonWrites() throws IOException {
        Random random = new Random(7_351);
        for (int i = 0; i < INSTANCES; i++) {
            boolean escaping = random.nextBoolean();
            boolean pretty = random.nextBoolean();
            Random order = random.nextBoolean() ? new Random(i) : null;
            // jackson writes an unpaired surrogate only as an escape
            AllTypes all = allTypes(random, escaping);
            byte[] json = jacksonWrites(all, escaping ? ESCAPING : PLAIN, pretty, order);
            for (boolean direct : new boolean[] {false, true}) {
                Bytes bytes = direct ? Bytes.allocateDirect(json.length).write(json) : Bytes.wrap(json);
                Wire wire = WireType.JSON.apply(bytes, WireOptions.defaults().withTypes(JsonReaderTest.TYPES));
                AllTypes copy = new AllTypes();
                String context = "instance " + i + (escaping ? ", escaped" : "") + (pretty ? ", pretty" : "")
                        + (order != null ? ", shuffled" : "") + (direct ? ", direct" : "") + ": "
                        + new String(json, java.nio.charset.StandardCharsets.UTF_8);
                assertTrue(wire.readDocument(copy), context);
                assertEquals(all, copy, context);
                assertEquals(0, bytes.readRemaining(), context);
            }
        }
    }

    @Test
    void jacksonReadsZwiresMapsAndZwireReadsJacksonsMaps() throws IOException {
        MapOracle.assertJacksonBothWays(WireType.JSON, PLAIN, "\n");
    }
}
