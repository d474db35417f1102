package io.zwire.binary;

import io.zwire.FieldKind;
import io.zwire.FieldSchema;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.internal.SchemaTypes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code .proto} file (proto3) that describes a type's documents on
 * {@link io.zwire.WireType#NUMBERED}, so that protoc and every protobuf library decode zwire's
 * bytes, and encode bytes zwire reads, without a hand-written file:
 *
 * <pre>{@code
 * String proto = ProtoSchema.of(Schema.of(Order::new), types);   // write it to order.proto
 * }</pre>
 *
 * <p>The file follows how NUMBERED encodes each kind ({@code io.zwire.binary.proto}): int8, int16
 * and int32 are {@code sint32}, int64 {@code sint64}, uint16 and char16 {@code uint32}, float32
 * {@code float}, float64 {@code double}, enums their ordinal, text {@code string}, byte strings
 * {@code bytes}, nested objects messages, sequences {@code repeated} (packed where the elements are
 * numbers), a sequence of sequences a {@code repeated} message whose field 1 holds each inner
 * sequence's elements, and a typed object a message
 * {@code { optional string alias = 1; optional bytes value = 2; }} (the shape of
 * {@code google.protobuf.Any}). A map is {@code map<K, V>}, its key {@code string},
 * {@code sint32} or {@code sint64} as a field of that kind is; where protobuf has no
 * {@code map<K, V>} for it (its value is a sequence or a map, or the schema knows no value kind)
 * it is a {@code repeated} entry message {@code { K key = 1; V value = 2; }}, which is the
 * same encoding (a sequence value a {@code repeated} field 2, a map value the {@code repeated}
 * entries of the inner map); a map that is a sequence's element is a message whose field 1 holds
 * its entries. Singular fields are {@code optional}: zwire writes
 * every field it has, even 0, and nothing for null. The package is the type's Java package.
 *
 * <p>Fields come from the read side of the schema ({@link Schema#readFields()}), which does not
 * depend on values, in read order; a recursive type refers to its own message. A typed field may
 * hold any type of {@code types}, so each registered type gets its message, listed by alias in the
 * file's comment.
 *
 * <p><b>What the file cannot say.</b> protoc decodes these to other values than zwire reads, and
 * the file says so in its comments: a typed object's {@code value} is bytes (decode them, in a
 * second step, as the message its alias names); a char16 is a number (the UTF-16 code unit); the
 * ranges of int8, int16 and uint16 are not checked by protobuf (zwire's reader refuses values out
 * of range); a field whose kind the schema does not know (read and skipped, written as an explicit
 * null, a sequence with no element recorded, a map with no key recorded) and a nested object past
 * the recording's depth are not declared (a map with keys but no value recorded declares its entries'
 * keys only), so decoders keep them as unknown fields; a sequence of nulls has no protobuf form
 * (NUMBERED refuses to write one); a field or enum constant whose name is not a protobuf identifier
 * is renamed, a null map value (an entry with its key alone) decodes as the value type's default,
 * and an enum whose constants clash with another name in the file gets its constants
 * prefixed with its name. A NUMBERED stream is protobuf's delimited format, so {@code protoc
 * --decode} needs each document without its leading varint length.
 *
 * <p>The text is deterministic (the same type and registry give the same bytes), ends with a
 * newline and uses {@code \n} line ends, so it can be committed and diffed. Thread-safe (no
 * state); allocates, once per call: meant for build time and tools, not for a hot path.
 */
public final class ProtoSchema {
    private static final String INDENT = "  ";

    private final SchemaTypes types;
    private final Map<String, String> sequenceWrappers = new LinkedHashMap<>();
    private final StringBuilder wrappers = new StringBuilder();
    private final List<String> limits = new ArrayList<>();
    private String typedName;

    private ProtoSchema(SchemaTypes types) {
        this.types = types;
    }

