package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.RepeatedFields;
import io.zwire.Tagged;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Conversion through plain values on the text wires ({@link Wire#readValue}, {@link Wire#writeValue})
 * either keeps the data exactly or fails with a {@link WireException} naming what the target
 * cannot express. Each test is a failure observed on these wires.
 */
class ExactConversionTest {
    private static Object readOne(WireType type, String text) {
        return type.apply(Bytes.wrap(text.getBytes(StandardCharsets.UTF_8))).readSingleValue();
    }

    private static String written(WireType type, Object value) {
        Wire wire = type.apply(Bytes.elastic(64));
        wire.writeValue(value);
        return wire.bytes().readableText();
    }

    /** Regression: JSON ["\uD800","a\uDEADb"] converted to ["?","a?b"] on JSON and YAML alike. */
    @Test
    void unpairedSurrogatesConvertExactlyThroughJsonAndYaml() {
        String json = "[\"\\uD800\",\"a\\uDEADb\"]";
        Object value = readOne(WireType.JSON, json);
        assertEquals(List.of("\uD800", "a\uDEADb"), value);
        assertEquals(json + "\n", written(WireType.JSON, value));
        String yaml = written(WireType.YAML, value);
        assertEquals("---\n- \"\\uD800\"\n- \"a\\uDEADb\"\n", yaml);
        assertEquals(value, readOne(WireType.YAML, yaml));
        assertEquals(value, readOne(WireType.JSON, written(WireType.JSON, readOne(WireType.YAML, yaml))));
    }

    /** The typed path writes text the same way, and both text wires read it back as written. */
    @Test
    void unpairedSurrogatesInTypedTextReadBackExactly() {
        for (WireType type : new WireType[] {WireType.JSON, WireType.YAML, WireType.YAML_NUMBERED}) {
            AllTypes all = new AllTypes();
            all.text = "x\uDC00y\uD83D\uDE00\uD800";
            all.note.append("\uDFFF");
            all.tags.add("\uD801");
            Wire wire = type.apply(Bytes.elastic(64));
            wire.writeDocument(all);
            String text = wire.bytes().readableText();
            assertTrue(!text.contains("?"), type + ": " + text);
            AllTypes copy = new AllTypes();
            assertTrue(wire.readDocument(copy), type + ": " + text);
            assertEquals(all.text, copy.text, type + ": " + text);
            assertEquals("\uDFFF", copy.note.toString(), type + ": " + text);
            assertEquals(List.of("\uD801"), copy.tags, type + ": " + text);
        }
    }

    /** Regression: YAML "1: a" and "\"1\": b" converted to {"1":"a","1":"b"}. */
    @Test
    void theJsonWriterRefusesTwoKeysWrittenAlike() {
        Object value = readOne(WireType.YAML, "1: a\n\"1\": b\n");
        Wire json = WireType.JSON.apply(Bytes.elastic(64));
        json.writeValue(List.of(1));
        int end = json.bytes().writePosition();
        WireException e = assertThrows(WireException.class, () -> json.writeValue(value));
        assertEquals("JSON", e.wire());
        assertEquals(end, e.offset(), "the offset of the document in the output");
        assertTrue(e.getMessage().contains("\"1\""), e.getMessage());
        assertEquals(end, json.bytes().writePosition(), "nothing of the refused document is left");
        Map<Object, Object> enumAndText = new LinkedHashMap<>();
        enumAndText.put(io.zwire.example.Side.BUY, 1);
        enumAndText.put("BUY", 2);
        assertThrows(WireException.class, () -> json.writeValue(enumAndText));
    }

    /**
     * Regression: a !!binary key was written as {"[B@7591083d":1} and a sequence key as
     * {"[a, b]":1}, Java's toString. Keys JSON cannot hold are refused, named; integers keep their
     * documented mapping to decimal text (the keys of the numbered wires).
     */
    @Test
    void theJsonWriterRefusesKeysJsonCannotHoldNamingThem() {
        assertRefusedKey(readOne(WireType.YAML, "? !!binary AAEC\n: 1\n"), "byte-string key of 3 bytes 0x000102");
        assertRefusedKey(readOne(WireType.YAML, "? [a, b]\n: 1\n"), "sequence key [a, b]");
        assertRefusedKey(readOne(WireType.YAML, "? {a: 1}\n: 1\n"), "mapping key {a=1}");
        assertRefusedKey(readOne(WireType.YAML, "? !Order {id: 1}\n: 1\n"), "typed (!Order) key");
        assertRefusedKey(readOne(WireType.YAML, "true: 1\n"), "boolean key true");
        assertRefusedKey(readOne(WireType.YAML, "1.5: 1\n"), "floating-point key 1.5");
        assertRefusedKey(Map.of(new byte[] {(byte) 0xFF}, 1), "byte-string key of 1 bytes 0xff");
        assertRefusedKey(Map.of(new int[] {1, 2}, 1), "sequence key [1, 2]");
        Map<Object, Object> integers = new LinkedHashMap<>();
        integers.put(7L, "x");
        integers.put(new BigInteger("123456789012345678901234567890"), "y");
        integers.put("text", 'c');
        assertEquals("{\"7\":\"x\",\"123456789012345678901234567890\":\"y\",\"text\":\"c\"}\n",
                written(WireType.JSON, integers));
    }

    private static void assertRefusedKey(Object value, String named) {
        WireException e = assertThrows(WireException.class, () -> written(WireType.JSON, value));
        assertTrue(e.getMessage().contains("a key JSON can hold") && e.getMessage().contains(named), e.getMessage());
    }

    /**
     * On the typed path a repeated field is refused by default, as the plain-value path refuses
     * it; {@link RepeatedFields#FIRST} reads the first occurrence and offers each later one to
     * {@code unexpectedField} like any field not read.
     */
    @Test
    void aRepeatedFieldOnTheTypedPathIsRefusedAsOnThePlainValuePathUnlessTheFirstIsAskedFor() {
        String[][] documents = {{"JSON", "{\"id\":1,\"symbol\":\"a\",\"id\":2}\n"}, {"YAML", "id: 1\nsymbol: a\nid: 2\n"}};
        for (String[] document : documents) {
            WireType type = WireType.valueOf(document[0]);
            byte[] utf8 = document[1].getBytes(StandardCharsets.UTF_8);
            WireException refused = assertThrows(WireException.class,
                    () -> type.apply(Bytes.wrap(utf8)).readDocument(new IdAndSymbol()), type.name());
            assertTrue(refused.getMessage().contains("1:id is repeated"), refused.getMessage());
            IdAndSymbol read = new IdAndSymbol();
            assertTrue(type.apply(Bytes.wrap(utf8), WireOptions.defaults().withRepeatedFields(RepeatedFields.FIRST)).readDocument(read));
            assertEquals(1, read.id, type.name());
            assertEquals("a", read.symbol, type.name());
            assertEquals(List.of("id=2"), read.offered, type.name());
            assertThrows(WireException.class, () -> readOne(type, document[1]), type + " readValue");
        }
    }

    /**
     * Regression: the typed readers decoded an escaped unpaired surrogate in a key as '?', so the
     * key "\uD800" matched a field named "?" and was offered to unexpectedField as "?". It matches
     * no field now, and the hook sees the key as written.
     */
    @Test
    void aKeyWithAnUnpairedSurrogateMatchesNoFieldAndReachesTheHookAsWritten() {
        String[][] documents = {{"JSON", "{\"\\uD800\":5,\"id\":1,\"x\\uDC00\":6}\n"},
            {"YAML", "\"\\uD800\": 5\nid: 1\n\"x\\uDC00\": 6\n"}};
        for (String[] document : documents) {
            WireType type = WireType.valueOf(document[0]);
            IdAndSymbol read = new IdAndSymbol(io.zwire.Field.of(2, "?"));
            assertTrue(type.apply(Bytes.wrap(document[1].getBytes(StandardCharsets.UTF_8))).readDocument(read));
            assertEquals(1, read.id, type.name());
            assertEquals(null, read.symbol, type + ": the field named ? is not the key \\uD800");
            assertEquals(List.of("\uD800=5", "x\uDC00=6"), read.offered, type.name());
        }
    }

    private static final class IdAndSymbol implements io.zwire.Marshallable {
        static final io.zwire.Field ID = io.zwire.Field.of(1, "id");
        final io.zwire.Field symbolField;
        long id;
        String symbol;
        final List<String> offered = new ArrayList<>();

        IdAndSymbol() {
            this(io.zwire.Field.of(2, "symbol"));
        }

        IdAndSymbol(io.zwire.Field symbolField) {
            this.symbolField = symbolField;
        }

        @Override
        public void writeMarshallable(io.zwire.WireOut out) {
        }

        @Override
        public void readMarshallable(io.zwire.WireIn in) {
            id = in.read(ID).int64();
            symbol = in.read(symbolField).text();
        }

        @Override
        public void unexpectedField(io.zwire.WireKey key, io.zwire.ValueIn value) {
            offered.add(key.name() + "=" + value.int64());
        }
    }

    /** A Tagged and a Long-keyed map (from YAML or the numbered wires) convert as documented. */
    @Test
    void typedObjectsAreWrittenInTheTypedFormThatTheTypedReaderReads() {
        Object value = readOne(WireType.YAML, "--- !Order {id: 7, symbol: EURUSD}\n");
        assertEquals(new Tagged("Order", Map.of("id", 7L, "symbol", "EURUSD")), value);
        String json = written(WireType.JSON, value);
        assertEquals("{\"@Order\":{\"id\":7,\"symbol\":\"EURUSD\"}}\n", json);
        assertEquals(Map.of("@Order", Map.of("id", 7L, "symbol", "EURUSD")), readOne(WireType.JSON, json),
                "plain JSON by default");
    }
}
