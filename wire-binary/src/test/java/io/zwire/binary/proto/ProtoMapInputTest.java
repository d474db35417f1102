package io.zwire.binary.proto;

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
import io.zwire.testkit.BadInput;
import io.zwire.testkit.foreign.Records;
import io.zwire.example.Party;
import io.zwire.testkit.model.RiskLimits;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

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

    /**
     * Reads field 2 as a text-keyed map of doubles, catching each refusal of an entry or of its
     * key and reading on, as reading code that skips a bad entry would.
     */
    static final class CatchingLimits implements Marshallable {
        static final Field LIMITS = Field.of(2, "limits");
        final Map<String, Double> limits = new LinkedHashMap<>();
        int refusals;
        /** The value read after each refused key. */
        final java.util.List<Double> afterRefusedKeys = new java.util.ArrayList<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LIMITS).map(this, (o, m) -> o.limits.forEach((k, v) -> m.key(k).float64(v)));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LIMITS).map(this, (o, m) -> {
                for (int asked = 0; asked < 10; asked++) {
                    try {
                        if (!m.hasNextEntry()) {
                            return;
                        }
                    } catch (WireException refused) {
                        o.refusals++;
                        continue;
                    }
                    String key;
                    try {
                        key = m.textKey();
                    } catch (WireException refused) {
                        o.refusals++;
                        o.afterRefusedKeys.add(m.float64());
                        continue;
                    }
                    o.limits.put(key, m.float64());
                }
                throw new AssertionError("hasNextEntry() never ended");
            });
        }
    }

    private static CatchingLimits readCatching(byte[] document) {
        CatchingLimits copy = new CatchingLimits();
        assertTrue(NUMBERED.apply(Bytes.wrap(document), OPTIONS).readDocument(copy));
        return copy;
    }

    @Test
    void anEntryThatIsNotAMessageCaughtByTheReadingCodeIsPassedOverForTheNextEntry() {
        byte[] document = ProtoBytes.fields()
                .message(2, entry("a", 1.0))
                .uint(2, 5)
                .message(2, entry("b", 2.0))
                .document();
        CatchingLimits copy = readCatching(document);
        assertEquals(1, copy.refusals);
        assertEquals(Map.of("a", 1.0, "b", 2.0), copy.limits);
    }

    /** Its value, before the malformed key, is not handed out: a caught refusal reads the entry's value as missing. */
    @Test
    void aMalformedEntryCaughtAtItsKeyGivesNoValueFromItsBytes() {
        // The entry holds its value, 9.0, then a key whose length, 50, runs past the entry.
        ProtoBytes malformed = ProtoBytes.fields().float64(2, 9.0).tag(1, 2).varint(50).raw('k');
        byte[] document = ProtoBytes.fields()
                .message(2, malformed)
                .message(2, entry("b", 2.0))
                .document();
        CatchingLimits copy = readCatching(document);
        assertEquals(1, copy.refusals);
        assertEquals(java.util.List.of(0.0), copy.afterRefusedKeys, "the refused entry's value reads as missing");
        assertEquals(Map.of("b", 2.0), copy.limits);
    }

    /** Starts field 2's map and reads none of its entries. */
    static final class ReadsNoEntry implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(CatchingLimits.LIMITS).map(this, (o, m) -> { });
        }
    }

    /** Entries left unread when the map ends count against maxSequenceLength, as on the other self-describing wires (RAW refuses them). */
    @Test
    void entriesLeftUnreadCountAgainstMaxSequenceLength() {
        ProtoBytes fields = ProtoBytes.fields();
        for (int i = 0; i < 5; i++) {
            fields.message(2, entry("k" + i, i));
        }
        Marshallable readsNone = new ReadsNoEntry();
        WireOptions four = OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(4));
        WireException e = assertThrows(WireException.class, () -> NUMBERED.apply(Bytes.wrap(fields.document()), four).readDocument(readsNone));
        assertTrue(e.getMessage().contains("ReadLimits.maxSequenceLength 4"), e.getMessage());
        WireOptions five = OPTIONS.withLimits(ReadLimits.defaults().withMaxSequenceLength(5));
        assertTrue(NUMBERED.apply(Bytes.wrap(fields.document()), five).readDocument(readsNone));
    }

    /**
     * An occurrence of the map's number that is not an entry (a message) is refused when the map
     * ends, also unread, as a malformed entry a keyed wire skips is: protobuf gives a map's number
     * no other wire type.
     */
    @Test
    void anOccurrenceOfTheMapsNumberThatIsNotAnEntryIsRefusedAtTheMapsEndEvenUnread() {
        byte[] document = ProtoBytes.fields().message(2, entry("a", 1.0)).uint(2, 5).document();
        Marshallable readsNone = new ReadsNoEntry();
        WireException e = assertThrows(WireException.class, () -> NUMBERED.apply(Bytes.wrap(document), OPTIONS).readDocument(readsNone));
        assertTrue(e.getMessage().contains("for a map entry, found wire type 0"), e.getMessage());
    }
}
