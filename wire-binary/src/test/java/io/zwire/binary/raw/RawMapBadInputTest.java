package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.BadInput;
import io.zwire.testkit.model.RiskLimits;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile RAW maps, read as a {@link RiskLimits}: a RAW map is a count and then its entries, so a
 * count that lies must be a {@link WireException}, never an allocation of that size, a read past
 * the document or a silent truncation; the document after it is read, since its frame is intact.
 */
class RawMapBadInputTest {
    private static final WireType RAW = WireType.RAW;
    private static final WireOptions OPTIONS = WireOptions.defaults();

    private static RiskLimits limits(int entries) {
        RiskLimits risk = new RiskLimits();
        risk.putLimit("a", 1.0);
        for (int i = 1; i < entries; i++) {
            risk.putLimit("k" + i, i);
        }
        return risk;
    }

    private static byte[] document(RiskLimits risk) {
        Wire wire = RAW.apply(Bytes.elastic(64), OPTIONS);
        wire.writeDocument(risk);
        return wire.bytes().toByteArray();
    }

    /**
     * Where the limits map's int32 count is: the first byte past the document's length prefix where
     * a document of one entry and one of two differ (RAW writes their account, and anything before
     * the count, alike).
     */
    private static int countOffset() {
        byte[] one = document(limits(1));
        byte[] two = document(limits(2));
        for (int i = 4; i < one.length; i++) {
            if (one[i] != two[i]) {
                assertEquals(1, one[i], "the count of one entry");
                assertEquals(2, two[i], "the count of two entries");
                return i;
            }
        }
        throw new AssertionError("no count found");
    }

    /** A document of {@code entries} limits whose count says {@code count}. */
    private static byte[] withCount(int entries, int count) {
        byte[] bytes = document(limits(entries));
        Bytes.wrap(bytes).writeInt32At(countOffset(), count);
        return bytes;
    }

    /** Reads {@code bad} followed by a good document: a WireException within the bad one, then the good one. */
    private static WireException rejectsThenReadsTheNext(byte[] bad, WireOptions options) {
        Wire wire = RAW.apply(Bytes.elastic(64), options);
        wire.bytes().write(bad);
        wire.writeDocument(limits(5));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new RiskLimits()));
        assertEquals(RAW.name(), e.wire());
        assertTrue(e.offset() >= countOffset() && e.offset() <= bad.length, () -> "offset " + e.offset() + ": " + e.getMessage());
        RiskLimits next = new RiskLimits();
        assertTrue(wire.readDocument(next), "the document after the bad one is read");
        assertEquals(limits(5), next);
        return e;
    }

    @Test
    void aCountOfIntegerMaxValueWithTwoEntries() {
        WireException e = rejectsThenReadsTheNext(withCount(2, Integer.MAX_VALUE), OPTIONS);
        assertEquals(countOffset(), e.offset(), "the count itself is beyond the bytes left: " + e.getMessage());
    }

    @Test
    void aNegativeCount() {
        rejectsThenReadsTheNext(withCount(2, -1), OPTIONS);
        rejectsThenReadsTheNext(withCount(2, Integer.MIN_VALUE), OPTIONS);
    }

    @Test
    void aCountOfThreeWithTwoEntries() {
        rejectsThenReadsTheNext(withCount(2, 3), OPTIONS);
    }

    @Test
    void aCountBeyondMaxSequenceLength() {
        WireException e = rejectsThenReadsTheNext(document(limits(10)), OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(5)));
        assertTrue(e.getMessage().contains("ReadLimits.maxSequenceLength 5"), e.getMessage());
        assertEquals(countOffset(), e.offset());
    }

    @Test
    void aHugeCountAllocatesNothingOfThatSize() {
        long allocated = BadInput.bytesAllocatedFailing(RAW, OPTIONS, withCount(2, Integer.MAX_VALUE), RiskLimits::new);
        assertTrue(allocated < 100_000, "allocated " + allocated + " bytes rejecting a count of 2^31 - 1");
    }

    @Test
    void everyPrefixOfADocumentWithMapsIsRejected() {
        BadInput.everyPrefixIsRejected(RAW, OPTIONS, document(RiskLimits.sample()), RiskLimits::new);
    }

    @Test
    void theControlDocumentsReadAsWritten() {
        assertNotEquals(0, countOffset());
        for (int entries : new int[] {1, 2, 10}) {
            Wire wire = RAW.apply(Bytes.wrap(document(limits(entries))), OPTIONS);
            RiskLimits copy = new RiskLimits();
            assertTrue(wire.readDocument(copy));
            assertEquals(limits(entries), copy);
        }
    }
}
