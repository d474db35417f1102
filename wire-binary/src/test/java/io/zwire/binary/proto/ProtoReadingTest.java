package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NUMBERED reads protobuf as protobuf defines it, on input no zwire writer produces: fields in any
 * order, repeated scalars (the last wins), repeated messages (they merge), repeated fields spread
 * over the message, packed and not, and unknown fields of every wire type.
 */
class ProtoReadingTest {
    private static final WireOptions OPTIONS = WireOptions.defaults().withTypes(TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build());

    private static <T extends Marshallable> T read(byte[] document, T target) {
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(document), OPTIONS);
        assertTrue(wire.readDocument(target));
        assertEquals(0, wire.bytes().readRemaining(), "the document was read to its end");
        return target;
    }

    private static ProtoBytes party(String name, String account, long id) {
        ProtoBytes party = ProtoBytes.fields();
        if (name != null) {
            party.text(1, name);
        }
        if (account != null) {
            party.text(2, account);
        }
        return party.sint(3, id);
    }

    // ------------------------------------------------------------------ order and repetition

    @Test
    void readsFieldsInReverseOrder() {
        byte[] document = ProtoBytes.fields()
                .message(6, party("P", "A", 9))
                .uint(5, 1)
                .sint(4, 500)
                .float64(3, 1.25)
                .text(2, "EURUSD")
                .sint(1, -7)
                .document();
        assertEquals(new Order(-7, "EURUSD", 1.25, 500, Side.SELL, new Party("P", "A", 9)), read(document, new Order()));
    }

    @Test
    void theLastOccurrenceOfAScalarWins() {
        byte[] document = ProtoBytes.fields()
                .sint(1, 1)
                .text(2, "FIRST")
                .text(2, "SECOND")
                .float64(3, 1.0)
                .sint(1, 2)
                .sint(4, 10)
                .uint(5, 0)
                .sint(4, 20)
                .uint(5, 1)
                .document();
        assertEquals(new Order(2, "SECOND", 1.0, 20, Side.SELL, null), read(document, new Order()));
    }

    @Test
    void adjacentRepeatsOfAScalarAreReadInOrderAndTheLastWins() {
        byte[] document = ProtoBytes.fields()
                .sint(1, 1).sint(1, 2).sint(1, 3)
                .text(2, "A").text(2, "B")
                .float64(3, 2.5)
                .sint(4, 4)
                .document();
        assertEquals(new Order(3, "B", 2.5, 4, null, null), read(document, new Order()));
    }

    @Test
    void occurrencesOfANestedMessageMerge() {
        byte[] adjacent = ProtoBytes.fields()
                .sint(1, 1)
                .message(6, party("Alice", null, 1))
                .message(6, party(null, "ACC", 2))
                .document();
        assertEquals(new Party("Alice", "ACC", 2), read(adjacent, new Order()).party());

        byte[] apart = ProtoBytes.fields()
                .message(6, party("Alice", null, 1))
                .sint(1, 1)
                .message(6, ProtoBytes.fields().text(2, "ACC"))
                .text(2, "X")
                .document();
        Order order = read(apart, new Order());
        assertEquals(new Party("Alice", "ACC", 1), order.party());
        assertEquals("X", order.symbol());
    }

    @Test
    void mergedMessagesMergeWhatTheyNest() {
        byte[] document = ProtoBytes.fields()
                .sint(1, 1)
                .message(2, ProtoBytes.fields().sint(1, 2).message(2, ProtoBytes.fields().sint(1, 3)))
                .message(2, ProtoBytes.fields().message(2, ProtoBytes.fields().message(2, ProtoBytes.fields().sint(1, 4))))
                .document();
        Node root = read(document, new Node());
        assertEquals(1, root.value);
        assertEquals(2, root.child.value);
        assertEquals(3, root.child.child.value);
        assertEquals(4, root.child.child.child.value);
        assertNull(root.child.child.child.child);
    }

    @Test
    void sequenceElementsAreGatheredFromEveryOccurrencePackedOrNot() {
        byte[] document = ProtoBytes.fields()
                .packedSint(15, 1, 2)
                .text(16, "a")
                .sint(15, 3)
                .text(10, "between")
                .packedSint(15, 4, -5)
                .message(17, party("p1", null, 1))
                .text(16, "b")
                .sint(15, 6)
                .message(17, party("p2", null, 2))
                .document();
        AllTypes all = read(document, new AllTypes());
        assertEquals(List.of(1L, 2L, 3L, 4L, -5L, 6L), all.longs);
        assertEquals(List.of("a", "b"), all.tags);
        assertEquals(List.of(new Party("p1", null, 1), new Party("p2", null, 2)), all.parties);
        assertEquals("between", all.text);
    }

    @Test
    void emptyPackedRunsAfterPackedElementsAreNotElements() {
        byte[] document = ProtoBytes.fields()
                .packedSint(15)
                .packedSint(15, 7)
                .packedSint(15)
                .packedSint(15, 8)
                .packedSint(15)
                .document();
        assertEquals(List.of(7L, 8L), read(document, new AllTypes()).longs);
    }

    @Test
    void aSequenceOfOnlyEmptyRunsReadAsPrimitivesIsAWireExceptionNotAPhantomElement() {
        // An empty packed run and an empty text element are the same bytes; protobuf's encoders
        // never write the former, and guessing would invent a value.
        byte[] document = ProtoBytes.fields().packedSint(15).document();
        WireException e = assertThrows(WireException.class, () -> read(document, new AllTypes()));
        assertTrue(e.getMessage().contains("sequence element"), e.getMessage());
        AllTypes all = read(ProtoBytes.fields().text(16, "").document(), new AllTypes());
        assertEquals(List.of(""), all.tags, "the same bytes read as text are one empty element");
    }

    @Test
    void sequencesOfSequencesAreMessagesOfTheirElements() {
        byte[] document = ProtoBytes.fields()
                .message(18, ProtoBytes.fields().packedSint(1, 1, 2))
                .message(18, ProtoBytes.fields())
                .message(18, ProtoBytes.fields().sint(1, 3).packedSint(1, 4).text(9, "unknown in the row"))
                .document();
        assertEquals(List.of(List.of(1, 2), List.of(), List.of(3, 4)), read(document, new AllTypes()).matrix);
    }

    /** Protobuf's fields come in any order: the elements are found whatever field comes first in a row's message. */
    @Test
    void aRowWhoseMessageStartsWithAnotherFieldKeepsItsElements() {
        byte[] document = ProtoBytes.fields()
                .message(18, ProtoBytes.fields().uint(2, 0).packedSint(1, 1, 2))
                .message(18, ProtoBytes.fields().text(9, "unknown").sint(1, 3).sint(1, 4))
                .message(18, ProtoBytes.fields().sint(1, 5).uint(2, 0).sint(1, 6))
                .document();
        assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5, 6)), read(document, new AllTypes()).matrix);
    }

    // ------------------------------------------------------------------ unknown fields

    /** Reads an id and a symbol; everything else reaches the hook. */
    static final class Recorder implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field SYMBOL = Field.of(2, "symbol");
        long id;
        String symbol;
        final List<Integer> unexpected = new ArrayList<>();
        final BiConsumer<Recorder, ValueIn> hook;

        Recorder(BiConsumer<Recorder, ValueIn> hook) {
            this.hook = hook;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(SYMBOL).text(symbol);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (o, v) -> o.id = v)
              .read(SYMBOL).text(this, (o, v) -> o.symbol = v);
        }

        @Override
        public void unexpectedField(WireKey key, ValueIn value) {
            assertTrue(key.isNumbered());
            assertEquals(0, key.name().length());
            unexpected.add(key.number());
            hook.accept(this, value);
        }
    }

    @Test
    void unknownFieldsOfEveryWireTypeAreSkippedAndOfferedOncePerNumber() {
        byte[] document = ProtoBytes.fields()
                .uint(20, 123456789)
                .sint(1, 42)
                .fixed64(21, -1)
                .message(22, party("nested", "unknown", 5))
                .startGroup(23)
                    .uint(1, 1).text(2, "in a group").fixed32(3, 7)
                    .startGroup(4).fixed64(1, 9).endGroup(4)
                    .startGroup(23).endGroup(23)
                .endGroup(23)
                .text(2, "EURUSD")
                .fixed32(24, 3)
                .uint(20, 5)
                .bytes(25, new byte[] {(byte) 0xFF, 0})
                .document();
        Recorder recorder = read(document, new Recorder((r, v) -> { }));
        assertEquals(42, recorder.id);
        assertEquals("EURUSD", recorder.symbol);
        assertEquals(List.of(20, 21, 22, 23, 24, 25), recorder.unexpected);
    }

    /** Reads field 1 as a float64, catching its refusal, then fields 2 and 3. */
    static final class CatchesAGroupReadAsAScalar implements Marshallable {
        static final Field PRICE = Field.of(1, "price");
        static final Field SYMBOL = Field.of(2, "symbol");
        static final Field QTY = Field.of(3, "qty");
        WireException refused;
        String symbol;
        long qty;

        @Override
        public void writeMarshallable(WireOut out) {
            throw new UnsupportedOperationException("read from protoc's bytes only");
        }

        @Override
        public void readMarshallable(WireIn in) {
            try {
                in.read(PRICE).float64();
            } catch (WireException e) {
                refused = e;
            }
            in.read(SYMBOL).text(this, (o, v) -> o.symbol = v)
              .read(QTY).int64(this, (o, v) -> o.qty = v);
        }
    }

    /**
     * A group where a float64 is read (a proto2 group field of another schema) is refused, and
     * reading code that catches the refusal reads the fields after it as written: the group is
     * passed over to its own end-group tag, nested groups and all, where the reader moved to the
     * end of the message and the fields after it read as missing.
     */
    @Test
    void aGroupReadAsAScalarAndCaughtIsPassedOverToItsEndAndTheFieldsAfterItRead() {
        byte[] document = ProtoBytes.fields()
                .startGroup(1)
                    .uint(1, 7).startGroup(4).fixed64(1, 9).startGroup(1).endGroup(1).endGroup(4).text(2, "inner")
                .endGroup(1)
                .text(2, "EURUSD")
                .sint(3, 300)
                .document();
        CatchesAGroupReadAsAScalar read = read(document, new CatchesAGroupReadAsAScalar());
        assertTrue(read.refused != null && read.refused.getMessage().contains("group start"), String.valueOf(read.refused));
        assertEquals("EURUSD", read.symbol);
        assertEquals(300, read.qty);
    }

    @Test
    void theHookReadsAnUnknownScalarAsItsLastOccurrence() {
        byte[] document = ProtoBytes.fields().sint(1, 1).sint(30, 10).text(2, "S").sint(30, 20).document();
        List<Long> seen = new ArrayList<>();
        read(document, new Recorder((r, v) -> seen.add(v.int64())));
        assertEquals(List.of(20L), seen);
    }

    @Test
    void theHookReadsAnUnknownRepeatedFieldAsASequence() {
        byte[] document = ProtoBytes.fields()
                .sint(30, 1).sint(1, 1).packedSint(30, 2, 3).text(2, "S").sint(30, 4)
                .message(31, party("a", null, 1)).message(31, party(null, "b", 2))
                .document();
        List<Long> longs = new ArrayList<>();
        List<Party> parties = new ArrayList<>();
        Recorder recorder = read(document, new Recorder((r, v) -> {
            if (r.unexpected.get(r.unexpected.size() - 1) == 30) {
                v.sequence(longs, (list, seq) -> {
                    while (seq.hasNextElement()) {
                        list.add(seq.int64());
                    }
                });
            } else {
                v.sequence(parties, (list, seq) -> {
                    while (seq.hasNextElement()) {
                        seq.marshallable(list, null, Party::new, List::add);
                    }
                });
            }
        }));
        assertEquals(List.of(30, 31), recorder.unexpected);
        assertEquals(List.of(1L, 2L, 3L, 4L), longs);
        assertEquals(List.of(new Party("a", null, 1), new Party(null, "b", 2)), parties);
    }

    @Test
    void theHookReadsAnUnknownRepeatedMessageMerged() {
        byte[] document = ProtoBytes.fields()
                .message(31, party("a", null, 1)).sint(1, 1).message(31, party(null, "b", 2))
                .document();
        Party merged = new Party();
        read(document, new Recorder((r, v) -> v.marshallable(merged)));
        assertEquals(new Party("a", "b", 2), merged);
    }

    @Test
    void reservedFieldNumbersOnInputAreUnknownFields() {
        byte[] document = ProtoBytes.fields().uint(19500, 1).sint(1, 3).document();
        Recorder recorder = read(document, new Recorder((r, v) -> { }));
        assertEquals(3, recorder.id);
        assertEquals(List.of(19500), recorder.unexpected);
    }

    // ------------------------------------------------------------------ typed objects

    @Test
    void aTypedObjectsPartsMayComeInAnyOrderBesideUnknownOnes() {
        byte[] document = ProtoBytes.fields()
                .message(19, ProtoBytes.fields()
                        .message(2, party("typed", "T", 3))
                        .uint(7, 99)
                        .text(1, "Party"))
                .document();
        assertEquals(new Party("typed", "T", 3), read(document, new AllTypes()).payload);
    }

    @Test
    void aTypedObjectWithoutAValueReadsAsAnObjectOfDefaults() {
        byte[] document = ProtoBytes.fields().message(19, ProtoBytes.fields().text(1, "Party")).document();
        assertEquals(new Party(), read(document, new AllTypes()).payload);
    }

    @Test
    void aTypedObjectWithoutAnAliasIsAWireException() {
        byte[] document = ProtoBytes.fields().message(19, ProtoBytes.fields().message(2, party("x", null, 1))).document();
        WireException e = assertThrows(WireException.class, () -> read(document, new AllTypes()));
        assertTrue(e.getMessage().contains("alias"), e.getMessage());
    }

    // ------------------------------------------------------------------ field numbers

    /** Fields across every tag length, written in one order and read in another. */
    static final class WideNumbers implements Marshallable {
        static final Field[] FIELDS = {Field.of(1, "a"), Field.of(15, "b"), Field.of(16, "c"), Field.of(127, "d"),
                Field.of(128, "e"), Field.of(2047, "f"), Field.of(2048, "g"), Field.of((1 << 28) - 1, "h"),
                Field.of(1 << 28, "i"), Field.of(Field.MAX_NUMBER, "j")};
        final long[] values = new long[FIELDS.length];
        boolean reversed;

        @Override
        public void writeMarshallable(WireOut out) {
            for (int i = 0; i < FIELDS.length; i++) {
                out.write(FIELDS[i]).int64(values[i]);
            }
        }

        @Override
        public void readMarshallable(WireIn in) {
            for (int k = 0; k < FIELDS.length; k++) {
                int i = reversed ? FIELDS.length - 1 - k : k;
                values[i] = in.read(FIELDS[i]).int64();
            }
        }
    }

    @Test
    void fieldNumbersOfEveryTagLengthRoundTripInAnyOrder() {
        WideNumbers source = new WideNumbers();
        for (int i = 0; i < source.values.length; i++) {
            source.values[i] = (i + 1) * 1_000_003L * (i % 2 == 0 ? 1 : -1);
        }
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64), OPTIONS);
        wire.writeDocument(source);
        wire.writeDocument(source);
        WideNumbers inOrder = new WideNumbers();
        assertTrue(wire.readDocument(inOrder));
        assertEquals(java.util.Arrays.toString(source.values), java.util.Arrays.toString(inOrder.values));
        WideNumbers reversed = new WideNumbers();
        reversed.reversed = true;
        assertTrue(wire.readDocument(reversed));
        assertEquals(java.util.Arrays.toString(source.values), java.util.Arrays.toString(reversed.values));
    }

    @Test
    void aRepeatAmongMoreLargeNumbersThanTheScanTracksStillMakesTheLastOccurrenceWin() {
        ProtoBytes fields = ProtoBytes.fields().sint(1000, 1);
        for (int number = 1001; number < 1030; number++) {
            fields.sint(number, number);
        }
        fields.sint(1000, 2);
        Field first = Field.of(1000, "first");
        Field last = Field.of(1029, "last");
        long[] seen = new long[2];
        read(fields.document(), new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                seen[0] = in.read(first).int64();
                seen[1] = in.read(last).int64();
            }
        });
        assertEquals(2, seen[0], "the repeat at the end overrides the first occurrence");
        assertEquals(1029, seen[1]);
    }

    // ------------------------------------------------------------------ types that do not fit

    @Test
    void aValueOfAnotherWireTypeThanTheKindIsAWireException() {
        byte[] document = ProtoBytes.fields().text(1, "not an int64").document();
        WireException e = assertThrows(WireException.class, () -> read(document, new Order()));
        assertEquals("NUMBERED", e.wire());
        assertTrue(e.getMessage().contains("wire type 2"), e.getMessage());
        assertEquals(2, e.offset(), "the offset of the value, after the document's 1-byte length and the tag");
    }

    @Test
    void anIntegerOutOfItsKindsRangeIsAWireException() {
        byte[] document = ProtoBytes.fields().sint(1, 128).document();
        assertThrows(WireException.class, () -> read(document, new AllTypes()));
        byte[] wideSint32 = ProtoBytes.fields().uint(4, 1L << 32).document();
        assertThrows(WireException.class, () -> read(wideSint32, new AllTypes()));
    }

    @Test
    void anEnumOrdinalBeyondTheConstantsIsAWireException() {
        byte[] document = ProtoBytes.fields().uint(5, 2).document();
        WireException e = assertThrows(WireException.class, () -> read(document, new Order()));
        assertTrue(e.getMessage().contains("Side"), e.getMessage());
    }

    @Test
    void aPackedValueRunningPastItsRunIsAWireException() {
        // A one-byte run whose varint continues into the next field's tag.
        byte[] document = ProtoBytes.fields().tag(15, 2).varint(1).raw(0x80).text(10, "x").document();
        assertThrows(WireException.class, () -> read(document, new AllTypes()));
    }
}
