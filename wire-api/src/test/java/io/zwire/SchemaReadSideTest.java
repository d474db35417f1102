package io.zwire;

import io.zwire.testkit.model.CountedPriceLevel;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.testkit.model.PriceLevel;
import io.zwire.testkit.model.SwappedQuote;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The read side of a {@link Schema}: recorded from {@code readMarshallable} without calling a
 * setter, the source of the fingerprint, and compared with the write side for RAW.
 */
class SchemaReadSideTest {
    enum Venue { LIT, DARK, AUCTION }

    /** A nullable nested object. */
    static final class Desk implements Marshallable {
        static final Field NAME = Field.of(1, "name");
        static final Field LIMIT = Field.of(2, "limit");
        String name;
        long limit;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(NAME).text(name)
               .write(LIMIT).int64(limit);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(NAME).text(this, (o, v) -> o.name = v)
              .read(LIMIT).int64(this, (o, v) -> o.limit = v);
        }
    }

    /** An enum, a sequence of objects, a nullable object, a sequence of sequences and a text read garbage-free. */
    static final class Book implements Marshallable {
        static final Field SYMBOL = Field.of(1, "symbol");
        static final Field VENUE = Field.of(2, "venue");
        static final Field BIDS = Field.of(3, "bids");
        static final Field DESK = Field.of(4, "desk");
        static final Field HISTORY = Field.of(5, "history");
        static final Field NOTE = Field.of(6, "note");
        String symbol;
        Venue venue;
        final List<PriceLevel> bids = new ArrayList<>();
        Desk desk;
        final List<List<Long>> history = new ArrayList<>();
        final StringBuilder note = new StringBuilder();

        static Book full() {
            Book book = new Book();
            book.symbol = "VOD.L";
            book.venue = Venue.DARK;
            book.bids.add(new PriceLevel(101.5, 300));
            book.bids.add(new PriceLevel(101.25, 700));
            book.desk = new Desk();
            book.desk.name = "delta one";
            book.history.add(List.of(1L, 2L));
            book.note.append("closing auction");
            return book;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SYMBOL).text(symbol)
               .write(VENUE).asEnum(venue)
               .write(BIDS).sequence(this, (o, seq) -> o.bids.forEach(seq::marshallable))
               .write(DESK).marshallable(desk)
               .write(HISTORY).sequence(this, (o, seq) -> {
                   for (List<Long> row : o.history) {
                       seq.sequence(row, (r, cells) -> r.forEach(cells::int64));
                   }
               })
               .write(NOTE).text(note);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(SYMBOL).text(this, (o, v) -> o.symbol = v)
              .read(VENUE).asEnum(Venue.class, this, (o, v) -> o.venue = v)
              .read(BIDS).sequence(this, (o, seq) -> {
                  o.bids.clear();
                  while (seq.hasNextElement()) {
                      seq.marshallable(o, null, PriceLevel::new, (b, level) -> b.bids.add(level));
                  }
              })
              .read(DESK).marshallable(this, desk, Desk::new, (o, v) -> o.desk = v)
              .read(HISTORY).sequence(this, (o, seq) -> {
                  o.history.clear();
                  while (seq.hasNextElement()) {
                      List<Long> row = new ArrayList<>();
                      seq.sequence(row, (r, cells) -> {
                          while (cells.hasNextElement()) {
                              r.add(cells.int64());
                          }
                      });
                      o.history.add(row);
                  }
              })
              .read(NOTE).textTo(note);
        }
    }

    private static final TypeRegistry BOOKS = TypeRegistry.builder().add("Book", Book.class, Book::new).build();

    private static String describe(List<FieldSchema> fields) {
        StringBuilder text = new StringBuilder();
        fields.forEach(field -> field.describe(text, 0));
        return text.toString();
    }

    @Test
    void theReadSideRecordsOrderKindsNestingElementsAndConstantsWithoutCallingASetter() {
        Book fresh = new Book();
        Schema schema = Schema.of(() -> fresh);
        assertEquals("""
                1 symbol TEXT
                2 venue ENUM [LIT, DARK, AUCTION]
                3 bids SEQUENCE
                  - MARSHALLABLE
                    1 price FLOAT64
                    2 size INT64
                4 desk MARSHALLABLE
                  1 name TEXT
                  2 limit INT64
                5 history SEQUENCE
                  - SEQUENCE
                    - INT64
                6 note TEXT
                """, describe(schema.readFields()));
        assertEquals(null, fresh.desk, "no setter is called: the factory-made desk was not handed over");
        assertEquals(null, fresh.venue);
        assertTrue(fresh.bids.isEmpty(), "the element lambda ran, but the element's setter did not");
        assertTrue(schema.rawProblem().isEmpty(), () -> schema.rawProblem().get());
    }

    @Test
    void theFingerprintIsTheSameForAFullSampleAnEmptyOneAndAFreshInstance() {
        Book empty = new Book();
        empty.symbol = "VOD.L";
        long fresh = Schema.of(Book::new).fingerprint();
        assertEquals(fresh, Schema.of(Book.full(), BOOKS).fingerprint(), "a full sample");
        assertEquals(fresh, Schema.of(empty, BOOKS).fingerprint(), "empty sequences, a null object, a null enum");
        assertEquals(fresh, Schema.of(Book::new, BOOKS).fingerprint());
        // Without a factory the read side is recorded on the sample itself, which the element lambdas
        // would change: the same for every sample, without the element kinds.
        assertEquals(Schema.of(Book.full()).fingerprint(), Schema.of(empty).fingerprint());
        assertNotEquals(Schema.of(Book.full()).describe(), Schema.of(empty).describe(), "the write side is the sample's");
    }

    @Test
    void aTypeWithoutSequencesHasOneFingerprintWhateverTheSample() {
        long fingerprint = Schema.of(Order::new).fingerprint();
        assertEquals(fingerprint, Schema.of(Order.sample()).fingerprint());
        assertEquals(fingerprint, Schema.of(new Order()).fingerprint(), "null text, enum and party");
    }

    @Test
    void theSameLayoutWithAnotherFieldNameHasAnotherFingerprint() {
        assertNotEquals(Schema.of(PriceLevel::new).fingerprint(), Schema.of(CountedPriceLevel::new).fingerprint());
    }

    @Test
    void theSampleIsNotChanged() {
        Book full = Book.full();
        Schema.of(full);
        assertEquals(2, full.bids.size());
        assertEquals(1, full.history.size());
        assertEquals("closing auction", full.note.toString());
    }

    /** Holds a {@link SwappedQuote} that is null in a fresh instance, and sequences read as other kinds than written. */
    static final class Board implements Marshallable {
        static final Field QUOTE = Field.of(1, "quote");
        static final Field SIZES = Field.of(2, "sizes");
        SwappedQuote quote;
        final List<Long> sizes = new ArrayList<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(QUOTE).marshallable(quote)
               .write(SIZES).sequence(this, (o, seq) -> o.sizes.forEach(seq::int64));
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(QUOTE).marshallable(this, quote, SwappedQuote::new, (o, v) -> o.quote = v)
              .read(SIZES).sequence(this, (o, seq) -> {
                  o.sizes.clear();
                  while (seq.hasNextElement()) {
                      o.sizes.add((long) seq.int32());
                  }
              });
        }
    }

    @Test
    void aReadOrderOtherThanTheWriteOrderIsARawProblem() {
        assertEquals("SwappedQuote reads ask (3) where it writes bid (2) first: RAW would put bid's value into ask",
                Schema.of(SwappedQuote::new).rawProblem().orElseThrow());
        assertTrue(Schema.of(PriceLevel::new).rawProblem().isEmpty());
    }

    @Test
    void aNestedObjectIsComparedWithWhatItWritesEvenWhereTheSampleHasNone() {
        String problem = Schema.of(Board::new).rawProblem().orElseThrow();
        assertTrue(problem.startsWith("SwappedQuote reads ask (3) where it writes bid (2) first"), problem);
    }

    @Test
    void anElementReadAsAnotherKindIsARawProblemWhereTheSampleHasAnElement() {
        Board board = new Board();
        board.sizes.add(5L);
        TypeRegistry boards = TypeRegistry.builder().add("Board", Board.class, Board::new).build();
        String problem = Schema.of(board, boards).rawProblem().orElseThrow();
        assertTrue(problem.contains("Board reads an element of sizes (2) as INT32 where it writes INT64"), problem);
    }

    /** Writes a long and reads an int, skips a field and leaves another unread. */
    static final class Sloppy implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field NOTE = Field.of(2, "note");
        static final Field FLAGS = Field.of(3, "flags");
        long id;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id)
               .write(NOTE).text(null)
               .write(FLAGS).int32(0);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ID).int32(this, (o, v) -> o.id = v);
            in.read(NOTE).skip();
            in.read(FLAGS);
        }
    }

    @Test
    void otherKindsSkipsAndValuesLeftUnreadAreRawProblems() {
        assertEquals("Sloppy reads id (1) as INT32 where it writes INT64: RAW would read the bytes of one as the other",
                Schema.of(Sloppy::new).rawProblem().orElseThrow());
        List<FieldSchema> reads = Schema.of(Sloppy::new).readFields();
        assertEquals(List.of(FieldKind.INT32, FieldKind.NULL, FieldKind.NULL), reads.stream().map(FieldSchema::kind).toList());
    }

    @Test
    void aTypeThatWritesNothingIsReadOnlyAndNotCompared() {
        Schema schema = Schema.of(() -> new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(Book.SYMBOL).text();
            }
        });
        assertTrue(schema.rawProblem().isEmpty());
        assertEquals(1, schema.readFields().size());
    }

    /** Elements that are sequences of themselves, read by a method that recurses for each level. */
    static final class Tree implements Marshallable {
        static final Field CHILDREN = Field.of(1, "children");

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(CHILDREN).sequence(this, (o, seq) -> { });
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(CHILDREN).sequence(this, Tree::children);
        }

        private static void children(Object target, ValueIn seq) {
            while (seq.hasNextElement()) {
                seq.sequence(target, Tree::children);
            }
        }
    }

    @Test
    void recursiveTypesAndRecursiveElementLambdasAreRecordedToALimit() {
        Schema node = Schema.of(Node::new);
        assertEquals("1 value INT32\n2 child MARSHALLABLE ...\n", describe(node.readFields()));
        assertTrue(node.rawProblem().isEmpty());

        FieldSchema level = Schema.of(Tree::new).readFields().get(0);
        int depth = 0;
        while (level.element() != null) {
            level = level.element();
            depth++;
        }
        assertEquals(ReadRecorder.MAX_DEPTH, depth);
        assertTrue(Schema.of(Tree::new).toString().contains("SEQUENCE ..."));
        assertFalse(Schema.of(Tree::new).rawProblem().isPresent());
    }
}
