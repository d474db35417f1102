package io.zwire.test;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TypeAssertionsTest {
    @Test
    void theReferenceOrderRoundTripsOnEveryWire() {
        TypeAssertions.assertRoundTrips(Order::sample, Order::new);
    }

    @Test
    void aTypeThatDropsAFieldOnReadDoesNotRoundTrip() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> TypeAssertions.assertRoundTrips(GarbageAssertionsTest.Lossy::new, GarbageAssertionsTest.Lossy::new,
                        WireType.YAML));
        assertTrue(error.getMessage().startsWith("YAML: "), error.getMessage());
    }

    @Test
    void twoVersionsOfATypeReadEachOthersDocuments() {
        TypeAssertions.assertReadsEachOther(Version1::new, Version2::new);
    }

    @Test
    void aVersionThatChangesAFieldsKindIsReported() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> TypeAssertions.assertReadsEachOther(Version1::new, TextQty::new, WireType.JSON));
        assertTrue(error.getMessage().startsWith("JSON: "), error.getMessage());
    }

    @Test
    void theReferenceOrdersSchemaIsWellFormed() {
        TypeAssertions.assertSchemaWellFormed(Order::new);
    }

    @Test
    void aFieldWrittenButNeverReadIsReported() {
        AssertionError error = assertThrows(AssertionError.class, () -> TypeAssertions.assertSchemaWellFormed(Version2::new));
        assertTrue(error.getMessage().contains("field 'venue' is written but never read"), error.getMessage());
    }

    @Test
    void aForeignTypeAndARecordRoundTripAndHaveWellFormedSchemasThroughTheirMarshallers() {
        TypeAssertions.assertRoundTrips(QuoteMarshallers::sample, QuoteMarshallers.QUOTES);
        TypeAssertions.assertRoundTrips(Records::every, Records.EVERY);
        TypeAssertions.assertSchemaWellFormed(QuoteMarshallers.QUOTES);
        TypeAssertions.assertSchemaWellFormed(Records.EVERY);
    }

    @Test
    void aMarshallerThatDropsAFieldOnReadDoesNotRoundTrip() {
        Field x = Field.of(1, "x");
        Field y = Field.of(2, "y");
        Marshaller<Records.Point> lossy = Marshaller.immutable(Records.Point.class,
                (p, out) -> out.write(x).int32(p.x()).write(y).int32(p.y()),
                in -> new Records.Point(in.read(x).int32(), 0));
        AssertionError error = assertThrows(AssertionError.class,
                () -> TypeAssertions.assertRoundTrips(Records::sample, lossy, WireType.JSON));
        assertTrue(error.getMessage().startsWith("JSON: "), error.getMessage());
        AssertionError schema = assertThrows(AssertionError.class, () -> TypeAssertions.assertSchemaWellFormed(lossy));
        assertTrue(schema.getMessage().contains("field 'y' is written but never read"), schema.getMessage());
    }

    /** One version of a type: an id and a quantity. */
    public static final class Version1 implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field QTY = Field.of(2, "qty");
        long id = 7;
        long qty = 100;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(QTY).int64(qty);
        }

        @Override
        public void readMarshallable(WireIn in) {
            id = in.read(ID).int64();
            qty = in.read(QTY).int64();
        }
    }

    /** The next version: the quantity gone, a venue added that it writes and does not read. */
    public static final class Version2 implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field VENUE = Field.of(3, "venue");
        long id = 8;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(VENUE).text("XLON");
        }

        @Override
        public void readMarshallable(WireIn in) {
            id = in.read(ID).int64();
        }
    }

    /** A version whose quantity became text: a document of it is not a {@link Version1}. */
    public static final class TextQty implements Marshallable {
        static final Field QTY = Field.of(2, "qty");

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(QTY).text("many");
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(QTY).text();
        }
    }
}
