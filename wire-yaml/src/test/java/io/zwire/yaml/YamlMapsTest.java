package io.zwire.yaml;

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
import io.zwire.testkit.model.IntKeyedMap;
import io.zwire.testkit.model.LimitBook;
import io.zwire.testkit.model.TextKeyedMap;
import io.zwire.testkit.model.PriceLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Maps on YAML and YAML_NUMBERED: a block mapping whose text keys are quoted exactly when they would
 * read back as something else (checked against snakeyaml-engine too), integer keys plain, nested
 * values indented, {@code {}} for an empty map; flow mappings and other key styles read.
 */
class YamlMapsTest {
    private static final Field M = Field.of(1, "m");
    private static final Field N = Field.of(2, "v");
    private static final String[] AWKWARD_KEYS = {"", " a", "a ", "a: b", "a:", ":a", "null", "Null", "~", "true", "yes",
            "on", "y", "123", "-1", "+1", "1.5", ".inf", "0x1F", "#x", "a #b", "a#b", "- x", "? x", "[x]", "{x}", "*x", "&x",
            "!x", "|", ">", "'q'", "\"q\"", "%x", "@x", "`x", "<<", "=", "multi\nline", "tab\tkey", "\u0000", "\u00e9t\u00e9",
            "\u65e5\u672c", "\ud83d\ude00", "\ud800", "\u2028", "x".repeat(1100)};

