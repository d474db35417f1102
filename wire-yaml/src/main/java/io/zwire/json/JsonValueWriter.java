package io.zwire.json;

import io.zwire.Tagged;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;

/**
 * Writes plain Java values ({@link io.zwire.Wire#writeValue}) as one compact JSON value: maps as
 * objects (keys written with {@code toString()}, so the {@code Long} keys of the numbered wires
 * become decimal strings), collections and arrays as arrays, numbers as numbers (a non-finite
 * {@code Double} or {@code Float} as the strings the typed writer uses), {@code byte[]} as base64,
 * {@link Tagged} as {@code {"@tag": value}}. Recursive, with the depth bounded by
 * {@link #MAX_WRITE_DEPTH} so that a cyclic structure fails cleanly. Allocates: the tools path.
 */
final class JsonValueWriter {
    /** Deepest structure {@link #write} accepts. */
    static final int MAX_WRITE_DEPTH = 1000;

    private JsonValueWriter() {
    }

    /**
     * Writes {@code value}.
     *
     * @throws IllegalArgumentException for a type with no JSON form, a null map key, an invalid
     *         tag, or nesting past {@link #MAX_WRITE_DEPTH}
     */
    static void write(JsonOutput out, Object value) {
        write(out, value, 0);
    }

    private static void write(JsonOutput out, Object value, int depth) {
        if (depth > MAX_WRITE_DEPTH) {
            throw new IllegalArgumentException("values nested deeper than " + MAX_WRITE_DEPTH + ": is there a cycle?");
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
            out.string(value instanceof Enum<?> e ? e.name() : value.toString(), false);
        } else if (value instanceof byte[] data) {
            out.base64(data, 0, data.length);
        } else if (value instanceof Tagged tagged) {
            if (!JsonValueReader.isAlias(tagged.tag())) {
                throw new IllegalArgumentException("a tag must be ASCII letters, digits, '.', '_' or '-': '"
                        + tagged.tag() + "'");
            }
            out.raw('{');
            out.typeKey(tagged.tag());
            write(out, tagged.value(), depth + 1);
            out.raw('}');
        } else if (value instanceof Map<?, ?> map) {
            out.raw('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (entry.getKey() == null) {
                    throw new IllegalArgumentException("JSON has no null keys: " + map);
                }
                if (!first) {
                    out.raw(',');
                }
                first = false;
                Object key = entry.getKey();
                out.string(key instanceof Enum<?> e ? e.name() : key.toString(), false);
                out.raw(':');
                write(out, entry.getValue(), depth + 1);
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
                write(out, item, depth + 1);
            }
            out.raw(']');
        } else if (value.getClass().isArray()) {
            out.raw('[');
            int length = Array.getLength(value);
            for (int i = 0; i < length; i++) {
                if (i > 0) {
                    out.raw(',');
                }
                write(out, Array.get(value, i), depth + 1);
            }
            out.raw(']');
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }
}
