package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.BadInput;
import io.zwire.testkit.model.RiskLimits;
import org.junit.jupiter.api.Test;

import static io.zwire.testkit.BadInput.rejectsThenReadsTheNext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile BINARY maps read as a {@link RiskLimits} (its "limits" map takes text keys to float64,
 * its "desks" map int32 keys to objects): declared sizes that lie, entries cut short, keys and
 * values of the wrong type. Each is a {@link WireException} at the offset of what is wrong, and
 * work and memory stay proportional to the bytes received.
 */
class CborMapBadInputTest {
    private static final WireType BINARY = WireType.BINARY;
    private static final WireOptions OPTIONS = WireOptions.defaults();
    /** In every document here the value of the first key, "limits", starts at offset 8 (1 map head, 7 for the key). */
    private static final int MAP_HEAD = 8;

    /** An indefinite document map whose first field is "limits" with {@code value}, then {@code rest}, then the break. */
    private static byte[] limits(CborBytes value) {
        CborBytes document = CborBytes.of(0xBF).text("limits");
        for (byte b : value.toByteArray()) {
            document.raw(b & 0xFF);
        }
        return document.raw(0xFF).toByteArray();
    }

    private static CborBytes float64(CborBytes to, double value) {
        long bits = Double.doubleToRawLongBits(value);
        to.raw(0xFB);
        for (int shift = 56; shift >= 0; shift -= 8) {
            to.raw((int) (bits >>> shift) & 0xFF);
        }
        return to;
    }

    private static WireException rejected(byte[] bad) {
        Wire wire = BINARY.apply(Bytes.wrap(bad), OPTIONS);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new RiskLimits()));
        assertEquals(BINARY.name(), e.wire());
        assertTrue(e.offset() >= 0 && e.offset() <= bad.length, () -> "offset " + e.offset());
        return e;
    }

    @Test
    void aMapSizeBeyondTheRemainingBytes() {
        byte[] bad = limits(float64(new CborBytes().head(5, 1L << 40).text("EURUSD"), 1.0));
        assertEquals(MAP_HEAD, rejected(bad).offset());
    }

    @Test
    void aMapSizeOfTwoToTheSixtyFourMinusOne() {
        byte[] bad = limits(float64(new CborBytes().raw(0xBB, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF).text("EURUSD"), 1.0));
        assertEquals(MAP_HEAD, rejected(bad).offset());
    }

    @Test
    void aHugeDeclaredMapSizeAllocatesNothingOfThatSize() {
        byte[] bad = limits(float64(new CborBytes().head(5, Integer.MAX_VALUE).text("EURUSD"), 1.0));
        long allocated = BadInput.bytesAllocatedFailing(BINARY, OPTIONS, bad, RiskLimits::new);
        assertTrue(allocated < 100_000, "allocated " + allocated + " bytes rejecting a map of 2^31 - 1 entries");
    }

    @Test
    void aDefiniteMapWithFewerEntriesThanDeclared() {
        // Three entries declared, two given: the third key is the document's break.
        CborBytes map = new CborBytes().head(5, 3).text("a");
        float64(map, 1.0).text("b");
        rejected(limits(float64(map, 2.0)));
    }

    @Test
    void anIndefiniteMapWithAKeyAndNoValue() {
        rejected(limits(new CborBytes().raw(0xBF).text("a").raw(0xFF)));
    }

    @Test
    void aDefiniteMapWithAKeyAndNoValueAtTheEndOfTheInput() {
        byte[] bad = CborBytes.of(0xBF).text("limits").head(5, 1).text("a").toByteArray();
        rejected(bad);
    }

    @Test
    void aMapLongerThanMaxSequenceLengthIsSteppedOver() {
        CborBytes map = new CborBytes().head(5, 5);
        for (int i = 0; i < 5; i++) {
            float64(map.text("k" + i), i);
        }
        rejectsThenReadsTheNext(BINARY, OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(4)), limits(map),
                RiskLimits::new, MAP_HEAD, "ReadLimits.maxSequenceLength 4");
    }

    /** An indefinite map has no count to check up front: the entry past the limit is what fails (or the head). */
    @Test
    void anIndefiniteMapLongerThanMaxSequenceLengthIsSteppedOver() {
        CborBytes map = new CborBytes().raw(0xBF);
        for (int i = 0; i < 5; i++) {
            float64(map.text("k" + i), i);
        }
        map.raw(0xFF);
        Wire wire = BINARY.apply(Bytes.elastic(64), OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(4)));
        wire.bytes().write(limits(map));
        RiskLimits small = new RiskLimits();
        small.putLimit("EURUSD", 2.5);
        wire.writeDocument(small);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new RiskLimits()));
        assertTrue(e.getMessage().contains("ReadLimits.maxSequenceLength 4"), e.getMessage());
        // The head, then four entries of 3 + 9 bytes: the fifth key.
        long fifthKey = MAP_HEAD + 1 + 4 * 12;
        assertTrue(e.offset() == MAP_HEAD || e.offset() == fifthKey, "offset " + e.offset());
        RiskLimits next = new RiskLimits();
        assertTrue(wire.readDocument(next), "the document after the bad one");
        assertEquals(small, next);
    }

    @Test
    void anArrayWhereAMapBelongs() {
        rejected(limits(new CborBytes().head(4, 2).raw(0x01, 0x02)));
    }

    @Test
    void aNumberWhereAMapBelongs() {
        assertEquals(MAP_HEAD, rejected(limits(new CborBytes().raw(0x05))).offset());
    }

    @Test
    void aTextKeyThatIsATrueValue() {
        rejected(limits(float64(new CborBytes().head(5, 1).raw(0xF5), 1.0)));
    }

    @Test
    void anInt32KeyThatIsText() {
        byte[] bad = CborBytes.of(0xBF).text("desks").head(5, 1).text("seven").raw(0xA0).raw(0xFF).toByteArray();
        rejected(bad);
    }

    @Test
    void anInt32KeyBeyondInt32() {
        byte[] bad = CborBytes.of(0xBF).text("desks").head(5, 1).head(0, 1L << 32).raw(0xA0).raw(0xFF).toByteArray();
        rejected(bad);
    }

    @Test
    void everyPrefixOfADocumentWithMapsIsRejected() {
        Wire wire = BINARY.apply(Bytes.elastic(256), OPTIONS);
        wire.writeDocument(RiskLimits.sample());
        BadInput.everyPrefixIsRejected(BINARY, OPTIONS, wire.bytes().toByteArray(), RiskLimits::new);
    }

    /** The control: a hand-built map with definite and indefinite heads reads as written. */
    @Test
    void aWellFormedHandBuiltMapReads() {
        CborBytes map = new CborBytes().head(5, 2).text("a");
        float64(map, 1.5).text("b");
        float64(map, -2.0);
        Wire wire = BINARY.apply(Bytes.wrap(limits(map)), OPTIONS);
        RiskLimits copy = new RiskLimits();
        assertTrue(wire.readDocument(copy));
        RiskLimits expected = new RiskLimits();
        expected.putLimit("a", 1.5);
        expected.putLimit("b", -2.0);
        assertEquals(expected, copy);
    }
}
