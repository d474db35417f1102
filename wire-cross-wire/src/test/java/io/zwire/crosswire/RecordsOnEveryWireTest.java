package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshaller;
import io.zwire.Schema;
import io.zwire.Wire;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class RecordsOnEveryWireTest {
    enum Side { BUY, SELL }
    record Inner(String name, long qty) { }
    record Node(int value, Node next) { }
    record Order(int a, int b, long c, String d, Side side, Inner inner, byte[] raw, double px) { }

    static final Marshaller<Order> ORDERS = Marshaller.ofRecord(Order.class);
    static final Marshaller<Node> NODES = Marshaller.ofRecord(Node.class);

    static <T> T roundTrip(WireType type, T value, Marshaller<T> m) {
        Wire w = type.apply(Bytes.elastic(256));
        w.writeDocument(value, m);
        return type.apply(Bytes.wrap(w.bytes().toByteArray())).readDocument(null, m);
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void componentsReadIntoTheirOwnPositions(WireType type) {
        Order o = new Order(1, 2, 3, "d", Side.SELL, new Inner("n", 5), new byte[]{9}, 1.5);
        Order r = roundTrip(type, o, ORDERS);
        assertEquals(1, r.a()); assertEquals(2, r.b()); assertEquals(3, r.c()); assertEquals("d", r.d());
        assertEquals(Side.SELL, r.side()); assertEquals(o.inner(), r.inner()); assertEquals(9, r.raw()[0]);
        assertEquals(1.5, r.px());
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void nullComponentsReadAsNull(WireType type) {
        Order o = new Order(1, 2, 3, null, null, null, null, 0);
        Order r = roundTrip(type, o, ORDERS);
        assertNull(r.d()); assertNull(r.side()); assertNull(r.inner());
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void recursiveRecordRoundTrips(WireType type) {
        Node n = new Node(1, new Node(2, new Node(3, null)));
        assertEquals(n, roundTrip(type, n, NODES));
    }

    @Test
    void recursiveRecordHasASchema() {
        assertNotNull(Schema.of(NODES));
    }

    /** A mutable foreign type: a stale value must not survive a null read. */
    static final class Box { long v; }
    static final Marshaller<Box> BOXES = Marshaller.of(Box.class, Box::new, (b, out) -> out.write(Field.of(1, "v")).int64(b.v),
            (b, in) -> b.v = in.read(Field.of(1, "v")).int64());
    static final class Holder { Box box; }
    static final Field BOX = Field.of(1, "box");
    static final Marshaller<Holder> HOLDERS = Marshaller.of(Holder.class, Holder::new,
            (h, out) -> out.write(BOX).object(h.box, BOXES),
            (h, in) -> in.read(BOX).object(h, h.box, BOXES, (o, b) -> o.box = b));

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aNullNestedForeignObjectReplacesAStaleOne(WireType type) {
        Holder h = new Holder();
        Wire w = type.apply(Bytes.elastic(256));
        w.writeDocument(h, HOLDERS);
        Holder reuse = new Holder();
        reuse.box = new Box();
        reuse.box.v = 42;
        Holder r = type.apply(Bytes.wrap(w.bytes().toByteArray())).readDocument(reuse, HOLDERS);
        assertSame(reuse, r);
        assertNull(r.box);
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aNestedForeignObjectIsReadIntoTheInstanceGiven(WireType type) {
        Holder h = new Holder();
        h.box = new Box();
        h.box.v = 7;
        Wire w = type.apply(Bytes.elastic(256));
        w.writeDocument(h, HOLDERS);
        Holder reuse = new Holder();
        Box kept = reuse.box = new Box();
        Holder r = type.apply(Bytes.wrap(w.bytes().toByteArray())).readDocument(reuse, HOLDERS);
        assertSame(kept, r.box);
        assertEquals(7, r.box.v);
    }
}
