package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Tagged;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Any JSON read as plain Java values, and written back. */
class JsonValuesTest {
    static List<Object> readAll(String json) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(json.getBytes(StandardCharsets.UTF_8)));
        List<Object> values = new ArrayList<>();
        while (wire.readValue(values::add)) {
            assertTrue(values.size() < 100);
        }
        return values;
    }

    private static final WireOptions TYPED = WireOptions.defaults().withJsonTypedObjects(true);

    static Object readTyped(String json) {
        Wire wire = WireType.JSON.apply(Bytes.wrap(json.getBytes(StandardCharsets.UTF_8)), TYPED);
        return wire.readSingleValue();
    }

    static Object read(String json) {
        List<Object> values = readAll(json);
        assertEquals(1, values.size(), () -> "one value in " + json + ": " + values);
        return values.get(0);
    }

    @Test
    void numbersBecomeTheNarrowestTypeThatHoldsThemExactly() {
        assertEquals(Arrays.asList(0L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, new BigInteger("9223372036854775808"),
                        new BigInteger("-99999999999999999999999"), 0.1, -0.0, 1.5e300, 100.0, 1.0E-7,
                        new BigDecimal("1.000000000000000005"), new BigDecimal("1e400"), new BigDecimal("-1e-400")),
                read("[0,-1,9223372036854775807,-9223372036854775808,9223372036854775808,-99999999999999999999999,"
                        + "0.1,-0.0,1.5e300,1E2,1e-7,1.000000000000000005,1e400,-1e-400]"));
        assertInstanceOf(Double.class, ((List<?>) read("[-0.0]")).get(0));
        assertEquals(0, Double.compare(-0.0, (Double) ((List<?>) read("[-0.0]")).get(0)), "negative zero is kept");
    }

    @Test
    void objectsKeepTheirOrder() {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("b", 1L);
        expected.put("a", List.of());
        expected.put("", Map.of());
        expected.put("\u00e9\uD800", null);
        Object value = read(" {\"b\":1,\"a\":[],\"\":{},\"\\u00e9\\ud800\":null} ");
        assertEquals(expected, value);
        assertEquals(List.of("b", "a", "", "\u00e9\uD800"), new ArrayList<>(((Map<?, ?>) value).keySet()));
    }

    /**
     * Regression: a repeated key was last-wins silently ({"a":1,"a":2} read as {"a":2}), while YAML
     * refuses one. Now refused, naming the key and its offset, escaped spellings included.
     */
    @Test
    void aKeyRepeatedInOneObjectIsRefusedNamingItAndItsOffset() {
        WireException e = assertThrows(WireException.class, () -> read("{\"a\":1,\"a\":2}"));
        assertEquals(7, e.offset());
        assertTrue(e.getMessage().contains("\"a\" a second time"), e.getMessage());
        assertThrows(WireException.class, () -> read("{\"b\":1,\"x\":{\"a\":[],\"\\u0061\":null}}"), "escaped");
        assertEquals(Map.of("a", Map.of("a", 1L)), read("{\"a\":{\"a\":1}}"), "one per object");
        assertEquals(List.of(Map.of("a", 1L), Map.of("a", 2L)), read("[{\"a\":1},{\"a\":2}]"));
    }

    /**
     * Regression: {"@context":{"name":"x"}} (JSON-LD, say) read as a typed object, so it converted
     * to YAML as "--- !context". Plain JSON reads as plain JSON; the typed form is read only with
     * WireOptions.jsonTypedObjects.
     */
    @Test
    void aOneKeyObjectNamingAnAliasIsPlainJsonUnlessTypedObjectsAreAskedFor() {
        assertEquals(Map.of("@context", Map.of("name", "x")), read("{\"@context\":{\"name\":\"x\"}}"));
        assertEquals(new Tagged("context", Map.of("name", "x")), readTyped("{\"@context\":{\"name\":\"x\"}}"));
        assertEquals(new Tagged("Order", Map.of("id", 1L)), readTyped("{\"@Order\":{\"id\":1}}"));
        assertEquals(new Tagged("a.b_c-9", Map.of()), readTyped("{ \"@a.b_c-9\" : { } }"));
        assertEquals(Map.of("@Order", 1L), readTyped("{\"@Order\":1}"), "only an object value is a typed object");
        assertEquals(Map.of("@", Map.of()), readTyped("{\"@\":{}}"), "an empty alias is not one");
        assertEquals(Map.of("@a b", Map.of()), readTyped("{\"@a b\":{}}"));
        assertEquals(2, ((Map<?, ?>) readTyped("{\"@Order\":{},\"x\":1}")).size(), "two keys: a plain map");
    }

    /** With typed objects on, a plain map that would read back as one is refused, so the conversion stays exact. */
    @Test
    void withTypedObjectsAPlainMapOfTheTypedFormIsRefusedOnWrite() {
        Wire typed = WireType.JSON.apply(Bytes.elastic(16), TYPED);
        WireException e = assertThrows(WireException.class, () -> typed.writeValue(Map.of("@context", Map.of("a", 1))));
        assertTrue(e.getMessage().contains("would read back as a typed object"), e.getMessage());
        assertEquals(0, typed.bytes().writePosition());
        typed.writeValue(new Tagged("context", Map.of("a", 1L)));
        typed.writeValue(Map.of("@context", 1L));
        Wire plain = WireType.JSON.apply(Bytes.elastic(16));
        plain.writeValue(Map.of("@context", Map.of("a", 1L)));
        assertEquals(Map.of("@context", Map.of("a", 1L)), read(plain.bytes().readableText()));
    }

    /**
     * Regression: with typed objects on, a Tagged holding text, a sequence or another Tagged was
     * written as {"@Foo":"bar"} and read back as a plain map.
     */
    @Test
    void withTypedObjectsATaggedValueThatIsNotAMappingIsRefusedOnWrite() {
        Wire typed = WireType.JSON.apply(Bytes.elastic(16), TYPED);
        for (Object value : Arrays.asList("bar", List.of(1L), new Tagged("B", Map.of("x", 1L)), null)) {
            WireException e = assertThrows(WireException.class, () -> typed.writeValue(new Tagged("Foo", value)));
            assertTrue(e.getMessage().contains("a typed value holding a mapping"), e.getMessage());
        }
        assertEquals(0, typed.bytes().writePosition());
        typed.writeValue(new Tagged("Foo", Map.of("x", 1L)));
        assertEquals(new Tagged("Foo", Map.of("x", 1L)), readTyped(typed.bytes().readableText()));
    }

    @Test
    void everyKindOfValueAtTheRootAndSeveralInAStream() {
        assertEquals(Arrays.asList("text", 12L, true, false, null, List.of(1L), Map.of("k", "v"), -0.5),
                readAll("\"text\"\n12\ntrue\nfalse\r\nnull \n[1]\n\n{\"k\":\"v\"}\t\n-0.5"));
        assertEquals(List.of(), readAll(" \n "));
    }

    @Test
    void aFileHoldsOneTextWhenTheSecondReadFindsNothing() {
        Wire one = WireType.JSON.apply(Bytes.wrap("[1] \n".getBytes(StandardCharsets.UTF_8)));
        assertTrue(one.readValue(v -> { }));
        assertFalse(one.readValue(v -> { }));
        Wire trailing = WireType.JSON.apply(Bytes.wrap("[1],".getBytes(StandardCharsets.UTF_8)));
        WireException e = assertThrows(WireException.class, () -> trailing.readValue(v -> { }));
        assertEquals(3, e.offset());
    }

    /**
     * Regression: with nothing required between documents, [][] and {"a": true} "x" read as two
     * documents, and a file of nothing read as none. readSingleValue reads a file as one document.
     */
    @Test
    void readSingleValueRefusesNoDocumentAndAnythingAfterTheDocument() {
        assertEquals(List.of(1L), single("[1] \n"));
        assertEquals(Map.of("a", true), single("\uFEFF{\"a\":\n true}\n\n"));
        assertEquals(null, single("null"));
        for (String bad : new String[] {"", " ", "\n\t", "\uFEFF", "[][]", "[]\n[]", "{\"a\": true} \"x\"",
                "{\"a\": true}\n\"x\"", "[1],", "{\"Extra value after close\": true} \"misplaced quoted value\""}) {
            WireException e = assertThrows(WireException.class, () -> single(bad), bad);
            assertEquals("JSON", e.wire());
        }
    }

    private static Object single(String json) {
        return WireType.JSON.apply(Bytes.wrap(json.getBytes(StandardCharsets.UTF_8))).readSingleValue();
    }

    @Test
    void writtenValuesReadBackEqual() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("longs", List.of(1L, Long.MIN_VALUE, new BigInteger("123456789012345678901234567890")));
        value.put("doubles", Arrays.asList(0.1, -0.0, 1e-300, Double.MAX_VALUE, new BigDecimal("3.14159265358979323846264")));
        value.put("text", "tab\t quote\" \u0000 \uD83D\uDE00");
        value.put("nested", List.of(Map.of(), List.of(List.of()), new Tagged("Party", Map.of("id", 3L))));
        value.put("flags", Arrays.asList(true, false, null));
        Wire wire = WireType.JSON.apply(Bytes.elastic(16), TYPED);
        wire.writeValue(value);
        wire.writeValue(value);
        List<Object> back = new ArrayList<>();
        while (wire.readValue(back::add)) {
            assertTrue(back.size() <= 2);
        }
        assertEquals(List.of(value, value), back);
    }

    /** Regression: a number token longer than the staging array of a buffer-backed output failed with IllegalArgumentException. */
    @Test
    void regressionANumberLongerThanTheStagingArrayReachesADirectBuffer() {
        BigInteger huge = BigInteger.TEN.pow(3000).add(BigInteger.ONE);
        Wire wire = WireType.JSON.apply(Bytes.allocateDirect(8192));
        wire.writeValue(List.of(huge, new BigDecimal(huge, 1500)));
        assertEquals(List.of(huge, new BigDecimal(huge, 1500)), read(wire.bytes().readableText()));
    }
}
