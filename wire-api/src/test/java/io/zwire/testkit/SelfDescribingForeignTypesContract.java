package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshaller;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireKey;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.foreign.Records.Point3;
import io.zwire.testkit.foreign.Records.SwappedPoint;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Schema change for foreign types on the self-describing wires: records whose writer and reader
 * differ by a component, or declare components in another order, and a marshaller's
 * unexpected-field hook. {@link SelfDescribingWireContract} implements it.
 */
public interface SelfDescribingForeignTypesContract extends ForeignTypesContract {
    @Test
    default void aRecordReadsAComponentItsWriterLacksAsTheDefault() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(new Point(1, 2), Records.POINT_RECORDS);
        assertEquals(new Point3(1, 2, 0), wire.readDocument(null, Records.POINT3_RECORDS));
    }

    @Test
    default void aRecordSkipsAComponentItDoesNotKnow() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(new Point3(1, 2, 3), Records.POINT3_RECORDS);
        wire.writeDocument(new Point3(4, 5, 6), Records.POINT3_RECORDS);
        assertEquals(new Point(1, 2), wire.readDocument(null, Records.POINT_RECORDS));
        assertEquals(new Point(4, 5), wire.readDocument(null, Records.POINTS));
    }

    @Test
    default void aRecordReadsFieldsWrittenInAnotherOrder() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(new Point(1, 2), Records.POINT_RECORDS);
        wire.writeDocument(new SwappedPoint(4, 3), Records.SWAPPED_RECORDS);
        assertEquals(new SwappedPoint(2, 1), wire.readDocument(null, Records.SWAPPED_RECORDS));
        assertEquals(new Point(3, 4), wire.readDocument(null, Records.POINT_RECORDS));
    }

    /** Another version of the telemetry record: fields it lacks read as empty, fields it adds are skipped, order does not matter. */
    @Test
    default void aTelemetryRecordReadsMissingComponentsAsEmptyAndSkipsUnknownOnesInAnyOrder() {
        Wire wire = foreignWire(Bytes.elastic(256));
        wire.writeDocument(new Records.OtherVanReading(List.of(1.5, -2.0), "VAN-3", "unknown to VanReading"),
                Records.OTHER_VAN_READINGS);
        wire.writeDocument(Records.vanReading(), Records.VAN_READINGS);
        assertEquals(new Records.VanReading("VAN-3", null, java.util.Map.of(), java.util.Optional.empty(), List.of(1.5, -2.0)),
                wire.readDocument(null, Records.VAN_READINGS));
        assertEquals(new Records.OtherVanReading(List.of(4.5, -18.25), "VAN-42", null),
                wire.readDocument(null, Records.OTHER_VAN_READINGS));
    }

    /** A key twice in a record's map has no one value to keep: a WireException naming the component, and the next document reads. */
    @Test
    default void aMapKeyTwiceIsAWireExceptionAndTheNextDocumentReads() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Field tags = Field.of(3, "tags");
        Marshaller<Object> twice = Marshaller.immutable(Object.class,
                (o, out) -> out.write(tags).map(o, (x, m) -> {
                    m.key("route").text("a");
                    m.key("route").text("b");
                }), in -> null);
        int badStart = wire.bytes().writePosition();
        wire.writeDocument("", twice);
        int badEnd = wire.bytes().writePosition();
        wire.writeDocument(Records.vanReading(), Records.VAN_READINGS);
        io.zwire.WireException e = org.junit.jupiter.api.Assertions.assertThrows(io.zwire.WireException.class,
                () -> wire.readDocument(null, Records.VAN_READINGS));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("a key once in "
                + "io.zwire.testkit.foreign.Records$VanReading.tags, not route again"), e.getMessage());
        assertAtTheReadersPosition(e, badStart, badEnd);
        assertEquals(Records.vanReading(), wire.readDocument(null, Records.VAN_READINGS));
    }

    /** Another writer's null map value (of text, of a record) cannot go into a record's Map: a WireException naming the component, and the next document reads. */
    @Test
    default void aNullMapValueIsAWireExceptionAndTheNextDocumentReads() {
        Wire wire = wireThatWritesNulls();
        Field tags = Field.of(3, "tags");
        Marshaller<Object> nullTag = Marshaller.immutable(Object.class,
                (o, out) -> out.write(tags).map(o, (x, m) -> m.key("route").nullValue()), in -> null);
        assertRefusedThenTheNextReads(wire, nullTag, "Records$VanReading.tags, not null", Records.vanReading(),
                Records.VAN_READINGS);
        Field vans = Field.of(1, "vans");
        Marshaller<Object> nullVan = Marshaller.immutable(Object.class,
                (o, out) -> out.write(vans).map(o, (x, m) -> m.key(7).nullValue()), in -> null);
        assertRefusedThenTheNextReads(wire, nullVan, "Records$Depot.vans, not null", Records.depot(), Records.DEPOTS);
    }

    /** A wire of the type under test; the test is skipped on NUMBERED, which refuses to write a null (protobuf has none). */
    private Wire wireThatWritesNulls() {
        Wire wire = foreignWire(Bytes.elastic(64));
        org.junit.jupiter.api.Assumptions.assumeFalse(wire.type() == io.zwire.WireType.NUMBERED,
                "protobuf has no null element or map value: NUMBERED refuses to write one");
        return wire;
    }

    /** Writes {@code bad} then {@code good}; reading the first is a WireException containing {@code expected}, the second reads. */
    private static <T> void assertRefusedThenTheNextReads(Wire wire, Marshaller<Object> bad, String expected, T good,
                                                          Marshaller<T> marshaller) {
        int badStart = wire.bytes().writePosition();
        wire.writeDocument("", bad);
        int badEnd = wire.bytes().writePosition();
        wire.writeDocument(good, marshaller);
        io.zwire.WireException e = org.junit.jupiter.api.Assertions.assertThrows(io.zwire.WireException.class,
                () -> wire.readDocument(null, marshaller));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertAtTheReadersPosition(e, badStart, badEnd);
        assertEquals(good, wire.readDocument(null, marshaller));
    }

    /**
     * A refusal of the record's own (a null element or value, a key twice) is at the place in the
     * refused document where reading stood, not at offset -1, with a line and column on a text
     * wire, as the wire's own refusals are.
     */
    private static void assertAtTheReadersPosition(io.zwire.WireException e, int documentStart, int documentEnd) {
        org.junit.jupiter.api.Assertions.assertTrue(e.offset() > documentStart && e.offset() <= documentEnd,
                "offset " + e.offset() + " outside the refused document's bytes (" + documentStart + ".." + documentEnd
                        + "): " + e.getMessage());
        if (e.wire().startsWith("YAML") || e.wire().equals("JSON")) {
            org.junit.jupiter.api.Assertions.assertTrue(e.line() > 0 && e.column() > 0, e.getMessage());
        }
    }

    /** Another writer's null element (of text, of a record, of a box) cannot go into a record's List: a WireException, and the next document reads. */
    @Test
    default void aNullElementInARecordsListIsAWireExceptionAndTheNextDocumentReads() {
        Wire wire = wireThatWritesNulls();
        Field name = Field.of(1, "name");
        Field children = Field.of(2, "children");
        Marshaller<Object> nullChild = Marshaller.immutable(Object.class,
                (o, out) -> out.write(name).text("root").write(children).sequence(o, (x, seq) -> seq.nullValue()),
                in -> null);
        assertRefusedThenTheNextReads(wire, nullChild, "Records$Tree.children, not null", new Records.Tree("next", List.of()),
                Records.TREES);
        Field int32s = Field.of(5, "int32s");
        Marshaller<Object> nullInt = Marshaller.immutable(Object.class,
                (o, out) -> out.write(int32s).sequence(o, (x, seq) -> {
                    seq.int32(1);
                    seq.nullValue();
                }), in -> null);
        int badStart = wire.bytes().writePosition();
        wire.writeDocument("", nullInt);
        int badEnd = wire.bytes().writePosition();
        io.zwire.WireException e = org.junit.jupiter.api.Assertions.assertThrows(io.zwire.WireException.class,
                () -> wire.readDocument(null, Records.ROSTERS));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("Records$Roster.int32s, not null"),
                e.getMessage());
        assertAtTheReadersPosition(e, badStart, badEnd);
    }

    @Test
    default void aMissingNestedForeignObjectReadsAsNull() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Unexpected idOnly = new Unexpected();
        idOnly.id = 9;
        wire.writeDocument(idOnly, OlderQuotes.INSTANCE);
        Quote reuse = QuoteMarshallers.sample();
        wire.readDocument(reuse, QuoteMarshallers.QUOTES);
        assertEquals(9, reuse.getId());
        assertNull(reuse.getVenue());
        assertNull(reuse.getSymbol());
    }

    /** What {@link OlderQuotes} was offered and did not read. */
    final class Unexpected {
        final List<String> names = new ArrayList<>();
        long id;
        long sizeSeen;
    }

    /** An older reader of quotes: only the id, and a hook that sees the rest. */
    final class OlderQuotes implements Marshaller<Unexpected> {
        static final Field ID = Field.of(1, "id");
        static final OlderQuotes INSTANCE = new OlderQuotes();

        @Override
        public Class<Unexpected> type() {
            return Unexpected.class;
        }

        @Override
        public void write(Unexpected value, io.zwire.WireOut out) {
            out.write(ID).int64(value.id);
        }

        @Override
        public Unexpected read(Unexpected reuse, io.zwire.WireIn in) {
            Unexpected value = reuse != null ? reuse : new Unexpected();
            value.id = in.read(ID).int64();
            return value;
        }

        @Override
        public void unexpectedField(Unexpected value, WireKey key, ValueIn in) {
            String name = key.isNumbered() ? Integer.toString(key.number()) : key.name().toString();
            value.names.add(name);
            if (name.equals("size") || name.equals("4")) {
                value.sizeSeen = in.int64();
            }
        }
    }

    @Test
    default void aMarshallersHookIsOfferedTheFieldsItDidNotRead() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(QuoteMarshallers.sample(), QuoteMarshallers.QUOTES);
        Unexpected seen = wire.readDocument(null, OlderQuotes.INSTANCE);
        assertEquals(42, seen.id);
        assertEquals(1_000_000, seen.sizeSeen);
        boolean numbered = wire.type().usesFieldNumbers();
        assertEquals(numbered ? List.of("2", "3", "4", "5", "6", "7") : List.of("symbol", "bid", "size", "side", "firm", "venue"),
                seen.names);
    }
}
