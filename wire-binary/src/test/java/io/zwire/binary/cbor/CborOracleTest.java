package io.zwire.binary.cbor;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
import com.fasterxml.jackson.dataformat.cbor.CBORParser;
import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Tagged;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.binary.support.RandomModel;
import io.zwire.testkit.MapOracle;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteBoard;
import io.zwire.testkit.foreign.QuoteBook;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jackson-dataformat-cbor as the oracle for BINARY, both ways, on randomized instances: jackson's
 * parser reads zwire's documents to the same values, and zwire reads what jackson's generator
 * writes, with jackson's options varied per document (definite or indefinite containers, minimal
 * or full-width integers and doubles, the self-describe tag) and the map keys shuffled, some
 * nulls left out, and unknown keys with arbitrary values added.
 */
class CborOracleTest {
    private static final int INSTANCES = 2000;
    private static final int TYPE_TAG = 27;
    private static final WireOptions OPTIONS = WireOptions.defaults().withTypes(TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build());
    private static final CBORFactory CBOR = new CBORFactory();

    @Test
    void zwireOrdersParseWithJackson() throws IOException {
        RandomModel random = new RandomModel(21);
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            orders.add(random.order());
        }
        assertJacksonReads(orders, CborOracleTest::toOrder);
    }

    @Test
    void zwireAllTypesParseWithJackson() throws IOException {
        RandomModel random = new RandomModel(22);
        List<AllTypes> all = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            all.add(random.allTypes());
        }
        assertJacksonReads(all, CborOracleTest::toAllTypes);
    }

    @Test
    void jacksonOrdersReadWithZwire() throws IOException {
        RandomModel random = new RandomModel(23);
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            orders.add(random.order());
        }
        assertZwireReads(orders, CborOracleTest::tree, Order::new, new Random(24));
    }

    @Test
    void jacksonAllTypesReadWithZwire() throws IOException {
        RandomModel random = new RandomModel(25);
        List<AllTypes> all = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            all.add(random.allTypes());
        }
        assertZwireReads(all, CborOracleTest::tree, AllTypes::new, new Random(26));
    }

    /** A third-party Quote through its marshaller, alone, in a QuoteBook's nested field and sequence, and as map values. */
    @Test
    void jacksonReadsOurForeignQuotesAsTheirValues() throws IOException {
        Wire wire = WireType.BINARY.apply(Bytes.elastic(256));
        Quote noVenue = new Quote(2, "USDJPY", 151.5, 3, Side.BUY, false, null);
        wire.writeDocument(QuoteMarshallers.sample(), QuoteMarshallers.QUOTES);
        wire.writeDocument(new QuoteBook(null, QuoteMarshallers.sample(), noVenue));
        wire.writeDocument(new QuoteBoard().put("EURUSD", QuoteMarshallers.sample()).put("GBPUSD", null)
                .put("USDJPY", noVenue).seq(7));
        List<Object> documents = new ArrayList<>();
        try (CBORParser parser = CBOR.createParser(wire.bytes().toByteArray())) {
            while (parser.nextToken() != null) {
                documents.add(widened(read(parser)));
            }
        }
        Map<String, Object> sample = quote(42, "EURUSD", 1.08345, 1_000_000, "SELL", true,
                Map.of("name", "XLON", "code", 7L));
        Map<String, Object> second = quote(2, "USDJPY", 151.5, 3, "BUY", false, null);
        Map<String, Object> book = new LinkedHashMap<>();
        book.put("best", null);
        book.put("quotes", List.of(sample, second));
        Map<String, Object> quotes = new LinkedHashMap<>();
        quotes.put("EURUSD", sample);
        quotes.put("GBPUSD", null);
        quotes.put("USDJPY", second);
        assertEquals(List.of(sample, book, Map.of("quotes", quotes, "seq", 7L)), documents);
        assertEquals(List.of("EURUSD", "GBPUSD", "USDJPY"), new ArrayList<>(((Map<?, ?>) ((Map<?, ?>) documents.get(2))
                .get("quotes")).keySet()), "the entries in the order written");
    }

    /** The tree with every float widened to the double it holds exactly: BINARY writes a double as a float when no bit is lost. */
    private static Object widened(Object tree) {
        if (tree instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(k, widened(v)));
            return copy;
        }
        if (tree instanceof List<?> list) {
            return list.stream().map(CborOracleTest::widened).toList();
        }
        return tree instanceof Float f ? (Object) (double) f : tree;
    }

    private static Map<String, Object> quote(long id, String symbol, double bid, long size, String side, boolean firm,
                                             Map<String, Object> venue) {
        Map<String, Object> quote = new LinkedHashMap<>(Map.of("id", id, "symbol", symbol, "bid", bid, "size", size,
                "side", side, "firm", firm));
        quote.put("venue", venue);
        return quote;
    }

    private static <T extends Marshallable> void assertJacksonReads(List<T> values, Function<Object, T> fromTree)
            throws IOException {
        Wire wire = WireType.BINARY.apply(Bytes.elastic(256), OPTIONS);
        values.forEach(wire::writeDocument);
        try (CBORParser parser = CBOR.createParser(wire.bytes().toByteArray())) {
            for (T expected : values) {
                assertTrue(parser.nextToken() != null, "jackson found the next document");
                assertEquals(expected, fromTree.apply(read(parser)));
            }
            assertNull(parser.nextToken(), "jackson read every document");
        }
    }

    private static <T extends Marshallable> void assertZwireReads(List<T> values, Function<T, Object> toTree,
            Supplier<T> factory, Random random) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (T value : values) {
            try (CBORGenerator generator = CBOR.createGenerator(out)) {
                generator.configure(CBORGenerator.Feature.WRITE_MINIMAL_INTS, random.nextBoolean());
                generator.configure(CBORGenerator.Feature.WRITE_MINIMAL_DOUBLES, random.nextBoolean());
                if (random.nextInt(4) == 0) {
                    generator.writeTag(55799);
                }
                write(generator, toTree.apply(value), random);
            }
        }
        Wire wire = WireType.BINARY.apply(Bytes.wrap(out.toByteArray()), OPTIONS);
        T copy = factory.get();
        for (T expected : values) {
            assertTrue(wire.readDocument(copy));
            assertEquals(expected, copy);
        }
        assertFalse(wire.readDocument(copy), "zwire read every document jackson wrote");
    }

    // ------------------------------------------------------------------ jackson's side: trees of plain values

    /** The value at the parser's current token: maps, lists, Long, Float/Double, String, byte[], Boolean, null, Tagged. */
    private static Object read(CBORParser parser) throws IOException {
        int tag = parser.getCurrentTag();
        Object value = switch (parser.currentToken()) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    map.put(name, read(parser));
                }
                yield map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(parser));
                }
                yield list;
            }
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> parser.getNumberValue().longValue();
            case VALUE_NUMBER_FLOAT -> parser.getNumberType() == CBORParser.NumberType.FLOAT
                    ? (Object) parser.getFloatValue() : (Object) parser.getDoubleValue();
            case VALUE_EMBEDDED_OBJECT -> parser.getBinaryValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new AssertionError("unexpected token " + parser.currentToken());
        };
        if (tag == TYPE_TAG) {
            List<?> pair = (List<?>) value;
            return new Tagged((String) pair.get(0), pair.get(1));
        }
        return value;
    }

    /** Writes a tree: containers definite or indefinite at random, map keys in random order, plus unknown keys. */
    private static void write(CBORGenerator generator, Object value, Random random) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof Map<?, ?> map) {
            List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
            entries.removeIf(entry -> entry.getValue() == null && random.nextInt(3) == 0);
            Collections.shuffle(entries, random);
            int unknown = random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0;
            if (random.nextBoolean()) {
                generator.writeStartObject(map, entries.size() + unknown);
            } else {
                generator.writeStartObject();
            }
            for (int i = 0; i < unknown; i++) {
                generator.writeFieldName("unknown" + i);
                write(generator, arbitrary(random, 0), random);
            }
            for (Map.Entry<?, ?> entry : entries) {
                generator.writeFieldName((String) entry.getKey());
                write(generator, entry.getValue(), random);
            }
            generator.writeEndObject();
        } else if (value instanceof List<?> list) {
            if (random.nextBoolean()) {
                generator.writeStartArray(list, list.size());
            } else {
                generator.writeStartArray();
            }
            for (Object item : list) {
                write(generator, item, random);
            }
            generator.writeEndArray();
        } else if (value instanceof Tagged tagged) {
            generator.writeTag(TYPE_TAG);
            generator.writeStartArray(tagged, 2);
            generator.writeString(tagged.tag());
            write(generator, tagged.value(), random);
            generator.writeEndArray();
        } else if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Long number) {
            generator.writeNumber(number);
        } else if (value instanceof Float number) {
            generator.writeNumber(number);
        } else if (value instanceof Double number) {
            generator.writeNumber(number);
        } else if (value instanceof Boolean bool) {
            generator.writeBoolean(bool);
        } else if (value instanceof byte[] data) {
            generator.writeBinary(data);
        } else {
            throw new AssertionError("no CBOR form in the test for " + value.getClass());
        }
    }

    /** A random value for an unknown key: anything CBOR has, nested. */
    private static Object arbitrary(Random random, int depth) {
        switch (random.nextInt(depth > 3 ? 7 : 9)) {
            case 0:
                return random.nextLong();
            case 1:
                return random.nextDouble();
            case 2:
                return "unknown " + random.nextInt();
            case 3:
                return new byte[] {(byte) random.nextInt(), 0};
            case 4:
                return random.nextBoolean();
            case 5:
                return null;
            case 6:
                return new Tagged("NotRegistered", "whatever");
            case 7: {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.add(arbitrary(random, depth + 1));
                }
                return list;
            }
            default: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    map.put("k" + i, arbitrary(random, depth + 1));
                }
                return map;
            }
        }
    }

    // ------------------------------------------------------------------ the model as trees, and back

    private static Map<String, Object> tree(Party party) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", party.name());
        map.put("account", party.account());
        map.put("id", party.id());
        return map;
    }

    private static Map<String, Object> tree(Order order) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("id", order.id());
        map.put("symbol", order.symbol());
        map.put("price", order.price());
        map.put("qty", order.qty());
        map.put("side", order.side() == null ? null : order.side().name());
        map.put("party", order.party() == null ? null : tree(order.party()));
        return map;
    }

    private static Map<String, Object> tree(AllTypes all) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("int8", (long) all.int8);
        map.put("int16", (long) all.int16);
        map.put("uint16", (long) all.uint16);
        map.put("int32", (long) all.int32);
        map.put("int64", all.int64);
        map.put("float32", all.float32);
        map.put("float64", all.float64);
        map.put("bool", all.bool);
        map.put("char16", (long) all.char16);
        map.put("text", all.text);
        map.put("note", all.note.toString());
        map.put("data", all.data);
        map.put("side", all.side == null ? null : all.side.name());
        map.put("party", all.party == null ? null : tree(all.party));
        map.put("longs", new ArrayList<Object>(all.longs));
        map.put("tags", new ArrayList<Object>(all.tags));
        map.put("parties", all.parties.stream().map(CborOracleTest::tree).toList());
        map.put("matrix", all.matrix.stream().map(row -> row.stream().map(Integer::longValue).toList()).toList());
        map.put("payload", all.payload == null ? null : all.payload instanceof Order order
                ? new Tagged("Order", tree(order)) : new Tagged("Party", tree((Party) all.payload)));
        return map;
    }

    private static Object tree(Marshallable value) {
        return value instanceof Order order ? tree(order) : tree((AllTypes) value);
    }

    private static long number(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }

    private static Party toParty(Object tree) {
        Map<?, ?> map = (Map<?, ?>) tree;
        return new Party((String) map.get("name"), (String) map.get("account"), number(map.get("id")));
    }

    private static Order toOrder(Object tree) {
        Map<?, ?> map = (Map<?, ?>) tree;
        Object price = map.get("price");
        Object side = map.get("side");
        Object party = map.get("party");
        return new Order(number(map.get("id")), (String) map.get("symbol"), ((Number) price).doubleValue(),
                number(map.get("qty")), side == null ? null : Side.valueOf((String) side),
                party == null ? null : toParty(party));
    }

    private static AllTypes toAllTypes(Object tree) {
        Map<?, ?> map = (Map<?, ?>) tree;
        AllTypes all = new AllTypes();
        all.int8 = (byte) number(map.get("int8"));
        all.int16 = (short) number(map.get("int16"));
        all.uint16 = (int) number(map.get("uint16"));
        all.int32 = (int) number(map.get("int32"));
        all.int64 = number(map.get("int64"));
        all.float32 = ((Number) map.get("float32")).floatValue();
        all.float64 = ((Number) map.get("float64")).doubleValue();
        all.bool = (Boolean) map.get("bool");
        all.char16 = (char) number(map.get("char16"));
        all.text = (String) map.get("text");
        all.note.append((String) map.get("note"));
        all.data = (byte[]) map.get("data");
        Object side = map.get("side");
        all.side = side == null ? null : Side.valueOf((String) side);
        Object party = map.get("party");
        all.party = party == null ? null : toParty(party);
        ((List<?>) map.get("longs")).forEach(v -> all.longs.add(number(v)));
        ((List<?>) map.get("tags")).forEach(v -> all.tags.add((String) v));
        ((List<?>) map.get("parties")).forEach(v -> all.parties.add(toParty(v)));
        for (Object row : (List<?>) map.get("matrix")) {
            List<Integer> cells = new ArrayList<>();
            ((List<?>) row).forEach(v -> cells.add((int) number(v)));
            all.matrix.add(cells);
        }
        Object payload = map.get("payload");
        if (payload != null) {
            Tagged typed = (Tagged) payload;
            all.payload = "Order".equals(typed.tag()) ? toOrder(typed.value()) : toParty(typed.value());
        }
        return all;
    }

    @Test
    void jacksonReadsZwiresMapsAndZwireReadsJacksonsMaps() throws IOException {
        MapOracle.assertJacksonBothWays(WireType.BINARY, CBOR, "");
    }
}
