package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A readMarshallable that refuses a value it read well-formed (a quantity that must be positive)
 * throws a WireException it cannot place: it has no offset to give, so it gives -1. Leaving
 * Wire.readDocument, the exception is at the place in the document where reading stood, with the
 * line and column on a text wire, and names the path, as the wire's own refusals do; raised inside
 * a nested object, it is placed where it left that object. The next document reads.
 */
class ErrorPositionOfTheReadersOwnRefusalsTest {
    static final Field ID = Field.of(1, "id");
    static final Field QTY = Field.of(2, "qty");
    static final Field LEG = Field.of(3, "leg");

    public static final class Leg implements Marshallable {
        long qty = 5;

        @Override public void writeMarshallable(WireOut out) {
            out.write(QTY).int64(qty);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(QTY).int64(this, (l, v) -> l.qty = v);
            if (qty <= 0) {
                throw new WireException(in.wireType().name(), -1, "a positive qty, not " + qty);
            }
        }
    }

    public static final class Fill implements Marshallable {
        long id = 7;
        final Leg leg = new Leg();

        @Override public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id).write(LEG).marshallable(leg);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (f, v) -> f.id = v);
            if (id <= 0) {
                throw new WireException(in.wireType().name(), -1, "a positive id, not " + id);
            }
            in.read(LEG).marshallable(leg);
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aRefusalWithNoOffsetIsPlacedWhereReadingStoodAndNamesThePath(WireType type) {
        Fill badId = new Fill();
        badId.id = -3;
        WireException id = assertPlaced(type, badId, "Fill.id", "a positive id, not -3");
        assertEquals("readMarshallable", id.getStackTrace()[0].getMethodName(), "the stack trace where it was thrown");

        Fill badLeg = new Fill();
        badLeg.leg.qty = 0;
        assertPlaced(type, badLeg, "Fill.leg.qty", "a positive qty, not 0");
    }

    /** A record whose compact constructor refuses what was read, and one of the same shape that writes it. */
    record Checked(long id, long qty) {
        Checked {
            if (qty <= 0) {
                throw new WireException("record", -1, "a positive qty, not " + qty, new ArithmeticException("cause"));
            }
        }
    }

    record Unchecked(long id, long qty) {
    }

    static final Marshaller<Checked> CHECKED = Marshaller.ofRecord(Checked.class);
    static final Marshaller<Unchecked> UNCHECKED = Marshaller.ofRecord(Unchecked.class);

    /** Thrown by the document's own marshaller: the root, no nested level between. */
    @ParameterizedTest
    @EnumSource(WireType.class)
    void aRecordsConstructorRefusingWhatWasReadIsPlacedInTheDocumentKeepingItsCause(WireType type) {
        Wire wire = type.apply(Bytes.elastic(128));
        int start = wire.bytes().writePosition();
        wire.writeDocument(new Unchecked(1, 0), UNCHECKED);
        int end = wire.bytes().writePosition();
        wire.writeDocument(new Unchecked(2, 5), UNCHECKED);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(null, CHECKED));
        assertEquals("a positive qty, not 0", e.expected());
        assertTrue(e.offset() > start && e.offset() <= end,
                "offset " + e.offset() + " outside the refused document (" + start + ".." + end + "): " + e.getMessage());
        assertEquals("cause", e.getCause().getMessage());
        assertEquals(new Checked(2, 5), wire.readDocument(null, CHECKED));
    }

    /** A refusal caught and rethrown in the reading code's words, with it as the cause: placed at the refused value. */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "JSON", "BINARY"})
    void aRefusalRethrownWithNoOffsetIsPlacedWhereItsCauseWas(WireType type) {
        Wire wire = type.apply(Bytes.elastic(128));
        wire.writeDocument(new Unchecked(1, 5), UNCHECKED);
        Marshaller<Object> textQty = Marshaller.immutable(Object.class,
                (o, out) -> out.write(Field.of(1, "id")).int64(1).write(Field.of(2, "qty")).text("five"), in -> null);
        wire.writeDocument("", textQty);
        int end = wire.bytes().writePosition();
        assertEquals(new Unchecked(1, 5), wire.readDocument(null, UNCHECKED));
        Marshaller<long[]> rethrowing = Marshaller.immutable(long[].class, (o, out) -> { }, in -> {
            long[] read = {in.read(Field.of(1, "id")).int64(), 0};
            try {
                read[1] = in.read(Field.of(2, "qty")).int64();
            } catch (WireException refusal) {
                throw new WireException(in.wireType().name(), -1, "a quantity in digits", refusal);
            }
            return read;
        });
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(null, rethrowing));
        assertEquals("a quantity in digits", e.expected());
        assertEquals(((WireException) e.getCause()).offset(), e.offset(), e.getMessage());
        assertTrue(e.offset() > 0 && e.offset() < end, e.getMessage());
    }

    private static WireException assertPlaced(WireType type, Fill bad, String path, String expected) {
        Wire wire = type.apply(Bytes.elastic(128));
        wire.writeDocument(new Fill());
        int start = wire.bytes().writePosition();
        wire.writeDocument(bad);
        int end = wire.bytes().writePosition();
        wire.writeDocument(new Fill());
        Fill read = new Fill();
        assertTrue(wire.readDocument(read));

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Fill()));
        assertEquals(expected, e.expected());
        assertEquals(path, e.path(), e.getMessage());
        // The id is read before the leg, so its refusal lies inside the document, before its end,
        // where a reader that recovered first would stand.
        int last = path.equals("Fill.id") ? end - 1 : end;
        assertTrue(e.offset() > start && e.offset() <= last,
                "offset " + e.offset() + " outside the refused document (" + start + ".." + last + "): " + e.getMessage());
        if (type == WireType.YAML || type == WireType.YAML_NUMBERED || type == WireType.JSON) {
            assertTrue(e.line() > 0 && e.column() > 0, e.getMessage());
        }
        assertTrue(wire.readDocument(read));
        assertEquals(7, read.id);
        assertEquals(5, read.leg.qty);
        return e;
    }
}
