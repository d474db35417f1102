package io.zwire.binary.cbor;

import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORGenerator;
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
import io.zwire.testkit.MapStreams;
import io.zwire.testkit.model.IntKeyedMap;
import io.zwire.testkit.model.LimitBook;
import io.zwire.testkit.model.NestedMaps;
import io.zwire.testkit.model.TextKeyedMap;
import io.zwire.testkit.model.PriceLevel;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Maps on BINARY: the CBOR layout written, definite and indefinite maps from other encoders, integer
 * keys of every width and sign, and the keys, counts and truncations a hostile peer sends.
 */
class CborMapsTest {
    private static final int MAP = 5;
    private static final int NEGATIVE = 1;
    private static final Field M = Field.of(1, "m");
    private static final Field N = Field.of(2, "v");

    private static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    private static <T extends Marshallable> T read(byte[] cbor, T target) {
        return read(cbor, target, WireOptions.defaults());
    }

    private static <T extends Marshallable> T read(byte[] cbor, T target, WireOptions options) {
        Wire wire = WireType.BINARY.apply(Bytes.wrap(cbor), options);
        assertTrue(wire.readDocument(target));
        return target;
    }

    private static WireException refused(byte[] cbor, Marshallable target) {
        return refused(cbor, target, WireOptions.defaults());
    }

    private static WireException refused(byte[] cbor, Marshallable target, WireOptions options) {
        Wire wire = WireType.BINARY.apply(Bytes.wrap(cbor), options);
        return assertThrows(WireException.class, () -> wire.readDocument(target));
    }

    @Test
    void aMapIsWrittenAsAnIndefiniteCborMapOfTextAndIntegerKeys() {
        IntKeyedMap ints = new IntKeyedMap();
        ints.keys.addAll(List.of(1L, -1L, 1L << 32));
        ints.values.addAll(List.of(2L, 3L, 4L));
        ints.v = 5;
        Bytes bytes = Bytes.elastic(64);
        WireType.BINARY.apply(bytes).writeDocument(ints);
        assertArrayEquals(hex("bf 616d bf 01 02 20 03 1b0000000100000000 04 ff 6176 05 ff"), bytes.toByteArray());

        TextKeyedMap texts = new TextKeyedMap();
        texts.entries.addAll(List.of("a", "b", "", "\u00e9"));
        bytes.clear();
        WireType.BINARY.apply(bytes).writeDocument(texts);
        assertArrayEquals(hex("bf 616d bf 6161 6162 60 62c3a9 ff 6176 00 ff"), bytes.toByteArray());
    }

    @Test
    void anEmptyMapIsAnEmptyCborMap() {
        Bytes bytes = Bytes.elastic(64);
        WireType.BINARY.apply(bytes).writeDocument(new IntKeyedMap());
        assertArrayEquals(hex("bf 616d bf ff 6176 00 ff"), bytes.toByteArray());
    }

    @Test
    void readsDefiniteAndIndefiniteMapsAsAnotherEncoderWritesThem() {
        byte[] definite = new CborBytes().head(MAP, 2)
                .text("m").head(MAP, 2).raw(0x01).raw(0x0A).head(NEGATIVE, 4).raw(0x18, 30)
                .text("v").raw(0x07).toByteArray();
        IntKeyedMap read = read(definite, new IntKeyedMap());
        assertEquals(List.of(1L, -5L), read.keys);
        assertEquals(List.of(10L, 30L), read.values);
        assertEquals(7, read.v);

        byte[] indefinite = hex("bf 616d bf 6161 6178 7f 6162 6163 ff 6179 ff 6176 08 ff");
        TextKeyedMap texts = read(indefinite, new TextKeyedMap());
        assertEquals(List.of("a", "x", "bc", "y"), texts.entries, "a chunked key is joined");
        assertEquals(8, texts.v);
    }

    @Test
    void integerKeysOfEveryWidthAndSignRoundTrip() {
        IntKeyedMap ints = new IntKeyedMap();
        long[] keys = {0, 23, 24, 255, 256, 65_535, 65_536, (1L << 32) - 1, 1L << 32, Long.MAX_VALUE,
                -1, -24, -25, -256, -257, -(1L << 32), -(1L << 32) - 1, Long.MIN_VALUE};
        for (long key : keys) {
            ints.keys.add(key);
            ints.values.add(-key);
        }
        Bytes bytes = Bytes.elastic(256);
        Wire wire = WireType.BINARY.apply(bytes);
        wire.writeDocument(ints);
        IntKeyedMap read = new IntKeyedMap();
        assertTrue(wire.readDocument(read));
        assertEquals(ints.keys, read.keys);
        assertEquals(ints.values, read.values);
    }

