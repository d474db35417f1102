package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.BadInput;
import io.zwire.testkit.foreign.Records;
import io.zwire.example.Party;
import io.zwire.testkit.model.RiskLimits;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NUMBERED maps as other protobuf encoders write them, and as hostile peers do, read as a
 * {@link RiskLimits}: account = 1 (string), limits = 2 ({@code map<string, double>}), desks = 3
 * ({@code map<sint32, Party>}), version = 4 (sint64). Protobuf lets entries interleave with other
 * fields, their key and value come in either order or be absent (then the default); zwire reads
 * them so. Broken entries are a {@link WireException}.
 */
class ProtoMapInputTest {
    private static final WireType NUMBERED = WireType.NUMBERED;
    private static final WireOptions OPTIONS = WireOptions.defaults();

    private static ProtoBytes entry(String key, double value) {
        return ProtoBytes.fields().text(1, key).float64(2, value);
    }

    private static RiskLimits read(byte[] document) {
        Wire wire = NUMBERED.apply(Bytes.wrap(document), OPTIONS);
        RiskLimits copy = new RiskLimits();
        assertTrue(wire.readDocument(copy));
        assertEquals(0, wire.bytes().readRemaining());
        return copy;
    }

    /** {@code bad} then a good document: a WireException inside the bad one, and the good one read after it. */
    private static void rejectsThenReadsTheNext(byte[] bad) {
        Wire wire = NUMBERED.apply(Bytes.elastic(64), OPTIONS);
        wire.bytes().write(bad);
        wire.writeDocument(RiskLimits.sample());
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new RiskLimits()));
        assertEquals(NUMBERED.name(), e.wire());
        assertTrue(e.offset() >= 1 && e.offset() < bad.length, () -> "offset " + e.offset() + ": " + e.getMessage());
        RiskLimits next = new RiskLimits();
        assertTrue(wire.readDocument(next), "the document after the bad one is read");
        assertEquals(RiskLimits.sample(), next);
    }

    @Test
    void entriesInterleavedWithOtherFieldsAreOneMapInTheirOrder() {
        byte[] document = ProtoBytes.fields()
                .message(2, entry("a", 1.0))
                .text(1, "ACC")
                .message(2, entry("b", 2.0))
                .sint(4, 9)
                .message(2, entry("c", 3.0))
                .document();
        RiskLimits copy = read(document);
        assertEquals("RiskLimits{account=ACC, limits={a=1.0, b=2.0, c=3.0}, desks={}, version=9}", copy.toString());
    }

    @Test
    void anEntryWithItsValueBeforeItsKeyReads() {
        byte[] document = ProtoBytes.fields().message(2, ProtoBytes.fields().float64(2, 2.5).text(1, "k")).document();
        assertEquals("RiskLimits{account=null, limits={k=2.5}, desks={}, version=0}", read(document).toString());
    }

    @Test
    void anEntryWithoutAValueOrWithoutAKeyReadsTheDefault() {
        byte[] document = ProtoBytes.fields()
                .message(2, ProtoBytes.fields().text(1, "noValue"))
                .message(2, ProtoBytes.fields().float64(2, 4.0))
                .message(2, ProtoBytes.fields())
                .document();
        assertEquals("RiskLimits{account=null, limits={noValue=0.0, =4.0, =0.0}, desks={}, version=0}", read(document).toString());
    }

    @Test
    void anIntKeyedEntryOfANestedMessageReadsIntoThePool() {
        byte[] party = ProtoBytes.fields().text(1, "Desk").sint(3, 5).toByteArray();
        byte[] document = ProtoBytes.fields()
                .message(3, ProtoBytes.fields().sint(1, -7).bytes(2, party))
                .document();
        RiskLimits copy = read(document);
        assertEquals(new Party("Desk", null, 5), copy.desk(-7));
    }

    @Test
    void anEntryLengthBeyondTheRemainingBytes() {
        byte[] bad = ProtoBytes.fields().tag(2, 2).varint(100).text(1, "a").document();
        rejectsThenReadsTheNext(bad);
    }

    @Test
    void anEntryThatIsAVarintNotAMessage() {
        byte[] bad = ProtoBytes.fields().uint(2, 5).document();
        rejectsThenReadsTheNext(bad);
    }

    @Test
    void aTextKeyThatIsAVarint() {
        byte[] bad = ProtoBytes.fields().message(2, ProtoBytes.fields().uint(1, 5).float64(2, 1.0)).document();
        rejectsThenReadsTheNext(bad);
    }

    @Test
    void anInt32KeyBeyondInt32() {
        byte[] bad = ProtoBytes.fields().message(3, ProtoBytes.fields().sint(1, 1L << 33).bytes(2, new byte[0])).document();
        rejectsThenReadsTheNext(bad);
    }

    @Test
    void anEntryCutInsideItsKey() {
        // The entry's length says 4 bytes; its key's length says 10.
        byte[] bad = ProtoBytes.fields().tag(2, 2).varint(4).tag(1, 2).varint(10).raw('a', 'b').document();
        rejectsThenReadsTheNext(bad);
    }

    @Test
    void moreEntriesThanMaxSequenceLength() {
        ProtoBytes fields = ProtoBytes.fields();
        for (int i = 0; i < 5; i++) {
            fields.message(2, entry("k" + i, i));
        }
        Wire wire = NUMBERED.apply(Bytes.wrap(fields.document()), OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(4)));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new RiskLimits()));
        assertTrue(e.getMessage().contains("ReadLimits.maxSequenceLength 4"), e.getMessage());
    }

    @Test
    void everyPrefixOfADocumentWithMapsIsRejected() {
        Wire wire = NUMBERED.apply(Bytes.elastic(256), OPTIONS);
        wire.writeDocument(RiskLimits.sample());
        BadInput.everyPrefixIsRejected(NUMBERED, OPTIONS, wire.bytes().toByteArray(), RiskLimits::new);
    }

    /**
     * A record's map entry whose value protobuf left out, which is legal and means the default,
     * reads as that default for text, an enum and a number; a record value left out is refused, since zwire reads a
     * missing object as null, which a record's Map does not hold.
     */
    @Test
    void aRecordsMapEntryWithItsValueLeftOutReadsAsProtobufsDefaultButARecordValueLeftOutIsRefused() {
        byte[] tagKeyOnly = ProtoBytes.fields().message(3, ProtoBytes.fields().text(1, "route")).document();
        Records.VanReading reading = NUMBERED.apply(Bytes.wrap(tagKeyOnly), OPTIONS).readDocument(null, Records.VAN_READINGS);
        assertEquals(java.util.Map.of("route", ""), reading.tags());
        byte[] sideAndLoadKeysOnly = ProtoBytes.fields().message(3, ProtoBytes.fields().text(1, "dock"))
                .message(4, ProtoBytes.fields().text(1, "a")).document();
        Records.Depot defaults = NUMBERED.apply(Bytes.wrap(sideAndLoadKeysOnly), OPTIONS).readDocument(null, Records.DEPOTS);
        assertEquals(java.util.Map.of("dock", io.zwire.example.Side.values()[0]), defaults.sides());
        assertEquals(java.util.Map.of("a", 0.0), defaults.loads());
        byte[] vanKeyOnly = ProtoBytes.fields().message(1, ProtoBytes.fields().sint(1, 7)).document();
        WireException e = assertThrows(WireException.class,
                () -> NUMBERED.apply(Bytes.wrap(vanKeyOnly), OPTIONS).readDocument(null, Records.DEPOTS));
        assertTrue(e.getMessage().contains("Records$Depot.vans, not null"), e.getMessage());
    }
}
