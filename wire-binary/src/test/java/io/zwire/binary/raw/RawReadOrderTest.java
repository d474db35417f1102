package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.WireOptions;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import io.zwire.test.GarbageAssertions;
import io.zwire.testkit.model.CountedPriceLevel;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.testkit.model.PriceLevel;
import io.zwire.example.Side;
import io.zwire.testkit.model.SwappedQuote;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What RAW can and cannot check, having no field metadata: a type whose read order differs from
 * its write order is refused at its first read; a document that does not fit the reader's layout
 * is a {@link WireException} that says the schema probably differs; the same layout with another
 * meaning reads silently, and only a session handshake's fingerprints tell.
 */
class RawReadOrderTest {
    private static final String SCHEMA_HINT = "the writer's schema or field order probably differs from this reader's";

    @Test
    void aTypeThatReadsAskBeforeBidIsRefusedOnABareRawWire() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(new SwappedQuote("VOD.L", 101.25, 101.5));
        SwappedQuote copy = new SwappedQuote();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(copy));
        assertTrue(e.getMessage().contains("SwappedQuote reads ask (3) where it writes bid (2) first: RAW would put"
                + " bid's value into ask"), e.getMessage());
        assertEquals(0, wire.bytes().readPosition(), "nothing was read");
        assertEquals(0.0, copy.bid);

        Wire another = WireType.RAW.apply(wire.bytes());
        assertThrows(IllegalStateException.class, () -> another.readDocument(copy), "refused on every RAW wire");
    }

    @Test
    void theSameTypeReadsRightOnASelfDescribingWire() {
        Wire wire = WireType.BINARY.apply(Bytes.elastic(64));
        wire.writeDocument(new SwappedQuote("VOD.L", 101.25, 101.5));
        SwappedQuote copy = new SwappedQuote();
        assertTrue(wire.readDocument(copy));
        assertEquals(101.25, copy.bid);
        assertEquals(101.5, copy.ask);
    }

    @Test
    void typesThatReadWhatTheyWriteAreCheckedOnceAndThenReadWithoutAllocating() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(256));
        Order order = new Order();
        Party party = new Party();
        Order sample = Order.sample();
        Party owner = new Party("Meridian", "MCP-1", 7);
        Runnable alternate = () -> {
            wire.bytes().clear();
            wire.writeDocument(sample);
            wire.writeDocument(owner);
            wire.writeDocument(sample);
            wire.readDocument(order);
            wire.readDocument(party);
            wire.readDocument(order);
        };
        double bytes = AllocationMeter.bytesPerOperation(alternate, 100_000, 500_000);
        assertTrue(bytes <= GarbageAssertions.THRESHOLD, "switching classes on one RAW wire looks the verdict up"
                + " without allocating, but each switch allocated " + bytes / 3 + " bytes");
        assertEquals(sample, order);
        assertEquals(owner, party);
    }

    /** Two longs; read as {@link OneLong} the document is too long. */
    static final class TwoLongs implements Marshallable {
        static final Field A = Field.of(1, "a");
        static final Field B = Field.of(2, "b");
        long a = 1;
        long b = 2;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).int64(a)
               .write(B).int64(b);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(A).int64(this, (o, v) -> o.a = v)
              .read(B).int64(this, (o, v) -> o.b = v);
        }
    }

    /** One long, or, for the same field number, a byte code that {@link Sided} reads as an enum ordinal. */
    static final class OneLong implements Marshallable {
        long a;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(TwoLongs.A).int64(a);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(TwoLongs.A).int64(this, (o, v) -> o.a = v);
        }
    }

    static final class Coded implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            out.write(TwoLongs.A).int8((byte) 9);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(TwoLongs.A).int8();
        }
    }

    static final class Sided implements Marshallable {
        Side side;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(TwoLongs.A).asEnum(side);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(TwoLongs.A).asEnum(Side.class, this, (o, v) -> o.side = v);
        }
    }

    @Test
    void aDocumentThatDoesNotFitTheReadersLayoutSaysTheSchemaProbablyDiffers() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(new TwoLongs());
        wire.writeDocument(new Coded());
        WireException length = assertThrows(WireException.class, () -> wire.readDocument(new OneLong()));
        assertTrue(length.getMessage().contains("the document to end at offset 20 (16 bytes of fields) but the reader"
                + " stopped at 12; RAW carries no field metadata, so " + SCHEMA_HINT), length.getMessage());
        WireException ordinal = assertThrows(WireException.class, () -> wire.readDocument(new Sided()));
        assertTrue(ordinal.getMessage().contains("a constant of Side, found 8 (its ordinals are 0 to 1); RAW carries no field metadata"),
                ordinal.getMessage());
        assertTrue(ordinal.getMessage().contains("compare Schema.of(factory).fingerprint() on both sides"), ordinal.getMessage());
    }

    @Test
    void aBadFrameIsNotBlamedOnTheSchema() {
        Wire wire = WireType.RAW.apply(Bytes.wrap(new byte[] {100, 0, 0, 0, 1}));
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new OneLong()));
        assertTrue(!e.getMessage().contains(SCHEMA_HINT), e.getMessage());
    }

    /**
     * The documented limit: without a handshake nothing on a bare RAW wire tells a size from an
     * order count. The fingerprints a session compares do.
     */
    @Test
    void theSameLayoutWithAnotherMeaningReadsSilentlyWrongOnABareWireAndOnlyTheFingerprintsDiffer() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(new PriceLevel(101.5, 300));
        CountedPriceLevel copy = new CountedPriceLevel();
        assertTrue(wire.readDocument(copy));
        assertEquals(300, copy.orderCount, "a size read as an order count");
        assertNotEquals(Schema.of(PriceLevel::new).fingerprint(), Schema.of(CountedPriceLevel::new).fingerprint());
    }

    /** Holds its quote as a typed object: the document, not this class, says which class it is. */
    public static final class QuoteHolder implements Marshallable {
        static final Field QUOTE = Field.of(1, "quote");
        Marshallable quote;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(QUOTE).typed(quote);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(QUOTE).typed(Marshallable.class, this, null, (o, q) -> o.quote = q);
        }
    }

    @Test
    void aTypedObjectThatReadsOutOfWriteOrderIsRefusedOnItsFirstRead() {
        TypeRegistry types = TypeRegistry.builder().add("quote", SwappedQuote.class, SwappedQuote::new).build();
        Wire wire = WireType.RAW.apply(Bytes.elastic(128), WireOptions.defaults().withTypes(types));
        QuoteHolder holder = new QuoteHolder();
        holder.quote = new SwappedQuote("EURUSD", 1.0891, 1.0893);
        wire.writeDocument(holder);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.readDocument(new QuoteHolder()));
        assertTrue(e.getMessage().contains("ask (3) where it writes bid (2)"), e.getMessage());
    }

    /** Reads its id in the direct form, so a recording pass over it would assign the default. */
    public static final class DirectId implements Marshallable {
        static final Field ID = Field.of(1, "id");
        long id;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id);
        }

        @Override
        public void readMarshallable(WireIn in) {
            id = in.read(ID).int64();
        }
    }

    @Test
    void theFirstReadOfAnEmptyBufferLeavesTheTargetAlone() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        DirectId target = new DirectId();
        target.id = 42;
        assertEquals(false, wire.readDocument(target));
        assertEquals(42, target.id, "no document, nothing read, not even by the read-order check");
    }
}
