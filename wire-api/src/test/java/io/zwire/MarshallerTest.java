package io.zwire;

import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Blobs;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.foreign.Records.Tree;
import io.zwire.testkit.foreign.Records.Wild;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a marshaller refuses at registration, and what its schema says, with no wire involved. */
class MarshallerTest {
    @Test
    void aRecordComponentOfAnUnsupportedTypeIsRefusedAtRegistrationNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Marshaller.ofRecord(Blobs.class));
        assertTrue(e.getMessage().contains("Records$Blobs.others is a java.util.List<byte[]>"), e.getMessage());
        IllegalArgumentException wild = assertThrows(IllegalArgumentException.class, () -> Marshaller.ofRecord(Wild.class));
        assertTrue(wild.getMessage().contains("Records$Wild.numbers is a java.util.List<? extends java.lang.Number>"),
                wild.getMessage());
    }

    @Test
    void aRecordGivenItsOwnFieldsCannotHoldAListOfItself() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(Tree.class, Field.of(5, "label"), Field.of(6, "kids")));
        assertTrue(e.getMessage().contains("Records$Tree.children"), e.getMessage());
    }

    @Test
    void aListComponentIsASequenceOfItsElementKindInTheSchema() {
        Schema schema = Schema.of(Records.ROSTERS);
        List<FieldKind> elements = List.of(FieldKind.BOOL, FieldKind.INT8, FieldKind.INT16, FieldKind.CHAR16,
                FieldKind.INT32, FieldKind.INT64, FieldKind.FLOAT32, FieldKind.FLOAT64, FieldKind.TEXT, FieldKind.ENUM,
                FieldKind.MARSHALLABLE, FieldKind.MARSHALLABLE);
        assertEquals(12, schema.readFields().size());
        for (int i = 0; i < 12; i++) {
            FieldSchema field = schema.readFields().get(i);
            assertEquals(FieldKind.SEQUENCE, field.kind(), field::toString);
            assertEquals(elements.get(i), field.element().kind(), field::toString);
            // The write side is recorded from the record the read side made, whose lists are empty.
            assertEquals(FieldKind.SEQUENCE, schema.fields().get(i).kind());
        }
        assertEquals(2, schema.readFields().get(10).element().fields().size(), "a Point element's two fields");
        assertTrue(schema.rawProblem().isEmpty(), () -> schema.rawProblem().get());
        assertTrue(schema.capturingLambdas().isEmpty(), schema::capturingReport);
    }

    @Test
    void fieldsGivenForARecordMustBeOnePerComponent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(Point.class, Field.of(1, "x")));
        assertTrue(e.getMessage().contains("has 2 components, but 1 fields were given"), e.getMessage());
    }

    @Test
    void aClassThatIsNotARecordIsRefused() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<Record> notARecord = (Class) String.class;
        assertThrows(IllegalArgumentException.class, () -> Marshaller.ofRecord(notARecord));
    }

    @Test
    void aRecordsFieldsAreItsComponentsNumberedFromOne() {
        Schema schema = Schema.of(Records.POINT_RECORDS);
        assertEquals("x", schema.readFields().get(0).name());
        assertEquals(1, schema.readFields().get(0).number());
        assertEquals("y", schema.readFields().get(1).name());
        assertEquals(2, schema.readFields().get(1).number());
        Schema swapped = Schema.of(Records.SWAPPED_RECORDS);
        assertEquals("y", swapped.readFields().get(0).name());
        assertEquals(2, swapped.readFields().get(0).number(), "the fields given replace the components' own");
    }

    @Test
    void aMarshallerThatReadsInAnotherOrderThanItWritesHasARawProblem() {
        Field x = Field.of(1, "x");
        Field y = Field.of(2, "y");
        Marshaller<Point> backwards = Marshaller.immutable(Point.class,
                (p, out) -> out.write(x).int32(p.x()).write(y).int32(p.y()),
                in -> {
                    int yValue = in.read(y).int32();
                    return new Point(in.read(x).int32(), yValue);
                });
        String problem = Schema.of(backwards).rawProblem().orElseThrow();
        assertTrue(problem.contains("Point reads y (2) where it writes x (1) first"), problem);
        assertTrue(Schema.of(QuoteMarshallers.QUOTES).rawProblem().isEmpty());
    }

    @Test
    void aCapturingSetterInAMarshallersReaderIsFound() {
        Field x = Field.of(1, "x");
        int[] captured = new int[1];
        Marshaller<int[]> capturing = Marshaller.of(int[].class, () -> new int[1],
                (a, out) -> out.write(x).int32(a[0]),
                (a, in) -> in.read(x).int32(a, (o, v) -> o[0] = v + captured[0]));
        assertEquals(1, Schema.of(capturing).capturingLambdas().size(), Schema.of(capturing).capturingReport());
    }

    @Test
    void aMarshallerForAnotherTypeIsRefusedByTheRegistry() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Marshaller<String> wrong = (Marshaller) Records.POINT_RECORDS;
        assertThrows(IllegalArgumentException.class, () -> TypeRegistry.builder().add("P", String.class, wrong));
        TypeRegistry types = TypeRegistry.builder().add("P", Point.class, Records.POINT_RECORDS).build();
        assertThrows(IllegalStateException.class, () -> types.byAlias("P").create(),
                "a foreign type is read through its marshaller, never made by a factory");
    }
}
