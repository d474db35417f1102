package io.zwire;

import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Blobs;
import io.zwire.testkit.foreign.Records.ByDouble;
import io.zwire.testkit.foreign.Records.Depot;
import io.zwire.testkit.foreign.Records.Line;
import io.zwire.testkit.foreign.Records.MaybeCount;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.foreign.Records.VanReading;
import io.zwire.testkit.foreign.Records.Wild;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
    void aComponentTypeWithNoMarshallerIsRefusedNamingTheComponentAndWhatToGive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(VanReading.class));
        assertTrue(e.getMessage().contains("Records$VanReading.at is a java.time.Instant"), e.getMessage());
        assertTrue(e.getMessage().contains("give ofRecord a Marshaller of that type (Marshaller.ofRecord(VanReading.class,"
                + " theMarshaller))"), e.getMessage());
        IllegalArgumentException nested = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(Depot.class));
        assertTrue(nested.getMessage().contains("java.time.Instant"), nested.getMessage());
    }

    /** A box may be null, which RAW cannot write; as an element, a map's value or a given type's, it is fine. */
    record BoxedCount(Integer count) {
    }

    @Test
    void aBoxedPrimitiveComponentIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(BoxedCount.class));
        assertTrue(e.getMessage().contains("MarshallerTest$BoxedCount.count is a java.lang.Integer, which a record"
                + " marshaller cannot write"), e.getMessage());
    }

    @Test
    void anOptionalOfABoxOrAPrimitiveAndAMapWithKeysNoWireWritesAreRefusedNamingThem() {
        IllegalArgumentException box = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(MaybeCount.class));
        assertTrue(box.getMessage().contains("Records$MaybeCount.count is a java.util.Optional<java.lang.Integer>"),
                box.getMessage());
        IllegalArgumentException primitive = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(Records.MaybeInt.class));
        assertTrue(primitive.getMessage().contains("Records$MaybeInt.count is a java.util.OptionalInt"),
                primitive.getMessage());
        IllegalArgumentException keys = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(ByDouble.class));
        assertTrue(keys.getMessage().contains("Records$ByDouble.names is a java.util.Map<java.lang.Double, java.lang.String>"),
                keys.getMessage());
    }

    @Test
    void twoMarshallersOfOneTypeOrOneNoComponentHoldsAreRefused() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(VanReading.class, Records.INSTANTS, Records.INSTANTS));
        assertTrue(twice.getMessage().contains("two marshallers of java.time.Instant"), twice.getMessage());
        IllegalArgumentException unused = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(Point.class, Records.INSTANTS));
        assertTrue(unused.getMessage().contains("no component, element, value or optional of it or its nested records"
                + " is a java.time.Instant"), unused.getMessage());
    }

    @Test
    void aGivenMarshallerTakesPrecedenceOverTheRecordRule() {
        Marshaller<Line> lines = Marshaller.ofRecord(Line.class, Records.POINTS);
        Schema schema = Schema.of(lines);
        assertEquals(List.of("x", "y"), schema.readFields().get(0).fields().stream().map(FieldSchema::name).toList());
        assertEquals(Schema.of(Records.LINES).fingerprint(), schema.fingerprint(), "the same fields either way");
        Marshaller<Line> swapped = Marshaller.ofRecord(Line.class, Records.SWAPPED_POINTS);
        assertEquals(List.of("y", "x"), Schema.of(swapped).readFields().get(0).fields().stream().map(FieldSchema::name)
                .toList(), "the marshaller given, not the one the record's components make");
    }

    /** Schema.of describes the new components, so the RAW check and fingerprints see them. */
    @Test
    void theSchemaDescribesAMarshalledComponentAMapAndAnOptional() {
        Schema schema = Schema.of(Records.VAN_READINGS);
        List<FieldSchema> read = schema.readFields();
        assertEquals(List.of("van", "at", "tags", "name", "temps"), read.stream().map(FieldSchema::name).toList());
        assertEquals(FieldKind.MARSHALLABLE, read.get(1).kind());
        assertEquals(List.of("seconds", "nanos"), read.get(1).fields().stream().map(FieldSchema::name).toList());
        assertEquals(FieldKind.MAP, read.get(2).kind());
        assertEquals(FieldKind.TEXT, read.get(2).key().kind());
        assertEquals(FieldKind.TEXT, read.get(2).element().kind());
        assertEquals(FieldKind.TEXT, read.get(3).kind(), "an Optional<String> is its text, or null");
        assertEquals(FieldKind.SEQUENCE, read.get(4).kind());
        assertEquals(FieldKind.FLOAT64, read.get(4).element().kind());
        List<FieldSchema> written = schema.fields();
        assertEquals(FieldKind.TEXT, written.get(2).key().kind(), "the write side records a map of text to text");
        assertEquals(FieldKind.TEXT, written.get(2).element().kind());
        assertEquals(String.join("\n", "1 van TEXT", "2 at MARSHALLABLE", "  1 seconds INT64", "  2 nanos INT32",
                "3 tags MAP", "  key TEXT", "  - TEXT", "4 name TEXT", "5 temps SEQUENCE", "  - FLOAT64", ""),
                schema.describe());
        assertFalse(schema.toString().contains("read:"), () -> "the write side as the read side: " + schema);
        assertTrue(schema.rawProblem().isEmpty(), () -> schema.rawProblem().get());
        assertTrue(schema.capturingLambdas().isEmpty(), schema::capturingReport);
        Schema depot = Schema.of(Records.DEPOTS);
        assertEquals(FieldKind.INT32, depot.readFields().get(0).key().kind());
        assertEquals(FieldKind.MARSHALLABLE, depot.readFields().get(0).element().kind());
        assertEquals(FieldKind.INT64, depot.readFields().get(1).key().kind());
        assertEquals(FieldKind.ENUM, depot.readFields().get(5).kind());
        assertTrue(depot.rawProblem().isEmpty(), () -> depot.rawProblem().get());
        assertTrue(depot.capturingLambdas().isEmpty(), depot::capturingReport);
        assertNotEquals(schema.fingerprint(), Schema.of(Records.OTHER_VAN_READINGS).fingerprint());
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
    void fieldsGivenForARecordMustBeDistinctAndNotNull() {
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(Point.class, Field.of(1, "x"), Field.of(1, "x")));
        assertTrue(same.getMessage().contains("Records$Point.x and y are given fields"), same.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Marshaller.ofRecord(Point.class, Field.of(1, "x"), Field.of(1, "y")),
                "one number");
        assertThrows(IllegalArgumentException.class, () -> Marshaller.ofRecord(Point.class, Field.of(1, "x"), Field.of(2, "x")),
                "one name");
        NullPointerException none = assertThrows(NullPointerException.class,
                () -> Marshaller.ofRecord(Point.class, Field.of(1, "x"), null));
        assertTrue(none.getMessage().contains("the field of io.zwire.testkit.foreign.Records$Point.y"), none.getMessage());
    }

    /** 126 longs and two ints: 254 argument slots, which Java allows a constructor; one read handle takes the WireIn too. */
    record TooWideToRead(
            long l0, long l1, long l2, long l3, long l4, long l5, long l6, long l7,
            long l8, long l9, long l10, long l11, long l12, long l13, long l14, long l15,
            long l16, long l17, long l18, long l19, long l20, long l21, long l22, long l23,
            long l24, long l25, long l26, long l27, long l28, long l29, long l30, long l31,
            long l32, long l33, long l34, long l35, long l36, long l37, long l38, long l39,
            long l40, long l41, long l42, long l43, long l44, long l45, long l46, long l47,
            long l48, long l49, long l50, long l51, long l52, long l53, long l54, long l55,
            long l56, long l57, long l58, long l59, long l60, long l61, long l62, long l63,
            long l64, long l65, long l66, long l67, long l68, long l69, long l70, long l71,
            long l72, long l73, long l74, long l75, long l76, long l77, long l78, long l79,
            long l80, long l81, long l82, long l83, long l84, long l85, long l86, long l87,
            long l88, long l89, long l90, long l91, long l92, long l93, long l94, long l95,
            long l96, long l97, long l98, long l99, long l100, long l101, long l102, long l103,
            long l104, long l105, long l106, long l107, long l108, long l109, long l110, long l111,
            long l112, long l113, long l114, long l115, long l116, long l117, long l118, long l119,
            long l120, long l121, long l122, long l123, long l124, long l125, int i0, int i1) {
    }

    @Test
    void aRecordTooWideForOneReadHandleIsRefusedSayingWhatToDo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Marshaller.ofRecord(TooWideToRead.class));
        assertTrue(e.getMessage().contains("TooWideToRead's components take 254 argument slots (a long or double takes"
                + " two), more than the 253 a record marshaller reads through"), e.getMessage());
        assertTrue(e.getMessage().contains("Marshaller.immutable"), e.getMessage());
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
