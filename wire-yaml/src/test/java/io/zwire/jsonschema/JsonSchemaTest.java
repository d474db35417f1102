package io.zwire.jsonschema;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.LeavesValuesUnread;
import io.zwire.testkit.model.MapKinds;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import io.zwire.yaml.conformance.JsonValues;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link JsonSchema}: zwire's JSON documents of the test models are valid against the schema
 * generated for their type, and documents of the wrong shape are not (checked with
 * {@link SubsetValidator}, which refuses any keyword it does not check).
 */
class JsonSchemaTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build();

    @Test
    void zwiresJsonOfTheTestModelsIsValidAgainstTheirSchemas() throws IOException {
        assertValid(Order::new, Order.sample());
        assertValid(Order::new, new Order());
        assertValid(AllTypes::new, allTypes());
        assertValid(AllTypes::new, new AllTypes());
        AllTypes partyPayload = allTypes();
        partyPayload.payload = new Party("p", null, 1);
        partyPayload.float32 = Float.NEGATIVE_INFINITY;
        partyPayload.float64 = Double.POSITIVE_INFINITY;
        assertValid(AllTypes::new, partyPayload);
        assertValid(Node::new, Node.chain(5));
        assertValid(LeavesValuesUnread::new, LeavesValuesUnread.Written.inOrder(LeavesValuesUnread.Unread.OBJECT, 3, "c"));
    }

    @Test
    void zwiresJsonOfAForeignTypeAndARecordIsValidAgainstTheirMarshallersSchemas() throws IOException {
        for (Quote quote : List.of(QuoteMarshallers.sample(), new Quote())) {
            Wire wire = WireType.JSON.apply(Bytes.elastic(256));
            wire.writeDocument(quote, QuoteMarshallers.QUOTES);
            assertEquals(List.of(), new SubsetValidator(tree(JsonSchema.of(Schema.of(QuoteMarshallers.QUOTES))))
                    .errors(JsonValues.readAll(wire.bytes().toByteArray()).get(0)), quote.toString());
        }
        Wire wire = WireType.JSON.apply(Bytes.elastic(256));
        wire.writeDocument(Records.every(), Records.EVERY);
        SubsetValidator validator = new SubsetValidator(tree(JsonSchema.of(Schema.of(Records.EVERY))));
        assertEquals(List.of(), validator.errors(JsonValues.readAll(wire.bytes().toByteArray()).get(0)));
        assertEquals(1, validator.errors(Map.of("point", Map.of("x", "3"))).size(), "a nested record's field is typed");
    }

    @Test
    void aDocumentOfTheWrongShapeIsRejected() throws IOException {
        SubsetValidator validator = validator(AllTypes::new);
        Map<String, Object> valid = json(allTypes());
        assertEquals(List.of(), validator.errors(valid));
        Map<String, Consumer<Map<String, Object>>> mutations = new LinkedHashMap<>();
        mutations.put("$.int8: 128 is above the maximum 127", d -> d.put("int8", BigInteger.valueOf(128)));
        mutations.put("$.uint16: -1 is below the minimum 0", d -> d.put("uint16", BigInteger.valueOf(-1)));
        mutations.put("$.int64: \"12\" is not of type [integer]", d -> d.put("int64", "12"));
        mutations.put("$.float64: 0 alternatives of anyOf", d -> d.put("float64", "nan"));
        mutations.put("$.char16: \"ab\" breaks maxLength 1", d -> d.put("char16", "ab"));
        mutations.put("$.text: 5 is not of type [string, null]", d -> d.put("text", BigInteger.valueOf(5)));
        mutations.put("$.data: \"not base64!\" is not base64", d -> d.put("data", "not base64!"));
        mutations.put("$.side: 0 alternatives of anyOf match \"LEFT\"", d -> d.put("side", "LEFT"));
        mutations.put("$.party.id: \"7\" is not of type [integer]", d -> d.put("party", Map.of("id", "7")));
        mutations.put("$.longs[1]: 2.5 is not of type [integer]", d -> d.put("longs", List.of(BigInteger.ONE, new BigDecimal("2.5"))));
        mutations.put("$.matrix[1]: \"x\" is not of type [array]", d -> d.put("matrix", List.of(List.of(), "x")));
        mutations.put("$.payload: 0 alternatives of anyOf", d -> d.put("payload", Map.of("@Nope", Map.of())));
        mutations.put("$.payload.@Order.id: \"x\" is not of type [integer]", d -> d.put("payload", Map.of("@Order", Map.of("id", "x"))));
        for (Map.Entry<String, Consumer<Map<String, Object>>> mutation : mutations.entrySet()) {
            Map<String, Object> document = new LinkedHashMap<>(valid);
            mutation.getValue().accept(document);
            List<String> errors = validator.errors(document);
            assertFalse(errors.isEmpty(), mutation.getKey());
            assertTrue(String.join("\n", errors).contains(mutation.getKey()), () -> mutation.getKey() + " in " + errors);
        }
    }

    @Test
    void eachKindHasItsSchema() throws IOException {
        Map<?, ?> defs = (Map<?, ?>) schemaTree(AllTypes::new).get("$defs");
        Map<?, ?> properties = (Map<?, ?>) ((Map<?, ?>) defs.get("AllTypes")).get("properties");
        assertEquals("{description=int8, field 1, type=integer, minimum=-128, maximum=127}", properties.get("int8").toString());
        assertEquals("{description=uint16, field 3, type=integer, minimum=0, maximum=65535}", properties.get("uint16").toString());
        assertEquals("{description=int64, field 5, type=integer, minimum=-9223372036854775808, maximum=9223372036854775807}",
                properties.get("int64").toString());
        assertEquals("{description=float32, field 6, anyOf=[{type=number}, {enum=[NaN, Infinity, -Infinity]}]}",
                properties.get("float32").toString());
        assertEquals("{description=char16, field 9, type=string, minLength=1, maxLength=1}", properties.get("char16").toString());
        assertEquals("{description=bytes, field 12, type=[string, null], contentEncoding=base64}", properties.get("data").toString());
        assertEquals("{description=enum, field 13, anyOf=[{$ref=#/$defs/Side}, {type=null}]}", properties.get("side").toString());
        assertEquals("{description=sequence, field 18, type=array, items={type=array, items={type=integer, minimum=-2147483648,"
                + " maximum=2147483647}}}", properties.get("matrix").toString());
        assertEquals("{description=typed object, field 19, anyOf=[{$ref=#/$defs/Typed}, {type=null}]}",
                properties.get("payload").toString());
        assertEquals("{description=io.zwire.example.Side, enum=[BUY, SELL]}", defs.get("Side").toString());
        assertEquals(true, ((Map<?, ?>) defs.get("AllTypes")).get("additionalProperties"));
    }

    @Test
    void zwiresJsonMapsAreValidAgainstTheirSchema() throws IOException {
        assertValid(MapKinds::new, MapKinds.sample());
        assertValid(MapKinds::new, new MapKinds());
    }

    @Test
    void aMapIsAnObjectOfItsValuesSchemaWithIntegerKeysWhereTheKeysAreIntegers() throws IOException {
        Map<?, ?> defs = (Map<?, ?>) schemaTree(MapKinds::new).get("$defs");
        Map<?, ?> properties = (Map<?, ?>) ((Map<?, ?>) defs.get("MapKinds")).get("properties");
        assertEquals("{description=map, field 1, type=object, additionalProperties={anyOf=[{type=number},"
                + " {enum=[NaN, Infinity, -Infinity]}]}}", properties.get("limits").toString());
        assertEquals("{description=map, field 2, type=object, propertyNames={pattern=^-?[0-9]+$},"
                + " additionalProperties={type=[string, null]}}", properties.get("names").toString());
        assertEquals("{description=map, field 3, type=object, propertyNames={pattern=^-?[0-9]+$},"
                + " additionalProperties={anyOf=[{$ref=#/$defs/Party}, {type=null}]}}", properties.get("parties").toString());
        assertEquals("{description=map, field 5, type=object, additionalProperties={type=array, items={type=integer,"
                + " minimum=-9223372036854775808, maximum=9223372036854775807}}}", properties.get("history").toString());
        assertEquals("{description=map, field 6, type=object, propertyNames={pattern=^-?[0-9]+$}, additionalProperties={"
                + "type=object, additionalProperties={type=integer, minimum=-2147483648, maximum=2147483647}}}",
                properties.get("nested").toString());
    }

    @Test
    void aMapOfTheWrongShapeIsRejected() throws IOException {
        SubsetValidator validator = validator(MapKinds::new);
        Map<String, Object> valid = new LinkedHashMap<>();
        valid.put("limits", Map.of("EURUSD", new BigDecimal("1.5"), "x", "NaN"));
        valid.put("names", Map.of("-7", "seven"));
        valid.put("parties", Map.of("9", Map.of("id", BigInteger.ONE)));
        valid.put("sides", Map.of("a", "SELL"));
        valid.put("history", Map.of("h", List.of(BigInteger.TWO)));
        valid.put("nested", Map.of("1", Map.of("k", BigInteger.TEN)));
        assertEquals(List.of(), validator.errors(valid));
        Map<String, Consumer<Map<String, Object>>> mutations = new LinkedHashMap<>();
        mutations.put("$.limits.EURUSD: 0 alternatives of anyOf", d -> d.put("limits", Map.of("EURUSD", "1.5")));
        mutations.put("$.limits: [1] is not of type [object]", d -> d.put("limits", List.of(BigInteger.ONE)));
        mutations.put("$.names key \"x\": \"x\" does not match ^-?[0-9]+$", d -> d.put("names", Map.of("x", "y")));
        mutations.put("$.names key \"1.5\": \"1.5\" does not match", d -> d.put("names", Map.of("1.5", "y")));
        mutations.put("$.parties.9.id: \"1\" is not of type [integer]", d -> d.put("parties", Map.of("9", Map.of("id", "1"))));
        mutations.put("$.sides.a: 0 alternatives of anyOf", d -> d.put("sides", Map.of("a", "LEFT")));
        mutations.put("$.history.h: \"2\" is not of type [array]", d -> d.put("history", Map.of("h", "2")));
        mutations.put("$.nested.1.k: 2147483648 is above the maximum", d -> d.put("nested",
                Map.of("1", Map.of("k", BigInteger.valueOf(1L << 31)))));
        for (Map.Entry<String, Consumer<Map<String, Object>>> mutation : mutations.entrySet()) {
            Map<String, Object> document = new LinkedHashMap<>(valid);
            mutation.getValue().accept(document);
            List<String> errors = validator.errors(document);
            assertTrue(String.join("\n", errors).contains(mutation.getKey()), () -> mutation.getKey() + " in " + errors);
        }
    }

    /** A regression check of the whole text against a copy read by a person. */
    @Test
    void ordersSchemaIsTheCommittedOne() throws IOException {
        assertEquals(Files.readString(Path.of("src/test/schema/order.schema.json")), JsonSchema.of(Schema.of(Order::new)));
    }

    @Test
    void theSameTypeGivesTheSameText() {
        assertEquals(JsonSchema.of(Schema.of(AllTypes::new, TYPES), TYPES), JsonSchema.of(Schema.of(AllTypes::new, TYPES), TYPES));
    }

    // ------------------------------------------------------------------ helpers

    private static AllTypes allTypes() {
        AllTypes all = new AllTypes();
        all.int8 = Byte.MIN_VALUE;
        all.int16 = Short.MAX_VALUE;
        all.uint16 = 65535;
        all.int32 = Integer.MIN_VALUE;
        all.int64 = Long.MAX_VALUE;
        all.float32 = Float.NaN;
        all.float64 = -0.0;
        all.bool = true;
        all.char16 = 'é';
        all.text = "tëxt \"quoted\"";
        all.note.append("note");
        all.data = new byte[] {1, 2, (byte) 255};
        all.side = Side.SELL;
        all.party = new Party("P", null, 7);
        all.longs.addAll(List.of(1L, Long.MIN_VALUE));
        all.tags.addAll(List.of("a", ""));
        all.parties.addAll(List.of(new Party("Q", "A", -1), new Party()));
        all.matrix.addAll(List.of(List.of(1, -2), List.of(), List.of(3)));
        all.payload = Order.sample();
        return all;
    }

    private static void assertValid(Supplier<? extends Marshallable> type, Marshallable value) throws IOException {
        Map<String, Object> document = json(value);
        assertEquals(List.of(), validator(type).errors(document), () -> "zwire's JSON " + document);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(Marshallable value) throws IOException {
        Wire wire = WireType.JSON.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(TYPES));
        wire.writeDocument(value);
        List<Object> documents = JsonValues.readAll(wire.bytes().toByteArray());
        assertEquals(1, documents.size());
        return (Map<String, Object>) documents.get(0);
    }

    private static SubsetValidator validator(Supplier<? extends Marshallable> type) throws IOException {
        return new SubsetValidator(schemaTree(type));
    }

    private static Map<?, ?> schemaTree(Supplier<? extends Marshallable> type) throws IOException {
        return tree(JsonSchema.of(Schema.of(type, TYPES), TYPES));
    }

    private static Map<?, ?> tree(String schema) throws IOException {
        List<Object> parsed = JsonValues.readAll(schema.getBytes(StandardCharsets.UTF_8));
        assertEquals(1, parsed.size(), schema);
        return (Map<?, ?>) parsed.get(0);
    }
}
