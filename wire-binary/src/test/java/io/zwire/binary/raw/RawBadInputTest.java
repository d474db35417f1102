package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.BadInput;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BadInput.rejectsAndSkipsToTheEnd;
import static io.zwire.testkit.BadInput.rejectsThenReadsTheNext;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile RAW input: RAW has no keys or type codes, so what it can check is the framing, lengths,
 * counts, markers and text; each failure is a {@link io.zwire.WireException} at its offset, and
 * the document after it is read whenever the bad one's frame is intact.
 */
class RawBadInputTest {
    private static final WireType RAW = WireType.RAW;
    private static final WireOptions OPTIONS = WireOptions.defaults();

    /** A RAW document: the int32 length of {@code fields}, then the fields. */
    private static byte[] document(Bytes fields) {
        byte[] body = fields.toByteArray();
        return Bytes.elastic(body.length + 4).writeInt32(body.length).write(body).toByteArray();
    }

    /** An Order's fields up to its symbol, whose length prefix (varint n + 1) is {@code lengthVarint}. */
    private static Bytes orderWithSymbolLength(int... lengthVarint) {
        Bytes fields = Bytes.elastic(32).writeInt64(1);
        for (int b : lengthVarint) {
            fields.writeInt8(b);
        }
        return fields.write(new byte[] {'a', 'b', 'c'});
    }

    @Test
    void aVarintLongerThanTenBytes() {
        byte[] bad = document(orderWithSymbolLength(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01));
        rejectsThenReadsTheNext(RAW, OPTIONS, bad, Order::new, 12, "a varint of at most 10 bytes");
    }

    @Test
    void aTextLengthBeyondTheDocument() {
        byte[] bad = document(orderWithSymbolLength(0x64));
        rejectsThenReadsTheNext(RAW, OPTIONS, bad, Order::new, 12, "found 99");
    }

    @Test
    void aNegativeTextLength() {
        // varint 2^64 - 1, so n + 1 = -1 as a long: n would be -2.
        byte[] bad = document(orderWithSymbolLength(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01));
        rejectsThenReadsTheNext(RAW, OPTIONS, bad, Order::new, 12, "found a negative one");
    }

    @Test
    void aTextLengthThatWouldTruncateToASmallInt() {
        // varint 2^63 + 6, so n = 2^63 + 5, whose low 32 bits are 5: must not read as a 5-byte text.
        byte[] bad = document(orderWithSymbolLength(0x86, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01));
        rejectsThenReadsTheNext(RAW, OPTIONS, bad, Order::new, 12, "found a negative one");
    }

    /**
     * Regression: an ordinal varint of 2^63 + 1, whose low 32 bits say ordinal 0, read as the
     * first constant. It is refused, naming the ordinal found, at the varint's start.
     */
    @Test
    void anEnumOrdinalThatWouldTruncateToASmallInt() {
        Bytes fields = Bytes.elastic(48).writeInt64(1).writeInt8(1).writeInt64(0).writeInt64(0);
        for (int b : new int[] {0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}) {
            fields.writeInt8(b);
        }
        fields.writeInt8(0);
        rejectsThenReadsTheNext(RAW, OPTIONS, document(fields), Order::new, 4 + 25,
                "expected a constant of Side, found 9223372036854775808 (its ordinals are 0 to 1)");
    }

    @Test
    void aDocumentLengthBeyondTheBuffer() {
        rejectsAndSkipsToTheEnd(RAW, OPTIONS, new byte[] {100, 0, 0, 0, 1, 2, 3}, Order::new, 0,
                "a document length within the 3 bytes that follow");
    }

