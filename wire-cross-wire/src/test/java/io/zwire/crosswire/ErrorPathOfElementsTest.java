package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The index in an error's path is the element's place in the sequence, or the entry's in the map,
 * however the reading code walks it. ValueIn.sequence lets a read take the next element without
 * asking hasNextElement() first: a book of bid and ask quotes laid flat
 * ({@code [bid0, ask0, bid1, ask1]}) reads two elements per ask, and a read may go past the last.
 * hasNextEntry() may be asked twice for one entry. The wire's reader counts what it takes, so none
 * of these moves the index off the element or entry refused.
 */
class ErrorPathOfElementsTest {
    static final Field QUOTES = Field.of(1, "quotes");
    static final Field PRICE = Field.of(1, "price");
    static final Field SIZE = Field.of(2, "size");
    static final int LEVELS = 2;

    public static final class Quote implements Marshallable {
        double price = 1.0825;
        long size = 1_000_000;
        boolean priceAsText;

        @Override public void writeMarshallable(WireOut out) {
            if (priceAsText) {
                out.write(PRICE).text("1.08 bid");
            } else {
                out.write(PRICE).float64(price);
            }
            out.write(SIZE).int64(size);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(PRICE).float64(this, (q, v) -> q.price = v).read(SIZE).int64(this, (q, v) -> q.size = v);
        }
    }

    /** Bids and asks laid flat in one sequence, bid first at each level. */
    public static final class FlatBook implements Marshallable {
        final Quote[] bids = {new Quote(), new Quote()};
        final Quote[] asks = {new Quote(), new Quote()};
        int levels = LEVELS;

