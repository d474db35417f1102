package io.zwire.bench.interop;

import io.zwire.Marshallable;
import io.zwire.testkit.model.AllTypes;
import io.zwire.testkit.model.MapKinds;
import io.zwire.testkit.model.Node;
import io.zwire.example.Order;
import io.zwire.example.Party;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A test model's values as canonical JSON, built from its fields by hand so that the expectation
 * the Python check compares with never passes through zwire. Floats are their IEEE bits in hex
 * ({@code "f32:ff800000"}, NaN as Java's canonical NaN), bytes {@code "hex:..."}, enums their
 * names, char16 its code unit, a typed object {@code {"@Alias": {...}}}, a map an object keyed by
 * each key's text (an integer key in decimal), null {@code null}.
 */
final class Expected {
    private Expected() {
    }

    static String of(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value);
        return out.toString();
    }

    static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static void append(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            out.append(quote(text));
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Character c) {
            out.append((int) c);
        } else if (value instanceof Float f) {
            out.append(quote("f32:" + String.format("%08x", Float.floatToIntBits(f))));
        } else if (value instanceof Double d) {
            out.append(quote("f64:" + String.format("%016x", Double.doubleToLongBits(d))));
        } else if (value instanceof byte[] bytes) {
            out.append(quote("hex:" + HexFormat.of().formatHex(bytes)));
        } else if (value instanceof Enum<?> e) {
            out.append(quote(e.name()));
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ",");
                append(out, list.get(i));
            }
            out.append(']');
        } else if (value instanceof Map<?, ?> map) {
            List<Object> fields = new ArrayList<>();
            map.forEach((k, v) -> {
                fields.add(String.valueOf(k));
                fields.add(v);
            });
            object(out, fields.toArray());
        } else if (value instanceof Marshallable m) {
            object(out, fields(m));
        } else {
            throw new IllegalArgumentException("no canonical form for " + value.getClass());
        }
    }

    /** Field names and values, in the order the type writes them. */
    private static Object[] fields(Marshallable value) {
        if (value instanceof Order o) {
            return new Object[] {"id", o.id(), "symbol", o.symbol(), "price", o.price(), "qty", o.qty(), "side", o.side(),
                "party", o.party()};
        }
        if (value instanceof Party p) {
            return new Object[] {"name", p.name(), "account", p.account(), "id", p.id()};
        }
        if (value instanceof Node n) {
            return new Object[] {"value", n.value, "child", n.child};
        }
        if (value instanceof MapKinds m) {
            return new Object[] {"limits", m.limits, "names", m.names, "parties", m.parties, "sides", m.sides,
                "history", m.history, "nested", m.nested};
        }
        if (value instanceof AllTypes a) {
            return new Object[] {"int8", a.int8, "int16", a.int16, "uint16", a.uint16, "int32", a.int32,
                "int64", a.int64, "float32", a.float32, "float64", a.float64, "bool", a.bool, "char16", a.char16,
                "text", a.text, "note", a.note.toString(), "data", a.data, "side", a.side, "party", a.party,
                "longs", a.longs, "tags", a.tags, "parties", a.parties, "matrix", a.matrix,
                "payload", a.payload == null ? null : new Typed(a.payload)};
        }
        throw new IllegalArgumentException("no canonical form for " + value.getClass());
    }

    /** A typed object: its alias is the class's simple name, as the test registry registers it. */
    private record Typed(Marshallable value) {
    }

    private static void object(StringBuilder out, Object[] fields) {
        out.append('{');
        for (int i = 0; i < fields.length; i += 2) {
            out.append(i == 0 ? "" : ",").append(quote((String) fields[i])).append(':');
            Object value = fields[i + 1];
            if (value instanceof Typed t) {
                out.append('{').append(quote("@" + t.value().getClass().getSimpleName())).append(':');
                append(out, t.value());
                out.append('}');
            } else {
                append(out, value);
            }
        }
        out.append('}');
    }
}