    @Test
    void aNegativeDocumentLength() {
        rejectsAndSkipsToTheEnd(RAW, OPTIONS, new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1},
                Order::new, 0, "found -1");
    }

    @Test
    void aDocumentBeyondTheLimitIsSkippedWhole() {
        byte[] bad = document(Bytes.elastic(200).write(new byte[150]));
        rejectsThenReadsTheNext(RAW, OPTIONS.withLimits(ReadLimits.defaults().withMaxDocumentBytes(100)), bad,
                Order::new, 0, "ReadLimits.maxDocumentBytes 100");
    }

    @Test
    void anObjectMarkerOtherThanZeroOrOne() {
        // id, symbol, price, qty, side, then the party marker, at offset 4 + 8 + 1 + 8 + 8 + 1: the error names
        // the marker's own offset, as it does for a bad bool or sequence marker
        Bytes fields = Bytes.elastic(32).writeInt64(1).writeInt8(1).writeInt64(0).writeInt64(2).writeInt8(1).writeInt8(7);
        rejectsThenReadsTheNext(RAW, OPTIONS, document(fields), Order::new, 30, "an object marker, 0 (null) or 1, found 7");
    }

    @Test
    void aSequenceMarkerOtherThanZeroOrOne() {
        // AllTypes up to its first sequence (see below), whose marker, at offset 4 + 37, is 7
        Bytes fields = Bytes.elastic(64).write(new byte[32]).write(new byte[] {0, 0, 0, 0, 0, 7}).writeInt32(0);
        rejectsThenReadsTheNext(RAW, OPTIONS, document(fields), AllTypes::new, 41, "a sequence marker, 0 (null) or 1, found 7");
    }

    @Test
    void aSequenceCountBeyondTheLimitOrTheDocument() {
        // AllTypes up to its first sequence: 1+2+2+4+8+4+8+1+2 bytes of primitives, then text, note, data,
        // side and party all null (one 0 byte each), then longs: marker 1 and a count.
        Bytes prefix = Bytes.elastic(64).write(new byte[32]).write(new byte[] {0, 0, 0, 0, 0, 1});
        Bytes huge = Bytes.elastic(64).write(prefix, 0, prefix.writePosition()).writeInt32(1 << 30);
        rejectsThenReadsTheNext(RAW, OPTIONS, document(huge), AllTypes::new, 42, "an element count within");
        Bytes negative = Bytes.elastic(64).write(prefix, 0, prefix.writePosition()).writeInt32(-3);
        rejectsThenReadsTheNext(RAW, OPTIONS, document(negative), AllTypes::new, 42, "found -3");
        Bytes overLimit = Bytes.elastic(64).write(prefix, 0, prefix.writePosition()).writeInt32(5).write(new byte[40]);
        rejectsThenReadsTheNext(RAW, OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(4)),
                document(overLimit), AllTypes::new, 42, "ReadLimits.maxSequenceLength 4");
    }

    @Test
    void invalidUtf8InText() {
        Bytes fields = Bytes.elastic(32).writeInt64(1).writeInt8(3).writeInt8('A').writeInt8(0xC3).writeInt8(0x28);
        rejectsThenReadsTheNext(RAW, OPTIONS, document(fields), Order::new, 14, "valid UTF-8 text");
    }

    @Test
    void aHugeClaimedLengthAllocatesNothingOfThatSize() {
        // AllTypes' data field: a byte string claiming 2^31 - 10 bytes
        Bytes fields = Bytes.elastic(64).write(new byte[32]).write(new byte[] {0, 0})
                .writeVarint(Integer.MAX_VALUE - 8).write(new byte[] {1, 2, 3});
        long allocated = BadInput.bytesAllocatedFailing(RAW, OPTIONS, document(fields), AllTypes::new);
        assertTrue(allocated < 100_000, "allocated " + allocated + " bytes rejecting a 2 GiB length");
    }

    @Test
    void everyPrefixOfAnOrderIsRejected() {
        io.zwire.Wire wire = RAW.apply(Bytes.elastic(64));
        wire.writeDocument(Order.sample());
        BadInput.everyPrefixIsRejected(RAW, OPTIONS, wire.bytes().toByteArray(), Order::new);
    }
}
