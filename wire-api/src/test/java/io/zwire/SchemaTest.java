package io.zwire;

import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import io.zwire.testkit.model.WriteOnly;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchemaTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    @Test
    void recordsTheFieldsAWriteMethodWrites() {
        Schema schema = Schema.of(Order.sample());
        assertEquals("""
                1 id INT64
                2 symbol TEXT
                3 price FLOAT64
                4 qty INT64
                5 side ENUM [BUY, SELL]
                6 party MARSHALLABLE
                  1 name TEXT
                  2 account TEXT
                  3 id INT64
                """, schema.describe());
        List<FieldSchema> fields = schema.fields();
        assertEquals(6, fields.size());
        assertEquals(FieldKind.MARSHALLABLE, fields.get(5).kind());
        assertEquals(List.of("BUY", "SELL"), fields.get(4).constants());
    }

    @Test
    void theFingerprintIsStableAcrossReleases() {
        // Peers compare fingerprints in the session handshake: changing the algorithm or the
        // canonical text breaks RAW between versions, so this value is pinned.
        assertEquals("60d41491687ff40b", Long.toHexString(Schema.of(Order.sample()).fingerprint()));
    }

    @Test
    void neitherValuesNorNullsChangeTheFingerprintButTheTypeDoes() {
        long order = Schema.of(Order.sample()).fingerprint();
        assertEquals(order, Schema.of(new Order(9, null, 2, 3, Side.SELL, new Party())).fingerprint(), "null text");
        assertEquals(order, Schema.of(new Order(9, "X", 2, 3, null, new Party())).fingerprint(),
                "a null enum: the read side takes the constants from the enum's class");
        assertEquals(order, Schema.of(new Order(9, "X", 2, 3, Side.BUY, null)).fingerprint(),
                "a null object: the read side reads a new one from the factory");
        assertNotEquals(order, Schema.of(new Party("a", "b", 1)).fingerprint());
    }

    @Test
    void theWriteSideIsTheSamples() {
        assertEquals("""
                1 id INT64
                2 symbol TEXT
                3 price FLOAT64
                4 qty INT64
                5 side ENUM
                6 party MARSHALLABLE
                """, Schema.of(new Order()).describe(), "a null enum has no constants, a null object no fields");
    }

    @Test
    void recordsSequencesEnumsAndTypedObjects() {
        AllTypes all = new AllTypes();
        all.longs.add(1L);
        all.parties.add(new Party("p", "a", 1));
        all.matrix.add(List.of(1));
        all.payload = new Party();
        String description = Schema.of(all, TYPES).describe();
        assertEquals(true, description.contains("15 longs SEQUENCE\n  - INT64\n"), description);
        assertEquals(true, description.contains("17 parties SEQUENCE\n  - MARSHALLABLE\n    1 name TEXT"), description);
        assertEquals(true, description.contains("18 matrix SEQUENCE\n  - SEQUENCE\n    - INT32\n"), description);
        assertEquals(true, description.contains("19 payload TYPED !Party\n  1 name TEXT"), description);
        assertEquals(true, description.contains("16 tags SEQUENCE\n17 parties"), "an empty sequence records no element: " + description);
        assertEquals(true, description.contains("13 side ENUM\n14 party MARSHALLABLE\n15"), "nulls record their kind: " + description);
    }

    @Test
    void aTypedObjectOutsideTheRegistryCannotBeRecorded() {
        AllTypes all = new AllTypes();
        all.payload = new Party();
        assertThrows(IllegalArgumentException.class, () -> Schema.of(all));
    }

    /**
     * Regression: the recorder took a field named and given no value for nothing and recorded the
     * next value under the next field (out.write(A).write(B).int64(7) recorded "2 b INT64"), so a
     * type every wire refuses to write had a schema.
     */
    @Test
    void aFieldNamedWithNoValueIsRefusedNotRecorded() {
        Field a = Field.of(1, "a");
        Field b = Field.of(2, "b");
        assertValueless(out -> out.write(a).write(b).int64(7), "before field b (2) was named");
        assertValueless(out -> out.write(a), "before the document ended");
        assertValueless(out -> out.write(b).marshallable(new WriteOnly(inner -> inner.write(a))), "before its object ended");
        assertValueless(out -> out.write(b).sequence(out, (o, items) -> items.marshallable(new WriteOnly(item -> item.write(a)))),
                "before its object ended");
        Marshallable empty = new WriteOnly(inner -> { });
        assertEquals("2 b MARSHALLABLE\n", Schema.of(new WriteOnly(out -> out.write(b).marshallable(empty))).describe(),
                "a field given an object with no fields has its value");
    }

    private static void assertValueless(Consumer<WireOut> write, String when) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Schema.of(new WriteOnly(write)));
        assertTrue(e.getMessage().startsWith("field a (1) was named with out.write(...) but given no value " + when),
                e.getMessage());
    }

    @Test
    void aTypeWithTwoFieldsOfOneNumberOrOneNameHasNoSchemaAndTheErrorNamesBoth() {
        IllegalStateException number = assertThrows(IllegalStateException.class,
                () -> Schema.of(io.zwire.testkit.FieldClashesContract.SameNumber::new));
        assertTrue(number.getMessage().contains("1:id") && number.getMessage().contains("1:odo"), number.getMessage());
        IllegalStateException name = assertThrows(IllegalStateException.class,
                () -> Schema.of(new io.zwire.testkit.FieldClashesContract.SameName()));
        assertTrue(name.getMessage().contains("1:id") && name.getMessage().contains("2:id"), name.getMessage());
        IllegalStateException nested = assertThrows(IllegalStateException.class,
                () -> Schema.of(io.zwire.testkit.FieldClashesContract.Holder::new));
        assertTrue(nested.getMessage().contains("Holder.inner"), nested.getMessage());
        // A record's fields are all given at once, so ofRecord refuses the clash before any schema.
        IllegalArgumentException record = assertThrows(IllegalArgumentException.class, () ->
                Marshaller.ofRecord(io.zwire.testkit.foreign.Records.Point.class, Field.of(1, "x"), Field.of(1, "y")));
        assertTrue(record.getMessage().contains("1:x") && record.getMessage().contains("1:y"), record.getMessage());
    }
}
