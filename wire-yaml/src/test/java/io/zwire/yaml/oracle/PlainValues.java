package io.zwire.yaml.oracle;

import io.zwire.Marshallable;
import io.zwire.Tagged;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The test types as the plain values another YAML library loads them to (maps of field names,
 * lists, numbers, strings, byte arrays, {@link Tagged} for typed objects), built field by field
 * here, independently of the wire; random instances of the types; and a comparison of plain
 * values that treats numbers by value.
 */
final class PlainValues {
    /** Texts that exercise quoting: indicators, look-alikes of other types, blanks, controls, non-ASCII. */
    static final String[] TEXTS = {"", " ", "  leading and trailing  ", "a\nb", "tab\there", "quote\" and 'apostrophe'",
        "back\\slash", "# not a comment", "key: value", "- item", "? key", "yes", "no", "null", "~", "true", "FALSE", "On",
        "123", "-4.5e6", "0x1F", ".nan", "+1", ".5", "1_000", "2001-12-14", "@at", "`tick", "%percent", "!tag", "&anchor",
        "*alias", "{flow}", "[seq]", "|", ">", "---", "...", "a: b: c", "x #y", "ends with colon:", "caf\u00e9",
        "\u20ac100", "\u65e5\u672c\u8a9e", "emoji \uD83D\uDE00 smile", "control \u0001\u0007\u001b\u007f",
        "nbsp\u00a0and\u2028line sep", "bom\uFEFF", "c1 \u0085\u0090", "EURUSD", "Meridian Capital Partners", "x".repeat(300)};

    private PlainValues() {
    }