    @Test
    void anIntegerKeyBeyondSixtyFourBitsSignedIsRefusedWhereItStarts() {
        byte[] cbor = hex("bf 616d bf 3b8000000000000000 01 ff ff");
        WireException e = refused(cbor, new IntKeyedMap());
        assertEquals(4, e.offset(), e::getMessage);
        assertTrue(e.getMessage().contains("beyond 64 bits"), e::getMessage);
    }

    @Test
    void aTextKeyWhereAnIntegerKeyIsAskedIsAWireExceptionEvenWhenItHoldsDigits() {
        WireException e = refused(hex("bf 616d bf 623132 01 ff ff"), new IntKeyedMap());
        assertEquals(4, e.offset(), e::getMessage);
        assertTrue(e.getMessage().contains("an integer map key, found a text string"), e::getMessage);
    }

    @Test
    void anIntegerOrNullKeyWhereATextKeyIsAskedIsAWireException() {
        WireException integer = refused(hex("bf 616d bf 01 6178 ff ff"), new TextKeyedMap());
        assertEquals(4, integer.offset(), integer::getMessage);
        assertTrue(integer.getMessage().contains("a text map key, found an unsigned integer"), integer::getMessage);
        WireException nullKey = refused(hex("bf 616d bf f6 6178 ff ff"), new TextKeyedMap());
        assertEquals(4, nullKey.offset(), nullKey::getMessage);
        assertTrue(nullKey.getMessage().contains("found null"), nullKey::getMessage);
    }

    /** A declared count is checked against the bytes before any entry is read: nothing is sized by it. */
    @Test
    void aMapDeclaringMoreEntriesThanItsBytesHoldIsRefusedAtItsHead() {
        byte[] cbor = hex("bf 616d ba7fffffff 01 02 ff");
        WireException e = refused(cbor, new IntKeyedMap());
        assertEquals(3, e.offset(), e::getMessage);
        assertTrue(e.getMessage().contains("map size"), e::getMessage);

        byte[] justShort = new CborBytes().raw(0xBF).text("m").head(MAP, 3).raw(1, 2, 3, 4).raw(0xFF).toByteArray();
        WireException shortBy = refused(justShort, new IntKeyedMap());
        assertEquals(3, shortBy.offset(), shortBy::getMessage);
    }

    @Test
    void entriesBeyondMaxSequenceLengthAreRefusedDefiniteOrIndefiniteReadOrSkipped() {
        WireOptions three = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(3));
        byte[] fourIndefinite = hex("bf 616d bf 0101 0202 0303 0404 ff 6176 05 ff");
        assertTrue(refused(fourIndefinite, new IntKeyedMap(), three).getMessage().contains("maxSequenceLength 3"));
        byte[] fourDefinite = hex("bf 616d a4 0101 0202 0303 0404 6176 05 ff");
        assertTrue(refused(fourDefinite, new IntKeyedMap(), three).getMessage().contains("maxSequenceLength 3"));
        byte[] threeIndefinite = hex("bf 616d bf 0101 0202 0303 ff 6176 05 ff");
        assertEquals(List.of(1L, 2L, 3L), read(threeIndefinite, new IntKeyedMap(), three).keys);