    /**
     * As {@link #of(Schema, TypeRegistry)} with no registered types.
     *
     * @param schema the type's recorded schema ({@link Schema#of(java.util.function.Supplier)})
     * @return the {@code .proto} text
     */
    public static String of(Schema schema) {
        return of(schema, TypeRegistry.empty());
    }

    /**
     * The {@code .proto} text for {@code schema}'s type, its root message named after the type's
     * simple class name.
     *
     * @param schema the type's recorded schema ({@link Schema#of(java.util.function.Supplier)})
     * @param types the types a typed field may hold; each gets its message
     * @return the {@code .proto} text, ending with a newline
     * @throws IllegalStateException or IllegalArgumentException if recording a registered type's
     *         schema fails (see {@link Schema#of(java.util.function.Supplier, TypeRegistry)})
     */
    public static String of(Schema schema, TypeRegistry types) {
        return new ProtoSchema(SchemaTypes.of(schema, types)).file(schema);
    }

    private String file(Schema schema) {
        StringBuilder messages = new StringBuilder();
        for (SchemaTypes.ObjectType object : types.objects()) {
            message(messages, object);
        }
        messages.append(wrappers);
        StringBuilder enums = new StringBuilder();
        Set<String> scope = new HashSet<>();
        for (SchemaTypes.EnumType type : types.enums()) {
            enumeration(enums, type, scope);
        }

        StringBuilder text = new StringBuilder();
        header(text, schema);
        text.append("syntax = \"proto3\";\n");
        String pkg = schema.type().getPackageName();
        if (!pkg.isEmpty()) {
            text.append("\npackage ").append(pkg).append(";\n");
        }
        text.append(enums).append(messages);
        return text.toString();
    }

    private void header(StringBuilder text, Schema schema) {
        String root = types.root().name();
        text.append("// The NUMBERED (protobuf encoding) form of ").append(schema.type().getName())
            .append(",\n// generated by zwire from the type's Schema: regenerate it rather than edit it.\n//\n")
            .append("// A NUMBERED stream is protobuf's delimited format: each document is a varint length, then one\n")
            .append("// ").append(root).append(" message (protoc --decode reads one message: strip the length first).\n")
            .append("// Singular fields are `optional` (explicit presence): zwire writes every field it has, even 0,\n")
            .append("// and nothing for null. Enums are written as their ordinal.\n");
        if (typedName != null) {
            text.append("//\n// A typed object is a ").append(typedName).append(" message: `alias` names its type, `value` holds that\n")
                .append("// type's message as bytes (the shape of google.protobuf.Any); decode value as the message of its alias:\n");
            if (types.typedObjects().isEmpty()) {
                text.append("//   (no types registered: no typed object can be read)\n");
            }
            for (Map.Entry<String, SchemaTypes.ObjectType> entry : types.typedObjects().entrySet()) {
                text.append("//   alias \"").append(entry.getKey()).append("\": ").append(entry.getValue().name()).append('\n');
            }
        }
        text.append("//\n// What protobuf decodes differently from zwire, or cannot decode:");
        if (limits.isEmpty()) {
            text.append(" nothing.\n");
        } else {
            text.append('\n');
            for (String limit : limits) {
                text.append("// - ").append(limit).append('\n');
            }
        }
        text.append('\n');
    }

    private void enumeration(StringBuilder text, SchemaTypes.EnumType type, Set<String> scope) {
        // Enum constants share the file's scope (C++ rules), so they must not clash with any type
        // name or another enum's constant; a clashing enum's constants all take its name as prefix.
        boolean clash = false;
        for (String constant : type.constants()) {
            String name = SchemaTypes.identifier(constant);
            clash |= !name.equals(constant) || scope.contains(name) || types.taken(name);
        }
        String prefix = clash ? upperSnake(type.name()) + "_" : "";
        if (clash) {
            limits.add("enum " + type.name() + " (" + type.type().getName() + "): constants are prefixed with "
                    + prefix + " because their names clash with another name in the file or are not protobuf "
                    + "identifiers; protobuf's names for them differ from zwire's");
        }
        text.append("\n// ").append(type.type().getName()).append(", written as the ordinal.\n");
        text.append("enum ").append(type.name()).append(" {\n");
        for (int ordinal = 0; ordinal < type.constants().size(); ordinal++) {
            String name = prefix + SchemaTypes.identifier(type.constants().get(ordinal));
            for (int n = 2; !scope.add(name); n++) {
                name = prefix + SchemaTypes.identifier(type.constants().get(ordinal)) + "_" + n;
            }
            text.append(INDENT).append(name).append(" = ").append(ordinal).append(";\n");
        }
        text.append("}\n");
    }

