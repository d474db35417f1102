package io.zwire;

import io.zwire.internal.SchemaTypes;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.Node;
import io.zwire.testkit.model.Order;
import io.zwire.testkit.model.Party;
import io.zwire.testkit.model.Side;
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
