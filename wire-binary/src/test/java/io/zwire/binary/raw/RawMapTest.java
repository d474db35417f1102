package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.binary.BinaryDump;
import io.zwire.binary.support.MapBook;
import io.zwire.testkit.foreign.Records;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What is RAW's own about maps: the layout (a marker, an int32 count, then key and value per
 * entry), a count checked against the bytes that remain, null told from empty, and entries a
 * reader leaves unread refused, since RAW cannot skip. The cases every wire shares are in
 * {@code MapContract}.
 */
class RawMapTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final Field PRICES = Field.of(1, "prices");
    private static final Field TAIL = Field.of(2, "tail");

    /** A map of text keys to float64 values between two fields; null when {@link #nullMap}. */
    static final class Prices implements Marshallable {
        boolean nullMap;
        String[] keys = {};
        double[] values = {};
        long tail = 7;
        /** Filled by reading: whether the map was null, and the entries the lambda saw. */
        boolean readNull;
        int readCount = -1;
        /** How many entries (and values) the reader reads; all of them when negative. */
        int entriesToRead = -1;
        boolean readLastValue = true;

        static Prices of(String... keys) {
            Prices prices = new Prices();
            prices.keys = keys;
            prices.values = new double[keys.length];
            for (int i = 0; i < keys.length; i++) {
                prices.values[i] = i + 0.5;
            }
            return prices;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            if (nullMap) {
                out.write(PRICES).nullValue();
            } else {
                out.write(PRICES).map(this, (o, m) -> {
                    for (int i = 0; i < o.keys.length; i++) {
                        m.key(o.keys[i]).float64(o.values[i]);
                    }
                });
            }
            out.write(TAIL).int64(tail);
        }

        @Override
        public void readMarshallable(WireIn in) {
            ValueIn prices = in.read(PRICES);
            readNull = prices.isNull();
            prices.map(this, (o, m) -> {
                o.readCount = 0;
                while ((o.entriesToRead < 0 || o.readCount < o.entriesToRead) && m.hasNextEntry()) {
                    m.textKey();
                    o.readCount++;
                    if (o.readLastValue || o.readCount < o.entriesToRead) {
                        m.float64();
                    }
                }
            }).read(TAIL).int64(this, (o, v) -> o.tail = v);
        }
    }

    private static byte[] write(Marshallable source) {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(source);
        return wire.bytes().toByteArray();
    }

    private static Wire wire(byte[] document) {
        return WireType.RAW.apply(Bytes.wrap(document));
    }

    @Test
    void writesAMarkerACountThenKeyAndValuePerEntry() {
        Prices prices = Prices.of("a", "");
        String expected = "20000000"             // document length: 32 bytes of fields
                + "01" + "02000000"              // map present, two entries
                + "0261" + "000000000000e03f"    // "a" as RAW text (varint length + 1), 0.5
                + "01" + "000000000000f83f"      // "" , 1.5
                + "0700000000000000";            // tail
        assertEquals(expected, HEX.formatHex(write(prices)));
    }

    /** Both int key kinds are RAW's int64: 8 bytes, little-endian. */
    @Test
    void intKeysAreWrittenAsRawInt64() {
        Marshallable keys = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(PRICES).map(this, (o, m) -> {
                    m.key(-2).int8((byte) 1);
                    m.key(1L << 40).int8((byte) 2);
                });
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        assertEquals("17000000" + "01" + "02000000" + "feffffffffffffff" + "01" + "0000000000010000" + "02",
                HEX.formatHex(write(keys)));
    }

    @Test
    void aNullMapAndAnEmptyMapAreToldApartAndBothReadAsNoEntries() {
        Prices nullMap = new Prices();
        nullMap.nullMap = true;
        assertEquals("09000000" + "00" + "0700000000000000", HEX.formatHex(write(nullMap)));
        Prices empty = new Prices();
        assertEquals("0d000000" + "01" + "00000000" + "0700000000000000", HEX.formatHex(write(empty)));

        Prices readNull = new Prices();
        assertTrue(wire(write(nullMap)).readDocument(readNull));
        assertTrue(readNull.readNull);
        assertEquals(0, readNull.readCount, "the lambda ran once and found no entry");
        assertEquals(7, readNull.tail);
        Prices readEmpty = new Prices();
        assertTrue(wire(write(empty)).readDocument(readEmpty));
        assertEquals(false, readEmpty.readNull);
        assertEquals(0, readEmpty.readCount);
        assertEquals(7, readEmpty.tail);
    }

    /** Offset of the count in a document of {@link Prices}: 4 bytes of length, 1 of marker. */
    private static final int COUNT_AT = 5;

    private static byte[] withCount(byte[] document, int count) {
        byte[] lying = document.clone();
        ByteBuffer.wrap(lying).order(ByteOrder.LITTLE_ENDIAN).putInt(COUNT_AT, count);
        return lying;
    }

    /**
     * A count beyond what the bytes left can hold (two bytes an entry at least), negative, or
     * beyond maxSequenceLength is refused at the count, before any entry is read: no long loop,
     * no allocation sized by it.
     */
    @Test
    void aLyingCountIsAWireExceptionAtTheCount() {
        byte[] document = write(Prices.of("a", "b"));
        int left = document.length - COUNT_AT - 4;
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (int count : new int[] {Integer.MAX_VALUE, 1_000_000, -1, Integer.MIN_VALUE, left / 2 + 1}) {
                WireException e = assertThrows(WireException.class, () -> wire(withCount(document, count)).readDocument(new Prices()),
                        "count " + count);
                assertEquals(COUNT_AT, e.offset(), e.getMessage());
                assertTrue(e.getMessage().contains("map entry count"), e.getMessage());
            }
        });
        // A count the bytes could hold but the document does not: read as entries until the bytes run out.
        WireException e = assertThrows(WireException.class, () -> wire(withCount(document, 3)).readDocument(new Prices()));
        assertEquals("RAW", e.wire());
    }

    @Test
    void moreEntriesThanMaxSequenceLengthIsAWireException() {
        WireOptions three = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(3));
        Prices read = new Prices();
        assertTrue(WireType.RAW.apply(Bytes.wrap(write(Prices.of("a", "b", "c"))), three).readDocument(read));
        assertEquals(3, read.readCount);
        Wire wire = WireType.RAW.apply(Bytes.wrap(write(Prices.of("a", "b", "c", "d"))), three);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Prices()));
        assertTrue(e.getMessage().contains("maxSequenceLength 3"), e.getMessage());
    }

    /** RAW cannot skip: entries, or a value, left unread are refused, and the next document reads. */
    @Test
    void entriesOrAValueLeftUnreadAreAnIllegalStateExceptionAndTheNextDocumentReads() {
        byte[] one = write(Prices.of("a", "b", "c"));
        byte[] two = new byte[one.length * 2];
        System.arraycopy(one, 0, two, 0, one.length);
        System.arraycopy(one, 0, two, one.length, one.length);

        Prices entriesLeft = new Prices();
        entriesLeft.entriesToRead = 2;
        Wire wire = wire(two);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(entriesLeft));
        assertTrue(e.getMessage().contains("1 of them"), e.getMessage());
        Prices next = new Prices();
        assertTrue(wire.readDocument(next), "the next document reads");
        assertEquals(3, next.readCount);

        Prices valueLeft = new Prices();
        valueLeft.entriesToRead = 2;
        valueLeft.readLastValue = false;
        Wire again = wire(two);
        e = assertThrows(IllegalStateException.class, () -> again.readDocument(valueLeft));
        assertTrue(e.getMessage().contains("value left unread"), e.getMessage());
    }

    @Test
    void aNullMarkerWhereATextKeyIsIsAWireException() {
        byte[] document = write(Prices.of("a"));
        document[COUNT_AT + 4] = 0;
        WireException e = assertThrows(WireException.class, () -> wire(document).readDocument(new Prices()));
        assertEquals(COUNT_AT + 4, e.offset(), e.getMessage());
    }

    @Test
    void everyTruncationOfAMapDocumentIsAWireException() {
        byte[] full = write(MapBook.sample(3, 2));
        for (int length = 1; length < full.length; length++) {
            int cut = length;
            WireException e = assertThrows(WireException.class,
                    () -> wire(Arrays.copyOf(full, cut)).readDocument(new MapBook()), "cut to " + cut);
            assertTrue(e.offset() >= 0 && e.offset() <= cut, e.getMessage());
        }
    }

    @Test
    void aMapCountsOnceAgainstMaxDepth() {
        WireOptions two = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(2));
        MapBook read = new MapBook();
        assertTrue(WireType.RAW.apply(Bytes.wrap(write(MapBook.sample(2, 2))), two).readDocument(read));
        assertEquals(MapBook.sample(2, 2), read);
        WireOptions one = WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(1));
        Wire wire = WireType.RAW.apply(Bytes.wrap(write(MapBook.sample(0, 1))), one);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new MapBook()));
        assertTrue(e.getMessage().contains("maxDepth 1"), e.getMessage());
    }

    /** Reads {@link MapBook}'s layout with int keys where it writes text keys, and text where it writes int keys. */
    static final class KeysOfTheOtherKind implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            MapBook.sample(1, 1).writeMarshallable(out);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(MapBook.ID).int64();
            in.read(MapBook.PRICES).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.int64Key();
                      m.float64();
                  }
              })
              .read(MapBook.PARTIES).map(this, (o, m) -> {
                  while (m.hasNextEntry()) {
                      m.textKey();
                      m.marshallable(new Party());
                  }
              })
              .read(MapBook.NAME).text(this, (o, v) -> { });
        }
    }

    /**
     * The read-order check at first use compares key kinds, so the mistake is caught before any
     * bytes are misread (for a registered type: an unregistered one is recorded on the target,
     * whose map lambdas are not run).
     */
    @Test
    void readingKeysOfAnotherKindThanWrittenIsRefusedAtFirstUse() {
        assertTrue(Schema.of(KeysOfTheOtherKind::new).rawProblem().orElse("").contains("a key of prices"));
        // Checked on a new instance when the type is registered: the map lambdas may run on it.
        WireOptions registered = WireOptions.defaults().withTypes(TypeRegistry.builder()
                .add("Keys", KeysOfTheOtherKind.class, KeysOfTheOtherKind::new).build());
        Wire wire = WireType.RAW.apply(Bytes.wrap(write(MapBook.sample(1, 1))), registered);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(new KeysOfTheOtherKind()));
        assertTrue(e.getMessage().contains("key"), e.getMessage());
        assertTrue(e.getMessage().contains("prices"), e.getMessage());
    }

    @Test
    void theDumpShowsEachKeyAndValueWithTheKindsOfTheSchema() {
        MapBook book = MapBook.sample(2, 1);
        Bytes bytes = Bytes.wrap(write(book));
        assertEquals("""
                0000  4c 00 00 00               document, 76 bytes of fields
                0004  2a 00 00 00 00 00 00 00     1 id: int64 42
                000c  01 02 00 00 00              2 prices: map, 2 entries
                0011  03 53 30                      key text "S0"
                0014  00 00 00 00 00 10 59 40         value float64 100.25
                001c  03 53 31                      key text "S1"
                001f  00 00 00 00 00 50 59 40         value float64 101.25
                0027  01 01 00 00 00              3 parties: map, 1 entry
                002c  fd ff ff ff ff ff ff ff       key int64 -3
                0034  01                              value object
                0035  08 70 61 72 74 79 20 30           1 name: text "party 0"
                003d  06 41 43 43 2d 30                 2 account: text "ACC-0"
                0043  00 00 00 00 00 00 00 00           3 id: int64 0
                004b  05 62 6f 6f 6b              4 name: text "book"
                """, BinaryDump.annotate(WireType.RAW, bytes, 0, Schema.of(book)));
    }

    /** The write side of a record's Map of text records its key and value kinds, so the dump reads every entry. */
    @Test
    void aRecordsMapOfTextIsDumpedEntryByEntry() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(256));
        wire.writeDocument(Records.vanReading(), Records.VAN_READINGS);
        String dump = BinaryDump.annotate(WireType.RAW, wire.bytes(), 0, Schema.of(Records.VAN_READINGS));
        assertFalse(dump.contains("expected"), dump);
        for (String tag : Records.vanReading().tags().keySet()) {
            assertTrue(dump.contains('"' + tag + '"'), dump);
        }
    }

    /**
     * A value left unread is refused when the next entry
     * is asked for, and reading code that catches the refusal is refused again on the next call,
     * then may read the value, which is still due: the value's bytes are never read as a key, and
     * the field after the map reads its own value.
     */
    @Test
    void aValueLeftUnreadStaysDueAfterItsRefusalIsCaught() {
        Prices written = Prices.of("a", "b");
        written.tail = 42;
        double[] read = new double[2];
        int[] refusals = {0};
        long[] tail = {0};
        Marshallable reader = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                written.writeMarshallable(out);
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(PRICES).map(this, (o, m) -> {
                    assertTrue(m.hasNextEntry());
                    assertEquals("a", m.textKey());
                    for (int attempt = 0; attempt < 2; attempt++) {
                        try {
                            m.hasNextEntry();
                        } catch (IllegalStateException e) {
                            assertTrue(e.getMessage().contains("value left unread"), e.getMessage());
                            refusals[0]++;
                        }
                    }
                    read[0] = m.float64();
                    assertTrue(m.hasNextEntry());
                    assertEquals("b", m.textKey());
                    read[1] = m.float64();
                    assertFalse(m.hasNextEntry());
                }).read(TAIL).int64(this, (o, v) -> tail[0] = v);
            }
        };
        assertTrue(wire(write(written)).readDocument(reader));
        assertEquals(2, refusals[0]);
        assertEquals(0.5, read[0]);
        assertEquals(1.5, read[1]);
        assertEquals(42, tail[0]);
    }

    /**
     * A null marker where a key must be is refused at its
     * offset and passed over, as the self-describing wires pass a refused key over, so reading code
     * that catches the refusal reads the entry's value, never the marker as a float64.
     */
    @Test
    void aNullKeyRefusedAndCaughtLeavesTheEntrysValueNext() {
        byte[] document = write(Prices.of("a"));
        // The key "a" is 02 61 after the 4-byte length, the map's marker and its count: it becomes
        // the null marker 00, and the document's length one byte less.
        int key = 4 + 1 + 4;
        assertEquals(0x02, document[key]);
        byte[] nullKey = new byte[document.length - 1];
        System.arraycopy(document, 0, nullKey, 0, key);
        nullKey[key] = 0;
        System.arraycopy(document, key + 2, nullKey, key + 1, document.length - key - 2);
        ByteBuffer.wrap(nullKey).order(ByteOrder.LITTLE_ENDIAN).putInt(0, nullKey.length - 4);
        double[] value = {0};
        long[] tail = {0};
        WireException[] refused = {null};
        assertTrue(wire(nullKey).readDocument(catchingTheKeysRefusal(value, tail, refused)));
        assertTrue(refused[0].getMessage().contains("a map key, found the null marker"), refused[0].getMessage());
        assertEquals(key, refused[0].offset());
        assertEquals(0.5, value[0]);
        assertEquals(7, tail[0]);
    }

    /**
     * A key refused for its bytes (malformed UTF-8) is passed over, so reading code that catches
     * the refusal reads the entry's value; a key whose length the document cannot hold cannot be
     * passed over, and every read after it is refused: the key's bytes are never read as the value.
     */
    @Test
    void aRefusedKeyCaughtNeverHandsItsBytesToTheValue() {
        int key = 4 + 1 + 4;
        byte[] malformed = write(Prices.of("a"));
        assertEquals(0x61, malformed[key + 1]);
        malformed[key + 1] = (byte) 0xFF;
        double[] value = {0};
        long[] tail = {0};
        WireException[] refused = {null};
        assertTrue(wire(malformed).readDocument(catchingTheKeysRefusal(value, tail, refused)));
        assertTrue(refused[0].getMessage().contains("valid UTF-8 text"), refused[0].getMessage());
        assertEquals(0.5, value[0]);
        assertEquals(7, tail[0]);

        byte[] tooLong = write(Prices.of("a"));
        tooLong[key] = 0x7F;
        refused[0] = null;
        WireException e = assertThrows(WireException.class, () -> wire(tooLong).readDocument(catchingTheKeysRefusal(value, tail, refused)));
        assertTrue(refused[0].getMessage().contains("a length within"), refused[0].getMessage());
        assertTrue(e.getMessage().contains("the document ends"), e.getMessage());
    }

    /** Reads the map's one text-keyed entry, catching the refusal of its key into {@code refused}, then the float64 value and the field after. */
    private static Marshallable catchingTheKeysRefusal(double[] value, long[] tail, WireException[] refused) {
        return catchingTheKeysRefusal(ValueIn::textKey, ValueIn::float64, value, tail, refused);
    }

    /**
     * Reads the map's one entry by {@code key}, catching the refusal of its key into
     * {@code refused}, then its value by {@code readValue} into {@code value}, that no entry follows,
     * and the field after.
     */
    private static Marshallable catchingTheKeysRefusal(Consumer<ValueIn> key, ToDoubleFunction<ValueIn> readValue,
                                                       double[] value, long[] tail, WireException[] refused) {
        return new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                throw new UnsupportedOperationException("read only");
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(PRICES).map(this, (o, m) -> {
                    assertTrue(m.hasNextEntry());
                    try {
                        key.accept(m);
                    } catch (WireException e) {
                        refused[0] = e;
                    }
                    value[0] = readValue.applyAsDouble(m);
                    assertFalse(m.hasNextEntry());
                }).read(TAIL).int64(this, (o, v) -> tail[0] = v);
            }
        };
    }

    @Test
    void aMapMarkerOtherThanZeroOrOneIsRefusedAtItsOffset() {
        byte[] document = write(Prices.of("a"));
        document[4] = 7;
        WireException e = assertThrows(WireException.class, () -> wire(document).readDocument(new Prices()));
        assertTrue(e.getMessage().contains("a map marker, 0 (null) or 1, found 7"), e.getMessage());
        assertEquals(4, e.offset());
    }

    /**
     * An int64 key the document cannot hold moves the reader to the document's end, so reading
     * code that catches the refusal is refused the value too, never handed the key's bytes.
     */
    @Test
    void anInt64KeyCutOffAndCaughtNeverHandsItsBytesToTheValue() {
        // A map of one entry (count 1 passes: 4 bytes left, 2 an entry at least), then 4 bytes
        ByteBuffer cut = ByteBuffer.allocate(4 + 1 + 4 + 4).order(ByteOrder.LITTLE_ENDIAN);
        cut.putInt(9).put((byte) 1).putInt(1).putInt(0x01020304);
        WireException[] refused = {null};
        double[] value = {0};
        Marshallable reader = catchingTheKeysRefusal(ValueIn::int64Key, ValueIn::int32, value, new long[1], refused);
        WireException e = assertThrows(WireException.class, () -> wire(cut.array()).readDocument(reader));
        assertTrue(refused[0].getMessage().contains("8 more bytes"), refused[0].getMessage());
        assertTrue(e.getMessage().contains("4 more bytes, but the document ends"), e.getMessage());
        assertEquals(0, value[0]);
    }
}