    private static String upperSnake(String name) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i > 0 && Character.isUpperCase(c) && Character.isLowerCase(name.charAt(i - 1))) {
                text.append('_');
            }
            text.append(c);
        }
        return text.toString().toUpperCase(Locale.ROOT);
    }

    private void message(StringBuilder text, SchemaTypes.ObjectType object) {
        text.append("\n// ").append(object.type().getName()).append('\n');
        text.append("message ").append(object.name()).append(" {\n");
        Set<String> fieldNames = new HashSet<>();
        for (FieldSchema field : object.fields()) {
            field(text, object, field, fieldNames);
        }
        text.append("}\n");
    }

    private void field(StringBuilder text, SchemaTypes.ObjectType object, FieldSchema field, Set<String> fieldNames) {
        FieldSchema value = types.known(field);
        String name = SchemaTypes.identifier(field.name());
        for (int n = 2; !fieldNames.add(name); n++) {
            name = SchemaTypes.identifier(field.name()) + "_" + n;
        }
        String where = object.name() + "." + name + " (" + field.number() + ")";
        if (!name.equals(field.name())) {
            limits.add(where + ": zwire's field name \"" + field.name() + "\" is not a protobuf identifier");
        }
        String declaration;
        if (value.kind() == FieldKind.SEQUENCE) {
            String element = elementType(types.element(field), where);
            declaration = element == null ? null : "repeated " + element;
        } else if (value.kind() == FieldKind.MAP) {
            declaration = mapType(field, object.name() + upperCamel(name), where);
        } else {
            String type = type(value, where);
            declaration = type == null ? null
                    : value.kind() == FieldKind.MARSHALLABLE || value.kind() == FieldKind.TYPED ? type : "optional " + type;
        }
        if (declaration == null) {
            text.append(INDENT).append("// ").append(field.number()).append(' ').append(field.name())
                .append(": not declared, see the file's comment\n");
            return;
        }
        text.append(INDENT).append(declaration).append(' ').append(name).append(" = ").append(field.number()).append(';');
        boolean container = value.kind() == FieldKind.SEQUENCE || value.kind() == FieldKind.MAP;
        String note = note(container ? types.element(field) : value);
        text.append(note == null ? "" : "  // " + note).append('\n');
    }

    /** A comment on a value protobuf reads with another range or meaning. */
    private static String note(FieldSchema value) {
        if (value == null) {
            return null;
        }
        return switch (value.kind()) {
            case INT8 -> "int8: -128..127";
            case INT16 -> "int16: -32768..32767";
            case UINT16 -> "uint16: 0..65535";
            case CHAR16 -> "char16: one UTF-16 code unit, as its number";
            case TYPED -> "typed object";
            default -> null;
        };
    }

    /** The protobuf type of a singular value or sequence element; null, with the reason in the limits, where none fits. */
    private String type(FieldSchema value, String where) {
        switch (value.kind()) {
            case INT8, INT16, INT32:
                if (value.kind() != FieldKind.INT32) {
                    limit(where, value.kind().name().toLowerCase(Locale.ROOT)
                            + " is a sint32: protobuf does not check its range, zwire's reader refuses values beyond it");
                }
                return "sint32";
            case INT64:
                return "sint64";
            case UINT16:
                limit(where, "uint16 is a uint32: protobuf does not check its range, zwire's reader refuses values beyond 65535");
                return "uint32";
            case CHAR16:
                limit(where, "char16 is a uint32: protobuf decodes the UTF-16 code unit as a number, not a character");
                return "uint32";
            case FLOAT32:
                return "float";
            case FLOAT64:
                return "double";
            case BOOL:
                return "bool";
            case TEXT:
                return "string";
            case BYTES:
                return "bytes";
            case ENUM: {
                SchemaTypes.EnumType type = types.enumOf(value);
                if (type == null || type.constants().isEmpty()) {
                    return unknown(where, type == null ? "an enum whose class the schema does not record"
                            : "an enum with no constants, which proto3 cannot declare");
                }
                return type.name();
            }
            case MARSHALLABLE: {
                SchemaTypes.ObjectType type = types.objectOf(value);
                return type != null ? type.name() : unknown(where, "a nested object whose type the schema does not record"
                        + " (nested deeper than the recording goes, or only written)");
            }
            case TYPED:
                limit(where, "a typed object: protobuf decodes its value as bytes; decode them as the message its alias names");
                return typedName();
            case SEQUENCE, MAP:
                return unknown(where, "a " + value.kind().name().toLowerCase(Locale.ROOT) + " as a single value");
            default:
                return unknown(where, "a value whose kind the schema does not know (read and skipped, or written as null)");
        }
    }

    /** The type of a sequence's elements, or null where none fits. */
    private String elementType(FieldSchema element, String where) {
        if (element == null) {
            return unknown(where, "a sequence with no element recorded, so its element kind is unknown");
        }
        FieldSchema value = types.known(element);
        if (value.kind() == FieldKind.NULL) {
            return unknown(where, "a sequence of nulls or of unknown elements: protobuf's repeated fields hold no null");
        }
        if (value.kind() == FieldKind.MAP) {
            return mapWrapper(element, where + " element");
        }
        if (value.kind() != FieldKind.SEQUENCE) {
            return type(value, where);
        }
        String inner = elementType(types.element(element), where + " element");
        if (inner == null) {
            return null;
        }
        String wrapper = sequenceWrappers.get(inner);
        if (wrapper == null) {
            wrapper = types.uniqueName(Character.toUpperCase(inner.charAt(0)) + inner.substring(1) + "Sequence");
            sequenceWrappers.put(inner, wrapper);
            wrappers.append("\n// A sequence that is an element of a sequence: field 1 holds its elements.\n")
                    .append("message ").append(wrapper).append(" {\n")
                    .append(INDENT).append("repeated ").append(inner).append(" elements = 1;\n}\n");
        }
        return wrapper;
    }

    /**
     * The declaration of a map field: {@code map<K, V>} where protobuf allows it, which gives the
     * same bytes as the entries NUMBERED writes; otherwise a {@code repeated} explicit entry
     * message (see {@link #entryMessage}). Null where the key's kind is unknown.
     */
    private String mapType(FieldSchema map, String entryName, String where) {
        String key = keyType(map, where);
        if (key == null) {
            return null;
        }
        FieldSchema value = mapValue(map);
        if (value == null || value.kind() == FieldKind.NULL || value.kind() == FieldKind.SEQUENCE
                || value.kind() == FieldKind.MAP) {
            return "repeated " + entryMessage(key, map, value, entryName, where);
        }
        String type = type(value, where);
        return type == null ? null : "map<" + key + ", " + type + ">";
    }

    /** A map's value as the schema knows it, or null where no entry was recorded. */
    private FieldSchema mapValue(FieldSchema map) {
        FieldSchema element = types.element(map);
        return element == null ? null : types.known(element);
    }

    /** A map's key type: its kind's scalar type as NUMBERED writes a field of that kind; null where unknown. */
    private String keyType(FieldSchema map, String where) {
        FieldSchema key = types.key(map);
        if (key == null) {
            return unknown(where, "a map with no key recorded (its sample was empty and its reader reads no key),"
                    + " so its key kind is unknown");
        }
        return switch (key.kind()) {
            case TEXT -> "string";
            case INT32 -> "sint32";
            case INT64 -> "sint64";
            default -> unknown(where, "a map whose key is a " + key.kind() + ", which zwire does not write");
        };
    }

    /**
     * An explicit entry message {@code { K key = 1; V value = 2; }}: the encoding of protobuf's
     * {@code map<K, V>}, for a map whose value a {@code map<K, V>} cannot hold, and for a map that
     * is another map's value (a field 2 repeated cannot be a {@code map<K, V>}). A sequence value
     * is a {@code repeated} field 2, a map value the {@code repeated} entries of the inner map in
     * field 2, as NUMBERED writes them; an unknown value is left undeclared (a decoder keeps it as
     * an unknown field of the entry).
     */
    private String entryMessage(String key, FieldSchema map, FieldSchema value, String entryName, String where) {
        String name = types.uniqueName(entryName + "Entry");
        String declaration;
        if (value == null || value.kind() == FieldKind.NULL) {
            declaration = unknown(where + " value", "a map with no value recorded, so its value kind is unknown;"
                    + " its keys are declared");
        } else if (value.kind() == FieldKind.SEQUENCE) {
            String element = elementType(types.element(types.element(map)), where + " value");
            declaration = element == null ? null : "repeated " + element;
        } else if (value.kind() == FieldKind.MAP) {
            FieldSchema inner = types.element(map);
            String innerKey = keyType(inner, where + " value");
            declaration = innerKey == null ? null
                    : "repeated " + entryMessage(innerKey, inner, mapValue(inner), entryName + "Value", where + " value");
        } else {
            declaration = type(value, where);
        }
        wrappers.append("\n// The entries of ").append(where).append(", as protobuf's map<K, V> encodes them.\n")
                .append("message ").append(name).append(" {\n")
                .append(INDENT).append(key).append(" key = 1;\n").append(INDENT)
                .append(declaration == null ? "// 2 value: not declared, see the file's comment" : declaration + " value = 2;")
                .append("\n}\n");
        return name;
    }

    /** A map that is an element of a sequence: a message whose field 1 holds its entries. */
    private String mapWrapper(FieldSchema map, String where) {
        String declaration = mapType(map, "MapElement", where);
        if (declaration == null) {
            return null;
        }
        String wrapper = sequenceWrappers.get(declaration);
        if (wrapper == null) {
            wrapper = types.uniqueName(upperCamel(declaration.replaceFirst("^(map<|repeated )", "").replaceAll("[^A-Za-z0-9]+", "_")) + "Map");
            sequenceWrappers.put(declaration, wrapper);
            wrappers.append("\n// A map that is an element of a sequence: field 1 holds its entries.\n")
                    .append("message ").append(wrapper).append(" {\n")
                    .append(INDENT).append(declaration).append(" entries = 1;\n}\n");
        }
        return wrapper;
    }

    /** {@code name} with its first letter, and each letter after an {@code _}, in upper case, the {@code _} dropped. */
    private static String upperCamel(String name) {
        StringBuilder text = new StringBuilder(name.length());
        boolean upper = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '_') {
                upper = true;
            } else {
                text.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return text.toString();
    }

    private String typedName() {
        if (typedName == null) {
            typedName = types.uniqueName("Typed");
            wrappers.append("\n// A typed object: the registered alias, and the message of that type as bytes.\n")
                    .append("message ").append(typedName).append(" {\n")
                    .append(INDENT).append("optional string alias = 1;\n")
                    .append(INDENT).append("optional bytes value = 2;\n}\n");
        }
        return typedName;
    }

    private void limit(String where, String what) {
        String line = where + ": " + what;
        if (!limits.contains(line)) {
            limits.add(line);
        }
    }

    private String unknown(String where, String what) {
        limit(where, what + "; not declared, so decoders keep it as an unknown field");
        return null;
    }
}
