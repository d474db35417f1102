package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.RepeatedFields;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Map keys through the plain-value path: byte-string keys stay byte strings, and a map with two
 * equal keys is refused on reading and writing, never reduced to one entry.
 */
class CborMapKeysTest {
    private static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    private static Object readOne(byte[] cbor) {
        Wire wire = WireType.BINARY.apply(Bytes.wrap(cbor));
        List<Object> values = new ArrayList<>();
        assertTrue(wire.readValue(values::add));
        assertFalse(wire.readValue(values::add));
        return values.get(0);
    }

    private static byte[] writeOne(Object value) {
        Bytes bytes = Bytes.elastic(64);
        WireType.BINARY.apply(bytes).writeValue(value);
        return bytes.toByteArray();
    }

    /** The document after the refused one ({@code {"n": 7}}) is read: the bad map is well-formed, so it is stepped over exactly. */
    private static WireException refusedThenTheNextIsRead(String badMap, long offset, String named) {
        byte[] bad = hex(badMap);
        byte[] next = hex("a1 616e 07");
        byte[] stream = new byte[bad.length + next.length];
        System.arraycopy(bad, 0, stream, 0, bad.length);
        System.arraycopy(next, 0, stream, bad.length, next.length);
        Wire wire = WireType.BINARY.apply(Bytes.wrap(stream));
        WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        assertEquals(offset, e.offset(), e::getMessage);
        assertTrue(e.getMessage().contains(named + " again"), e::getMessage);
        List<Object> read = new ArrayList<>();
        assertTrue(wire.readValue(read::add));
        assertEquals(List.of(Map.of("n", 7L)), read);
        return e;
    }

    @Test
    void aByteStringKeyStaysAByteStringAndDoesNotMergeWithTheTextOfItsLatin1Reading() {
        Map<?, ?> map = (Map<?, ?>) readOne(hex("a2 41ff 01 62c3bf 02"));
        assertEquals(2, map.size(), map::toString);
        List<Object> keys = new ArrayList<>(map.keySet());
        assertArrayEquals(new byte[] {(byte) 0xFF}, (byte[]) keys.get(0));
        assertEquals(1L, map.get(keys.get(0)));
        assertEquals("\u00FF", keys.get(1));
        assertEquals(2L, map.get("\u00FF"));
    }

    @Test
    void byteStringKeysRoundTripCborToCborByteForByte() {
        byte[] cbor = hex("a3 41ff 01 62c3bf 02 40 a1 42 0001 f6");
        assertArrayEquals(cbor, writeOne(readOne(cbor)));
    }

    @Test
    void twoEqualByteStringKeysAreDuplicates() {
        refusedThenTheNextIsRead("a2 41ff 01 41ff 02", 4, "h'ff'");
    }

    @Test
    void duplicateTextKeysAreRefusedWithTheKeyAndItsOffset() {
        WireException e = refusedThenTheNextIsRead("bf 6161 01 6162 02 6161 03 ff", 7, "\"a\"");
        assertEquals("BINARY", e.wire());
    }

    @Test
    void integerKeysOfOneValueInDifferentWidthsAreDuplicates() {
        refusedThenTheNextIsRead("a2 01 f4 1801 f5", 3, "found 1");
    }

    @Test
    void arrayKeysHoldingEqualByteStringsAreDuplicates() {
        refusedThenTheNextIsRead("a2 8141ff 01 8141ff 02", 5, "[h'ff']");
    }

    @Test
    void textAndByteStringKeysOfTheSameBytesAreNotDuplicates() {
        Map<?, ?> map = (Map<?, ?>) readOne(hex("a2 4161 01 6161 02"));
        assertEquals(2, map.size());
    }

    @Test
    void writingAByteArrayKeyGivesAByteStringKey() {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put(new byte[] {1, 2}, "v");
        assertArrayEquals(hex("a1 42 0102 6176"), writeOne(map));
    }

    @Test
    void writingTwoKeysOfTheSameEncodingIsRefused() {
        Map<Object, Object> byteKeys = new LinkedHashMap<>();
        byteKeys.put(new byte[] {1}, 1);
        byteKeys.put(new byte[] {1}, 2);
        WireException e = assertThrows(WireException.class, () -> writeOne(byteKeys));
        assertTrue(e.getMessage().contains("h'01' written twice"), e::getMessage);
        Map<Object, Object> numberKeys = new LinkedHashMap<>();
        numberKeys.put(1, "int");
        numberKeys.put(1L, "long");
        assertThrows(WireException.class, () -> writeOne(numberKeys));
    }

    /**
     * The typed reader refuses a field the map carries twice, whether the read was in order (fast
     * path) or searched the object (index); with {@link RepeatedFields#FIRST} it gives the field
     * its first occurrence and offers the later key to {@link Marshallable#unexpectedField}.
     */
    @Test
    void aDuplicateFieldInATypedReadIsRefusedOrTakesTheFirstAndOffersTheSecondAsUnexpected() {
        for (String document : List.of("bf 6269640a 62696414 6161 01 ff", "bf 6161 01 6269640a 62696414 ff")) {
            WireException refused = assertThrows(WireException.class,
                    () -> WireType.BINARY.apply(Bytes.wrap(hex(document))).readDocument(new IdOnly()));
            assertTrue(refused.getMessage().contains("1:id is repeated"), refused.getMessage());
            IdOnly read = new IdOnly();
            WireOptions first = WireOptions.defaults().withRepeatedFields(RepeatedFields.FIRST);
            assertTrue(WireType.BINARY.apply(Bytes.wrap(hex(document)), first).readDocument(read));
            assertEquals(10, read.id, document);
            assertEquals(List.of("id=20", "a=1"), read.unexpected.stream().sorted((x, y) -> y.compareTo(x)).toList(), document);
        }
    }

    /** Reads {@code id}; keeps every other entry it is offered. */
    private static final class IdOnly implements Marshallable {
        private static final Field ID = Field.of(1, "id");
        long id;
        final List<String> unexpected = new ArrayList<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id);
        }

        @Override
        public void readMarshallable(WireIn in) {
            id = in.read(ID).int64();
        }

        @Override
        public void unexpectedField(WireKey key, ValueIn value) {
            unexpected.add(key.name() + "=" + value.int64());
        }
    }
}
