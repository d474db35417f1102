package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.testkit.foreign.Records.Point;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two fields of one type with one number or one name (a copy-paste slip) are refused by every
 * wire on the type's first write and first read, naming both, before a byte is written or read.
 * {@link WireContract} implements it.
 */
public interface FieldClashesContract {
    /**
     * The wire under test.
     *
     * @param bytes its buffer
     * @return the wire
     */
    Wire foreignWire(Bytes bytes);

    /** The slip of the issue: the odometer field copied from the id's line, its number left as it was. */
    final class SameNumber implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field ODO = Field.of(1, "odo");
        long id = 123456;
        long odo = 7;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(ODO).int64(odo);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (o, v) -> o.id = v).read(ODO).int64(this, (o, v) -> o.odo = v);
        }
    }

    /** Two numbers, one name. */
    final class SameName implements Marshallable {
        static final Field ID = Field.of(1, "id");
        static final Field OTHER_ID = Field.of(2, "id");
        long id;
        long other;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(OTHER_ID).int64(other);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (o, v) -> o.id = v).read(OTHER_ID).int64(this, (o, v) -> o.other = v);
        }
    }

    /** A sound type that holds a clashing one. */
    final class Holder implements Marshallable {
        static final Field NAME = Field.of(1, "name");
        static final Field INNER = Field.of(2, "inner");
        SameNumber inner = new SameNumber();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(NAME).text("h").write(INNER).marshallable(inner);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(NAME).skip();
            in.read(INNER).marshallable(this, inner, SameNumber::new, (o, v) -> o.inner = v);
        }
    }

    /** Writes one int64 field numbered 1 and named id, as a sound peer would. */
    final class IdOnly implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SameNumber.ID).int64(5);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(SameNumber.ID).int64();
        }
    }

    private static void refusedNaming(Runnable use, String... fields) {
        IllegalStateException e = assertThrows(IllegalStateException.class, use::run);
        for (String field : fields) {
            assertTrue(e.getMessage().contains(field), e.getMessage());
        }
    }

    @Test
    default void twoFieldsWithOneNumberAreRefusedOnTheFirstWriteNamingBothAndNothingIsWritten() {
        Wire wire = foreignWire(Bytes.elastic(64));
        for (int i = 0; i < 2; i++) {
            refusedNaming(() -> wire.writeDocument(new SameNumber()), "1:id", "1:odo");
            assertEquals(0, wire.bytes().writePosition());
        }
        refusedNaming(() -> wire.writeDocument(new SameName()), "1:id", "2:id");
        assertEquals(0, wire.bytes().writePosition());
    }

    @Test
    default void twoFieldsWithOneNumberOrNameAreRefusedOnTheFirstReadAndTheDocumentStays() {
        Wire wire = foreignWire(Bytes.elastic(64));
        wire.writeDocument(new IdOnly());
        refusedNaming(() -> wire.readDocument(new SameNumber()), "1:id", "1:odo");
        refusedNaming(() -> wire.readDocument(new SameName()), "1:id", "2:id");
        assertEquals(0, wire.bytes().readPosition());
        assertTrue(wire.readDocument(new IdOnly()));
    }

    @Test
    default void aClashInANestedTypeIsRefusedNamingWhereItIs() {
        Wire wire = foreignWire(Bytes.elastic(64));
        refusedNaming(() -> wire.writeDocument(new Holder()), "Holder.inner", "1:id", "1:odo");
    }

    /** Field 1 under two names, in a marshaller written by hand (ofRecord refuses such fields when it is called). */
    Field CLASH_X = Field.of(1, "x");
    Field CLASH_Y = Field.of(1, "y");

    @Test
    default void aMarshallerWhoseFieldsClashIsRefusedOnItsFirstWriteAndRead() {
        Marshaller<Point> clashing = Marshaller.immutable(Point.class,
                (p, out) -> out.write(CLASH_X).int32(p.x()).write(CLASH_Y).int32(p.y()),
                in -> new Point(in.read(CLASH_X).int32(), in.read(CLASH_Y).int32()));
        Wire wire = foreignWire(Bytes.elastic(64));
        refusedNaming(() -> wire.writeDocument(new Point(1, 2), clashing), "1:x", "1:y");
        assertEquals(0, wire.bytes().writePosition());
        wire.writeDocument(new IdOnly());
        refusedNaming(() -> wire.readDocument(null, clashing), "1:x", "1:y");
    }
}
