package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.LimitBook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
    private static final Field N = Field.of(2, "n");

    /** Field {@code m}: a map of integer keys to int64 values; then field {@code n}. */
    static final class IntKeyed implements Marshallable {
        final List<Long> keys = new ArrayList<>();
        final List<Long> values = new ArrayList<>();
        long n;
        boolean int32;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> {
                for (int i = 0; i < o.keys.size(); i++) {
                    m.key(o.keys.get(i)).int64(o.values.get(i));
                }
            }).write(N).int64(n);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> {
                o.keys.clear();
                o.values.clear();
                while (m.hasNextEntry()) {
                    o.keys.add(o.int32 ? m.int32Key() : m.int64Key());
                    o.values.add(m.int64());
                }
            }).read(N).int64(this, (o, v) -> o.n = v);
        }
    }

    /** Field {@code m}: a map of text keys to text values; then field {@code n}. */
    static final class TextKeyed implements Marshallable {
        final List<String> entries = new ArrayList<>();
        long n;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> {
                for (int i = 0; i < o.entries.size(); i += 2) {
                    m.key(o.entries.get(i)).text(o.entries.get(i + 1));
                }
            }).write(N).int64(n);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(M).map(this, (o, m) -> {
                o.entries.clear();
                StringBuilder key = new StringBuilder();
                while (m.hasNextEntry()) {
                    m.keyTo(key);
                    String interned = m.text();
                    o.entries.add(key.toString());
                    o.entries.add(interned);
                }
            }).read(N).int64(this, (o, v) -> o.n = v);
        }
    }

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
        IntKeyed ints = new IntKeyed();
        ints.keys.addAll(List.of(5L, -1L, Long.MIN_VALUE));
        ints.values.addAll(List.of(1L, 2L, 3L));
        assertEquals("{\"m\":{\"5\":1,\"-1\":2,\"-9223372036854775808\":3},\"n\":0}\n", written(ints));

        TextKeyed texts = new TextKeyed();
        texts.entries.addAll(List.of("a\"b", "x", "multi\nline", "y", "", "z", "\u00e9\u65e5", "w"));
        assertEquals("{\"m\":{\"a\\\"b\":\"x\",\"multi\\nline\":\"y\",\"\":\"z\",\"\u00e9\u65e5\":\"w\"},\"n\":0}\n", written(texts));
        assertEquals("{\"m\":{},\"n\":0}\n", written(new IntKeyed()), "an empty map");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void awkwardKeysRoundTrip(boolean direct) {
        TextKeyed texts = new TextKeyed();
        for (String key : new String[] {"", " a", "a: b", "null", "true", "123", "-1", "#x", "multi\nline", "tab\there",
                "quote\"back\\slash", "\u0000", "\u00e9\u65e5\ud83d\ude00", "\ud800"}) {
            texts.entries.add(key);
            texts.entries.add("v");
        }
        TextKeyed read = read(written(texts), direct, new TextKeyed());
        assertEquals(texts.entries, read.entries);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void readsMapsLaidOutAsOtherWritersDo(boolean direct) {
        IntKeyed ints = read(" { \"n\" : 4 ,\n \"m\" : { \"1\" : 10 ,\t\"-2\":20, \"\\u0033\": 30 } } ", direct, new IntKeyed());
        assertEquals(List.of(1L, -2L, 3L), ints.keys, "an escaped digit is the digit");
        assertEquals(List.of(10L, 20L, 30L), ints.values);
        assertEquals(4, ints.n);
        TextKeyed texts = read("{\"m\":{\"\\u0061\\n\":\"b\", \"c\": null}}", direct, new TextKeyed());
        assertEquals(Arrays.asList("a\n", "b", "c", null), texts.entries);
        assertEquals(0, read("{\"m\":null,\"n\":0}", direct, new IntKeyed()).keys.size(), "a null map has no entries");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anIntegerKeyThatIsNotADecimalIntegerIsRefusedWhereItStarts(boolean direct) {
        for (String key : new String[] {"12x", "", "1.5", "1e3", " 1", "0x10", "9223372036854775808", "--1"}) {
            String json = "{\"m\":{\"1\":1,\"" + key + "\":2}}";
            WireException e = refused(json, direct, new IntKeyed());
            assertEquals(json.indexOf("\"" + key + "\""), e.offset(), () -> key + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("an integer map key"), e::getMessage);
        }
    }

    @Test
    void anInt32KeyOutOfRangeIsRefused() {
        IntKeyed int32 = new IntKeyed();
        int32.int32 = true;
        WireException e = refused("{\"m\":{\"2147483648\":1}}", false, int32);
        assertTrue(e.getMessage().contains("int32"), e::getMessage);
        IntKeyed inRange = new IntKeyed();
        inRange.int32 = true;
        assertEquals(List.of(-2147483648L), read("{\"m\":{\"-2147483648\":1}}", false, inRange).keys);
    }

    @Test
    void malformedMapsAreRefusedWithTheirOffset() {
        assertEquals(5, refused("{\"m\":[1]}", false, new IntKeyed()).offset(), "an array where a map is");
        assertEquals(6, refused("{\"m\":{1:1}}", false, new IntKeyed()).offset(), "a key that is not a string");
        assertEquals(10, refused("{\"m\":{\"1\" 1}}", false, new IntKeyed()).offset(), "no colon");
        assertEquals(12, refused("{\"m\":{\"1\":1 \"2\":2}}", false, new IntKeyed()).offset(), "no comma");
    }

    @Test
    void entriesBeyondMaxSequenceLengthAreRefused() {
        WireOptions two = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(2));
        assertTrue(refused("{\"m\":{\"1\":1,\"2\":2,\"3\":3}}", false, new IntKeyed(), two).getMessage()
                .contains("maxSequenceLength 2"));
        assertEquals(2, read("{\"m\":{\"1\":1,\"2\":2},\"n\":3}", false, new IntKeyed()).keys.size());
    }

    /** Reads field {@code m} as maps nested in maps, to any depth, through a static method: non-capturing. */
    static final class NestedMaps implements Marshallable {
        int deepest;

        static void entries(NestedMaps o, ValueIn m) {
            o.deepest++;
            while (m.hasNextEntry()) {
                m.textKey();
                m.map(o, NestedMaps::entries);
            }
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(M).map(this, NestedMaps::entries);
        }
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
        Bytes bytes = Bytes.elastic(512);
        Wire writer = WireType.JSON.apply(bytes);
        writer.writeDocument(LimitBook.sample("a", 1));
        int firstEnd = bytes.writePosition();
        writer.writeDocument(LimitBook.sample("b", 2));
        byte[] full = bytes.toByteArray();
        for (int length = 0; length <= full.length; length++) {
            Wire wire = WireType.JSON.apply(Bytes.wrap(Arrays.copyOf(full, length)));
            // A document is whole once its closing brace is in; the line break after it is optional.
            int complete = length >= full.length - 1 ? 2 : length >= firstEnd - 1 ? 1 : 0;
            boolean cut = !(length == 0 || length == firstEnd - 1 || length == firstEnd || length >= full.length - 1);
            int read = 0;
            boolean refused = false;
            try {
                while (wire.readDocument(new LimitBook())) {
                    read++;
                }
            } catch (WireException expected) {
                refused = true;
            }
            assertEquals(complete, read, "documents read from a prefix of " + length + " bytes");
            assertEquals(cut, refused, "refused at " + length);
        }
    }
}
