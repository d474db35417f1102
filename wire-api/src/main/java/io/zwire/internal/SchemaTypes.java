package io.zwire.internal;

import io.zwire.FieldKind;
import io.zwire.FieldSchema;
import io.zwire.Schema;
import io.zwire.TypeRegistry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named types a schema file declares for one {@link Schema}, shared by the {@code .proto} and
 * JSON Schema generators so both name and walk types the same way: one object type per class
 * (the root first, then in the order fields reach them, then, where some field is a typed object,
 * the {@link TypeRegistry}'s types in registration order, as the alternatives of every typed field), one enum type per enum class.
 *
 * <p>Fields come from the read side, which does not depend on a sample's values; where it has no
 * sequence element or records a field as {@link FieldKind#NULL} (read and skipped), the write side
 * of the same field fills in when it recorded one. A recursive type's truncated field refers to
 * the type already named. Names are the classes' simple names, reduced to letters, digits and
 * {@code _} (valid identifiers in every schema language), made unique by a {@code _2},
 * {@code _3}... suffix in the order types are met, so the same type gives the same text.
 *
 * <p>A sequence's elements and a map's values are walked alike ({@link #element}); a map's key
 * comes from {@link #key}. A new value kind that holds other values needs one case in
 * {@code value} here, so the types it holds are named, and one case in each generator's switch
 * on {@link FieldKind}; until then a generator treats the kind as unknown and says so in its
 * output, never as another kind.
 *
 * <p>Allocates; for generating a schema, once per type. Not thread-safe.
 */
public final class SchemaTypes {
    /** One object type: its name, class and fields. */
    public record ObjectType(String name, Class<?> type, List<FieldSchema> fields) {
    }

    /** One enum type: its name, class and constant names in ordinal order. */
    public record EnumType(String name, Class<?> type, List<String> constants) {
    }

    private final Set<String> names = new HashSet<>();
    private final Map<Class<?>, ObjectType> objects = new LinkedHashMap<>();
    private final Map<Class<?>, EnumType> enums = new LinkedHashMap<>();
    private final Map<String, ObjectType> typed = new LinkedHashMap<>();
    private final Map<FieldSchema, FieldSchema> writeTwins = new HashMap<>();
    private boolean hasTyped;

    private SchemaTypes() {
    }

    /**
     * The types of {@code schema}'s type, resolving typed fields through {@code types}: each entry's
     * schema is recorded from its factory ({@link Schema#of(java.util.function.Supplier, TypeRegistry)}).
     *
     * @throws IllegalStateException or IllegalArgumentException from recording a registered type's schema
     */
    public static SchemaTypes of(Schema schema, TypeRegistry types) {
        SchemaTypes result = new SchemaTypes();
        result.object(schema.type(), schema.readFields(), schema.fields());
        for (TypeRegistry.Entry entry : result.hasTyped ? types.entries() : List.<TypeRegistry.Entry>of()) {
            if (entry.marshaller() != null) {
                continue; // a type with a marshaller is no Marshallable, so never a typed object
            }
            Schema entrySchema = entry.schema(types);
            result.typed.put(entry.alias(), result.object(entry.type(), entrySchema.readFields(), entrySchema.fields()));
        }
        return result;
    }

    /** The type the schema is of. */
    public ObjectType root() {
        return objects.values().iterator().next();
    }

    /** Every object type, the root first. */
    public List<ObjectType> objects() {
        return List.copyOf(objects.values());
    }

    /** Every enum type, in the order fields reach them. */
    public List<EnumType> enums() {
        return List.copyOf(enums.values());
    }

    /** The registered types by alias, in registration order: what a typed field may hold. */
    public Map<String, ObjectType> typedObjects() {
        return typed;
    }

    /** True when some field, or sequence element, is a typed object. */
    public boolean hasTypedFields() {
        return hasTyped;
    }

    /** The object type a {@link FieldKind#MARSHALLABLE} field or element holds, or null where unknown. */
    public ObjectType objectOf(FieldSchema field) {
        return field.type() == null ? null : objects.get(field.type());
    }

    /** The enum type an {@link FieldKind#ENUM} field or element holds, or null where unknown. */
    public EnumType enumOf(FieldSchema field) {
        return field.type() == null ? null : enums.get(field.type());
    }

    /**
     * What the schema knows of the value of {@code field}: the field as read, or as written where
     * the read side recorded it as {@link FieldKind#NULL}. Its kind is {@link FieldKind#NULL}
     * where neither side says more.
     */
    public FieldSchema known(FieldSchema field) {
        FieldSchema twin = writeTwins.get(field);
        return field.kind() == FieldKind.NULL && twin != null && twin.kind() != FieldKind.NULL ? twin : field;
    }

    /**
     * A sequence's element, or a map's value, as read, else as written, else null (no element or
     * entry was recorded).
     */
    public FieldSchema element(FieldSchema container) {
        if (container.element() != null) {
            return container.element();
        }
        FieldSchema twin = writeTwins.get(container);
        return twin == null ? null : twin.element();
    }

    /** A map's key as read, else as written, else null (no key was recorded on either side). */
    public FieldSchema key(FieldSchema map) {
        if (map.key() != null) {
            return map.key();
        }
        FieldSchema twin = writeTwins.get(map);
        return twin == null ? null : twin.key();
    }

    /**
     * {@code wanted} reduced to letters, digits and {@code _} (prefixed with {@code _} where it would
     * start with a digit), made unique among the names given out so far.
     */
    public String uniqueName(String wanted) {
        String base = identifier(wanted);
        String name = base;
        for (int n = 2; !names.add(name); n++) {
            name = base + "_" + n;
        }
        return name;
    }

    /** True when {@link #uniqueName} has given out {@code name}. */
    public boolean taken(String name) {
        return names.contains(name);
    }

    /** {@code text} with every character outside {@code [A-Za-z0-9_]} replaced by {@code _}; never empty. */
    public static String identifier(String text) {
        StringBuilder name = new StringBuilder(text.length() + 1);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            name.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
            name.insert(0, '_');
        }
        return name.toString();
    }

    private ObjectType object(Class<?> type, List<FieldSchema> reads, List<FieldSchema> writes) {
        ObjectType known = objects.get(type);
        if (known != null) {
            return known;
        }
        ObjectType object = new ObjectType(uniqueName(type.getSimpleName()), type, reads);
        objects.put(type, object);
        walk(reads, writes);
        return object;
    }

    private void walk(List<FieldSchema> reads, List<FieldSchema> writes) {
        for (FieldSchema field : reads) {
            FieldSchema twin = null;
            for (FieldSchema written : writes) {
                if (written.number() == field.number()) {
                    twin = written;
                    break;
                }
            }
            value(field, twin);
        }
    }

    private void value(FieldSchema field, FieldSchema twin) {
        if (twin != null) {
            writeTwins.put(field, twin);
        }
        FieldSchema value = known(field);
        switch (value.kind()) {
            case ENUM -> {
                Class<?> type = value.type();
                if (type != null && !enums.containsKey(type)) {
                    enums.put(type, new EnumType(uniqueName(type.getSimpleName()), type, value.constants()));
                }
            }
            case MARSHALLABLE -> {
                if (value.type() != null && !value.truncated()) {
                    object(value.type(), value.fields(), twin == null ? List.of() : twin.fields());
                }
            }
            case TYPED -> hasTyped = true;
            case SEQUENCE, MAP -> {
                FieldSchema element = element(field);
                FieldSchema elementTwin = twin == null ? null : twin.element();
                if (element != null) {
                    value(element, element == elementTwin ? null : elementTwin);
                }
            }
            default -> {
            }
        }
    }

    @Override
    public String toString() {
        List<String> lines = new ArrayList<>();
        objects.values().forEach(o -> lines.add(o.name() + "=" + o.type().getName()));
        enums.values().forEach(e -> lines.add(e.name() + "=" + e.type().getName()));
        return "SchemaTypes" + lines;
    }
}
