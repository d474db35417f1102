package io.zwire.test.harness;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Schema;
import io.zwire.WireIn;
import io.zwire.WireOut;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which allocations the schema knows a type makes by design, and what the others are called. */
class AllocationDesignTest {
    static final Field NOTE = Field.of(1, "note"), COUNT = Field.of(2, "count"), BLOB = Field.of(3, "blob");

    /** A note read into a String, a count, and bytes read into a byte[]. */
    public static final class Noted implements Marshallable {
        String note = "";
        long count;
        byte[] blob = new byte[0];

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(NOTE).text(note).write(COUNT).int64(count).write(BLOB).bytes(blob);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(NOTE).text(this, (o, s) -> o.note = s)
              .read(COUNT).int64(this, (o, v) -> o.count = v)
              .read(BLOB).bytes(this, (o, b) -> o.blob = b);
        }
    }

    private final AllocationDesign design = new AllocationDesign(Schema.of(Noted::new), Noted.class);

    private static AllocationSite site(String objectClass, Field field) {
        return site(objectClass, field, AllocationSite.Side.READ, AllocationSite.Maker.ZWIRE);
    }

    private static AllocationSite site(String objectClass, Field field, AllocationSite.Side side,
                                       AllocationSite.Maker maker) {
        return new AllocationSite(4096, objectClass, "X.y:1", null, "Noted.readMarshallable:30",
                field == null ? 0 : field.number(), field == null ? null : field.name(), side, maker);
    }

    static final Field LEG = Field.of(1, "leg"), POINT = Field.of(2, "point"), BOX = Field.of(3, "box"),
            STAMP = Field.of(4, "stamp");

    /** A mutable class that is not Marshallable, read through Marshaller.of. */
    public static final class Box {
        long size;
    }

    /** An immutable class (not a record), read through Marshaller.immutable. */
    public static final class Stamp {
        private final long at;

        Stamp(long at) {
            this.at = at;
        }

        long at() {
            return at;
        }
    }

    /** A point, read per read through Marshaller.ofRecord. */
    public record Point(int x, int y) {
    }

    /** A mutable nested type, reusable. */
    public static final class Leg implements Marshallable {
        long price;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(NOTE).int64(price);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(NOTE).int64(this, (o, v) -> o.price = v);
        }
    }

    /** A mutable Leg read with no instance to reuse, and a record. */
    public static final class Holder implements Marshallable {
        static final Marshaller<Point> POINTS = Marshaller.ofRecord(Point.class);
        static final Marshaller<Box> BOXES = Marshaller.of(Box.class, Box::new, (b, out) -> out.write(NOTE).int64(b.size),
                (b, in) -> in.read(NOTE).int64(b, (o, v) -> o.size = v));
        static final Marshaller<Stamp> STAMPS = Marshaller.immutable(Stamp.class, (s, out) -> out.write(NOTE).int64(s.at()),
                in -> new Stamp(in.read(NOTE).int64()));
        Box box = new Box();
        Stamp stamp = new Stamp(3);
        Leg leg = new Leg();
        Point point = new Point(1, 2);

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(LEG).marshallable(leg).write(POINT).object(point, POINTS).write(BOX).object(box, BOXES)
               .write(STAMP).object(stamp, STAMPS);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(LEG).marshallable(this, null, Leg::new, (o, l) -> o.leg = l)
              .read(POINT).object(this, null, POINTS, (o, p) -> o.point = p)
              .read(BOX).object(this, null, BOXES, (o, b) -> o.box = b)
              .read(STAMP).object(this, null, STAMPS, (o, s) -> o.stamp = s);
        }
    }

    private final AllocationDesign holderDesign = new AllocationDesign(Schema.of(Holder::new), Holder.class);

    @Test
    void aStringMadeWhileWritingATextFieldIsNotByDesign() {
        AllocationSite written = site("java.lang.String", NOTE, AllocationSite.Side.WRITE, AllocationSite.Maker.ZWIRE);
        assertNull(design.reason(written));
        assertEquals("made while writing: writing a document allocates nothing by design", design.problem(written));
        assertNull(design.reason(site("java.lang.String", NOTE, AllocationSite.Side.UNKNOWN, AllocationSite.Maker.ZWIRE)));
    }

    @Test
    void aStringTheTypesOwnSetterMakesUnderATextFieldIsNotByDesign() {
        AllocationSite copied = site("java.lang.String", NOTE, AllocationSite.Side.READ, AllocationSite.Maker.USER_CODE);
        assertNull(design.reason(copied));
        assertTrue(design.problem(copied).startsWith("made by the type's own code"), design.problem(copied));
        assertNull(design.reason(site("byte[]", BLOB, AllocationSite.Side.READ, AllocationSite.Maker.USER_CODE)));
    }

    @Test
    void aMutableNestedTypeReadWithNoInstanceToReuseIsNotCalledImmutable() {
        AllocationSite leg = site(Leg.class.getName(), LEG);
        assertNull(holderDesign.reason(leg));
        assertEquals("a new Leg per read: pass the field's current instance to reuse, not null", holderDesign.problem(leg));
    }

    @Test
    void aMutableMarshallersTypeReadWithNoInstanceToReuseIsNotByDesignButAnImmutableOnesIs() {
        AllocationSite box = site(Box.class.getName(), BOX);
        assertNull(holderDesign.reason(box));
        assertEquals("a new Box per read: pass the field's current instance to reuse, not null", holderDesign.problem(box));
        assertEquals("its Marshaller builds a new Stamp per read (Marshaller.immutable)",
                holderDesign.reason(site(Stamp.class.getName(), STAMP)));
    }

    @Test
    void onlyTheRecordItselfUnderARecordFieldIsByDesign() {
        assertEquals("a Point record, built per read (Marshaller.ofRecord)",
                holderDesign.reason(site(Point.class.getName(), POINT)));
        assertNull(holderDesign.reason(site("java.lang.Integer", POINT)));
        assertNull(holderDesign.reason(site("java.util.ArrayList", POINT)));
        assertNull(holderDesign.reason(site(Point.class.getName(), POINT, AllocationSite.Side.WRITE,
                AllocationSite.Maker.ZWIRE)));
    }

    @Test
    void aStringOrItsBytesUnderATextFieldIsByDesign() {
        assertTrue(design.reason(site("java.lang.String", NOTE)).startsWith("text() makes a String"));
        assertTrue(design.reason(site("byte[]", NOTE)).startsWith("text() makes a String"));
        assertTrue(design.reason(site("byte[]", BLOB)).startsWith("bytes() makes a byte[]"));
    }

    @Test
    void boxingUnderANumberFieldIsNotByDesignAndSaysSo() {
        AllocationSite boxed = site("java.lang.Long", COUNT);
        assertNull(design.reason(boxed));
        assertEquals("boxing: a Long per value; keep the value in a primitive field", design.problem(boxed));
        assertEquals("the schema reads count as INT64, which allocates no java.util.ArrayList",
                design.problem(site("java.util.ArrayList", COUNT)));
    }

    @Test
    void aSiteTiedToNoFieldIsNeverByDesign() {
        AllocationSite loose = site("java.lang.String", null);
        assertNull(design.reason(loose));
        assertEquals("tied to none of the type's fields", design.problem(loose));
    }

    @Test
    void arrayClassesReadAsSourceNamesThem() {
        assertEquals("byte[]", AllocationSiteProbe.javaName("[B"));
        assertEquals("java.lang.String[][]", AllocationSiteProbe.javaName("[[Ljava.lang.String;"));
        assertEquals("java.time.Instant", AllocationSiteProbe.javaName("java.time.Instant"));
    }
}
