package io.zwire.binary.cbor;

import io.zwire.ReadLimits;
import io.zwire.TypeRegistry;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.BadInput;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BadInput.rejectsAndSkipsToTheEnd;
import static io.zwire.testkit.BadInput.rejectsThenReadsTheNext;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile BINARY input: each case is a {@link io.zwire.WireException} naming the offset and what
 * was expected. CBOR documents carry no length, so the next document is found by skipping the
 * failed one as a data item: that works whenever it is well-formed CBOR (wrong types, invalid
 * UTF-8, lengths, counts or nesting beyond the limits), and otherwise the wire skips to the end.
 */
class CborBadInputTest {
    private static final WireType BINARY = WireType.BINARY;
    private static final WireOptions OPTIONS = WireOptions.defaults().withTypes(TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build());

    private static WireOptions limits(ReadLimits limits) {
        return OPTIONS.withLimits(limits);
    }

    /**
     * An indefinite map starting with {@code "id": 1}, then {@code rest}, then the break: the map
     * head is at 0, the id at 1 to 4, so {@code rest} begins at 5 (and a {@code "symbol"} key's
     * value at 12).
     */
    private static byte[] order(CborBytes rest) {
        byte[] tail = rest.toByteArray();
        CborBytes map = CborBytes.of(0xBF).text("id").raw(0x01);
        for (byte b : tail) {
            map.raw(b & 0xFF);
        }
        return map.raw(0xFF).toByteArray();
    }

    // ------------------------------------------------------------------ type codes

