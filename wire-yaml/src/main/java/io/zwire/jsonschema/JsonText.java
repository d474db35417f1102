package io.zwire.jsonschema;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Prints a tree of maps, lists, strings, numbers, booleans and nulls as indented JSON: objects one
 * member per line (an object of one member that is not an object on one line), arrays of scalars
 * on one line, keys in the maps' iteration order. For the
 * schema files, written once per type; allocates.
 */
final class JsonText {
    private static final String INDENT = "  ";

    private JsonText() {
    }

    static void write(StringBuilder text, Object value, int depth) {
        if (value instanceof Map<?, ?> map) {
            object(text, map, depth);
        } else if (value instanceof List<?> list) {
            array(text, list, depth);
        } else if (value instanceof String string) {
            string(text, string);
        } else {
            text.append(value);
        }
    }

    private static void object(StringBuilder text, Map<?, ?> map, int depth) {
        if (map.isEmpty()) {
            text.append("{}");
            return;
        }
        if (map.size() == 1 && !(map.values().iterator().next() instanceof Map)) {
            Map.Entry<?, ?> only = map.entrySet().iterator().next();
            text.append('{');
            string(text, (String) only.getKey());
            text.append(": ");
            write(text, only.getValue(), depth);
            text.append('}');
            return;
        }
        text.append("{\n");
        for (Iterator<? extends Map.Entry<?, ?>> i = map.entrySet().iterator(); i.hasNext(); ) {
            Map.Entry<?, ?> entry = i.next();
            text.append(INDENT.repeat(depth + 1));
            string(text, (String) entry.getKey());
            text.append(": ");
            write(text, entry.getValue(), depth + 1);
            text.append(i.hasNext() ? ",\n" : "\n");
        }
        text.append(INDENT.repeat(depth)).append('}');
    }

    private static void array(StringBuilder text, List<?> list, int depth) {
        boolean scalars = list.stream().noneMatch(v -> v instanceof Map || v instanceof List);
        text.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (scalars) {
                text.append(i == 0 ? "" : ", ");
            } else {
                text.append(i == 0 ? "\n" : ",\n").append(INDENT.repeat(depth + 1));
            }
            write(text, list.get(i), depth + 1);
        }
        text.append(scalars || list.isEmpty() ? "" : "\n" + INDENT.repeat(depth)).append(']');
    }

    /** A JSON string: quotes, backslashes and control characters escaped, everything else as is. */
    private static void string(StringBuilder text, String value) {
        text.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> text.append("\\\"");
                case '\\' -> text.append("\\\\");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                case '\t' -> text.append("\\t");
                default -> {
                    if (c < 0x20 || Character.isSurrogate(c) && !validPair(value, i)) {
                        text.append(String.format("\\u%04x", (int) c));
                    } else {
                        text.append(c);
                    }
                }
            }
        }
        text.append('"');
    }

    /** True when the surrogate at {@code i} is half of a pair, which UTF-8 can hold as it is. */
    private static boolean validPair(String value, int i) {
        char c = value.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(value.charAt(i - 1));
    }
}
