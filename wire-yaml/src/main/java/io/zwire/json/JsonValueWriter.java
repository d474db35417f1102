package io.zwire.json;

import io.zwire.Tagged;
import io.zwire.WireException;
import io.zwire.text.ValuesTextCannotHold;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes plain Java values ({@link io.zwire.Wire#writeValue}) as one compact JSON value: maps as
 * objects, collections and arrays as arrays, numbers as numbers (a non-finite {@code Double} or
 * {@code Float} as the strings the typed writer uses), {@code byte[]} as base64,
 * {@link Tagged} as {@code {"@tag": value}}. Recursive, with the depth bounded by
 * {@link #MAX_WRITE_DEPTH} so that a cyclic structure fails cleanly. Allocates: the tools path.
 *
 * <p>JSON keys are strings, so a key is written as its text: a {@code CharSequence} or
 * {@code Character} as it is, an enum constant as its name, and an integer ({@code Long} from the
 * numbered wires, {@code Integer}, {@code Short}, {@code Byte}, {@code BigInteger}) as its
 * decimal text, the one mapping this makes. Any other key (a byte string, a sequence, a mapping,
 * a typed value, a boolean, a floating-point number) has no JSON form and is refused, as is a map
 * in which two keys have the same text ({@code 1} and {@code "1"}): writing either would change
 * the data without a word. The refusals are {@link WireException}s naming the key and the offset
 * of the document in the output.
 */
final class JsonValueWriter {
    /** Deepest structure {@link #write} accepts. */
    static final int MAX_WRITE_DEPTH = 1000;
    /** Longest key text quoted in a refusal. */
    private static final int SHOWN_KEY_CHARS = 60;

    private final JsonOutput out;
    private final long documentOffset;
    private final boolean typedObjects;

    private JsonValueWriter(JsonOutput out, long documentOffset, boolean typedObjects) {
        this.out = out;
        this.documentOffset = documentOffset;
        this.typedObjects = typedObjects;
    }

    /**
     * Writes {@code value}.
     *
     * @param documentOffset where the document starts in the output, to name in a refusal
     * @param typedObjects   {@link io.zwire.WireOptions#jsonTypedObjects()}: refuse a plain map that
     *                       would read back as a {@link Tagged}
     * @throws IllegalArgumentException for a type with no JSON form, an invalid tag, or nesting
     *         past {@link #MAX_WRITE_DEPTH}
     * @throws WireException for a value neither text wire can hold ({@link ValuesTextCannotHold}),
     *         a key JSON cannot hold (a null key, as a CBOR map may have), two keys of one map with the same text, or,
     *         with {@code typedObjects}, a {@link Tagged} whose value is not a map
     */
    static void write(JsonOutput out, Object value, long documentOffset, boolean typedObjects) {
        new JsonValueWriter(out, documentOffset, typedObjects).write(value, 0);
    }

    private void write(Object value, int depth) {
        if (depth > MAX_WRITE_DEPTH) {
            throw new IllegalArgumentException("values nested deeper than " + MAX_WRITE_DEPTH + ": is there a cycle?");
        }
        String unheld = ValuesTextCannotHold.refusal(value);
        if (unheld != null) {
            throw refusal(unheld);
        }
        if (value == null) {
            out.nullValue();
        } else if (value instanceof Boolean b) {
            out.bool(b);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            out.integer(((Number) value).longValue());
        } else if (value instanceof Double d) {
            out.float64(d);
        } else if (value instanceof Float f) {
            out.float32(f);
        } else if (value instanceof BigInteger || value instanceof BigDecimal) {
            // Both toString forms ("-12", "1.5E+300") are JSON numbers.
            out.numberText(value.toString());
        } else if (value instanceof CharSequence || value instanceof Character || value instanceof Enum<?>) {
            out.string(value instanceof Enum<?> e ? e.name() : value.toString());
        } else if (value instanceof byte[] data) {
            out.base64(data, 0, data.length);
        } else if (value instanceof Tagged tagged) {
            if (!JsonValueReader.isAlias(tagged.tag())) {
                throw new IllegalArgumentException("a tag must be ASCII letters, digits, '.', '_' or '-': '"
                        + tagged.tag() + "'");
            }
            if (typedObjects && !(tagged.value() instanceof Map<?, ?>)) {
                // The reader takes {"@Alias": ...} for a typed value only around an object.
                throw refusal("a typed value holding a mapping, the only kind JSON reads back as typed: !"
                        + tagged.tag() + " holds " + (tagged.value() instanceof Tagged ? "a typed value"
                        : tagged.value() == null ? "null" : tagged.value().getClass().getSimpleName()));
            }
            out.raw('{');
            out.typeKey(tagged.tag());
            write(tagged.value(), depth + 1);
            out.raw('}');
        } else if (value instanceof Map<?, ?> map) {
            out.raw('{');
            boolean first = true;
            // Keys of different types can have the same text; a single key cannot collide.
            Set<String> written = map.size() > 1 ? new HashSet<>() : null;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    out.raw(',');
                }
                first = false;
                String key = keyText(entry.getKey());
                if (written != null && !written.add(key)) {
                    throw refusal("keys with different texts, but two keys of one map are written \"" + shown(key)
                            + "\" (a text key and an integer key, say); JSON would hold the name twice");
                }
                if (typedObjects && written == null && key.startsWith("@") && JsonValueReader.isAlias(key.substring(1))
                        && entry.getValue() instanceof Map) {
                    throw refusal("a map that is not the form of a typed object, but the map with the only key \""
                            + key + "\" holding a map would read back as a typed object (WireOptions.jsonTypedObjects)");
                }
                out.string(key);
                out.raw(':');
                write(entry.getValue(), depth + 1);
            }
            out.raw('}');
        } else if (value instanceof Collection<?> items) {
            out.raw('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    out.raw(',');
                }
                first = false;
                write(item, depth + 1);
            }
            out.raw(']');
        } else if (value.getClass().isArray()) {
            out.raw('[');
            int length = Array.getLength(value);
            for (int i = 0; i < length; i++) {
                if (i > 0) {
                    out.raw(',');
                }
                write(Array.get(value, i), depth + 1);
            }
            out.raw(']');
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    /** The text a key is written as, or a refusal for a key JSON cannot hold. */
    private String keyText(Object key) {
        if (key instanceof CharSequence || key instanceof Character) {
            return key.toString();
        }
        if (key instanceof Enum<?> constant) {
            return constant.name();
        }
        if (key instanceof Long || key instanceof Integer || key instanceof Short || key instanceof Byte
                || key instanceof BigInteger) {
            return key.toString();
        }
        throw refusal("a key JSON can hold (text, or an integer written as its decimal text), found "
                + describeKey(key));
    }

    private static String describeKey(Object key) {
        if (key == null) {
            return "the null key";
        }
        if (key instanceof byte[] data) {
            StringBuilder hex = new StringBuilder("the byte-string key of ").append(data.length).append(" bytes 0x");
            for (int i = 0; i < Math.min(data.length, SHOWN_KEY_CHARS / 2); i++) {
                hex.append(Character.forDigit(data[i] >> 4 & 0xF, 16)).append(Character.forDigit(data[i] & 0xF, 16));
            }
            return hex.append(data.length > SHOWN_KEY_CHARS / 2 ? "..." : "").toString();
        }
        String kind = key instanceof Collection<?> || key.getClass().isArray() ? "sequence"
                : key instanceof Map<?, ?> ? "mapping"
                : key instanceof Tagged tagged ? "typed (!" + tagged.tag() + ")"
                : key instanceof Boolean ? "boolean"
                : key instanceof Number ? "floating-point" : key.getClass().getName();
        Object shown = key;
        if (key.getClass().isArray()) {
            List<Object> elements = new ArrayList<>();
            for (int i = 0; i < Array.getLength(key); i++) {
                elements.add(Array.get(key, i));
            }
            shown = elements;
        }
        return "the " + kind + " key " + shown(String.valueOf(shown));
    }

    private static String shown(String text) {
        return text.length() <= SHOWN_KEY_CHARS ? text : text.substring(0, SHOWN_KEY_CHARS) + "...";
    }

    private WireException refusal(String expected) {
        return new WireException(JsonInput.WIRE, documentOffset, expected);
    }
}
