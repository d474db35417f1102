package io.zwire;

import io.zwire.internal.SchemaTypes;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The classes a schema records, and the named types the schema generators build from them. */
class SchemaJavaTypesTest {
    private static FieldSchema field(List<FieldSchema> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theReadSideNamesTheClassesOfEnumsAndNestedObjects() {
        Schema schema = Schema.of(Order::new);
        assertSame(Order.class, schema.type());
        assertSame(Side.class, field(schema.readFields(), "side").type());
        assertSame(Side.class, field(Schema.of(Order.sample()).fields(), "side").type(), "a written enum names its class too");
        assertNull(field(schema.fields(), "side").type(), "a null enum written has no class");
        assertSame(Party.class, field(schema.readFields(), "party").type());
        assertFalse(field(schema.readFields(), "party").truncated());
        assertNull(field(schema.readFields(), "symbol").type());
        assertNull(field(schema.fields(), "party").type(), "the write side does not see the object");
    }

    static final Field POINT = Field.of(1, "point"), BOX = Field.of(2, "box"), STAMP = Field.of(3, "stamp"),
            PARTY = Field.of(4, "party"), SIZE = Field.of(1, "size");

    /** A point, read through Marshaller.ofRecord. */
    public record Point(int x, int y) {
    }

    /** A mutable class, read through Marshaller.of. */
    public static final class Box {
        long size;
    }

    /** Read through ofRecord, Marshaller.of, Marshaller.immutable (of a Long) and as a Marshallable. */
    public static final class Holder implements Marshallable {
        static final Marshaller<Point> POINTS = Marshaller.ofRecord(Point.class);
        static final Marshaller<Box> BOXES = Marshaller.of(Box.class, Box::new, (b, out) -> out.write(SIZE).int64(b.size),
                (b, in) -> in.read(SIZE).int64(b, (o, v) -> o.size = v));
        static final Marshaller<Long> STAMPS = Marshaller.immutable(Long.class, (v, out) -> out.write(SIZE).int64(v),
                in -> in.read(SIZE).int64());
        Point point;
        Box box;
        Long stamp;
        Party party;

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(POINT).object(this, null, POINTS, (o, p) -> o.point = p)
              .read(BOX).object(this, null, BOXES, (o, b) -> o.box = b)
              .read(STAMP).object(this, null, STAMPS, (o, v) -> o.stamp = v)
              .read(PARTY).marshallable(this, null, Party::new, (o, p) -> o.party = p);
        }
    }

    @Test
    void theReadSideNotesWhichMarshallersBuildANewObjectPerRead() {
        List<FieldSchema> reads = Schema.of(Holder::new).readFields();
        assertTrue(field(reads, "point").builtPerRead(), "ofRecord");
        assertTrue(field(reads, "stamp").builtPerRead(), "immutable");
        assertFalse(field(reads, "box").builtPerRead(), "a mutable type's marshaller reads into what it is given");
        assertFalse(field(reads, "party").builtPerRead(), "a Marshallable is read into what it is given");
    }

    @Test
    void aRecursiveFieldIsTruncatedAndNamesItsClass() {
        FieldSchema child = field(Schema.of(Node::new).readFields(), "child");
        assertTrue(child.truncated());
        assertSame(Node.class, child.type());
        assertEquals(List.of(), child.fields());
    }

    @Test
    void schemaTypesNameEachClassOnceAndTheRegisteredTypesOnlyForTypedFields() {
        TypeRegistry types = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
        SchemaTypes all = SchemaTypes.of(Schema.of(AllTypes::new, types), types);
        assertEquals(List.of("AllTypes", "Party", "Order"), all.objects().stream().map(SchemaTypes.ObjectType::name).toList());
        assertEquals(List.of("Side"), all.enums().stream().map(SchemaTypes.EnumType::name).toList());
        assertTrue(all.hasTypedFields());
        assertEquals(List.of("Order"), List.copyOf(all.typedObjects().keySet()));
        SchemaTypes order = SchemaTypes.of(Schema.of(Order::new), types);
        assertFalse(order.hasTypedFields());
        assertEquals(List.of("Order", "Party"), order.objects().stream().map(SchemaTypes.ObjectType::name).toList());
        assertEquals("Order_2", order.uniqueName("Order"));
        assertEquals("_1a_b", SchemaTypes.identifier("1a-b"));
    }
}