        Marshallable skipsTheMap = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(M).map(this, (o, m) -> {
                });
            }
        };
        assertTrue(refused(fourIndefinite, skipsTheMap, three).getMessage().contains("maxSequenceLength 3"),
                "entries skipped count too");
    }

    /** Values and entries left unread are skipped, whatever their kind, and the next field is read. */
    @Test
    void unreadValuesAndEntriesOfEveryKindAreSkipped() {
        byte[] cbor = hex("bf 616d bf 01 bf 6178 9f 01 02 ff ff 02 a1 01 02 03 5f 41aa ff ff 6176 09 ff");
        Marshallable firstKeyOnly = new Marshallable() {
            long n;
            long key;

            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(M).map(this, (o, m) -> {
                    assertTrue(m.hasNextEntry());
                    o.key = m.int64Key();
                    assertTrue(m.hasNextEntry(), "the unread value is skipped to the next entry");
                    assertTrue(m.hasNextEntry(), "asked again, the answer is the same");
                }).read(N).int64(this, (o, v) -> o.n = v);
                assertEquals(1, key);
                assertEquals(9, n);
            }
        };
        read(cbor, firstKeyOnly);
    }

    /** A definite map's count and an indefinite map's break both end it: read to its end, then the next field. */
    @Test
    void aMapWhoseEntriesAreAllReadEndsAtItsCountOrItsBreak() {
        assertEquals(9, read(hex("bf 616d a2 01 02 03 04 6176 09 ff"), new IntKeyedMap()).v);
        assertEquals(9, read(hex("bf 616d bf 01 02 03 04 ff 6176 09 ff"), new IntKeyedMap()).v);
        assertEquals(9, read(hex("a2 6176 09 616d a0"), new IntKeyedMap()).v, "out of order, an empty definite map");
    }

    @Test
    void aMapWhereAnArrayIsIsRefused() {
        WireException e = refused(hex("bf 616d 9f ff ff"), new IntKeyedMap());
        assertEquals(3, e.offset());
        assertTrue(e.getMessage().contains("a map, found an array"), e::getMessage);
    }

    @Test
    void mapsCountAgainstMaxDepthAsObjectsDo() {
        WireOptions three = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(3));
        byte[] threeDeep = hex("bf 616d bf 6161 bf 6161 a0 ff ff ff");
        assertEquals(3, read(threeDeep, new NestedMaps(), three).maps);
        byte[] fourDeep = hex("bf 616d bf 6161 bf 6161 bf 6161 a0 ff ff ff ff");
        WireException e = refused(fourDeep, new NestedMaps(), three);
        assertTrue(e.getMessage().contains("maxDepth 3"), e::getMessage);
    }

    /** jackson-dataformat-cbor writes definite and indefinite maps, and integer keys through writeFieldId. */
    @Test
    void readsMapsJacksonWrites() throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (CBORGenerator generator = new CBORFactory().createGenerator(out)) {
            generator.writeStartObject();
            generator.writeFieldName("m");
            generator.writeStartObject(null, 3);
            generator.writeFieldId(-7);
            generator.writeNumber(1);
            generator.writeFieldId(1L << 40);
            generator.writeNumber(2);
            generator.writeFieldId(0);
            generator.writeNumber(3);
            generator.writeEndObject();
            generator.writeFieldName("v");
            generator.writeNumber(4);
            generator.writeEndObject();
            generator.writeStartObject(null, 2);
            generator.writeFieldName("v");
            generator.writeNumber(5);
            generator.writeFieldName("m");
            generator.writeStartObject();
            generator.writeEndObject();
            generator.writeEndObject();
        }
        Wire wire = WireType.BINARY.apply(Bytes.wrap(out.toByteArray()));
        IntKeyedMap read = new IntKeyedMap();
        assertTrue(wire.readDocument(read));
        assertEquals(List.of(-7L, 1L << 40, 0L), read.keys);
        assertEquals(List.of(1L, 2L, 3L), read.values);
        assertEquals(4, read.v);
        assertTrue(wire.readDocument(read));
        assertEquals(List.of(), read.keys);
        assertEquals(5, read.v);
        assertFalse(wire.readDocument(read));
    }

    @Test
    void theLimitBookRoundTripsIntoTheSameInstances() {
        LimitBook source = LimitBook.sample("desk", 1.5);
        Bytes bytes = Bytes.elastic(512);
        Wire wire = WireType.BINARY.apply(bytes);
        wire.writeDocument(source);
        LimitBook target = new LimitBook();
        assertTrue(wire.readDocument(target));
        assertEquals(source, target);
        PriceLevel first = target.levels[0];
        wire.writeDocument(LimitBook.sample("desk", 2.5));
        assertTrue(wire.readDocument(target));
        assertEquals(LimitBook.sample("desk", 2.5), target);
        assertTrue(first == target.levels[0], "read into the instance already there");
    }

    /** Every prefix of a stream of map documents is refused or read as the whole documents it holds. */
    @Test
    void everyPrefixOfAStreamOfMapsIsRefusedOrReadAsTheDocumentsItHolds() {
        MapStreams.everyPrefixIsRefusedOrReadAsTheDocumentsItHolds(WireType.BINARY, 0);
    }

    @Test
    void keysAndValuesInTheWrongPlaceAreRefusedOnWriting() {
        Wire wire = WireType.BINARY.apply(Bytes.elastic(64));
        assertThrows(IllegalStateException.class, () -> wire.writeDocument(new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(M).map(this, (o, m) -> m.int64(1));
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        }));
        assertThrows(IllegalStateException.class, () -> wire.writeDocument(new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(M).map(this, (o, m) -> {
                    m.key(1).int64(1);
                    m.int64(2);
                });
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        }));
        IntKeyedMap next = new IntKeyedMap();
        next.keys.add(3L);
        next.values.add(4L);
        wire.writeDocument(next);
        IntKeyedMap read = new IntKeyedMap();
        assertTrue(wire.readDocument(read), "the wire writes and reads the next document");
        assertEquals(List.of(3L), read.keys);
        assertFalse(wire.readDocument(read), "nothing of the refused documents was left");
    }
}
