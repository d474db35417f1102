package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The annotated-hex dumps: their exact form, every value kind, and bad input that never throws. */
class BinaryDumpTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();
    private static final Order SMALL = new Order(1, "AB", -1.5, -2, Side.SELL, new Party(null, "", 3));

    private static Bytes written(WireType type, Marshallable... documents) {
        Wire wire = type.apply(Bytes.elastic(64), WireOptions.defaults().withTypes(TYPES));
        for (Marshallable document : documents) {
            wire.writeDocument(document);
        }
        return wire.bytes();
    }

    private static String dump(WireType type, Marshallable document) {
        return BinaryDump.annotate(type, written(type, document), 0, Schema.of(document, TYPES));
    }

    @Test
    void dumpsBinaryWithNamesTypesAndValues() {
        assertEquals("""
                0000  bf                        map, indefinite length
                0001  62 69 64                    "id":
                0004  01                            unsigned 1
                0005  66 73 79 6d 62 6f 6c        "symbol":
                000c  62 41 42                      text "AB"
                000f  65 70 72 69 63 65           "price":
                0015  f9 be 00                      half float -1.5
                0018  63 71 74 79                 "qty":
                001c  21                            negative -2
                001d  64 73 69 64 65              "side":
                0022  64 53 45 4c 4c                text "SELL"
                0027  65 70 61 72 74 79           "party":
                002d  bf                            map, indefinite length
                002e  64 6e 61 6d 65                  "name":
                0033  f6                                null
                0034  67 61 63 63 6f 75 6e 74         "account":
                003c  60                                text ""
                003d  62 69 64                        "id":
                0040  03                                unsigned 3
                0041  ff                            break
                0042  ff                        break
                """, dump(WireType.BINARY, SMALL));
    }

    @Test
    void dumpsNumberedWithNumbersWireTypesAndRawReadings() {
        assertEquals("""
                0000  9d 80 80 80 00            document, 29 bytes (length padded to 5 bytes)
                0005  08 02                       1: varint 2 (sint 1)
                0007  12 02 41 42                 2: string "AB"
                000b  19 00 00 00 00 00 00 f8     3: fixed64, double -1.5
                0013  bf
                0014  20 03                       4: varint 3 (sint -2)
                0016  28 01                       5: varint 1 (sint -1)
                0018  32 84 80 80 80 00           6: message, 4 bytes (length padded to 5 bytes)
                001e  12 00                         2: length-delimited, empty
                0020  18 06                         3: varint 6 (sint 3)
                """, dump(WireType.NUMBERED, SMALL));
    }

    @Test
    void dumpsRawWithTheNamesAndKindsOfItsSchema() {
        assertEquals("""
                0000  27 00 00 00               document, 39 bytes of fields
                0004  01 00 00 00 00 00 00 00     1 id: int64 1
                000c  03 41 42                    2 symbol: text "AB"
                000f  00 00 00 00 00 00 f8 bf     3 price: float64 -1.5
                0017  fe ff ff ff ff ff ff ff     4 qty: int64 -2
                001f  02                          5 side: enum SELL (ordinal 1)
                0020  01                          6 party: object
                0021  00                            1 name: null
                0022  01                            2 account: text ""
                0023  03 00 00 00 00 00 00 00       3 id: int64 3
                """, BinaryDump.annotate(WireType.RAW, written(WireType.RAW, SMALL), 0, Schema.of(Order.sample())));
    }

    /** A document holding every kind, with its typed payload and nested sequences. */
    private static AllTypes everyKind() {
        AllTypes all = new AllTypes();
        all.int8 = -7;
        all.uint16 = 65_000;
        all.char16 = 'Z';
        all.text = "caf\u00e9\n";
        all.data = new byte[] {0, (byte) 0xFF};
        all.side = Side.SELL;
        all.party = new Party("Alice", null, 7);
        all.longs.addAll(List.of(1L, -300L));
        all.tags.addAll(List.of("a", ""));
        all.parties.add(new Party("Bob", "B", 2));
        all.matrix.add(List.of(1, 2));
        all.matrix.add(List.of());
        all.payload = new Party("typed", "T", 9);
        return all;
    }

    @Test
    void dumpsEveryKindInBinary() {
        String dump = dump(WireType.BINARY, everyKind());
        assertTrue(dump.contains("\"text\":\n"), dump);
        assertTrue(dump.contains("text \"caf\u00e9\\n\""), dump);
        assertTrue(dump.contains("bytes, 2"), dump);
        assertTrue(dump.contains("tag 27 (a typed object: [alias, map])"), dump);
        assertTrue(dump.contains("array, indefinite length"), dump);
        assertTrue(dump.contains("negative -300"), dump);
        assertFalse(dump.contains("!!"), dump);
    }

    @Test
    void dumpsEveryKindInNumbered() {
        String dump = dump(WireType.NUMBERED, everyKind());
        assertTrue(dump.contains("1: varint 13 (sint -7)"), dump);
        assertTrue(dump.contains("10: string \"caf\u00e9\\n\""), dump);
        assertTrue(dump.contains("15: bytes, 3 (a packed run, or binary data)"), dump);
        assertTrue(dump.contains("16: string \"a\""), dump);
        assertTrue(dump.contains("19: message"), dump);
        assertTrue(dump.contains("  1: string \"Party\""), dump);
        assertFalse(dump.contains("!!"), dump);
    }

    @Test
    void dumpsEveryKindInRaw() {
        String dump = dump(WireType.RAW, everyKind());
        assertTrue(dump.contains("1 int8: int8 -7"), dump);
        assertTrue(dump.contains("3 uint16: uint16 65000"), dump);
        assertTrue(dump.contains("9 char16: char16 U+005A \"Z\""), dump);
        assertTrue(dump.contains("15 longs: sequence, 2 elements"), dump);
        assertTrue(dump.contains("[1] int64 -300"), dump);
        assertTrue(dump.contains("18 matrix: sequence, 2 elements"), dump);
        assertTrue(dump.contains("19 payload: typed !Party"), dump);
        assertFalse(dump.contains("!!"), dump);
    }

    @Test
    void dumpsGroupsAndUnknownFieldsOfNumbered() {
        // field 1 varint 150, group 2 { field 1 fixed32 1.0f }, field 3 fixed64
        byte[] document = {16, 0x08, (byte) 0x96, 0x01, 0x13, 0x0D, 0, 0, (byte) 0x80, 0x3F, 0x14, 0x19, 0, 0, 0, 0, 0, 0, 0, 0};
        document[0] = (byte) (document.length - 1);
        String dump = BinaryDump.annotate(WireType.NUMBERED, Bytes.wrap(document), 0);
        assertTrue(dump.contains("1: varint 150 (sint 75)"), dump);
        assertTrue(dump.contains("2: group"), dump);
        assertTrue(dump.contains("  1: fixed32, float 1.0"), dump);
        assertTrue(dump.contains("2: end of group"), dump);
        assertTrue(dump.contains("3: fixed64, double 0.0"), dump);
        assertFalse(dump.contains("!!"), dump);
    }

    @Test
    void dumpsEveryDocumentOfABuffer() {
        Bytes bytes = written(WireType.NUMBERED, SMALL, Order.sample());
        bytes.readPosition(0);
        String all = BinaryDump.annotateAll(WireType.NUMBERED, bytes, null);
        String first = BinaryDump.annotate(WireType.NUMBERED, bytes, 0);
        assertTrue(all.startsWith(first + "\n"), all);
        assertTrue(all.contains("\n0022  "), "the second document starts after the first's 34 bytes: " + all);
        assertEquals(0, bytes.readPosition(), "positions do not move");
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"BINARY", "NUMBERED", "RAW"})
    void aCutDocumentEndsTheDumpWithTheProblemAndItsOffset(WireType type) {
        Bytes whole = written(type, SMALL);
        byte[] cut = Arrays.copyOf(whole.toByteArray(), whole.writePosition() - 3);
        String dump = BinaryDump.annotate(type, Bytes.wrap(cut), 0, Schema.of(Order.sample()));
        String last = dump.lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.contains("!! " + type.name() + " at offset "), dump);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"BINARY", "NUMBERED", "RAW"})
    void randomCorruptionNeverMakesTheDumpThrow(WireType type) {
        byte[] full = written(type, everyKind()).toByteArray();
        Schema schema = Schema.of(everyKind(), TYPES);
        Random random = new Random(99);
        for (int i = 0; i < 5000; i++) {
            byte[] corrupt = full.clone();
            for (int k = random.nextInt(4); k >= 0; k--) {
                corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
            }
            BinaryDump.annotate(type, Bytes.wrap(corrupt), 0, schema);
        }
    }

    @Test
    void rawStopsWhereItsSchemaCannotSay() {
        AllTypes emptySample = new AllTypes();
        AllTypes withLongs = new AllTypes();
        withLongs.longs.add(5L);
        String dump = BinaryDump.annotate(WireType.RAW, written(WireType.RAW, withLongs), 0, Schema.of(emptySample));
        assertTrue(dump.contains("15 longs: sequence, 1 element"), dump);
        assertTrue(dump.contains("!! RAW at offset"), dump);
        assertTrue(dump.contains("its sample's sequence was empty"), dump);

        AllTypes orderPayload = new AllTypes();
        orderPayload.payload = Order.sample();
        AllTypes partyPayload = new AllTypes();
        partyPayload.payload = new Party("p", "a", 1);
        String typed = BinaryDump.annotate(WireType.RAW, written(WireType.RAW, partyPayload), 0, Schema.of(orderPayload, TYPES));
        assertTrue(typed.contains("the only type the schema knows here, not !Party"), typed);
    }

    @Test
    void rawWithAnotherSchemaSaysSo() {
        Field only = Field.of(1, "id");
        Marshallable idOnly = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(only).int64(1);
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        String dump = BinaryDump.annotate(WireType.RAW, written(WireType.RAW, Order.sample()), 0, Schema.of(idOnly));
        assertTrue(dump.contains("written with another schema"), dump);
    }

    @Test
    void refusesWhatItCannotDump() {
        Bytes raw = written(WireType.RAW, SMALL);
        assertThrows(IllegalArgumentException.class, () -> BinaryDump.annotate(WireType.RAW, raw, 0));
        assertThrows(IllegalArgumentException.class, () -> BinaryDump.annotate(WireType.JSON, raw, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> BinaryDump.annotate(WireType.NUMBERED, raw, raw.writePosition()));
    }
}