        @Override public void writeMarshallable(WireOut out) {
            out.write(QUOTES).sequence(this, (b, seq) -> {
                for (int level = 0; level < b.levels; level++) {
                    seq.marshallable(b.bids[level]);
                    seq.marshallable(b.asks[level]);
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(QUOTES).sequence(this, (b, seq) -> {
                b.levels = 0;
                while (seq.hasNextElement() && b.levels < LEVELS) {
                    seq.marshallable(b.bids[b.levels]);
                    seq.marshallable(b.asks[b.levels]);
                    b.levels++;
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void anElementReadWithoutAskingHasNextElementIsNamedByItsPlaceInTheSequence(WireType type) {
        FlatBook sent = new FlatBook();
        sent.asks[1].priceAsText = true;
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(sent);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new FlatBook()));
        assertEquals("FlatBook.quotes[3].price", e.path(), e.getMessage());
    }

    /** Scalars, read without asking hasNextElement(), one more than were written. */
    public static final class Ticks implements Marshallable {
        static final Field TICKS = Field.of(1, "ticks");
        int written = 3;
        int read = 4;

        @Override public void writeMarshallable(WireOut out) {
            out.write(TICKS).sequence(this, (t, seq) -> {
                for (int i = 0; i < t.written; i++) {
                    seq.int64(100 + i);
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(TICKS).sequence(this, (t, seq) -> {
                for (int i = 0; i < t.read; i++) {
                    seq.int64();
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aValueReadPastTheLastElementIsNamedByThePlaceItAskedFor(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new Ticks());

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Ticks()));
        assertEquals("Ticks.ticks[3]", e.path(), e.getMessage());
    }

    /** Writes its ticks as an empty sequence, as null, or not at all; reads one tick, or one quote. */
    public static final class OneTick implements Marshallable {
        static final Field SENT = Field.of(2, "sent");
        int written;
        boolean quote;

        @Override public void writeMarshallable(WireOut out) {
            out.write(SENT).int64(1);
            if (written == 0) {
                out.write(Ticks.TICKS).sequence(this, (t, seq) -> { });
            } else if (written == 1) {
                out.write(Ticks.TICKS).nullValue();
            }
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(SENT).int64(this, (t, v) -> { });
            in.read(Ticks.TICKS).sequence(this, (t, seq) -> {
                if (t.quote) {
                    seq.marshallable(new Quote());
                } else {
                    seq.int64();
                }
            });
        }
    }

    /**
     * The element a read asks for in a null or missing sequence is named as in an empty one,
     * {@code [0]}, whether the read is a value's or an object's start (RAW has no missing field).
     */
    @ParameterizedTest
    @CsvSource({
        "YAML, 0", "YAML, 1", "YAML, 2", "YAML_NUMBERED, 0", "YAML_NUMBERED, 1", "YAML_NUMBERED, 2",
        "JSON, 0", "JSON, 1", "JSON, 2", "BINARY, 0", "BINARY, 1", "BINARY, 2",
        "NUMBERED, 0", "NUMBERED, 1", "NUMBERED, 2", "RAW, 0", "RAW, 1",
    })
    void aReadInANullOrMissingSequenceIsNamedAsInAnEmptyOne(WireType type, int written) {
        OneTick sent = new OneTick();
        sent.written = written;
        byte[] bytes = document(type, sent);
        for (boolean quote : new boolean[] {false, true}) {
            OneTick read = new OneTick();
            read.quote = quote;
            WireException e = assertThrows(WireException.class, () -> type.apply(Bytes.wrap(bytes)).readDocument(read));
            assertEquals("OneTick.ticks[0]", e.path(), e.getMessage());
        }
    }

    /** Holds a {@link OneTick}, sent as null: the sequence read in it is in a null object. */
    public static final class NullHolder implements Marshallable {
        static final Field INNER = Field.of(3, "inner");
        final OneTick inner = new OneTick();
        boolean sendNull;

        @Override public void writeMarshallable(WireOut out) {
            out.write(INNER).marshallable(sendNull ? null : inner);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(INNER).marshallable(inner);
        }
    }

    /** Review: NUMBERED named no element for a sequence in a null message. */
    @ParameterizedTest
    @EnumSource(WireType.class)
    void aReadInASequenceInsideANullObjectIsNamedAsInAnEmptyOne(WireType type) {
        NullHolder sent = new NullHolder();
        sent.sendNull = true;
        byte[] bytes = document(type, sent);
        WireException e = assertThrows(WireException.class,
                () -> type.apply(Bytes.wrap(bytes)).readDocument(new NullHolder()));
        assertEquals("NullHolder.inner.ticks[0]", e.path(), e.getMessage());
    }

    /** Quotes by venue, read with hasNextEntry() asked twice per entry and keys read into a builder. */
    public static final class Venues implements Marshallable {
        static final Field BY_VENUE = Field.of(1, "byVenue");
        final Quote[] quotes = {new Quote(), new Quote(), new Quote()};
        final StringBuilder venue = new StringBuilder();

        @Override public void writeMarshallable(WireOut out) {
            out.write(BY_VENUE).map(this, (v, map) -> {
                for (int i = 0; i < v.quotes.length; i++) {
                    map.key("venue" + i).marshallable(v.quotes[i]);
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(BY_VENUE).map(this, (v, map) -> {
                for (int i = 0; map.hasNextEntry() && map.hasNextEntry(); i++) {
                    map.keyTo(v.venue);
                    map.marshallable(v.quotes[i]);
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void anEntryAskedForTwiceIsNamedByItsPlaceInTheMap(WireType type) {
        Venues sent = new Venues();
        sent.quotes[2].priceAsText = true;
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(sent);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Venues()));
        assertEquals("Venues.byVenue[entry 2].price", e.path(), e.getMessage());
    }

    /** Flags laid flat as the book's quotes are, two per hasNextElement(): RAW refuses a bool that is not 0 or 1. */
    public static final class FlatFlags implements Marshallable {
        static final Field FLAGS = Field.of(1, "flags");
        static final Field ON = Field.of(1, "on");
        final Flag[] flags = {new Flag(), new Flag(), new Flag(), new Flag()};

        public static final class Flag implements Marshallable {
            boolean on;

            @Override public void writeMarshallable(WireOut out) {
                out.write(ON).bool(on);
            }

            @Override public void readMarshallable(WireIn in) {
                in.read(ON).bool(this, (f, v) -> f.on = v);
            }
        }

        @Override public void writeMarshallable(WireOut out) {
            out.write(FLAGS).sequence(this, (f, seq) -> {
                for (Flag flag : f.flags) {
                    seq.marshallable(flag);
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(FLAGS).sequence(this, (f, seq) -> {
                for (int i = 0; seq.hasNextElement(); i += 2) {
                    seq.marshallable(f.flags[i]);
                    seq.marshallable(f.flags[i + 1]);
                }
            });
        }
    }

    @Test
    void onRawAnElementReadWithoutAskingHasNextElementIsNamedByItsPlaceInTheSequence() {
        byte[] off = document(WireType.RAW, new FlatFlags());
        FlatFlags last = new FlatFlags();
        last.flags[3].on = true;
        byte[] bad = document(WireType.RAW, last);
        int at = Arrays.mismatch(off, bad);
        bad[at] = 2;
        Wire wire = WireType.RAW.apply(Bytes.wrap(bad));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new FlatFlags()));
        assertEquals("FlatFlags.flags[3].on", e.path(), e.getMessage());
    }

    /** {@return the bytes of {@code document} written on {@code type}} */
    private static byte[] document(WireType type, Marshallable document) {
        Bytes bytes = Bytes.elastic(64);
        type.apply(bytes).writeDocument(document);
        byte[] written = new byte[bytes.readRemaining()];
        bytes.copyTo(bytes.readPosition(), written, 0, written.length);
        return written;
    }

    /** Rows of two ints, read as rows one more than were written, without asking hasNextElement(). */
    public static final class Grid implements Marshallable {
        static final Field ROWS = Field.of(1, "rows");
        int written = 2;
        int read = 3;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ROWS).sequence(this, (g, rows) -> {
                for (int i = 0; i < g.written; i++) {
                    rows.sequence(g, (h, row) -> {
                        row.int64(7);
                        row.int64(9);
                    });
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ROWS).sequence(this, (g, rows) -> {
                for (int i = 0; i < g.read; i++) {
                    rows.sequence(g, (h, row) -> {
                        while (row.hasNextElement()) {
                            row.int64();
                        }
                    });
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aSequenceStartedPastTheLastElementIsNamedByThatElementWithNoIndexInside(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256));
        wire.writeDocument(new Grid());

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Grid()));
        assertEquals("Grid.rows[2]", e.path(), e.getMessage());
    }

    /** Counts by name, read whole. */
    public static final class Counts implements Marshallable {
        static final Field BY_NAME = Field.of(1, "byName");

        @Override public void writeMarshallable(WireOut out) {
            out.write(BY_NAME).map(this, (c, map) -> {
                map.key("k0").int64(1);
                map.key("k1").int64(2);
                map.key("k2").int64(3);
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(BY_NAME).map(this, (c, map) -> {
                while (map.hasNextEntry()) {
                    map.textKey();
                    map.int64();
                }
            });
        }
    }

    @Test
    void aMalformedMapEntryIsNamedByItsOwnPlaceNotByTheKeyBefore() {
        byte[] json = "{\"byName\": {\"k0\": 1, \"k1\" 2, \"k2\": 3}}".getBytes(StandardCharsets.UTF_8);
        WireException onJson = assertThrows(WireException.class,
                () -> WireType.JSON.apply(Bytes.wrap(json)).readDocument(new Counts()));
        assertEquals("Counts.byName[entry 1]", onJson.path(), onJson.getMessage());

        // NUMBERED: entry k1's value given wire type 7, which no value has, as the entry is entered.
        byte[] numbered = document(WireType.NUMBERED, new Counts());
        int key = indexOf(numbered, new byte[] {'k', '1'});
        numbered[key + 2] = (byte) (2 << 3 | 7);
        WireException onNumbered = assertThrows(WireException.class,
                () -> WireType.NUMBERED.apply(Bytes.wrap(numbered)).readDocument(new Counts()));
        assertEquals("Counts.byName[entry 1]", onNumbered.path(), onNumbered.getMessage());
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        return indexOf(bytes, part, 0);
    }

    private static int indexOf(byte[] bytes, byte[] part, int from) {
        for (int i = from; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    /** Reads the first element only: the rest are passed over by the sequence's end. */
    public static final class FirstTick implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(Ticks.TICKS).sequence(this, (t, seq) -> { });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(Ticks.TICKS).sequence(this, (t, seq) -> seq.int64());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "JSON | {\"ticks\": [1, 2, tru, 4]}",
        "YAML | ticks: [1, 2, \"unterminated, 4]",
    })
    void aMalformedElementPassedOverAtTheSequencesEndNamesTheSequenceNotTheElementReadLast(WireType type,
                                                                                          String input) {
        Wire wire = type.apply(Bytes.wrap(input.getBytes(StandardCharsets.UTF_8)));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new FirstTick()));
        assertEquals("FirstTick.ticks", e.path(), e.getMessage());
    }

    /**
     * NUMBERED writes each row as a message of its elements, which the reader enters before it can
     * find the row's own refusal: the third row's packed run given wire type 7. The element is the
     * one {@code enter} placed, not the count of the message the reader stands in.
     */
    @Test
    void onNumberedARowWhoseMessageIsRefusedAsItIsEnteredIsNamedByItsPlace() {
        Grid grid = new Grid();
        grid.written = 3;
        byte[] bytes = document(WireType.NUMBERED, grid);
        byte[] rowValues = {7 << 1, 9 << 1};
        int values = indexOf(bytes, rowValues);
        values = indexOf(bytes, rowValues, values + 1);
        values = indexOf(bytes, rowValues, values + 1);
        int tag = values - 2;
        while ((bytes[tag] & 0x80) != 0) {
            tag--;
        }
        bytes[tag] = 1 << 3 | 7;

        WireException e = assertThrows(WireException.class,
                () -> WireType.NUMBERED.apply(Bytes.wrap(bytes)).readDocument(new Grid()));
        assertEquals("Grid.rows[2]", e.path(), e.getMessage());
    }

    /** Reads the first entry only: the rest are passed over by the map's end. */
    public static final class FirstCount implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(Counts.BY_NAME).map(this, (c, map) -> { });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(Counts.BY_NAME).map(this, (c, map) -> {
                if (map.hasNextEntry()) {
                    map.textKey();
                    map.int64();
                }
            });
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "JSON | {\"byName\": {\"k0\": 1, \"k1\": 2, \"k2\": tru}}",
        "YAML | byName: {k0: 1, k1: 2, k2: \"unterminated}",
    })
    void aMalformedEntryPassedOverAtTheMapsEndNamesTheMapNotTheKeyReadLast(WireType type, String input) {
        Wire wire = type.apply(Bytes.wrap(input.getBytes(StandardCharsets.UTF_8)));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new FirstCount()));
        assertEquals("FirstCount.byName", e.path(), e.getMessage());
    }
}
