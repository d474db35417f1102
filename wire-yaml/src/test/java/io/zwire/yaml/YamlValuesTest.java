package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Tagged;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Wire#readValue} and {@link Wire#writeValue} on the YAML wires: plain Java values for tools. */
class YamlValuesTest {
    static List<Object> readAll(WireType type, String yaml) {
        Wire wire = type.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)));
        List<Object> documents = new ArrayList<>();
        while (wire.readValue(documents::add)) {
            // every document
        }
        return documents;
    }

    static Object read(String yaml) {
        List<Object> documents = readAll(WireType.YAML, yaml);
        assertEquals(1, documents.size());
        return documents.get(0);
    }

    @Test
    void scalarsResolveByTheCoreSchema() {
        Map<?, ?> map = (Map<?, ?>) read("""
                nulls: [~, null, Null, NULL, ]   # a trailing comma adds no entry
                bools: [true, True, TRUE, false, False, FALSE]
                ints: [0, -17, +5, 0x1F, 0o17, 9223372036854775807, 9223372036854775808, -9223372036854775809]
                floats: [1.5, -0.0, .5, 1e3, 1.0E+300, .inf, -.Inf, .NaN, 12345678901234567890.5]
                strings: [yes, no, on, 1_000, 2001-12-14, 0b101, '123', "true", plain text]
                """);
        assertEquals(Arrays.asList(null, null, null, null), map.get("nulls"));
        assertEquals(List.of(true, true, true, false, false, false), map.get("bools"));
        assertEquals(List.of(0L, -17L, 5L, 31L, 15L, Long.MAX_VALUE, new BigInteger("9223372036854775808"),
                new BigInteger("-9223372036854775809")), map.get("ints"));
        List<?> floats = (List<?>) map.get("floats");
        assertEquals(List.of(1.5, -0.0, 0.5, 1000.0, 1e300, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN),
                floats.subList(0, 8));
        assertEquals(new BigDecimal("12345678901234567890.5"), floats.get(8), "more digits than a double holds");
        assertEquals(List.of("yes", "no", "on", "1_000", "2001-12-14", "0b101", "123", "true", "plain text"), map.get("strings"));
    }

    @Test
    void tagsGiveTypesAndTaggedValues() {
        Map<?, ?> map = (Map<?, ?>) read("""
                str: !!str 123
                int: !!int "42"
                float: !!float 1
                bin: !!binary AAEC
                local: !Order {id: 1}
                global: !<tag:example.com,2025:thing> x
                plain: ! 12
                """);
        assertEquals("123", map.get("str"));
        assertEquals(42L, map.get("int"));
        assertEquals(1.0, map.get("float"));
        assertArrayEquals(new byte[] {0, 1, 2}, (byte[]) map.get("bin"));
        assertEquals(new Tagged("Order", Map.of("id", 1L)), map.get("local"));
        assertEquals(new Tagged("tag:example.com,2025:thing", "x"), map.get("global"));
        assertEquals("12", map.get("plain"));
        assertThrows(WireException.class, () -> read("x: !!int twelve\n"));
    }

    @Test
    void aliasesAreTheAnchoredValue() {
        Map<?, ?> map = (Map<?, ?>) read("a: &x [1, 2]\nb: *x\nc: &s text\nd: *s\n");
        assertEquals(List.of(1L, 2L), map.get("b"));
        assertEquals("text", map.get("d"));
    }

    @Test
    void duplicateKeysAreAWireException() {
        WireException e = assertThrows(WireException.class, () -> read("a: 1\nb: 2\na: 3\n"));
        assertTrue(e.getMessage().contains("unique keys"), e.getMessage());
    }

    @Test
    void complexKeysAndNonStringKeysAreKept() {
        Map<?, ?> map = (Map<?, ?>) read("? [a, b]\n: list key\n1: int key\nnull: null key\n");
        assertEquals("list key", map.get(List.of("a", "b")));
        assertEquals("int key", map.get(1L));
        assertEquals("null key", map.get(null));
    }

    @Test
    void numberedDocumentsHaveLongKeys() {
        Wire wire = WireType.YAML_NUMBERED.apply(Bytes.elastic(64));
        wire.writeDocument(Order.sample());
        List<Object> documents = new ArrayList<>();
        assertTrue(wire.readValue(documents::add));
        Map<?, ?> order = (Map<?, ?>) documents.get(0);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), new ArrayList<>(order.keySet()));
        assertEquals("EURUSD", order.get(2L));
        assertEquals(Map.of(1L, "Meridian Capital Partners", 2L, "MCP-EU-000042", 3L, 42L), order.get(6L));
    }

    @Test
    void writtenValuesReadBackEqual() {
        Map<Object, Object> value = new LinkedHashMap<>();
        value.put("text", "key: value");
        value.put("quotes", List.of("yes", "123", "", " x ", "a\nb", "\uD83D\uDE00"));
        value.put("numbers", List.of(1L, -2L, 3.5, -0.0, Double.NaN, Double.NEGATIVE_INFINITY, new BigInteger("123456789012345678901234567890"),
                new BigDecimal("1.25")));
        value.put("flags", List.of(true, false));
        value.put("nothing", null);
        value.put("empty map", Map.of());
        value.put("empty list", List.of());
        value.put("nested", List.of(List.of(1L, List.of()), Map.of("k", List.of(Map.of("deep", "x")))));
        value.put("typed", new Tagged("Order", Map.of("id", 7L)));
        value.put("global", new Tagged("tag:example.com,2025:x", "y"));
        value.put("bytes", new byte[] {1, 2, 3});
        value.put(List.of("complex", "key"), "value of a complex key");
        value.put(12L, "an int key");
        value.put("k".repeat(600), "a long key");
        Wire wire = WireType.YAML.apply(Bytes.elastic(64));
        wire.writeValue(value);
        wire.writeValue(List.of(1L, 2L));
        wire.writeValue("just text");
        List<Object> documents = new ArrayList<>();
        while (wire.readValue(documents::add)) {
            // all three
        }
        assertEquals(3, documents.size());
        Map<?, ?> read = (Map<?, ?>) documents.get(0);
        assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) read.get("bytes"));
        Map<Object, Object> withoutBytes = new LinkedHashMap<>(value);
        withoutBytes.remove("bytes");
        Map<Object, Object> readWithoutBytes = new LinkedHashMap<>(read);
        readWithoutBytes.remove("bytes");
        List<Object> expectedNumbers = new ArrayList<>((List<?>) value.get("numbers"));
        expectedNumbers.set(7, 1.25);
        withoutBytes.put("numbers", expectedNumbers);
        assertEquals(withoutBytes, readWithoutBytes);
        assertEquals(List.of(1L, 2L), documents.get(1));
        assertEquals("just text", documents.get(2));
    }

    @Test
    void aValueWithNoYamlFormIsRejectedAndTheBufferIsUnchanged() {
        Wire wire = WireType.YAML.apply(Bytes.elastic(64));
        wire.writeValue(Map.of("a", 1L));
        int end = wire.bytes().writePosition();
        assertThrows(IllegalArgumentException.class, () -> wire.writeValue(Map.of("a", new Object())));
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        assertThrows(IllegalArgumentException.class, () -> wire.writeValue(cycle));
        assertEquals(end, wire.bytes().writePosition());
        List<Object> documents = new ArrayList<>();
        assertTrue(wire.readValue(documents::add));
        assertEquals(Map.of("a", 1L), documents.get(0));
        assertFalse(wire.readValue(documents::add));
    }

    @Test
    void anEmptyStreamHasNoDocumentsAndAnEmptyDocumentIsNull() {
        assertEquals(List.of(), readAll(WireType.YAML, "# only a comment\n"));
        List<Object> documents = readAll(WireType.YAML, "---\n--- \n...\n");
        assertEquals(2, documents.size());
        assertNull(documents.get(0));
        assertNull(documents.get(1));
    }
}
