package io.zwire.json;

import io.zwire.Tagged;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON value into plain Java values ({@link io.zwire.Wire#readValue}), on top of the
 * strict {@link JsonInput} tokenizer: objects as insertion-ordered {@code Map<String, Object>}
 * (a key repeated in one object is an error, as on YAML: RFC 8259 leaves its meaning open, and
 * readers disagree on which value wins), arrays as {@code List},
 * strings as {@code String} (unpaired surrogate escapes kept), {@code true}/{@code false} as
 * {@code Boolean}, {@code null} as null, and numbers as:
 * <ul>
 * <li>an integer (no fraction, no exponent): {@code Long}, or {@code BigInteger} beyond 64 bits;</li>
 * <li>any other number: {@code Double} when the double holds it exactly as written (its shortest
 *     decimal is the same number: {@code 0.1}, {@code 1.5e300}, {@code -0.0}), otherwise
 *     {@code BigDecimal} ({@code 1.000000000000000005}, {@code 1e400}); a number whose exponent
 *     is beyond {@code BigDecimal}'s range reads as the nearest double, an infinity or a zero.</li>
 * </ul>
 * With {@link io.zwire.WireOptions#jsonTypedObjects()}, an object whose only key is {@code @}
 * followed by an alias (letters, digits, {@code . _ -}) and whose value is an object reads as
 * {@link Tagged}, the form typed objects are written in; without it (the default) it is a plain
 * map, as any other JSON reader sees it.
 *
 * <p>Iterative, with an explicit stack bounded by {@link io.zwire.ReadLimits#maxDepth}, and every
 * array or object bounded by {@link io.zwire.ReadLimits#maxSequenceLength}. Allocates freely:
 * this is the tools path.
 */
final class JsonValueReader {
    private JsonValueReader() {
    }

    /** True if {@code text} is a valid type alias (as {@link io.zwire.TypeRegistry} defines them). */
    static boolean isAlias(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean valid = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '.' || c == '_' || c == '-';
            if (!valid) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the value at the position (after whitespace) and moves past it.
     *
     * @param typedObjects whether {@code {"@Alias": {...}}} reads as a {@link Tagged}
     */
    static Object read(JsonInput in, JsonNumbers numbers, boolean typedObjects) {
        final int maxDepth = in.limits.maxDepth();
        final int maxLength = in.limits.maxSequenceLength();
        // The root container and at most maxDepth levels inside it, as on the typed path.
        Object[] containers = new Object[Math.min(maxDepth + 1, 16)];
        String[] keys = new String[containers.length];
        int[] counts = new int[containers.length];
        int open = 0;
        while (true) {
            int c = in.skipWhitespace();
            Object value;
            if (c == '{' || c == '[') {
                if (open > maxDepth) {
                    throw in.error("nesting no deeper than ReadLimits.maxDepth " + maxDepth);
                }
                if (open == containers.length) {
                    int grown = Math.min(maxDepth + 1, open * 2);
                    containers = java.util.Arrays.copyOf(containers, grown);
                    keys = java.util.Arrays.copyOf(keys, grown);
                    counts = java.util.Arrays.copyOf(counts, grown);
                }
                in.position++;
                boolean object = c == '{';
                int next = in.skipWhitespace();
                if (next == (object ? '}' : ']')) {
                    in.position++;
                    value = object ? new LinkedHashMap<String, Object>() : new ArrayList<>();
                } else {
                    containers[open] = object ? new LinkedHashMap<String, Object>() : new ArrayList<>();
                    counts[open] = 0;
                    keys[open] = object ? key(in, containers[open]) : null;
                    open++;
                    continue;
                }
            } else {
                value = scalar(in, numbers, c);
            }
            // Deliver the value to its container; a closing bracket delivers the container in turn.
            while (true) {
                if (open == 0) {
                    return value;
                }
                int top = open - 1;
                Object container = containers[top];
                if (++counts[top] > maxLength) {
                    throw in.error("at most ReadLimits.maxSequenceLength " + maxLength + " elements or fields");
                }
                boolean object = keys[top] != null;
                if (object) {
                    @SuppressWarnings("unchecked") // created above as a LinkedHashMap<String, Object>
                    Map<String, Object> map = (Map<String, Object>) container;
                    map.put(keys[top], value);
                } else {
                    @SuppressWarnings("unchecked") // created above as an ArrayList<Object>
                    List<Object> list = (List<Object>) container;
                    list.add(value);
                }
                int after = in.skipWhitespace();
                if (after == ',') {
                    in.position++;
                    if (object) {
                        if (in.skipWhitespace() != '"') {
                            throw in.unexpected("a field name (a string) after ','");
                        }
                        keys[top] = key(in, container);
                    }
                    break;
                }
                if (after != (object ? '}' : ']')) {
                    throw in.unexpected(object ? "',' or '}' after a field's value" : "',' or ']' after an array element");
                }
                in.position++;
                containers[top] = null;
                open--;
                value = object && typedObjects ? tagged(container) : container;
            }
        }
    }

    /** At a field name of {@code object}: reads it, refusing one the object already has, and the colon after it. */
    private static String key(JsonInput in, Object object) {
        if (in.skipWhitespace() != '"') {
            throw in.unexpected("a field name (a string) or '}'");
        }
        int start = in.position;
        String key = string(in);
        if (((Map<?, ?>) object).containsKey(key)) {
            throw in.error(start, "a field name not already in this object, found \"" + key
                    + "\" a second time (JSON readers disagree on which value a repeated name keeps)");
        }
        in.expect(':', "':' after the field name");
        return key;
    }

    /** The map, or a {@link Tagged} if it is the wrapper of a typed object. */
    private static Object tagged(Object container) {
        Map<?, ?> map = (Map<?, ?>) container;
        if (map.size() == 1) {
            Map.Entry<?, ?> entry = map.entrySet().iterator().next();
            String key = (String) entry.getKey();
            if (key.startsWith("@") && isAlias(key.substring(1)) && entry.getValue() instanceof Map) {
                return new Tagged(key.substring(1), entry.getValue());
            }
        }
        return map;
    }

    private static Object scalar(JsonInput in, JsonNumbers numbers, int c) {
        switch (c) {
            case '"' -> {
                return string(in);
            }
            case 't' -> {
                in.literalOrThrow("true");
                return Boolean.TRUE;
            }
            case 'f' -> {
                in.literalOrThrow("false");
                return Boolean.FALSE;
            }
            case 'n' -> {
                in.literalOrThrow("null");
                return null;
            }
            default -> {
                if (c == '-' || JsonInput.isDigit(c)) {
                    in.scanNumber();
                    return number(in, numbers);
                }
                throw in.unexpected("a value (an object, array, string, number, true, false or null)");
            }
        }
    }

    /** Reads the string at the position (its opening quote). */
    static String string(JsonInput in) {
        in.scanString();
        StringBuilder text = new StringBuilder(in.stringEnd - in.stringStart);
        if (in.escaped) {
            JsonStrings.decodeChars(in, in.stringStart, in.stringEnd, text);
        } else {
            in.bytes.readUtf8(in.stringStart, in.stringEnd - in.stringStart, text);
        }
        return text.toString();
    }

    private static Object number(JsonInput in, JsonNumbers numbers) {
        int start = in.numberStart;
        int end = in.numberEnd;
        if (in.integral) {
            try {
                return numbers.parseLong(start, end);
            } catch (NumberFormatException beyondLong) {
                return new BigInteger(numbers.text(start, end));
            }
        }
        try {
            return numbers.plainDecimal(start, end);
        } catch (NumberFormatException beyondBigDecimal) {
            // The scanner has checked the grammar, so only a number no BigDecimal holds lands here.
            throw in.error(start, beyondBigDecimal.getMessage());
        }
    }
}