    static Map<String, Object> of(Party party) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", party.name());
        map.put("account", party.account());
        map.put("id", party.id());
        return map;
    }

    static Map<String, Object> of(Order order) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("id", order.id());
        map.put("symbol", order.symbol());
        map.put("price", order.price());
        map.put("qty", order.qty());
        map.put("side", order.side() == null ? null : order.side().name());
        map.put("party", order.party() == null ? null : of(order.party()));
        return map;
    }

    static Map<String, Object> of(AllTypes all) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("int8", (int) all.int8);
        map.put("int16", (int) all.int16);
        map.put("uint16", all.uint16);
        map.put("int32", all.int32);
        map.put("int64", all.int64);
        map.put("float32", all.float32);
        map.put("float64", all.float64);
        map.put("bool", all.bool);
        map.put("char16", String.valueOf(all.char16));
        map.put("text", all.text);
        map.put("note", all.note.toString());
        map.put("data", all.data);
        map.put("side", all.side == null ? null : all.side.name());
        map.put("party", all.party == null ? null : of(all.party));
        map.put("longs", new ArrayList<>(all.longs));
        map.put("tags", new ArrayList<>(all.tags));
        List<Object> parties = new ArrayList<>();
        all.parties.forEach(p -> parties.add(of(p)));
        map.put("parties", parties);
        List<Object> matrix = new ArrayList<>();
        all.matrix.forEach(row -> matrix.add(new ArrayList<>(row)));
        map.put("matrix", matrix);
        map.put("payload", typed(all.payload));
        return map;
    }

    private static Object typed(Marshallable payload) {
        if (payload == null) {
            return null;
        }
        return payload instanceof Order order ? new Tagged("Order", of(order)) : new Tagged("Party", of((Party) payload));
    }

    /**
     * The plain values of a {@code type} ("AllTypes", "Order" or "Party") as the numbered wire
     * writes them: every key replaced by its field number.
     */
    static Object numbered(Object value, String type) {
        if (value instanceof Tagged tagged) {
            return new Tagged(tagged.tag(), numbered(tagged.value(), tagged.tag()));
        }
        if (!(value instanceof Map<?, ?> map)) {
            return value;
        }
        Map<Object, Object> copy = new LinkedHashMap<>();
        Map<String, Integer> numbers = fieldNumbers(type);
        map.forEach((key, field) -> {
            String nested = "party".equals(key) || "parties".equals(key) ? "Party" : null;
            Object converted = field instanceof List<?> list && nested != null
                    ? list.stream().map(element -> numbered(element, nested)).toList()
                    : nested != null || field instanceof Tagged ? numbered(field, nested) : field;
            copy.put(numbers.get((String) key), converted);
        });
        return copy;
    }

    private static Map<String, Integer> fieldNumbers(String type) {
        io.zwire.Marshallable sample = switch (type) {
            case "AllTypes" -> new AllTypes();
            case "Order" -> new Order();
            default -> new Party();
        };
        Map<String, Integer> numbers = new LinkedHashMap<>();
        io.zwire.Schema.of(sample).fields().forEach(f -> numbers.put(f.name(), f.number()));
        return numbers;
    }

    /** A copy with the keys of every mapping in a random order. */
    @SuppressWarnings("unchecked") // rebuilding the maps and lists made by of(...)
    static Object shuffled(Object value, Random random) {
        if (value instanceof Map<?, ?> map) {
            List<Map.Entry<Object, Object>> entries = new ArrayList<>(((Map<Object, Object>) map).entrySet());
            Collections.shuffle(entries, random);
            Map<Object, Object> copy = new LinkedHashMap<>();
            entries.forEach(e -> copy.put(e.getKey(), shuffled(e.getValue(), random)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(v -> copy.add(shuffled(v, random)));
            return copy;
        }
        if (value instanceof Tagged tagged) {
            return new Tagged(tagged.tag(), shuffled(tagged.value(), random));
        }
        return value;
    }

    static String text(Random random, boolean nullable) {
        int pick = random.nextInt(TEXTS.length + 4);
        if (pick == TEXTS.length && nullable) {
            return null;
        }
        if (pick >= TEXTS.length) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i >= 0; i--) {
                text.append((char) (0x20 + random.nextInt(0x5F)));
            }
            return text.toString();
        }
        return TEXTS[pick];
    }

    static Party party(Random random) {
        return new Party(text(random, true), text(random, true), random.nextLong());
    }

    static Order order(Random random) {
        return new Order(random.nextLong(), text(random, true), number(random), random.nextLong() >> random.nextInt(64),
                random.nextInt(3) == 0 ? null : Side.values()[random.nextInt(2)], random.nextBoolean() ? party(random) : null);
    }

    static double number(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> new double[] {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, Double.MAX_VALUE, 1e23, 1e-300, 9007199254740993.0}[random.nextInt(10)];
            case 1 -> Double.longBitsToDouble(random.nextLong());
            case 2 -> random.nextInt(100_000) / 100.0;
            default -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
        };
    }

    /** A random instance; its char16 is sometimes a lone surrogate, written as a YAML escape. */
    static AllTypes allTypes(Random random) {
        AllTypes all = new AllTypes();
        all.int8 = (byte) random.nextInt();
        all.int16 = (short) random.nextInt();
        all.uint16 = random.nextInt(0x10000);
        all.int32 = random.nextInt();
        all.int64 = random.nextLong() >> random.nextInt(64);
        all.float32 = random.nextInt(4) == 0 ? new float[] {Float.NaN, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE, 0.1f,
            Float.POSITIVE_INFINITY}[random.nextInt(6)] : Float.intBitsToFloat(random.nextInt());
        all.float64 = number(random);
        all.bool = random.nextBoolean();
        all.char16 = (char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0x10000));
        all.text = text(random, true);
        all.note.append(text(random, false));
        all.data = random.nextInt(4) == 0 ? null : bytes(random);
        all.side = random.nextInt(3) == 0 ? null : Side.values()[random.nextInt(2)];
        all.party = random.nextBoolean() ? party(random) : null;
        for (int i = random.nextInt(5); i > 0; i--) {
            all.longs.add(random.nextLong() >> random.nextInt(64));
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            all.tags.add(text(random, false));
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            all.parties.add(party(random));
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            List<Integer> row = new ArrayList<>();
            for (int k = random.nextInt(3); k > 0; k--) {
                row.add(random.nextInt());
            }
            all.matrix.add(row);
        }
        all.payload = switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> order(random);
            default -> party(random);
        };
        return all;
    }

    private static byte[] bytes(Random random) {
        byte[] data = new byte[random.nextInt(40)];
        random.nextBytes(data);
        return data;
    }

    /** A description of the first difference between expected and loaded values, or null. */
    static String difference(Object expected, Object actual, String path) {
        if (expected instanceof Float f) {
            if (!(actual instanceof Double d)) {
                return path + ": expected the float " + f + ", loaded " + actual;
            }
            return Float.isNaN(f) && d.isNaN() || !Float.isNaN(f) && Double.compare(ShortestFloat.asDouble(f), d) == 0
                    ? null : path + ": expected the float " + f + ", loaded the double " + d;
        }
        if (expected instanceof Double e) {
            return actual instanceof Double d && Double.compare(e, d) == 0 ? null : path + ": expected " + e + ", loaded " + actual;
        }
        if (expected instanceof Number e) {
            return actual instanceof Number a && new BigDecimal(e.toString()).compareTo(new BigDecimal(a.toString())) == 0
                    ? null : path + ": expected " + e + ", loaded " + actual;
        }
        if (expected instanceof byte[] e) {
            return actual instanceof byte[] a && Arrays.equals(e, a) ? null : path + ": expected bytes " + Arrays.toString(e)
                    + ", loaded " + (actual instanceof byte[] a ? Arrays.toString(a) : actual);
        }
        if (expected instanceof Tagged e) {
            if (!(actual instanceof Tagged a) || !e.tag().equals(a.tag())) {
                return path + ": expected !" + e.tag() + ", loaded " + actual;
            }
            return difference(e.value(), a.value(), path + "!" + e.tag());
        }
        if (expected instanceof Map<?, ?> e) {
            if (!(actual instanceof Map<?, ?> a) || !e.keySet().equals(a.keySet())) {
                return path + ": expected the keys " + e.keySet() + ", loaded " + actual;
            }
            for (Object key : e.keySet()) {
                String difference = difference(e.get(key), a.get(key), path + "." + key);
                if (difference != null) {
                    return difference;
                }
            }
            return null;
        }
        if (expected instanceof List<?> e) {
            if (!(actual instanceof List<?> a) || a.size() != e.size()) {
                return path + ": expected " + e + ", loaded " + actual;
            }
            for (int i = 0; i < e.size(); i++) {
                String difference = difference(e.get(i), a.get(i), path + "[" + i + "]");
                if (difference != null) {
                    return difference;
                }
            }
            return null;
        }
        return java.util.Objects.equals(expected, actual) ? null
                : path + ": expected " + quote(expected) + ", loaded " + quote(actual);
    }

    private static String quote(Object value) {
        return value instanceof String s ? "\"" + s.chars().mapToObj(c -> c < 0x20 || c > 0x7E
                ? String.format("\\u%04X", c) : String.valueOf((char) c)).reduce("", String::concat) + "\"" : String.valueOf(value);
    }
}
