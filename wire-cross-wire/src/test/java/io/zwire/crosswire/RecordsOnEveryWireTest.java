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

    /** 126 doubles and an int: 253 argument slots, the most a record marshaller reads through one handle. */
    record Widest(
            double d0, double d1, double d2, double d3, double d4, double d5, double d6, double d7,
            double d8, double d9, double d10, double d11, double d12, double d13, double d14, double d15,
            double d16, double d17, double d18, double d19, double d20, double d21, double d22, double d23,
            double d24, double d25, double d26, double d27, double d28, double d29, double d30, double d31,
            double d32, double d33, double d34, double d35, double d36, double d37, double d38, double d39,
            double d40, double d41, double d42, double d43, double d44, double d45, double d46, double d47,
            double d48, double d49, double d50, double d51, double d52, double d53, double d54, double d55,
            double d56, double d57, double d58, double d59, double d60, double d61, double d62, double d63,
            double d64, double d65, double d66, double d67, double d68, double d69, double d70, double d71,
            double d72, double d73, double d74, double d75, double d76, double d77, double d78, double d79,
            double d80, double d81, double d82, double d83, double d84, double d85, double d86, double d87,
            double d88, double d89, double d90, double d91, double d92, double d93, double d94, double d95,
            double d96, double d97, double d98, double d99, double d100, double d101, double d102, double d103,
            double d104, double d105, double d106, double d107, double d108, double d109, double d110, double d111,
            double d112, double d113, double d114, double d115, double d116, double d117, double d118, double d119,
            double d120, double d121, double d122, double d123, double d124, double d125, int i0) {
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void theWidestRecordAMarshallerReadsRoundTrips(WireType type) throws ReflectiveOperationException {
        java.lang.reflect.RecordComponent[] components = Widest.class.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = types[i] == double.class ? (Object) (i * 1.0e-7 - 5) : (Object) (-i);
        }
        Widest sent = Widest.class.getDeclaredConstructor(types).newInstance(values);
        assertEquals(sent, roundTrip(type, sent, Marshaller.ofRecord(Widest.class)));
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