    @Test
    void reservedAdditionalInfo() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, CborBytes.of(0xBF).text("id").raw(0x1C, 0xFF).toByteArray(),
                Order::new, 4, "a valid additional info (0..27 or 31), found 28");
    }

    @Test
    void reservedAdditionalInfoInAValueThatIsSkipped() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, order(new CborBytes().text("xx").raw(0x5E)), Order::new, 8,
                "found 30");
    }

    @Test
    void aBreakWhereAValueBelongs() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, CborBytes.of(0xBF).text("id").raw(0xFF, 0xFF).toByteArray(),
                Order::new, 4, "an int64");
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, order(new CborBytes().text("xx")), Order::new, 8,
                "found an unexpected break");
    }

    @Test
    void aBreakRightAfterATag() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, order(new CborBytes().text("xx").raw(0xC1, 0xFF)), Order::new, 9,
                "found an unexpected break");
    }

    @Test
    void aOneByteSimpleValueBelowThirtyTwo() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, order(new CborBytes().text("xx").raw(0xF8, 0x10)), Order::new, 8,
                "a simple value of at least 32 in its one-byte form, found 16");
    }

    @Test
    void aChunkOfAnotherStringType() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, order(new CborBytes().text("xx").raw(0x7F, 0x41, 'a', 0xFF)),
                Order::new, 9, "a definite-length chunk of the same string type");
    }

    @Test
    void aDocumentThatIsNotAMap() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, CborBytes.of(0x83, 1, 2, 3).toByteArray(), Order::new, 0,
                "a document: a CBOR map, found an array");
    }

    @Test
    void aValueOfTheWrongTypeIsSteppedOver() {
        rejectsThenReadsTheNext(BINARY, OPTIONS, CborBytes.of(0xA1).text("id").text("x").toByteArray(), Order::new, 4,
                "an int64, found a text string");
    }

    // ------------------------------------------------------------------ lengths and counts

    @Test
    void aLengthBeyondTheRemainingBytes() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, order(new CborBytes().text("symbol").head(3, 65_536).raw('a', 'b')),
                Order::new, 12, "a string length within ReadLimits.maxTextBytes 16777216 and the 3 bytes that remain, found 65536");
    }

    @Test
    void aNegativeLength() {
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS,
                order(new CborBytes().text("symbol").raw(0x7B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)),
                Order::new, 12, "found 18446744073709551615");
    }

    @Test
    void textLongerThanTheLimitIsSteppedOver() {
        // The next document's longest text, the party's name, is 25 bytes.
        rejectsThenReadsTheNext(BINARY, limits(ReadLimits.defaults().withMaxTextBytes(25)),
                order(new CborBytes().text("symbol").text("x".repeat(26))), Order::new, 12,
                "ReadLimits.maxTextBytes 25");
    }

    @Test
    void aSequenceLongerThanTheLimitIsSteppedOver() {
        byte[] bad = CborBytes.of(0xBF).text("longs").head(4, 5).raw(1, 2, 3, 4, 5).raw(0xFF).toByteArray();
        rejectsThenReadsTheNext(BINARY, limits(ReadLimits.defaults().withMaxSequenceLength(4)), bad, AllTypes::new, 7,
                "ReadLimits.maxSequenceLength 4");
    }

    @Test
    void aCountBeyondTheRemainingBytes() {
        byte[] bad = CborBytes.of(0xBF).text("longs").head(4, 1L << 40).raw(1, 0xFF).toByteArray();
        rejectsAndSkipsToTheEnd(BINARY, OPTIONS, bad, AllTypes::new, 7, "an array size within");
    }

    @Test
    void aDocumentBeyondTheLimitIsSteppedOver() {
        byte[] bad = order(new CborBytes().text("symbol").text("x".repeat(200)));
        rejectsThenReadsTheNext(BINARY, limits(ReadLimits.defaults().withMaxDocumentBytes(150)), bad, Order::new, 12,
                "left within ReadLimits.maxDocumentBytes 150");
    }

    @Test
    void aHugeClaimedLengthAllocatesNothingOfThatSize() {
        byte[] bad = CborBytes.of(0xBF).text("data").raw(0x5A, 0x7F, 0xFF, 0xFF, 0xF6, 1, 2, 3, 0xFF).toByteArray();
        long allocated = BadInput.bytesAllocatedFailing(BINARY, OPTIONS, bad, AllTypes::new);
        assertTrue(allocated < 100_000, "allocated " + allocated + " bytes rejecting a 2 GiB length");
    }

    // ------------------------------------------------------------------ nesting and text

    @Test
    void nestingBeyondTheLimitIsSteppedOver() {
        CborBytes deep = new CborBytes().text("xx");
        for (int i = 0; i < 40; i++) {
            deep.raw(0x81);
        }
        deep.raw(0x00);
        // the 17th array head: after the map (1 byte), id (4), the key (3) and sixteen one-byte heads
        rejectsThenReadsTheNext(BINARY, limits(ReadLimits.defaults().withMaxDepth(16)), order(deep), Order::new, 24,
                "ReadLimits.maxDepth 16");
    }

    @Test
    void invalidUtf8InText() {
        rejectsThenReadsTheNext(BINARY, OPTIONS, order(new CborBytes().text("symbol").raw(0x63, 'A', 0xC3, 0x28)),
                Order::new, 14, "valid UTF-8 text");
    }

    @Test
    void invalidUtf8InChunkedText() {
        byte[] bad = order(new CborBytes().text("symbol").raw(0x7F, 0x61, 'A', 0x61, 0xC3, 0xFF));
        rejectsThenReadsTheNext(BINARY, OPTIONS, bad, Order::new, 12, "valid UTF-8 text in the chunks");
    }

    @Test
    void invalidUtf8InAnUnexpectedKey() {
        rejectsThenReadsTheNext(BINARY, OPTIONS, order(new CborBytes().raw(0x62, 0xFF, 0xFE, 0x01)), Order::new, 6,
                "a UTF-8 field name");
    }

    @Test
    void everyPrefixOfADocumentWithTagsChunksAndHalfFloatsIsRejected() {
        byte[] document = CborBytes.of(0xD9, 0xD9, 0xF7, 0xBF)
                .text("id").raw(0x3B, 0, 0, 0, 1, 0, 0, 0, 0)
                .text("symbol").raw(0x7F, 0x62, 'E', 'U', 0x64, 'R', 'U', 'S', 'D', 0xFF)
                .text("price").raw(0xF9, 0x3C, 0x00)
                .text("unknown").raw(0xC4, 0x82, 0x21, 0x19, 0x01, 0x00)
                .text("party").raw(0xA2).text("name").raw(0x5F, 0x41, 'x', 0xFF).text("id").raw(0x07)
                .raw(0xFF).toByteArray();
        BadInput.everyPrefixIsRejected(BINARY, OPTIONS, document, Order::new);
    }
}
