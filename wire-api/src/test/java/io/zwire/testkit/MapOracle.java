package io.zwire.testkit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.zwire.testkit.model.MapKinds;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The oracles' view of {@link MapKinds}: the plain tree a peer library should read from zwire's
 * document (maps, lists, {@code Long} integers, {@code Double} floats, text, null), built from
 * the object's fields and never through zwire; a peer's tree normalised to the same types; random
 * instances; and jackson's generator writing a document (JSON or CBOR) for zwire to read.
 */
public final class MapOracle {
    private static final String[] PIECES = {"a", "Z", "0", "7", "-", " ", ":", "#", "\"", "'", "\\", "\n", "{", "[",
        ",", "null", "true", "1.5", "\u00e9", "\u20ac", "\uD83D\uDE00", "@"};

    private MapOracle() {
    }

    /**
     * The tree a peer reads from zwire's document of {@code maps}.
     *
     * @param intKeysAsText true where the peer sees integer keys as their decimal text (JSON;
     *                      jackson's CBOR parser, which turns every key into a field name)
     * @param numbered      true for YAML_NUMBERED: the fields keyed by number, each map by its own keys
     */
    public static Map<Object, Object> expected(MapKinds maps, boolean intKeysAsText, boolean numbered) {
        Map<Object, Object> tree = new LinkedHashMap<>();
        tree.put(numbered ? (Object) 1L : "limits", keyed(maps.limits, false, v -> v));
        tree.put(numbered ? (Object) 2L : "names", keyed(maps.names, !intKeysAsText, v -> v));
        tree.put(numbered ? (Object) 3L : "parties", keyed(maps.parties, !intKeysAsText, p -> party(p, numbered)));
        tree.put(numbered ? (Object) 4L : "sides", keyed(maps.sides, false, Side::name));
        tree.put(numbered ? (Object) 5L : "history", keyed(maps.history, false, List::copyOf));
        tree.put(numbered ? (Object) 6L : "nested", keyed(maps.nested, !intKeysAsText, inner -> keyed(inner, false, v -> v)));
        return tree;
    }

    private static Object party(Party party, boolean numbered) {
        Map<Object, Object> tree = new LinkedHashMap<>();
        tree.put(numbered ? (Object) 1L : "name", party.name());
        tree.put(numbered ? (Object) 2L : "account", party.account());
        tree.put(numbered ? (Object) 3L : "id", party.id());
        return tree;
    }

    private static <K, V> Map<Object, Object> keyed(Map<K, V> map, boolean integerKeys, java.util.function.Function<V, Object> value) {
        Map<Object, Object> tree = new LinkedHashMap<>();
        map.forEach((k, v) -> tree.put(k instanceof Number n ? (integerKeys ? (Object) n.longValue() : n.toString()) : k,
                normalise(value.apply(v))));
        return tree;
    }