    /** A map of every kind of value: nested map, object, sequence, empty map, null; and a map as a sequence element. */
    static final class Mixed implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> {
                m.key("inner").map(o, (p, i) -> i.key(1).text("one"));
                m.key("level").marshallable(new PriceLevel(1.5, 2));
                m.key("list").sequence(o, (p, s) -> {
                    s.int32(1);
                    s.map(p, (q, e) -> e.key("k").int32(2));
                });
                m.key("empty").map(o, (p, e) -> { });
                m.key("none").nullValue();
            }).write(N).int64(7);
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    private static String written(WireType type, Marshallable document) {
        Bytes bytes = Bytes.elastic(128);
        type.apply(bytes).writeDocument(document);
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }

    private static <T extends Marshallable> T read(WireType type, String yaml, T target) {
        return read(type, yaml, target, WireOptions.defaults());
    }

    private static <T extends Marshallable> T read(WireType type, String yaml, T target, WireOptions options) {
        assertTrue(type.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)), options).readDocument(target));
        return target;
    }

    private static WireException refused(String yaml, Marshallable target) {
        return refused(yaml, target, WireOptions.defaults());
    }

    private static WireException refused(String yaml, Marshallable target, WireOptions options) {
        Wire wire = WireType.YAML.apply(Bytes.wrap(yaml.getBytes(StandardCharsets.UTF_8)), options);
        return assertThrows(WireException.class, () -> wire.readDocument(target));
    }

    @Test
    void aMapIsABlockMappingWithNestedValuesIndentedAndAnEmptyMapInFlowStyle() {
        assertEquals("""
                ---
                m:
                  inner:
                    1: one
                  level:
                    price: 1.5
                    size: 2
                  list:
                    - 1
                    - k: 2
                  empty: {}
                  none: null
                v: 7
                """, written(WireType.YAML, new Mixed()));
        assertEquals("""
                ---
                1:
                  inner:
                    1: one
                  level:
                    1: 1.5
                    2: 2
                  list:
                    - 1
                    - k: 2
                  empty: {}
                  none: null
                2: 7
                """, written(WireType.YAML_NUMBERED, new Mixed()), "YAML_NUMBERED keys a map by its own keys");
    }

    @Test
    void integerKeysArePlainAndTextKeysThatLookLikeOtherKindsAreQuoted() {
        IntKeyedMap ints = new IntKeyedMap();
        ints.keys.addAll(List.of(5L, -3L, Long.MIN_VALUE));
        ints.values.addAll(List.of(1L, 2L, 3L));
        assertEquals("---\nm:\n  5: 1\n  -3: 2\n  -9223372036854775808: 3\nv: 0\n", written(WireType.YAML, ints));
        TextKeyedMap texts = new TextKeyedMap();
        texts.entries.addAll(List.of("123", "a", "null", "b", "a: b", "c", "plain key", "d", "", "e"));
        assertEquals("---\nm:\n  \"123\": a\n  \"null\": b\n  \"a: b\": c\n  plain key: d\n  \"\": e\nv: 0\n",
                written(WireType.YAML, texts));
        assertEquals("---\nm: {}\nv: 0\n", written(WireType.YAML, new IntKeyedMap()));
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED"})
    void awkwardTextKeysRoundTripAndSnakeYamlReadsThemAsTheSameStrings(WireType type) {
        TextKeyedMap texts = new TextKeyedMap();
        for (String key : AWKWARD_KEYS) {
            texts.entries.add(key);
            texts.entries.add("v");
        }
        String yaml = written(type, texts);
        assertEquals(texts.entries, read(type, yaml, new TextKeyedMap()).entries, yaml);

        Map<?, ?> document = (Map<?, ?>) new Load(LoadSettings.builder().build()).loadFromString(yaml);
        Map<?, ?> map = (Map<?, ?>) document.get(type == WireType.YAML ? "m" : 1);
        List<Object> keys = new ArrayList<>(map.keySet());
        List<Object> expected = new ArrayList<>();
        for (String key : AWKWARD_KEYS) {
            expected.add(key.equals("\ud800") ? "\ud800" : key);
        }
        assertEquals(expected, keys, yaml);
    }

    @Test
    void readsFlowMappingsAndEveryKeyStyle() {
        IntKeyedMap ints = read(WireType.YAML, "m: {1: 10, -2: 20, 0x10: 30, '4': 40}\nv: 5\n", new IntKeyedMap());
        assertEquals(List.of(1L, -2L, 16L, 4L), ints.keys);
        assertEquals(List.of(10L, 20L, 30L, 40L), ints.values);
        assertEquals(5, ints.v);
        TextKeyedMap texts = read(WireType.YAML, """
                m:
                  plain: a
                  'single ''quoted''': b
                  "double\\tquoted": c
                  ? explicit
                  : d
                  123: e
                  folded: >
                    f
                v: 6
                """, new TextKeyedMap());
        assertEquals(List.of("plain", "a", "single 'quoted'", "b", "double\tquoted", "c", "explicit", "d", "123", "e",
                "folded", "f\n"), texts.entries);
        TextKeyedMap flow = read(WireType.YAML, "{v: 3, m: {a: 1, b: 2, c: }}", new TextKeyedMap());
        assertEquals(Arrays.asList("a", "1", "b", "2", "c", null), flow.entries);
        assertEquals(3, flow.v);
        assertEquals(0, read(WireType.YAML, "m: ~\nv: 1\n", new TextKeyedMap()).entries.size(), "a null map has no entries");
    }

    @Test
    void aKeyOfTheWrongKindIsAWireExceptionWhereItIs() {
        WireException text = refused("m:\n  abc: 1\n", new IntKeyedMap());
        assertEquals(5, text.offset(), text::getMessage);
        assertTrue(text.getMessage().contains("an integer map key"), text::getMessage);
        WireException nullKey = refused("m:\n  ~: 1\n", new TextKeyedMap());
        assertEquals(5, nullKey.offset(), nullKey::getMessage);
        assertTrue(nullKey.getMessage().contains("found null"), nullKey::getMessage);
        WireException collection = refused("m:\n  ? [a]\n  : 1\n", new TextKeyedMap());
        assertTrue(collection.getMessage().contains("a text map key, found a collection"), collection::getMessage);
        WireException sequence = refused("m: [1]\n", new TextKeyedMap());
        assertTrue(sequence.getMessage().contains("a map (a mapping), found a sequence"), sequence::getMessage);
    }

    @Test
    void aMapReachedThroughAnAliasIsReadAndLeftAsTheOtherFieldsAre() {
        IntKeyedMap ints = read(WireType.YAML, "a: &x {1: 2, 3: 4}\nm: *x\nv: 5\n", new IntKeyedMap());
        assertEquals(List.of(1L, 3L), ints.keys);
        assertEquals(5, ints.v);
    }

    @Test
    void entriesBeyondMaxSequenceLengthAreRefused() {
        WireOptions two = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(2));
        assertTrue(refused("m: {1: 1, 2: 2, 3: 3}\n", new IntKeyedMap(), two).getMessage().contains("maxSequenceLength 2"));
        assertEquals(2, read(WireType.YAML, "m: {1: 1, 2: 2}\n", new IntKeyedMap(), two).keys.size());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED"})
    void theLimitBookRoundTrips(WireType type) {
        Bytes bytes = Bytes.elastic(512);
        Wire wire = type.apply(bytes);
        LimitBook source = LimitBook.sample("desk", 1.5);
        wire.writeDocument(source);
        LimitBook target = new LimitBook();
        assertTrue(wire.readDocument(target), () -> new String(bytes.toByteArray(), StandardCharsets.UTF_8));
        assertEquals(source, target);
    }

    /** Every truncation of a stream of map documents is refused or read as documents it holds, never a hang. */
    @Test
    void everyPrefixOfAStreamOfMapsIsRefusedOrReadWithoutHanging() {
        Bytes bytes = Bytes.elastic(512);
        Wire writer = WireType.YAML.apply(bytes);
        writer.writeDocument(LimitBook.sample("a", 1));
        writer.writeDocument(LimitBook.sample("b", 2));
        byte[] full = bytes.toByteArray();
        int refusals = 0;
        for (int length = 0; length <= full.length; length++) {
            Wire wire = WireType.YAML.apply(Bytes.wrap(Arrays.copyOf(full, length)));
            for (int attempt = 0; attempt < 3; attempt++) {
                try {
                    if (!wire.readDocument(new LimitBook())) {
                        break;
                    }
                } catch (WireException cut) {
                    refusals++;
                }
            }
        }
        assertTrue(refusals > 0, "some prefixes are refused");
        LimitBook whole = new LimitBook();
        Wire wire = WireType.YAML.apply(Bytes.wrap(full));
        assertTrue(wire.readDocument(whole));
        assertEquals(LimitBook.sample("a", 1), whole);
        assertTrue(wire.readDocument(whole));
        assertEquals(LimitBook.sample("b", 2), whole);
    }

    /** A YAML map whose keys are its own, also on the numbered wire: text keys stay text. */
    @Test
    void theNumberedWireReadsTextKeysAsText() {
        TextKeyedMap texts = read(WireType.YAML_NUMBERED, "1:\n  a: x\n  7: y\n2: 3\n", new TextKeyedMap());
        assertEquals(List.of("a", "x", "7", "y"), texts.entries);
        assertEquals(3, texts.v);
    }

    @Test
    void keysOrderIsKeptAsWritten() {
        Map<String, String> ordered = new LinkedHashMap<>();
        ordered.put("z", "1");
        ordered.put("a", "2");
        TextKeyedMap texts = new TextKeyedMap();
        ordered.forEach((k, v) -> {
            texts.entries.add(k);
            texts.entries.add(v);
        });
        assertEquals(texts.entries, read(WireType.YAML, written(WireType.YAML, texts), new TextKeyedMap()).entries);
    }
}
