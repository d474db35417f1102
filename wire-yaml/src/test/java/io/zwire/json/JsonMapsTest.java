package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.MapStreams;
import io.zwire.testkit.model.IntKeyedMap;
import io.zwire.testkit.model.LimitBook;
import io.zwire.testkit.model.NestedMaps;
import io.zwire.testkit.model.TextKeyedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Maps on JSON: an object whose integer keys are their decimal text, keys escaped as any string,
 * and the keys other writers send, over a heap and a direct buffer.
 */
class JsonMapsTest {
    private static final Field M = Field.of(1, "m");

    private static Wire wire(String json, boolean direct, WireOptions options) {
        byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        Bytes bytes = direct ? Bytes.allocateDirect(utf8.length + 1).write(utf8) : Bytes.wrap(utf8);
        return WireType.JSON.apply(bytes, options);
    }

    private static <T extends Marshallable> T read(String json, boolean direct, T target) {
        assertTrue(wire(json, direct, WireOptions.defaults()).readDocument(target));
        return target;
    }

    private static WireException refused(String json, boolean direct, Marshallable target) {
        return refused(json, direct, target, WireOptions.defaults());
    }

    private static WireException refused(String json, boolean direct, Marshallable target, WireOptions options) {
        Wire wire = wire(json, direct, options);
        return assertThrows(WireException.class, () -> wire.readDocument(target));
    }

    private static String written(Marshallable document) {
        Bytes bytes = Bytes.elastic(128);
        WireType.JSON.apply(bytes).writeDocument(document);
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void integerKeysAreWrittenAsTheirDecimalTextAndTextKeysEscaped() {
        IntKeyedMap ints = new IntKeyedMap();
        ints.keys.addAll(List.of(5L, -1L, Long.MIN_VALUE));
        ints.values.addAll(List.of(1L, 2L, 3L));
        assertEquals("{\"m\":{\"5\":1,\"-1\":2,\"-9223372036854775808\":3},\"v\":0}\n", written(ints));

        TextKeyedMap texts = new TextKeyedMap();
        texts.entries.addAll(List.of("a\"b", "x", "multi\nline", "y", "", "z", "\u00e9\u65e5", "w"));
        assertEquals("{\"m\":{\"a\\\"b\":\"x\",\"multi\\nline\":\"y\",\"\":\"z\",\"\u00e9\u65e5\":\"w\"},\"v\":0}\n", written(texts));
        assertEquals("{\"m\":{},\"v\":0}\n", written(new IntKeyedMap()), "an empty map");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void awkwardKeysRoundTrip(boolean direct) {
        TextKeyedMap texts = new TextKeyedMap();
        for (String key : new String[] {"", " a", "a: b", "null", "true", "123", "-1", "#x", "multi\nline", "tab\there",
                "quote\"back\\slash", "\u0000", "\u00e9\u65e5\ud83d\ude00", "\ud800"}) {
            texts.entries.add(key);
            texts.entries.add("v");
        }
        TextKeyedMap intoBuilder = new TextKeyedMap();
        intoBuilder.keysIntoBuilder = true;
        assertEquals(texts.entries, read(written(texts), direct, intoBuilder).entries, "keyTo");
        TextKeyedMap read = read(written(texts), direct, new TextKeyedMap());
        assertEquals(texts.entries, read.entries);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsMapsLaidOutAsOtherWritersDo(boolean direct) {
        IntKeyedMap ints = read(" { \"v\" : 4 ,\n \"m\" : { \"1\" : 10 ,\t\"-2\":20, \"\\u0033\": 30 } } ", direct, new IntKeyedMap());
        assertEquals(List.of(1L, -2L, 3L), ints.keys, "an escaped digit is the digit");
        assertEquals(List.of(10L, 20L, 30L), ints.values);
        assertEquals(4, ints.v);
        TextKeyedMap texts = read("{\"m\":{\"\\u0061\\n\":\"b\", \"c\": null}}", direct, new TextKeyedMap());
        assertEquals(Arrays.asList("a\n", "b", "c", null), texts.entries);
        assertEquals(0, read("{\"m\":null,\"v\":0}", direct, new IntKeyedMap()).keys.size(), "a null map has no entries");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anIntegerKeyThatIsNotADecimalIntegerIsRefusedWhereItStarts(boolean direct) {
        for (String key : new String[] {"12x", "", "1.5", "1e3", " 1", "0x10", "9223372036854775808", "--1"}) {
            String json = "{\"m\":{\"1\":1,\"" + key + "\":2}}";
            WireException e = refused(json, direct, new IntKeyedMap());
            assertEquals(json.indexOf("\"" + key + "\""), e.offset(), () -> key + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("an integer map key"), e::getMessage);
        }
    }

    @Test
    void anInt32KeyOutOfRangeIsRefused() {
        IntKeyedMap int32 = new IntKeyedMap();
        int32.int32Keys = true;
        WireException e = refused("{\"m\":{\"2147483648\":1}}", false, int32);
        assertTrue(e.getMessage().contains("int32"), e::getMessage);
        IntKeyedMap inRange = new IntKeyedMap();
        inRange.int32Keys = true;
        assertEquals(List.of(-2147483648L), read("{\"m\":{\"-2147483648\":1}}", false, inRange).keys);
    }

    @Test
    void malformedMapsAreRefusedWithTheirOffset() {
        assertEquals(5, refused("{\"m\":[1]}", false, new IntKeyedMap()).offset(), "an array where a map is");
        assertEquals(6, refused("{\"m\":{1:1}}", false, new IntKeyedMap()).offset(), "a key that is not a string");
        assertEquals(10, refused("{\"m\":{\"1\" 1}}", false, new IntKeyedMap()).offset(), "no colon");
        assertEquals(12, refused("{\"m\":{\"1\":1 \"2\":2}}", false, new IntKeyedMap()).offset(), "no comma");
    }

    @Test
    void entriesBeyondMaxSequenceLengthAreRefused() {
        WireOptions two = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(2));
        assertTrue(refused("{\"m\":{\"1\":1,\"2\":2,\"3\":3}}", false, new IntKeyedMap(), two).getMessage()
                .contains("maxSequenceLength 2"));
        assertEquals(2, read("{\"m\":{\"1\":1,\"2\":2},\"v\":3}", false, new IntKeyedMap()).keys.size());
    }

    @Test
    void mapsCountAgainstMaxDepthAsObjectsDo() {
        WireOptions three = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(3));
        assertTrue(wire("{\"m\":{\"a\":{\"a\":{}}}}", false, three).readDocument(new NestedMaps()));
        WireException e = refused("{\"m\":{\"a\":{\"a\":{\"a\":{}}}}}", false, new NestedMaps(), three);
        assertTrue(e.getMessage().contains("maxDepth 3"), e::getMessage);
    }

    @Test
    void theLimitBookRoundTrips() {
        Bytes bytes = Bytes.elastic(512);
        Wire wire = WireType.JSON.apply(bytes);
        LimitBook source = LimitBook.sample("desk", 1.5);
        wire.writeDocument(source);
        LimitBook target = new LimitBook();
        assertTrue(wire.readDocument(target));
        assertEquals(source, target);
    }

    /** Every prefix of a stream of map documents is refused or read as the whole documents it holds. */
    @Test
    void everyPrefixOfAStreamOfMapsIsRefusedOrReadAsTheDocumentsItHolds() {
        MapStreams.everyPrefixIsRefusedOrReadAsTheDocumentsItHolds(WireType.JSON, 1);
    }
}
