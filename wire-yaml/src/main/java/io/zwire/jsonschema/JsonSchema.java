package io.zwire.jsonschema;

import io.zwire.FieldKind;
import io.zwire.FieldSchema;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.internal.SchemaTypes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema (draft 2020-12) of a type's documents on {@link io.zwire.WireType#JSON}, for
 * validators and code generators in other languages:
 *
 * <pre>{@code
 * String schema = JsonSchema.of(Schema.of(Order::new), types);   // write it to order.schema.json
 * }</pre>
 *
 * <p>Each object type is a {@code $defs} entry named after its simple class name (the root's is
 * referred to from the top, so a recursive type refers to itself): an object with one property per
 * field, named exactly as the field, each described with its kind and number. What zwire's JSON
 * writer puts there:
 * <ul>
 *   <li>int8, int16, uint16, int32, int64: an integer with the kind's minimum and maximum;</li>
 *   <li>float32, float64: a number, or one of the strings {@code "NaN"}, {@code "Infinity"},
 *       {@code "-Infinity"}, which zwire writes for the values JSON numbers cannot hold;</li>
 *   <li>bool: a boolean; char16: a string of one character;</li>
 *   <li>text: a string or null; bytes: a base64 string (standard alphabet, padded) or null;</li>
 *   <li>enum: one of the constant names, or null (the names are a {@code $defs} entry);</li>
 *   <li>nested object: its {@code $defs} entry, or null;</li>
 *   <li>typed object: an object of one property {@code "@alias"} whose value is the registered
 *       type's object, one alternative per type of {@code types} ({@code oneOf}), or null;</li>
 *   <li>sequence: an array of its element's schema;</li>
 *   <li>map: an object whose every property has the value's schema ({@code additionalProperties});
 *       with integer keys, {@code propertyNames} holds the keys to decimal integers (their range
 *       is not checked; zwire's reader refuses a key beyond the kind read);</li>
 *   <li>a field whose kind the schema does not know (read and skipped, written as an explicit
 *       null, or a sequence with no element recorded): any value; a sequence's element or a map's
 *       value of unknown kind, likewise.</li>
 * </ul>
 * No property is required, because zwire reads a missing field as its default, and
 * {@code additionalProperties} is true, because zwire skips fields it does not know. The schema
 * describes what zwire writes; its reader also takes a little more (integer fields as decimal
 * strings, the URL-safe base64 alphabet and base64 without padding), which the schema does not
 * admit. Fields come from the read side of the schema ({@link Schema#readFields()}), which does
 * not depend on values, in read order.
 *
 * <p>The text is deterministic (the same type and registry give the same bytes), indented by two
 * spaces, ends with a newline and uses {@code \n} line ends, so it can be committed and diffed.
 * Thread-safe (no state); allocates, once per call: meant for build time and tools, not for a
 * hot path.
 */
public final class JsonSchema {
    /** The draft this generator writes. */
    public static final String DRAFT = "https://json-schema.org/draft/2020-12/schema";
    private static final List<String> NON_FINITE = List.of("NaN", "Infinity", "-Infinity");
    /** The keys of a map with integer keys: JSON writes each as its decimal text. */
    private static final String INTEGER_KEY = "^-?[0-9]+$";

    private final SchemaTypes types;
    private String typedName;

    private JsonSchema(SchemaTypes types) {
        this.types = types;
    }

    /**
     * As {@link #of(Schema, TypeRegistry)} with no registered types.
     *
     * @param schema the type's recorded schema ({@link Schema#of(java.util.function.Supplier)})
     * @return the JSON Schema text
     */
    public static String of(Schema schema) {
        return of(schema, TypeRegistry.empty());
    }

    /**
     * The JSON Schema text for {@code schema}'s type.
     *
     * @param schema the type's recorded schema ({@link Schema#of(java.util.function.Supplier)})
     * @param types the types a typed field may hold; each gets its {@code $defs} entry
     * @return the JSON Schema text, ending with a newline
     * @throws IllegalStateException or IllegalArgumentException if recording a registered type's
     *         schema fails (see {@link Schema#of(java.util.function.Supplier, TypeRegistry)})
     */
    public static String of(Schema schema, TypeRegistry types) {
        return new JsonSchema(SchemaTypes.of(schema, types)).document(schema);
    }

    private String document(Schema schema) {
        Map<String, Object> defs = new LinkedHashMap<>();
        for (SchemaTypes.ObjectType object : types.objects()) {
            defs.put(object.name(), object(object));
        }
        for (SchemaTypes.EnumType type : types.enums()) {
            Map<String, Object> enumeration = new LinkedHashMap<>();
            enumeration.put("description", type.type().getName());
            enumeration.put("enum", type.constants());
            defs.put(type.name(), enumeration);
        }
        if (typedName != null) {
            defs.put(typedName, typed());
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("$schema", DRAFT);
        root.put("title", types.root().name());
        root.put("description", "zwire's JSON documents of " + schema.type().getName()
                + ", generated from the type's Schema. No property is required (zwire reads a missing field as its"
                + " default); other properties are allowed (zwire skips them).");
        root.put("$ref", ref(types.root().name()));
        root.put("$defs", defs);
        StringBuilder text = new StringBuilder();
        JsonText.write(text, root, 0);
        return text.append('\n').toString();
    }

    private Map<String, Object> object(SchemaTypes.ObjectType object) {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (FieldSchema field : object.fields()) {
            Map<String, Object> property = new LinkedHashMap<>();
            property.put("description", describe(types.known(field)) + ", field " + field.number());
            property.putAll(value(field));
            properties.put(field.name(), property);
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("description", object.type().getName());
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("additionalProperties", true);
        return schema;
    }

    private static String describe(FieldSchema value) {
        return switch (value.kind()) {
            case MARSHALLABLE -> "object";
            case TYPED -> "typed object";
            case NULL -> "kind unknown to the schema";
            default -> value.kind().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** The schema of one field's, element's or map value's value. */
    private Map<String, Object> value(FieldSchema field) {
        FieldSchema value = types.known(field);
        FieldSchema element = types.element(field);
        boolean elementKnown = element != null && types.known(element).kind() != FieldKind.NULL;
        Map<String, Object> schema = new LinkedHashMap<>();
        switch (value.kind()) {
            case INT8 -> integer(schema, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case INT16 -> integer(schema, Short.MIN_VALUE, Short.MAX_VALUE);
            case UINT16 -> integer(schema, 0, Character.MAX_VALUE);
            case INT32 -> integer(schema, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case INT64 -> integer(schema, Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT32, FLOAT64 -> schema.put("anyOf", List.of(Map.of("type", "number"), Map.of("enum", NON_FINITE)));
            case BOOL -> schema.put("type", "boolean");
            case CHAR16 -> {
                schema.put("type", "string");
                schema.put("minLength", 1);
                schema.put("maxLength", 1);
            }
            case TEXT -> schema.put("type", List.of("string", "null"));
            case BYTES -> {
                schema.put("type", List.of("string", "null"));
                schema.put("contentEncoding", "base64");
            }
            case ENUM -> orNull(schema, types.enumOf(value) == null ? null : types.enumOf(value).name());
            case MARSHALLABLE -> orNull(schema, types.objectOf(value) == null ? null : types.objectOf(value).name());
            case TYPED -> orNull(schema, typedName());
            case SEQUENCE -> {
                schema.put("type", "array");
                if (elementKnown) {
                    schema.put("items", value(element));
                }
            }
            case MAP -> {
                schema.put("type", "object");
                FieldSchema key = types.key(field);
                if (key != null && key.kind() != FieldKind.TEXT) {
                    schema.put("propertyNames", Map.of("pattern", INTEGER_KEY));
                }
                if (elementKnown) {
                    schema.put("additionalProperties", value(element));
                }
            }
            default -> {
            }
        }
        return schema;
    }

    private static void integer(Map<String, Object> schema, long minimum, long maximum) {
        schema.put("type", "integer");
        schema.put("minimum", minimum);
        schema.put("maximum", maximum);
    }

    /** A reference to a {@code $defs} entry, or null; an unknown type is any value. */
    private static void orNull(Map<String, Object> schema, String name) {
        if (name != null) {
            schema.put("anyOf", List.of(Map.of("$ref", ref(name)), Map.of("type", "null")));
        }
    }

    private String typedName() {
        if (typedName == null) {
            typedName = types.uniqueName("Typed");
        }
        return typedName;
    }

    /** One alternative per registered type: an object of exactly one property, {@code "@alias"}. */
    private Map<String, Object> typed() {
        List<Object> alternatives = new ArrayList<>();
        for (Map.Entry<String, SchemaTypes.ObjectType> entry : types.typedObjects().entrySet()) {
            String key = "@" + entry.getKey();
            Map<String, Object> alternative = new LinkedHashMap<>();
            alternative.put("type", "object");
            alternative.put("properties", Map.of(key, Map.of("$ref", ref(entry.getValue().name()))));
            alternative.put("required", List.of(key));
            alternative.put("additionalProperties", false);
            alternatives.add(alternative);
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("description", "a typed object: {\"@alias\": object}, for an alias registered in zwire's TypeRegistry");
        if (alternatives.isEmpty()) {
            schema.put("not", true);
        } else {
            schema.put("oneOf", alternatives);
        }
        return schema;
    }

    private static String ref(String name) {
        return "#/$defs/" + name;
    }
}
