package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.BadInput;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BadInput.rejectsAndSkipsToTheEnd;
import static io.zwire.testkit.BadInput.rejectsThenReadsTheNext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile NUMBERED input: each case is a {@link WireException} naming the offset and what was
 * expected, and the document after it is read (unless the framing itself is what is broken).
 */
class ProtoBadInputTest {
    private static final WireType NUMBERED = WireType.NUMBERED;
    private static final WireOptions OPTIONS = WireOptions.defaults().withTypes(TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build());

    private static WireOptions limits(ReadLimits limits) {
        return OPTIONS.withLimits(limits);
    }

    private static ProtoBytes fields() {
        return ProtoBytes.fields();
    }

    // ------------------------------------------------------------------ varints and tags

    @Test
    void aVarintLongerThanTenBytes() {
        byte[] bad = fields().tag(1, 0).raw(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01).document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 2, "a varint of at most 10 bytes");
    }

    @Test
    void aVarintWiderThanSixtyFourBits() {
        byte[] bad = fields().tag(1, 0).raw(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02).document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 2, "within 64 bits");
    }

    @Test
    void aDocumentLengthLongerThanTenBytes() {
        byte[] bad = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
                (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x00};
        rejectsAndSkipsToTheEnd(NUMBERED, OPTIONS, bad, Order::new, 0, "a varint of at most 10 bytes");
    }

    @Test
    void aTagBeyondThirtyTwoBits() {
        byte[] bad = fields().raw(0x80, 0x80, 0x80, 0x80, 0x80, 0x01).raw(0x01).document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 1, "a tag within 32 bits");
    }

    @Test
    void fieldNumberZero() {
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, fields().raw(0x00, 0x01).document(), Order::new, 1,
                "a field number of at least 1");
    }

    @Test
    void unknownWireTypes() {
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, fields().sint(1, 1).raw(0x0E, 0x01).document(), Order::new, 3,
                "a wire type 0 to 5, found 6");
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, fields().raw(0x17, 0x01).document(), Order::new, 1,
                "a wire type 0 to 5, found 7");
    }

    // ------------------------------------------------------------------ groups

    @Test
    void anEndGroupTagOutsideAGroup() {
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, fields().sint(1, 1).endGroup(5).document(), Order::new, 3,
                "an end-group tag for field 5 outside any group");
    }

    @Test
    void aGroupThatNeverEnds() {
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, fields().startGroup(9).uint(1, 1).document(), Order::new, 4,
                "the end-group tag of field 9, but the input ends");
    }

    @Test
    void aGroupEndedByAnotherFieldsTag() {
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, fields().startGroup(9).uint(1, 1).endGroup(8).document(), Order::new, 4,
                "the end-group tag of field 9, found one for field 8");
    }

    @Test
    void groupsNestedBeyondTheLimit() {
        WireOptions options = limits(ReadLimits.defaults().withMaxDepth(16));
        ProtoBytes deepest = fields();
        for (int i = 0; i < 16; i++) {
            deepest.startGroup(20 + i);
        }
        for (int i = 15; i >= 0; i--) {
            deepest.endGroup(20 + i);
        }
        Wire wire = NUMBERED.apply(Bytes.wrap(deepest.sint(1, 5).document()), options);
        Order order = new Order();
        assertTrue(wire.readDocument(order), "16 nested groups are within maxDepth 16");

        ProtoBytes tooDeep = fields();
        for (int i = 0; i < 17; i++) {
            tooDeep.startGroup(20 + i);
        }
        for (int i = 16; i >= 0; i--) {
            tooDeep.endGroup(20 + i);
        }
        // after the length byte, sixteen two-byte start tags
        rejectsThenReadsTheNext(NUMBERED, options, tooDeep.document(), Order::new, 33, "ReadLimits.maxDepth 16");
    }

    // ------------------------------------------------------------------ lengths

    @Test
    void aLengthBeyondTheRemainingBytes() {
        byte[] bad = fields().tag(2, 2).varint(100).raw('a', 'b', 'c').document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 2, "a length within the 3 bytes that remain, found 100");
    }

    @Test
    void aNegativeLength() {
        byte[] bad = fields().tag(2, 2).varint(-1).raw('a', 'b', 'c').document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 2, "found a negative one, -1");
    }

    @Test
    void aNestedMessageLongerThanItsParent() {
        byte[] bad = fields().tag(6, 2).varint(50).raw(0x08, 0x02, 0x08).document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 2, "a length within the 3 bytes that remain, found 50");
    }

    @Test
    void aFieldRunningPastTheEndOfItsMessage() {
        // party is 3 bytes, but its name claims 5: the document goes on, the message does not.
        byte[] bad = fields().tag(6, 2).varint(3).tag(1, 2).varint(5).raw('a').sint(4, 1).text(10, "more").document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 4, "a length within the 1 bytes that remain, found 5");
    }

    @Test
    void textLongerThanTheLimit() {
        // The next document's longest text, the party's name, is 25 bytes.
        byte[] bad = fields().sint(1, 1).text(2, "x".repeat(26)).document();
        rejectsThenReadsTheNext(NUMBERED, limits(ReadLimits.defaults().withMaxTextBytes(25)), bad, Order::new, 4,
                "ReadLimits.maxTextBytes 25, found 26");
    }

    @Test
    void aDocumentLengthBeyondTheBuffer() {
        rejectsAndSkipsToTheEnd(NUMBERED, OPTIONS, new byte[] {100, 0x08, 0x02, 0x08}, Order::new, 0,
                "a document length within the 3 bytes that follow, found 100");
    }

    @Test
    void aDocumentBeyondTheLimitIsSkippedWhole() {
        byte[] bad = fields().text(2, "x".repeat(120)).document();
        rejectsThenReadsTheNext(NUMBERED, limits(ReadLimits.defaults().withMaxDocumentBytes(100)), bad, Order::new, 0,
                "ReadLimits.maxDocumentBytes 100");
    }

    @Test
    void aHugeClaimedLengthAllocatesNothingOfThatSize() {
        byte[] bad = fields().tag(12, 2).varint(Integer.MAX_VALUE - 8).raw(1, 2, 3).document();
        long allocated = BadInput.bytesAllocatedFailing(NUMBERED, OPTIONS, bad, AllTypes::new);
        assertTrue(allocated < 100_000, "allocated " + allocated + " bytes rejecting a 2 GiB length");
    }

    // ------------------------------------------------------------------ text

    @Test
    void invalidUtf8InText() {
        byte[] bad = fields().tag(2, 2).varint(3).raw('A', 0xC3, 0x28).document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, Order::new, 4, "valid UTF-8 text");
    }

    @Test
    void invalidUtf8InTextReadWithoutAllocating() {
        byte[] bad = fields().tag(11, 2).varint(4).raw('o', 'k', 0xED, 0xA0).document();
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, AllTypes::new, 5, "valid UTF-8 text");
    }

    @Test
    void invalidUtf8InATypeAlias() {
        byte[] bad = fields().message(19, fields().tag(1, 2).varint(2).raw(0xFF, 'x')).document();
        // length, two-byte tag of field 19, wrapper length, alias tag, alias length, then the bad byte
        rejectsThenReadsTheNext(NUMBERED, OPTIONS, bad, AllTypes::new, 6, "a UTF-8 type alias");
    }

    // ------------------------------------------------------------------ nesting and truncation

    @Test
    void nestingBeyondTheLimitInPlainValues() {
        ProtoBytes nested = fields().sint(1, 1);
        for (int i = 0; i < 40; i++) {
            nested = fields().message(2, nested);
        }
        Wire wire = NUMBERED.apply(Bytes.wrap(nested.document()), limits(ReadLimits.defaults().withMaxDepth(16)));
        WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        assertTrue(e.getMessage().contains("ReadLimits.maxDepth 16"), e.getMessage());
        Wire typed = NUMBERED.apply(Bytes.wrap(nested.document()), limits(ReadLimits.defaults().withMaxDepth(16)));
        assertThrows(WireException.class, () -> typed.readDocument(new Node()));
    }

    @Test
    void everyPrefixOfADocumentWithGroupsPackedRunsAndUnknownFieldsIsRejected() {
        byte[] document = fields()
                .sint(5, -123456)
                .startGroup(30).uint(1, 300).fixed32(2, 7).startGroup(3).text(1, "g").endGroup(3).endGroup(30)
                .packedSint(15, 1, -200, 30_000)
                .fixed64(31, 42)
                .message(14, fields().text(1, "name").sint(3, 9))
                .message(19, fields().text(1, "Party").message(2, fields().text(2, "acc")))
                .document();
        Wire whole = NUMBERED.apply(Bytes.wrap(document), OPTIONS);
        assertTrue(whole.readDocument(new AllTypes()), "the whole document is valid");
        BadInput.everyPrefixIsRejected(NUMBERED, OPTIONS, document, AllTypes::new);
    }

    /**
     * A sequence of sequences nests as deep on NUMBERED as on BINARY: a row, a message of its
     * elements, is one level, as a nested array is (it counted twice, as a message and a sequence).
     */
    @Test
    void aSequenceOfSequencesNestsAsDeepAsOnBinary() {
        AllTypes sample = new AllTypes();
        sample.matrix.add(java.util.List.of(1, 2));
        sample.matrix.add(java.util.List.of(3));
        int refused = 0;
        for (int depth = 1; depth <= 6; depth++) {
            WireOptions options = limits(ReadLimits.defaults().withMaxDepth(depth));
            boolean onBinary = readsWithin(WireType.BINARY, options, sample);
            boolean onNumbered = readsWithin(NUMBERED, options, sample);
            assertEquals(onBinary, onNumbered, "maxDepth " + depth + ": BINARY reads it " + onBinary);
            refused += onBinary ? 0 : 1;
        }
        assertTrue(refused > 0 && refused < 6, "the limits tried refuse it and read it: " + refused + " of 6 refuse");
    }

    private static boolean readsWithin(WireType type, WireOptions options, AllTypes sample) {
        Wire wire = type.apply(Bytes.elastic(256), options);
        wire.writeDocument(sample);
        AllTypes copy = new AllTypes();
        try {
            assertTrue(wire.readDocument(copy));
        } catch (WireException refused) {
            assertTrue(refused.getMessage().contains("ReadLimits.maxDepth"), refused.getMessage());
            return false;
        }
        assertEquals(sample.matrix, copy.matrix);
        return true;
    }

    // ------------------------------------------------------------------ a WireIn kept past a failed document

    /** Reads an int8 and an int32, keeping its WireIn; {@code failAfterNaming} throws once field 1 is named. */
    static final class KeepsItsWireIn implements Marshallable {
        static final Field SMALL = Field.of(1, "small");
        static final Field WIDE = Field.of(2, "wide");
        WireIn kept;
        boolean failAfterNaming;
        byte small;
        int wide;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SMALL).int8(small).write(WIDE).int32(wide);
        }

        @Override
        public void readMarshallable(WireIn in) {
            kept = in;
            ValueIn value = in.read(SMALL);
            if (failAfterNaming) {
                throw new IllegalArgumentException("the reading code's own failure");
            }
            value.int8(this, (o, v) -> o.small = v);
            in.read(WIDE).int32(this, (o, v) -> o.wide = v);
        }
    }

    /**
     * Regression: after a document failed inside an object read in order, a read through the
     * kept WireIn took NUMBERED's fast path (the object's order and a consumed tag outlived the
     * document) and returned the bytes after the failure, where it is refused as outside any document.
     */
    @Test
    void aWireInKeptPastAFailedDocumentIsRefusedNotReadFromItsBytes() {
        byte[] tooWide = fields().uint(1, 300).uint(2, 10).document();
        KeepsItsWireIn refused = new KeepsItsWireIn();
        assertThrows(WireException.class, () -> NUMBERED.apply(Bytes.wrap(tooWide), OPTIONS).readDocument(refused));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> refused.kept.read(KeepsItsWireIn.WIDE).int32());
        assertTrue(e.getMessage().contains("outside Wire.readDocument"), e.getMessage());

        byte[] good = fields().uint(1, 8).uint(2, 10).document();
        KeepsItsWireIn failing = new KeepsItsWireIn();
        failing.failAfterNaming = true;
        assertThrows(IllegalArgumentException.class, () -> NUMBERED.apply(Bytes.wrap(good), OPTIONS).readDocument(failing));
        ValueIn keptValue = (ValueIn) failing.kept;
        for (Runnable read : java.util.List.<Runnable>of(keptValue::int64, keptValue::isNull, keptValue::skip,
                () -> failing.kept.read(KeepsItsWireIn.WIDE).int32())) {
            e = assertThrows(IllegalStateException.class, read::run);
            assertTrue(e.getMessage().contains("outside Wire.readDocument"), e.getMessage());
        }
    }

    /** Regression: a text of malformed UTF-8, refused and caught, left the reader at its bytes, which the next field read as tags. */
    @Test
    void aMalformedTextCaughtByTheReadingCodeIsPassedOverForTheNextField() {
        byte[] document = fields().tag(1, 2).varint(2).raw(0xC3, 0x28).sint(2, 10).document();
        for (boolean intoABuilder : new boolean[] {false, true}) {
            CatchesAMalformedText catching = new CatchesAMalformedText(intoABuilder);
            assertTrue(NUMBERED.apply(Bytes.wrap(document), OPTIONS).readDocument(catching));
            assertTrue(catching.refused, "the text is refused");
            assertEquals(10, catching.wide, "the field after it reads");
        }
    }

    /** Reads field 1 as text (or into a builder), catching its refusal, then field 2. */
    static final class CatchesAMalformedText implements Marshallable {
        final boolean intoABuilder;
        boolean refused;
        int wide;

        CatchesAMalformedText(boolean intoABuilder) {
            this.intoABuilder = intoABuilder;
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            try {
                if (intoABuilder) {
                    in.read(KeepsItsWireIn.SMALL).textTo(new StringBuilder());
                } else {
                    in.read(KeepsItsWireIn.SMALL).text();
                }
            } catch (WireException e) {
                refused = true;
            }
            in.read(KeepsItsWireIn.WIDE).int32(this, (o, v) -> o.wide = v);
        }
    }
}