    /**
     * {@code value} with every integer as a {@code Long}, every float as a {@code Double}, and
     * the same for map keys, so trees from different libraries compare with {@code equals}.
     *
     * @throws IllegalArgumentException for an integer beyond a long
     */
    public static Object normalise(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> tree = new LinkedHashMap<>();
            map.forEach((k, v) -> tree.put(normalise(k), normalise(v)));
            return tree;
        }
        if (value instanceof List<?> list) {
            List<Object> tree = new ArrayList<>();
            list.forEach(v -> tree.add(normalise(v)));
            return tree;
        }
        if (value instanceof BigInteger big) {
            return big.longValueExact();
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Float || value instanceof Double) {
            return ((Number) value).doubleValue();
        }
        return value;
    }

    /**
     * The tree of the parser's current value: objects as maps keyed by field name, integers as
     * {@code Long}, floats as {@code Double}.
     *
     * @param parser on the first token of the value
     * @return the tree
     * @throws IOException from the parser
     */
    public static Object read(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT: {
                Map<Object, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (map.put(name, read(parser)) != null) {
                        throw new AssertionError("key " + name + " twice");
                    }
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(parser));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return parser.getDoubleValue();
            case VALUE_TRUE:
            case VALUE_FALSE:
                return token == JsonToken.VALUE_TRUE;
            case VALUE_NULL:
                return null;
            default:
                throw new AssertionError("jackson's token " + token);
        }
    }

    /**
     * Writes {@code maps} as one object with jackson's generator, the fields and each map's
     * entries in random order; integer keys through {@link JsonGenerator#writeFieldId(long)}
     * (decimal text in JSON, an integer key in CBOR).
     *
     * @throws IOException from the generator
     */
    public static void write(JsonGenerator g, MapKinds maps, Random order) throws IOException {
        g.writeStartObject();
        List<IoStep> fields = new ArrayList<>();
        fields.add(() -> entries(g, "limits", maps.limits, order, (k) -> g.writeFieldName(k), g::writeNumber));
        fields.add(() -> entries(g, "names", maps.names, order, k -> g.writeFieldId(k), g::writeString));
        fields.add(() -> entries(g, "parties", maps.parties, order, g::writeFieldId, p -> {
            g.writeStartObject();
            g.writeStringField("name", p.name());
            g.writeStringField("account", p.account());
            g.writeNumberField("id", p.id());
            g.writeEndObject();
        }));
        fields.add(() -> entries(g, "sides", maps.sides, order, (k) -> g.writeFieldName(k), s -> g.writeString(s.name())));
        fields.add(() -> entries(g, "history", maps.history, order, (k) -> g.writeFieldName(k), list -> {
            g.writeStartArray();
            for (long v : list) {
                g.writeNumber(v);
            }
            g.writeEndArray();
        }));
        fields.add(() -> entries(g, "nested", maps.nested, order, k -> g.writeFieldId(k),
                inner -> entries(g, null, inner, order, (k) -> g.writeFieldName(k), g::writeNumber)));
        java.util.Collections.shuffle(fields, order);
        for (IoStep field : fields) {
            field.run();
        }
        g.writeEndObject();
    }

    /** One step of writing, which may throw. */
    @FunctionalInterface
    private interface IoStep {
        void run() throws IOException;
    }

    /** Writes one value or key, which may throw. */
    @FunctionalInterface
    private interface IoWriter<V> {
        void write(V value) throws IOException;
    }

    private static <K, V> void entries(JsonGenerator g, String field, Map<K, V> map, Random order, IoWriter<K> key,
                                       IoWriter<V> value) throws IOException {
        if (field != null) {
            g.writeFieldName(field);
        }
        g.writeStartObject();
        List<Map.Entry<K, V>> entries = new ArrayList<>(map.entrySet());
        java.util.Collections.shuffle(entries, order);
        for (Map.Entry<K, V> entry : entries) {
            key.write(entry.getKey());
            value.write(entry.getValue());
        }
        g.writeEndObject();
    }

    /**
     * The oracle both ways over {@code wire} with jackson's {@code factory} (JSON or CBOR): for
     * {@link MapKinds#sample()}, an empty instance and random ones, jackson reads zwire's document
     * to {@link #expected} (integer keys as text: jackson's parsers hand every key over as a field
     * name), and zwire reads what jackson's generator writes (fields and entries shuffled) into an
     * equal instance.
     *
     * @param lineEnd appended after each document jackson writes (JSON's documents end their line)
     * @throws IOException from jackson
     */
    public static void assertJacksonBothWays(io.zwire.WireType wire, com.fasterxml.jackson.core.JsonFactory factory,
                                             String lineEnd) throws IOException {
        Random random = new Random(25);
        io.zwire.Wire writer = wire.apply(io.zwire.Bytes.elastic(256));
        for (int i = 0; i < 300; i++) {
            MapKinds maps = i == 0 ? MapKinds.sample() : i == 1 ? new MapKinds() : random(random);
            writer.bytes().clear();
            writer.writeDocument(maps);
            byte[] written = writer.bytes().toByteArray();
            String context = "instance " + i + ": " + maps;
            try (JsonParser parser = factory.createParser(written)) {
                parser.nextToken();
                org.junit.jupiter.api.Assertions.assertEquals(expected(maps, true, false), read(parser), context);
                org.junit.jupiter.api.Assertions.assertNull(parser.nextToken(), context);
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            try (JsonGenerator g = factory.createGenerator(out)) {
                write(g, maps, random);
            }
            out.write(lineEnd.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            MapKinds copy = new MapKinds();
            copy.names.put(1, "stale");
            io.zwire.Wire reader = wire.apply(io.zwire.Bytes.wrap(out.toByteArray()));
            org.junit.jupiter.api.Assertions.assertTrue(reader.readDocument(copy), context);
            org.junit.jupiter.api.Assertions.assertEquals(maps, copy, context);
        }
    }

    /** A random instance: up to four entries a map, awkward text keys, integer keys at the ends of their range. */
    public static MapKinds random(Random random) {
        MapKinds maps = new MapKinds();
        for (int i = random.nextInt(5); i > 0; i--) {
            maps.limits.put(text(random), random.nextBoolean() ? random.nextDouble() * 1e6 : (double) random.nextInt(100) - 50);
        }
        for (int i = random.nextInt(5); i > 0; i--) {
            maps.names.put(i == 1 ? Integer.MIN_VALUE : random.nextInt(), text(random));
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            maps.parties.put(i == 1 ? Long.MAX_VALUE : random.nextLong(),
                    new Party(text(random), random.nextBoolean() ? null : text(random), random.nextLong()));
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            maps.sides.put(text(random), random.nextBoolean() ? Side.BUY : Side.SELL);
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            List<Long> values = new ArrayList<>();
            for (int j = random.nextInt(4); j > 0; j--) {
                values.add(random.nextLong());
            }
            maps.history.put(text(random), values);
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            Map<String, Integer> inner = new LinkedHashMap<>();
            for (int j = random.nextInt(3); j > 0; j--) {
                inner.put(text(random), random.nextInt());
            }
            maps.nested.put(random.nextInt(), inner);
        }
        return maps;
    }

    private static String text(Random random) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(4); i > 0; i--) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.toString();
    }
}
