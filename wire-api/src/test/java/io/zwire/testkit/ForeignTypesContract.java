package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.Schema;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteBoard;
import io.zwire.testkit.foreign.QuoteBook;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Chain;
import io.zwire.testkit.foreign.Records.Depot;
import io.zwire.testkit.foreign.Records.Every;
import io.zwire.testkit.foreign.Records.Line;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.foreign.Records.Roster;
import io.zwire.testkit.foreign.Records.Tree;
import io.zwire.testkit.foreign.Records.VanReading;
import io.zwire.testkit.foreign.Venue;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.zwire.testkit.foreign.QuoteMarshallers.QUOTES;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Types that are not {@code Marshallable}, written and read through a {@link io.zwire.Marshaller}:
 * a third-party bean ({@link Quote}, with a nested {@link Venue} that may be null) and records.
 * {@link WireContract} implements it, so every wire runs these cases.
 */
public interface ForeignTypesContract {
    /** A new wire of the type under test over {@code bytes}. */
    Wire foreignWire(Bytes bytes);

    @Test
    default void foreignTypeRoundTripsAsADocumentIntoANewAndAReusedInstance() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Quote sample = QuoteMarshallers.sample();
        wire.writeDocument(sample, QUOTES);
        wire.writeDocument(sample, QUOTES);
        Quote created = wire.readDocument(null, QUOTES);
        assertEquals(sample, created);
        assertNotSame(sample, created);
        Quote reuse = new Quote();
        assertSame(reuse, wire.readDocument(reuse, QUOTES), "a mutable type is read into the instance given");
        assertEquals(sample, reuse);
        assertNull(wire.readDocument(reuse, QUOTES), "no document is left");
    }

    @Test
    default void aNullNestedForeignObjectReadsAsNullOverAReusedOne() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Quote withoutVenue = new Quote(7, "GBPUSD", 1.25, 5, Side.BUY, false, null);
        wire.writeDocument(withoutVenue, QUOTES);
        Quote reuse = QuoteMarshallers.sample();
        wire.readDocument(reuse, QUOTES);
        assertNull(reuse.getVenue(), "the stale venue is not kept");
        assertEquals(withoutVenue, reuse);
    }

    @Test
    default void aNestedVenueIsReadIntoTheVenueAlreadyHeld() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(QuoteMarshallers.sample(), QUOTES);
        Quote reuse = new Quote();
        Venue venue = new Venue("OLD", 1);
        reuse.setVenue(venue);
        wire.readDocument(reuse, QUOTES);
        assertSame(venue, reuse.getVenue());
        assertEquals(new Venue("XLON", 7), venue);
    }

    @Test
    default void foreignObjectsNestedInAMarshallableNullOrNot() {
        Wire wire = foreignWire(Bytes.elastic(64));
        QuoteBook withBest = new QuoteBook(QuoteMarshallers.sample());
        QuoteBook withoutBest = new QuoteBook(null);
        wire.writeDocument(withBest);
        wire.writeDocument(withoutBest);
        QuoteBook copy = new QuoteBook();
        wire.readDocument(copy);
        assertEquals(withBest, copy);
        Quote held = copy.best();
        wire.readDocument(copy);
        assertNull(copy.best());
        assertEquals(withoutBest, copy);
        wire.writeDocument(withBest);
        QuoteBook again = new QuoteBook(held);
        wire.readDocument(again);
        assertSame(held, again.best(), "read into the quote the book held");
    }

    @Test
    default void aSequenceOfForeignObjectsReadsIntoTheObjectsHeld() {
        Wire wire = foreignWire(Bytes.elastic(256));
        QuoteBook three = new QuoteBook(null, QuoteMarshallers.sample(),
                new Quote(2, "USDJPY", 151.5, 3, Side.BUY, false, null),
                new Quote(3, null, -0.0, 0, null, true, new Venue(null, -1)));
        QuoteBook five = new QuoteBook(QuoteMarshallers.sample(), new Quote(), new Quote(), new Quote(), new Quote(),
                new Quote());
        wire.writeDocument(three);
        wire.writeDocument(new QuoteBook(null));
        Quote first = five.quotes().get(0);
        wire.readDocument(five);
        assertEquals(three, five);
        assertSame(first, five.quotes().get(0), "elements read into the quotes held");
        wire.readDocument(five);
        assertEquals(0, five.quotes().size(), "an empty sequence");
    }

    /**
     * A map of text keys to foreign objects, one of them null: each value is read into the instance
     * the board holds for its entry, a null entry reads as null without dropping that instance, and
     * an empty board follows.
     */
    @Test
    default void aMapOfForeignObjectsReadsIntoTheObjectsHeldAndNullValuesAsNull() {
        Wire wire = foreignWire(Bytes.elastic(256));
        QuoteBoard three = new QuoteBoard().put("EURUSD", QuoteMarshallers.sample())
                .put("GBPUSD", null)
                .put("USDJPY", new Quote(3, null, -0.0, 0, null, true, new Venue(null, -1)))
                .seq(11);
        QuoteBoard nullFirst = new QuoteBoard().put("EURUSD", null)
                .put("GBPUSD", new Quote(2, "GBPUSD", 1.26712, 250_000, Side.BUY, false, null))
                .seq(12);
        wire.writeDocument(three);
        wire.writeDocument(nullFirst);
        wire.writeDocument(new QuoteBoard().seq(13));
        QuoteBoard board = new QuoteBoard();
        Quote[] held = {board.pooled(0), board.pooled(1), board.pooled(2)};
        wire.readDocument(board);
        assertEquals(three, board);
        assertSame(held[0], board.quote(0), "read into the quote the board held");
        assertNull(board.quote(1));
        assertSame(held[2], board.quote(2));
        wire.readDocument(board);
        assertEquals(nullFirst, board);
        assertNull(board.quote(0));
        assertSame(held[0], board.pooled(0), "a null entry keeps the instance held");
        assertSame(held[1], board.quote(1), "the entry null before reads into the instance held");
        wire.readDocument(board);
        assertEquals(0, board.size(), "an empty map");
        assertEquals(13, board.seq());
    }

    @Test
    default void aRecordWithEveryComponentKindRoundTrips() {
        Wire wire = foreignWire(Bytes.elastic(256));
        Every every = Records.every();
        wire.writeDocument(every, Records.EVERY);
        Every copy = wire.readDocument(null, Records.EVERY);
        assertEquals(every, copy);
        assertNotSame(every, copy, "a record is constructed per read");
        Every defaults = new Every(false, (byte) 0, (short) 0, '\0', 0, 0, 0f, 0d, null, null, null, null, null);
        wire.writeDocument(defaults, Records.EVERY);
        assertEquals(defaults, wire.readDocument(every, Records.EVERY), "nulls and defaults; the reuse is ignored");
    }

    @Test
    default void aRecordWithListsOfEveryElementKindRoundTripsIntoUnmodifiableLists() {
        Wire wire = foreignWire(Bytes.elastic(256));
        Roster roster = Records.roster();
        List<Integer> many = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            many.add(i * 1_000_003);
        }
        Roster empty = new Roster(List.of(), List.of(), List.of(), List.of(), many, List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), List.of());
        wire.writeDocument(roster, Records.ROSTERS);
        wire.writeDocument(empty, Records.ROSTERS);
        Roster copy = wire.readDocument(null, Records.ROSTERS);
        assertEquals(roster, copy);
        assertThrows(UnsupportedOperationException.class, () -> copy.names().add("x"), "an unmodifiable list");
        assertEquals(empty, wire.readDocument(null, Records.ROSTERS));
    }

    @Test
    default void aNullListComponentReadsAsAnEmptyList() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(new Tree("leaf", null), Records.TREES);
        assertEquals(new Tree("leaf", List.of()), wire.readDocument(null, Records.TREES));
    }

    @Test
    default void aRecordHoldingAListOfItselfRoundTrips() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Tree tree = new Tree("root", List.of(new Tree("a", List.of()), new Tree("b", List.of(new Tree("c", List.of())))));
        wire.writeDocument(tree, Records.TREES);
        assertEquals(tree, wire.readDocument(null, Records.TREES));
    }

    /** A null element cannot be read back into List.copyOf's list, so it is refused on writing, and nothing is written. */
    @Test
    default void aNullListElementIsRefusedOnWritingAndNothingIsWritten() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Tree withNull = new Tree("root", java.util.Arrays.asList(new Tree("a", List.of()), null));
        NullPointerException e = assertThrows(NullPointerException.class, () -> wire.writeDocument(withNull, Records.TREES));
        assertTrue(e.getMessage().contains("Records$Tree.children holds null at index 1"), e.getMessage());
        assertEquals(0, wire.bytes().writePosition());
    }

    /** A list without cheap indexing is walked once, checked as it is written: the same refusal, and the wire writes on. */
    @Test
    default void aNullElementOfALinkedListIsRefusedOnWritingAndTheNextDocumentIsWritten() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Tree withNull = new Tree("root", new java.util.LinkedList<>(java.util.Arrays.asList(new Tree("a", List.of()), null)));
        NullPointerException e = assertThrows(NullPointerException.class, () -> wire.writeDocument(withNull, Records.TREES));
        assertTrue(e.getMessage().contains("Records$Tree.children holds null at index 1"), e.getMessage());
        assertEquals(0, wire.bytes().writePosition());
        Tree linked = new Tree("root", new java.util.LinkedList<>(List.of(new Tree("a", List.of()), new Tree("b", List.of()))));
        wire.writeDocument(linked, Records.TREES);
        assertEquals(linked, wire.readDocument(null, Records.TREES));
    }

    @Test
    default void nestedRecordsMayBeNull() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Line[] lines = {new Line(new Point(1, 2), new Point(-3, 4), "a"), new Line(null, new Point(5, 6), null),
                new Line(new Point(0, 0), null, ""), new Line(null, null, null)};
        for (Line line : lines) {
            wire.writeDocument(line, Records.LINES);
        }
        for (Line line : lines) {
            assertEquals(line, wire.readDocument(null, Records.LINES));
        }
    }

    @Test
    default void aRecordThatRefersToItselfRoundTrips() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Chain chain = new Chain("a", new Chain("b", new Chain("c", null)));
        wire.writeDocument(chain, Records.CHAINS);
        assertEquals(chain, wire.readDocument(null, Records.CHAINS));
    }

    /** Hostile input: a recursive record nested past ReadLimits.maxDepth is refused, not a StackOverflowError. */
    @Test
    default void aRecordNestedBeyondTheLimitIsAWireExceptionAndTheNextDocumentReads() {
        Wire writer = foreignWire(Bytes.elastic(64));
        writer.writeDocument(chain(40), Records.CHAINS);
        writer.writeDocument(chain(16), Records.CHAINS);
        Wire deep = writer.type().apply(writer.bytes(), WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxDepth(16)));
        WireException e = assertThrows(WireException.class, () -> deep.readDocument(null, Records.CHAINS));
        assertTrue(e.getMessage().contains("16"), e.getMessage());
        assertEquals(chain(16), deep.readDocument(null, Records.CHAINS));
    }

    private static Chain chain(int length) {
        Chain chain = null;
        for (int i = length; i > 0; i--) {
            chain = new Chain("c" + i, chain);
        }
        return chain;
    }

    @Test
    default void aHandWrittenImmutableMarshallerAndTheRecordMarshallerAgree() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Point point = new Point(-17, Integer.MAX_VALUE);
        wire.writeDocument(point, Records.POINTS);
        int handWritten = wire.bytes().writePosition();
        wire.writeDocument(point, Records.POINT_RECORDS);
        byte[] bytes = new byte[wire.bytes().writePosition()];
        wire.bytes().copyTo(0, bytes, 0, bytes.length);
        assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 0, handWritten),
                java.util.Arrays.copyOfRange(bytes, handWritten, bytes.length), "the same document");
        assertEquals(point, wire.readDocument(null, Records.POINT_RECORDS));
        assertEquals(point, wire.readDocument(null, Records.POINTS));
        assertEquals(Schema.of(Records.POINTS).fingerprint(), Schema.of(Records.POINT_RECORDS).fingerprint());
    }

    /** The newcomer's telemetry record: an Instant through the marshaller given, a map of tags, an optional name. */
    @Test
    default void aTelemetryRecordWithAnInstantTagsAndAnOptionalNameRoundTripsExactly() {
        Wire wire = foreignWire(Bytes.elastic(256));
        VanReading reading = Records.vanReading();
        VanReading bare = new VanReading("VAN-9", Instant.ofEpochSecond(-1, 999_999_999), Map.of(), Optional.empty(),
                List.of());
        wire.writeDocument(reading, Records.VAN_READINGS);
        wire.writeDocument(bare, Records.VAN_READINGS);
        VanReading copy = wire.readDocument(null, Records.VAN_READINGS);
        assertEquals(reading, copy);
        assertEquals(List.copyOf(reading.tags().keySet()), List.copyOf(copy.tags().keySet()), "the tags in input order");
        assertThrows(UnsupportedOperationException.class, () -> copy.tags().put("x", "y"), "an unmodifiable map");
        VanReading bareCopy = wire.readDocument(null, Records.VAN_READINGS);
        assertEquals(bare, bareCopy);
        assertSame(Optional.empty(), bareCopy.name(), "an empty optional allocates nothing");
    }

    @Test
    default void nullMapsOptionalsAndListsReadAsEmptyAndNullObjectsAsNull() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(new VanReading(null, null, null, null, null), Records.VAN_READINGS);
        assertEquals(new VanReading(null, null, Map.of(), Optional.empty(), List.of()),
                wire.readDocument(null, Records.VAN_READINGS));
    }

    /** Maps keyed by text, int and long, of records, marshalled types, enums and boxes; optionals of each kind. */
    @Test
    default void mapsAndOptionalsOfEveryValueKindRoundTripAndNestedRecordsUseTheMarshallersGiven() {
        Wire wire = foreignWire(Bytes.elastic(512));
        Depot depot = Records.depot();
        Depot empty = new Depot(Map.of(), Map.of(), Map.of(), Map.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), List.of());
        wire.writeDocument(depot, Records.DEPOTS);
        wire.writeDocument(empty, Records.DEPOTS);
        assertEquals(depot, wire.readDocument(null, Records.DEPOTS));
        assertEquals(empty, wire.readDocument(null, Records.DEPOTS));
    }

    /** A null key or value cannot be read back into the record's map, so it is refused on writing, and nothing is written. */
    @Test
    default void aNullMapValueIsRefusedOnWritingAndNothingIsWritten() {
        Wire wire = foreignWire(Bytes.elastic(64));
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("route", null);
        VanReading withNull = new VanReading("VAN-1", null, tags, Optional.empty(), List.of());
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> wire.writeDocument(withNull, Records.VAN_READINGS));
        assertTrue(e.getMessage().contains("Records$VanReading.tags maps route to null"), e.getMessage());
        assertEquals(0, wire.bytes().writePosition());
    }

    /** Hostile input: a map component longer than ReadLimits.maxSequenceLength is refused, not read, and the next document reads. */
    @Test
    default void aMapComponentBeyondTheSequenceLimitIsAWireExceptionAndTheNextDocumentReads() {
        Wire writer = foreignWire(Bytes.elastic(1024));
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 0; i < 40; i++) {
            tags.put("t" + i, "v" + i);
        }
        VanReading many = new VanReading("VAN-1", null, tags, Optional.empty(), List.of());
        writer.writeDocument(many, Records.VAN_READINGS);
        writer.writeDocument(Records.vanReading(), Records.VAN_READINGS);
        Wire limited = writer.type().apply(writer.bytes(),
                WireOptions.defaults().withLimits(ReadLimits.defaults().withMaxSequenceLength(16)));
        WireException e = assertThrows(WireException.class, () -> limited.readDocument(null, Records.VAN_READINGS));
        assertTrue(e.getMessage().contains("16"), e.getMessage());
        assertEquals(Records.vanReading(), limited.readDocument(null, Records.VAN_READINGS));
    }

    /**
     * Hostile input: every prefix of a Depot document (maps of records, optionals, a marshalled
     * Instant), and the document with any one byte changed, reads as a Depot or is a
     * WireException naming what was expected: no hang, no other exception. On RAW, whose bytes
     * carry no types, a changed byte can make seconds beyond Instant's range, which the test kit's
     * INSTANTS refuses with a WireException as zwire's own reads do.
     */
    @Test
    default void everyCutOrCorruptedDepotIsReadOrRefusedWithAWireException() {
        Wire writer = foreignWire(Bytes.elastic(512));
        writer.writeDocument(Records.depot(), Records.DEPOTS);
        byte[] whole = writer.bytes().toByteArray();
        for (int variant = 0; variant < 2 * whole.length; variant++) {
            byte[] input;
            if (variant < whole.length) {
                input = java.util.Arrays.copyOf(whole, variant);
            } else {
                input = whole.clone();
                input[variant - whole.length] ^= 0x55;
            }
            Wire wire = writer.type().apply(Bytes.wrap(input));
            try {
                wire.readDocument(null, Records.DEPOTS);
            } catch (WireException refused) {
                assertTrue(refused.getMessage() != null && !refused.getMessage().isEmpty());
            }
        }
    }

    /**
     * A marshaller that validates what it reads turns bad input into a WireException, as
     * docs/types.md shows with INSTANTS: seconds beyond Instant's range or nanos outside 0 to
     * 999,999,999 are refused naming the wire and what was expected, and the next document reads.
     */
    @Test
    default void anInstantOutOfRangeIsAWireExceptionAndTheNextDocumentReads() {
        io.zwire.Marshaller<long[]> unchecked = io.zwire.Marshaller.immutable(long[].class,
                (v, out) -> out.write(io.zwire.Field.of(1, "seconds")).int64(v[0])
                        .write(io.zwire.Field.of(2, "nanos")).int32((int) v[1]),
                in -> new long[0]);
        long[][] outOfRange = {{Instant.MAX.getEpochSecond() + 1, 0}, {Instant.MIN.getEpochSecond() - 1, 0},
                {Long.MAX_VALUE, 0}, {0, -1}, {0, 1_000_000_000}};
        Instant good = Instant.ofEpochSecond(1_700_000_000L, 999_999_999);
        for (long[] bad : outOfRange) {
            Wire wire = foreignWire(Bytes.elastic(64));
            wire.writeDocument(bad, unchecked);
            wire.writeDocument(good, Records.INSTANTS);
            WireException refused = assertThrows(WireException.class, () -> wire.readDocument(null, Records.INSTANTS),
                    () -> java.util.Arrays.toString(bad));
            assertEquals(wire.type().name(), refused.wire());
            assertTrue(refused.getMessage().contains(Long.toString(bad[0] == 0 ? bad[1] : bad[0])), refused.getMessage());
            assertEquals(good, wire.readDocument(null, Records.INSTANTS));
        }
    }

    @Test
    default void aRecordGivenItsOwnFieldsHoldingAListOfItselfRoundTrips() {
        Wire wire = foreignWire(Bytes.elastic(64));
        io.zwire.Marshaller<Tree> labelled = io.zwire.Marshaller.ofRecord(Tree.class, io.zwire.Field.of(5, "label"),
                io.zwire.Field.of(6, "kids"));
        Tree tree = new Tree("root", List.of(new Tree("a", List.of()), new Tree("b", List.of(new Tree("c", List.of())))));
        wire.writeDocument(tree, labelled);
        assertEquals(tree, wire.readDocument(null, labelled));
    }

    @Test
    default void theSchemaOfAForeignTypeNamesItsTypeAndNestedFields() {
        Schema schema = Schema.of(QUOTES);
        assertSame(Quote.class, schema.type());
        assertEquals(7, schema.fields().size());
        assertEquals(schema.fields().stream().map(f -> f.name()).toList(),
                schema.readFields().stream().map(f -> f.name()).toList());
        assertSame(Venue.class, schema.readFields().get(6).type());
        assertTrue(schema.rawProblem().isEmpty(), () -> schema.rawProblem().get());
        assertTrue(schema.capturingLambdas().isEmpty(), schema::capturingReport);
        Schema record = Schema.of(Records.EVERY);
        assertSame(Every.class, record.type());
        assertEquals(13, record.readFields().size());
        assertEquals(java.util.List.of("flag", "int8", "int16", "char16", "int32", "int64", "float32", "float64", "text",
                "side", "data", "point", "party"), record.readFields().stream().map(f -> f.name()).toList());
        assertEquals(2, record.fields().get(11).fields().size(), "the write side holds the nested record's fields");
    }
}
