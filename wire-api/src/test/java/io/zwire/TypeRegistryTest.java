package io.zwire;

import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TypeRegistryTest {
    @Test
    void findsEntriesByAliasAndExactType() {
        TypeRegistry types = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
        assertEquals(Order.class, types.byAlias("Order").type());
        assertEquals("Order", types.byType(Order.class).alias());
        assertNull(types.byAlias("Party"));
        assertNull(types.byType(Party.class));
        assertEquals(Order.class, types.byAlias("Order").create().getClass());
        assertNull(TypeRegistry.empty().byAlias("Order"));
    }

    @Test
    void rejectsDuplicatesAndMalformedAliases() {
        TypeRegistry.Builder builder = TypeRegistry.builder().add("Order", Order.class, Order::new);
        assertThrows(IllegalArgumentException.class, () -> builder.add("Order", Party.class, Party::new));
        assertThrows(IllegalArgumentException.class, () -> builder.add("Other", Order.class, Order::new));
        assertThrows(IllegalArgumentException.class, () -> builder.add("", Party.class, Party::new));
        assertThrows(IllegalArgumentException.class, () -> builder.add("has space", Party.class, Party::new));
        assertThrows(IllegalArgumentException.class, () -> builder.add("!tag", Party.class, Party::new));
    }

    @Test
    void aFactoryThatReturnsAnotherTypeIsCaught() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        TypeRegistry types = TypeRegistry.builder().add("Order", Order.class, (java.util.function.Supplier) Party::new).build();
        assertThrows(IllegalStateException.class, () -> types.byAlias("Order").create());
    }
}
