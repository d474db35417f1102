package io.zwire.yaml.conformance;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.zwire.Tagged;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON with jackson-core into plain values, and puts plain values from either side into one
 * comparable form: keys as strings, numbers as exact {@code BigDecimal}s without trailing zeros
 * (a double by its shortest decimal), tags dropped.
 */
public final class JsonValues {
    private static final JsonFactory JSON = new JsonFactory();

    private JsonValues() {
    }

    /** Every top-level JSON value in {@code text}, in order (none for empty text). */
    public static List<Object> readAll(byte[] text) throws IOException {
        List<Object> documents = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(text)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                documents.add(read(parser, token));
            }
        }
        return documents;
    }

    private static Object read(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    map.put(name, read(parser, parser.nextToken()));
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                JsonToken next;
                while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(read(parser, next));
                }
                return list;
            }
            case VALUE_STRING -> {
                return parser.getText();
            }
            case VALUE_NUMBER_INT -> {
                return parser.getBigIntegerValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return parser.getDecimalValue();
            }
            case VALUE_TRUE -> {
                return true;
            }
            case VALUE_FALSE -> {
                return false;
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IOException("unexpected " + token);
        }
    }

    /** The comparable form of a plain value. */
    public static Object normalize(Object value) {
        if (value instanceof Tagged tagged) {
            return normalize(tagged.value());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> normal = new LinkedHashMap<>();
            map.forEach((k, v) -> normal.put(String.valueOf(normalize(k)), normalize(v)));
            return normal;
        }
        if (value instanceof List<?> list) {
            List<Object> normal = new ArrayList<>();
            list.forEach(v -> normal.add(normalize(v)));
            return normal;
        }
        if (value instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? d : new BigDecimal(Double.toString(d)).stripTrailingZeros();
        }
        if (value instanceof BigDecimal d) {
            return d.stripTrailingZeros();
        }
        if (value instanceof Long || value instanceof Integer || value instanceof BigInteger) {
            return new BigDecimal(value.toString()).stripTrailingZeros();
        }
        return value;
    }

    /**
     * Whether two normalized values are equal, where a byte string on our side equals the base64
     * text JSON carries for it (line breaks and all, as a {@code !!binary} block scalar has them).
     */
    public static boolean same(Object json, Object ours) {
        if (ours instanceof byte[] data && json instanceof String text) {
            return Arrays.equals(data, Base64.getMimeDecoder().decode(text));
        }
        if (json instanceof Map<?, ?> a && ours instanceof Map<?, ?> b) {
            if (!a.keySet().equals(b.keySet())) {
                return false;
            }
            for (Object key : a.keySet()) {
                if (!same(a.get(key), b.get(key))) {
                    return false;
                }
            }
            return true;
        }
        if (json instanceof List<?> a && ours instanceof List<?> b) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!same(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return java.util.Objects.equals(json, ours);
    }
}
