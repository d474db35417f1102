package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What is NUMBERED's own about maps: the bytes are protobuf's {@code map<K, V>} encoding, and the
 * reader takes entries as protobuf defines them, on input no zwire writer produces (entries
 * interleaved with other fields, key and value in either order, repeated or missing, unknown
 * fields inside an entry, values that are packed or unpacked repeated fields or maps). The cases
 * every wire shares are in {@code MapContract}.
 */
class ProtoMapTest {
    private static final HexFormat HEX = HexFormat.of();

    private static byte[] write(Marshallable source) {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        wire.writeDocument(source);
        return wire.bytes().toByteArray();
    }

    /** The body of a written document, without its 5-byte padded length. */
    private static String body(Marshallable source) {
        byte[] document = write(source);
        return HEX.formatHex(Arrays.copyOfRange(document, 5, document.length));
    }

    private static <T extends Marshallable> T read(byte[] document, T target) {
        return read(document, target, WireOptions.defaults());
    }

    private static <T extends Marshallable> T read(byte[] document, T target, WireOptions options) {
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(document), options);
        assertTrue(wire.readDocument(target));
        assertEquals(0, wire.bytes().readRemaining(), "the document was read to its end");
        return target;
    }

    private static WireException readFails(byte[] document, Marshallable target) {
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(document));
        return assertThrows(WireException.class, () -> wire.readDocument(target));
    }

    private static ProtoBytes entry(String key, double value) {
        return ProtoBytes.fields().text(1, key).float64(2, value);
    }

    private static ProtoBytes party(String name, long id) {
        return ProtoBytes.fields().text(1, name).sint(3, id);
    }

    // ------------------------------------------------------------------ the bytes written

    /** A map<string, double> and a map<sint64, Party>, as protobuf lays them out. */
    static final class TwoMaps implements Marshallable {
        static final Field PRICES = Field.of(1, "prices");
        static final Field PARTIES = Field.of(2, "parties");

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(PRICES).map(this, (o, m) -> {
                m.key("a").float64(1.5);
                m.key("bc").float64(-2.0);
            }).write(PARTIES).map(this, (o, m) -> {
                m.key(5L).marshallable(new Party("n", null, 3));
                m.key(-1L).marshallable(new Party("", null, 0));
            });
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    /**
     * Checked by hand against the protobuf encoding guide: each entry is its map's field, length
     * delimited (zwire's lengths are 5-byte padded varints), holding the key as field 1 (string,
     * or sint64 zig-zag) and the value as field 2 (double fixed64, or the message).
     */
    @Test
    void writesProtobufsMapEncodingForStringToDoubleAndSint64ToMessage() {
        String expected = ""
                // prices["a"] = 1.5: tag 1 LEN, length 12: key "a" (0a 01 61), value 1.5 (11 + 8 bytes)
                + "0a" + "8c80808000" + "0a0161" + "11000000000000f83f"
                // prices["bc"] = -2.0: length 13
                + "0a" + "8d80808000" + "0a026263" + "1100000000000000c0"
                // parties[5]: tag 2 LEN, length 13: key zig-zag 10 (08 0a), value tag 2 LEN, length 5:
                // name "n" (0a 01 6e), account null (absent), id zig-zag 6 (18 06)
                + "12" + "8d80808000" + "080a" + "12" + "8580808000" + "0a016e" + "1806"
                // parties[-1]: key zig-zag 1; the value has an empty name and id 0, both written
                + "12" + "8c80808000" + "0801" + "12" + "8480808000" + "0a00" + "1800";
        assertEquals(expected, body(new TwoMaps()));
    }

    /** A null value is the entry with its key alone; an empty map is no entry at all. */
    @Test
    void aNullValueIsAnEntryWithItsKeyAloneAndAnEmptyMapWritesNothing() {
        Marshallable nullValue = new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> m.key("a").nullValue())
                .write(TwoMaps.PARTIES).map(o, (x, m) -> { }));
        assertEquals("0a" + "8380808000" + "0a0161", body(nullValue));
    }

    /** An int32 key is sint32, whose zig-zag bytes are sint64's for every int. */
    @Test
    void anInt32KeyIsWrittenAsItsSint32ZigZag() {
        Marshallable keys = new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> m.key(Integer.MIN_VALUE).int32(-1)));
        // zig-zag of Integer.MIN_VALUE is 0xFFFFFFFF: a 5-byte varint, never sign-extended to 10
        assertEquals("0a" + "8880808000" + "08ffffffff0f" + "1001", body(keys));
    }

    /** A type whose write method is a lambda, for one-off documents. */
    static final class Writes implements Marshallable {
        final java.util.function.BiConsumer<Writes, WireOut> body;

        Writes(java.util.function.BiConsumer<Writes, WireOut> body) {
            this.body = body;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            body.accept(this, out);
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    // ------------------------------------------------------------------ protobuf's reading rules

    @Test
    void entriesInterleavedWithOtherFieldsAreReadInOrderOfAppearance() {
        byte[] document = ProtoBytes.fields()
                .message(2, entry("a", 1))
                .sint(1, 42)
                .message(3, ProtoBytes.fields().sint(1, 7).message(2, party("p7", 7)))
                .message(2, entry("b", 2))
                .text(4, "book")
                .message(2, entry("c", 3))
                .message(3, ProtoBytes.fields().sint(1, -8).message(2, party("p8", 8)))
                .document();
        MapBook expected = new MapBook().putPrice("a", 1).putPrice("b", 2).putPrice("c", 3)
                .putParty(7, new Party("p7", null, 7)).putParty(-8, new Party("p8", null, 8));
        expected.id = 42;
        expected.name = "book";
        assertEquals(expected, read(document, new MapBook()));
    }

    @Test
    void theValueMayComeBeforeTheKey() {
        byte[] document = ProtoBytes.fields()
                .message(2, ProtoBytes.fields().float64(2, 1.25).text(1, "a"))
                .message(3, ProtoBytes.fields().message(2, party("p", 1)).sint(1, 9))
                .document();
        MapBook book = read(document, new MapBook());
        assertEquals("a", book.symbols[0]);
        assertEquals(1.25, book.prices[0]);
        assertEquals(9, book.partyIds[0]);
        assertEquals(new Party("p", null, 1), book.parties[0]);
    }

    @Test
    void aRepeatedKeyOrScalarValueInsideAnEntryReadsItsLastOccurrence() {
        byte[] document = ProtoBytes.fields()
                .message(2, ProtoBytes.fields().text(1, "first").float64(2, 1).text(1, "last").float64(2, 2))
                .document();
        MapBook book = read(document, new MapBook());
        assertEquals(1, book.priceCount);
        assertEquals("last", book.symbols[0]);
        assertEquals(2.0, book.prices[0]);
    }

    /** Occurrences of a message value merge, as protobuf merges a message field given twice. */
    @Test
    void aMessageValueGivenTwiceInsideAnEntryIsMerged() {
        byte[] document = ProtoBytes.fields()
                .message(3, ProtoBytes.fields().sint(1, 1).message(2, party("name", 5))
                        .message(2, ProtoBytes.fields().text(2, "account")))
                .document();
        assertEquals(new Party("name", "account", 5), read(document, new MapBook()).parties[0]);
    }

    /** A missing key is protobuf's default, "" or 0; a missing value reads as a missing field: 0.0, an object of defaults. */
    @Test
    void aMissingKeyIsTheDefaultAndAMissingValueReadsAsAMissingField() {
        byte[] document = ProtoBytes.fields()
                .message(2, ProtoBytes.fields().float64(2, 3.5))
                .message(2, ProtoBytes.fields().text(1, "no value"))
                .message(3, ProtoBytes.fields().message(2, party("no key", 4)))
                .message(3, ProtoBytes.fields().sint(1, 6))
                .message(3, ProtoBytes.fields())
                .document();
        MapBook stale = MapBook.sample(3, 3);
        MapBook book = read(document, stale);
        assertEquals(2, book.priceCount);
        assertEquals("", book.symbols[0]);
        assertEquals(3.5, book.prices[0]);
        assertEquals("no value", book.symbols[1]);
        assertEquals(0.0, book.prices[1]);
        assertEquals(3, book.partyCount);
        assertEquals(0, book.partyIds[0]);
        assertEquals(new Party("no key", null, 4), book.parties[0]);
        assertEquals(6, book.partyIds[1]);
        assertEquals(new Party(), book.parties[1], "a missing object value reads as an object of defaults");
        assertEquals(0, book.partyIds[2]);
        assertEquals(new Party(), book.parties[2]);
    }

    @Test
    void aMissingTextValueReadsAsNullAndIsNullSaysSo() {
        byte[] document = ProtoBytes.fields().message(1, ProtoBytes.fields().text(1, "k")).document();
        List<String> seen = new ArrayList<>();
        read(document, new Reads((o, in) -> in.read(TwoMaps.PRICES).map(seen, (s, m) -> {
            while (m.hasNextEntry()) {
                s.add(m.textKey());
                s.add(String.valueOf(m.isNull()));
                s.add(m.text());
            }
        })));
        assertEquals(Arrays.asList("k", "true", null), seen);
    }

    @Test
    void unknownFieldsInsideAnEntryAreSkipped() {
        byte[] document = ProtoBytes.fields()
                .message(2, ProtoBytes.fields().uint(3, 99).text(1, "a").fixed32(7, 1).startGroup(9).uint(1, 1).endGroup(9)
                        .float64(2, 1.5).bytes(15, new byte[] {1, 2, 3}))
                .text(4, "after")
                .document();
        MapBook book = read(document, new MapBook());
        assertEquals(1, book.priceCount);
        assertEquals("a", book.symbols[0]);
        assertEquals(1.5, book.prices[0]);
        assertEquals("after", book.name);
    }

    @Test
    void keysAndValuesLeftUnreadAreSkippedAndTheNextFieldReads() {
        byte[] document = ProtoBytes.fields()
                .message(2, entry("a", 1)).message(2, entry("b", 2)).message(2, entry("c", 3))
                .text(4, "after")
                .document();
        List<String> keys = new ArrayList<>();
        Reads reads = new Reads((o, in) -> in.read(MapBook.PRICES).map(keys, (k, m) -> {
            assertTrue(m.hasNextEntry());
            assertTrue(m.hasNextEntry(), "asked again before its key is read: the same entry, as on every wire");
            k.add(m.textKey());
        }).read(MapBook.NAME).text(keys, List::add));
        read(document, reads);
        assertEquals(List.of("a", "after"), keys);
    }

    /** A map value that is a sequence is field 2 repeated: packed, unpacked, or both mixed. */
    static final class SequenceValues implements Marshallable {
        static final Field LISTS = Field.of(1, "lists");
        final Map<String, List<Long>> lists = new LinkedHashMap<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LISTS).map(this, (o, m) -> o.lists.forEach((k, v) -> m.key(k).sequence(v, (list, seq) -> {
                for (long e : list) {
                    seq.int64(e);
                }
            })));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LISTS).map(this, (o, m) -> {
                o.lists.clear();
                while (m.hasNextEntry()) {
                    List<Long> list = new ArrayList<>();
                    o.lists.put(m.textKey(), list);
                    m.sequence(list, (l, seq) -> {
                        while (seq.hasNextElement()) {
                            l.add(seq.int64());
                        }
                    });
                }
            });
        }
    }

    @Test
    void aSequenceValueIsField2RepeatedPackedOrNot() {
        byte[] document = ProtoBytes.fields()
                .message(1, ProtoBytes.fields().text(1, "packed").packedSint(2, 1, -2, 3))
                .message(1, ProtoBytes.fields().sint(2, 4).text(1, "unpacked").sint(2, -5))
                .message(1, ProtoBytes.fields().packedSint(2, 6).text(1, "mixed").sint(2, 7).packedSint(2, 8, 9))
                .message(1, ProtoBytes.fields().text(1, "none"))
                .document();
        SequenceValues values = read(document, new SequenceValues());
        assertEquals(Map.of("packed", List.of(1L, -2L, 3L), "unpacked", List.of(4L, -5L), "mixed", List.of(6L, 7L, 8L, 9L),
                "none", List.of()), values.lists);

        SequenceValues copy = read(write(values), new SequenceValues());
        assertEquals(values.lists, copy.lists);
    }

    /** A map value that is a map is field 2 repeated, one inner entry each. */
    static final class MapValues implements Marshallable {
        static final Field ROUTES = Field.of(1, "routes");
        final Map<String, Map<Integer, String>> routes = new LinkedHashMap<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ROUTES).map(this, (o, m) -> o.routes.forEach((k, v) -> m.key(k).map(v, (inner, im) ->
                    inner.forEach((ik, iv) -> im.key(ik).text(iv)))));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ROUTES).map(this, (o, m) -> {
                o.routes.clear();
                while (m.hasNextEntry()) {
                    Map<Integer, String> inner = new LinkedHashMap<>();
                    o.routes.put(m.textKey(), inner);
                    m.map(inner, (i, im) -> {
                        while (im.hasNextEntry()) {
                            int key = im.int32Key();
                            i.put(key, im.text());
                        }
                    });
                }
            });
        }
    }

    @Test
    void aMapValueIsField2RepeatedOneInnerEntryEach() {
        byte[] document = ProtoBytes.fields()
                .message(1, ProtoBytes.fields()
                        .message(2, ProtoBytes.fields().sint(1, 7).text(2, "seven"))
                        .text(1, "x")
                        .message(2, ProtoBytes.fields().text(2, "eight").sint(1, 8)))
                .message(1, ProtoBytes.fields().text(1, "empty"))
                .document();
        MapValues values = read(document, new MapValues());
        assertEquals(Map.of("x", Map.of(7, "seven", 8, "eight"), "empty", Map.of()), values.routes);

        MapValues copy = read(write(values), new MapValues());
        assertEquals(values.routes, copy.routes);
    }

    /** A type whose read method is a lambda. */
    static final class Reads implements Marshallable {
        final java.util.function.BiConsumer<Reads, WireIn> body;
        final List<String> unexpected = new ArrayList<>();

        Reads(java.util.function.BiConsumer<Reads, WireIn> body) {
            this.body = body;
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            body.accept(this, in);
        }

        /** Reads an unread field as a map of text to float64. */
        @Override
        public void unexpectedField(WireKey key, ValueIn value) {
            unexpected.add("field " + key.number());
            value.map(this, (o, m) -> {
                while (m.hasNextEntry()) {
                    o.unexpected.add(m.textKey() + "=" + m.float64());
                }
            });
        }
    }

    @Test
    void aMapFieldNoOneReadIsHandedToUnexpectedFieldWhichReadsItAsAMap() {
        byte[] document = ProtoBytes.fields()
                .message(2, entry("a", 1)).sint(1, 5).message(2, entry("b", 2))
                .document();
        Reads reads = read(document, new Reads((o, in) -> in.read(MapBook.ID).int64()));
        assertEquals(List.of("field 2", "a=1.0", "b=2.0"), reads.unexpected);
    }

    // ------------------------------------------------------------------ bad input

    @Test
    void aTextKeyReadWhereTheEntryHoldsAVarintIsAWireExceptionAtTheKey() {
        byte[] document = ProtoBytes.fields().message(2, ProtoBytes.fields().uint(1, 5).float64(2, 1)).document();
        WireException e = readFails(document, new MapBook());
        assertEquals("NUMBERED", e.wire());
        // 1 byte of document length, the entry's tag and length, the key's tag: the key's value is at offset 4
        assertEquals(4, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("a text map key"), e.getMessage());
    }

    @Test
    void anIntegerKeyReadWhereTheEntryHoldsBytesIsAWireException() {
        byte[] document = ProtoBytes.fields().message(3, ProtoBytes.fields().text(1, "five").message(2, party("p", 1)))
                .document();
        WireException e = readFails(document, new MapBook());
        assertEquals(4, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("an integer map key"), e.getMessage());
    }

    /** A document that failed inside an entry left the entry's flags on the next document's root, refusing its fields. */
    @Test
    void regressionTheDocumentAfterOneThatFailedInsideAnEntryReads() {
        byte[] bad = ProtoBytes.fields().message(2, ProtoBytes.fields().uint(1, 5).float64(2, 1)).document();
        byte[] good = write(MapBook.sample(2, 1));
        byte[] both = Arrays.copyOf(bad, bad.length + good.length);
        System.arraycopy(good, 0, both, bad.length, good.length);
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(both));
        assertThrows(WireException.class, () -> wire.readDocument(new MapBook()));
        MapBook next = new MapBook();
        assertTrue(wire.readDocument(next));
        assertEquals(MapBook.sample(2, 1), next);
    }

    @Test
    void anEntryThatIsNotLengthDelimitedIsAWireException() {
        byte[] document = ProtoBytes.fields().uint(2, 1).document();
        WireException e = readFails(document, new MapBook());
        assertTrue(e.getMessage().contains("a map entry"), e.getMessage());
    }

    @Test
    void anEntryLengthBeyondTheDocumentIsAWireException() {
        byte[] body = ProtoBytes.fields().message(2, entry("a", 1)).toByteArray();
        byte[] truncated = Arrays.copyOf(body, body.length - 3);
        byte[] document = ProtoBytes.fields().raw(truncated.length).raw(toInts(truncated)).toByteArray();
        WireException e = readFails(document, new MapBook());
        assertEquals("NUMBERED", e.wire());
        assertTrue(e.offset() >= 0 && e.offset() <= document.length, e.getMessage());
    }

    @Test
    void everyTruncationOfAMapDocumentIsAWireException() {
        byte[] full = write(MapBook.sample(3, 2));
        for (int length = 1; length < full.length; length++) {
            int cut = length;
            WireException e = readFails(Arrays.copyOf(full, length), new MapBook());
            assertTrue(e.offset() >= 0 && e.offset() <= cut, () -> "offset " + e.offset() + " within " + cut + " bytes");
        }
    }

    @Test
    void moreEntriesThanMaxSequenceLengthIsAWireException() {
        WireOptions options = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(3));
        assertEquals(MapBook.sample(3, 3), read(write(MapBook.sample(3, 3)), new MapBook(), options));
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(write(MapBook.sample(4, 0))), options);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new MapBook()));
        assertTrue(e.getMessage().contains("maxSequenceLength 3"), e.getMessage());
    }

    /** One level for the map, none for its entries: a map of objects nests as deep as on the other wires. */
    @Test
    void aMapCountsOnceAgainstMaxDepthAndItsEntriesNot() {
        WireOptions two = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(2));
        assertEquals(MapBook.sample(2, 2), read(write(MapBook.sample(2, 2)), new MapBook(), two));
        WireOptions one = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(1));
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(write(MapBook.sample(0, 1))), one);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new MapBook()));
        assertTrue(e.getMessage().contains("maxDepth 1"), e.getMessage());
    }

    @Test
    void aFieldReadInsideAnEntryIsAnIllegalStateException() {
        byte[] document = ProtoBytes.fields().message(2, entry("a", 1)).document();
        Reads reads = new Reads((o, in) -> in.read(MapBook.PRICES).map(o, (x, m) -> {
            assertTrue(m.hasNextEntry());
            m.read(Field.of(1, "key")).text();
        }));
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(document));
        assertThrows(IllegalStateException.class, () -> wire.readDocument(reads));
    }

    @Test
    void aValueReadTwiceInAnEntryIsAnIllegalStateException() {
        byte[] document = ProtoBytes.fields().message(2, entry("a", 1)).document();
        Reads reads = new Reads((o, in) -> in.read(MapBook.PRICES).map(o, (x, m) -> {
            assertTrue(m.hasNextEntry());
            m.textKey();
            m.float64();
            m.float64();
        }));
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(document));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(reads));
        assertTrue(e.getMessage().contains("without its key"), e.getMessage());
    }

    // ------------------------------------------------------------------ misplaced writes where NUMBERED writes nothing

    /**
     * NUMBERED writes nothing for a null value, an empty sequence or an empty map, so its checks
     * of keys and values cannot compare positions: a key after such a value is accepted, and a
     * key after a key refused, all the same.
     */
    @Test
    void keysAfterValuesThatWriteNothingAreAcceptedAndAKeyAfterAKeyIsRefused() {
        Marshallable accepted = new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> {
            m.key("null").nullValue();
            m.key("empty sequence").sequence(x, (y, s) -> { });
            m.key("empty map").map(x, (y, inner) -> { });
            m.key("last").float64(1);
        }));
        assertEquals("0a8680808000" + "0a046e756c6c"
                + "0a9080808000" + "0a0e656d7074792073657175656e6365"
                + "0a8b80808000" + "0a09656d707479206d6170"
                + "0a8f80808000" + "0a046c617374" + "11000000000000f03f", body(accepted));
        for (Marshallable refused : List.<Marshallable>of(
                new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> {
                    m.key("a").nullValue();
                    m.key("b");
                    m.key("c");
                })),
                new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> {
                    m.key("a").nullValue();
                    m.nullValue();
                })),
                new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> {
                    m.key("a").nullValue();
                    m.write(TwoMaps.PARTIES).nullValue();
                })),
                new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> {
                    m.key("a").sequence(x, (y, s) -> { });
                    m.sequence(x, (y, s) -> { });
                })),
                new Writes((o, out) -> out.write(TwoMaps.PRICES).map(o, (x, m) -> {
                    m.key("a").map(x, (y, inner) -> { });
                    m.float64(1);
                })))) {
            Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
            assertThrows(IllegalStateException.class, () -> wire.writeDocument(refused));
            assertEquals(0, wire.bytes().writePosition(), "nothing is written");
        }
    }

    private static int[] toInts(byte[] bytes) {
        int[] ints = new int[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            ints[i] = bytes[i] & 0xFF;
        }
        return ints;
    }
}
