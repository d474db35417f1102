package io.zwire.testkit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Compares two oracle trees of one wire, for the composite fuzz targets (docs/fuzzing.md): the tree
 * the oracle reads from a document a typed read accepted, and the tree it reads from what zwire
 * wrote of the value it read. Where they differ, zwire and the oracle read different values from
 * the same bytes: a finding. Trees are maps with text keys, lists, text, numbers, booleans, byte
 * arrays, null and, from YAML, {@link Scalar}s.
 *
 * <p>The rules that keep a typed read's documented choices from counting as differences:
 * <ul>
 *   <li>every key of the rewritten tree is compared, the input's value under it absent or null
 *       where the rewritten value is its field's default (0, false, null, an empty map or list, an
 *       object whose fields all hold defaults: a null read into an existing instance);</li>
 *   <li>a mapping of the rewritten tree with a key that is no field name of the fuzzed types is a
 *       map's entries, so each key of the input's mapping must be among them; in a mapping of
 *       fields, the input's other keys are unknown fields, skipped;</li>
 *   <li>keys match by their text, or else as the same integer ({@code 07} and {@code 7});</li>
 *   <li>a number zwire wrote as a float agrees with the input's number rounded to a double, one
 *       written as an integer with the input's number of exactly that value; JSON's NaN and
 *       infinities, written as text, with the input's number rounded to a double;</li>
 *   <li>YAML: text zwire wrote agrees with a scalar of that text that resolves to another kind
 *       than null (a text field reads {@code symbol: 89} as "89").</li>
 * </ul>
 * The comparison is blind to a map entry whose key is a field name that zwire left out.
 */
public final class OracleTrees {
    /** The field names of every fuzzed composite type, nested ones included. */
    private static final Set<String> FIELD_NAMES = Set.of("limits", "names", "parties", "sides", "history", "nested",
            "name", "account", "id", "quotes", "seq", "symbol", "bid", "size", "side", "firm", "venue", "code",
            "from", "to", "label", "x", "y", "children", "prices");

    /**
     * The field names of each fuzzed type that a composite reads with
     * {@code ValueIn.marshallable(into)} (MapKinds' parties), all of which zwire writes: a null
     * read into an instance of one is written back as this whole set of keys. A map whose keys
     * are some field names and not such a set is a map's entries (text keys such as {@code size}).
     */
    private static final List<Set<String>> OBJECTS_READ_INTO_AN_INSTANCE = List.of(Set.of("name", "account", "id"));

    private OracleTrees() {
    }

    /**
     * A YAML scalar as snakeyaml-engine reads it: its value under the core schema and its text.
     *
     * @param value what the scalar resolves to, null for a null
     * @param text  the scalar's text
     */
    public record Scalar(Object value, String text) {
    }

    /**
     * Asserts that {@code rewritten}, the oracle's tree of zwire's rewrite of what it read from a
     * document, says what {@code input}, the oracle's tree of that document, says.
     *
     * @param document the document, for the message
     * @throws AssertionError naming the first path where they differ
     */
    public static void assertAgrees(Object input, Object rewritten, String document) {
        agree(input, rewritten, "$", document);
    }

    private static void agree(Object input, Object rewritten, String path, String document) {
        Object in = input instanceof Scalar s ? s.value() : input;
        Object out = rewritten instanceof Scalar s ? s.value() : rewritten;
        if (in == null && isDefault(out)) {
            return;
        }
        if (out instanceof Map<?, ?> outMap) {
            if (!(in instanceof Map<?, ?> inMap)) {
                throw differ(path, input, rewritten, document);
            }
            boolean entries = outMap.isEmpty() || !FIELD_NAMES.containsAll(outMap.keySet());
            for (Map.Entry<?, ?> entry : outMap.entrySet()) {
                Object key = matching(inMap, entry.getKey());
                agree(key == null ? null : inMap.get(key), entry.getValue(), path + "." + entry.getKey(), document);
            }
            for (Object key : entries ? inMap.keySet() : Set.of()) {
                if (matching(outMap, key) == null) {
                    throw differ(path + "." + key, inMap.get(key), "no entry", document);
                }
            }
            return;
        }
        if (out instanceof List<?> outList) {
            if (!(in instanceof List<?> inList) || inList.size() != outList.size()) {
                throw differ(path, input, rewritten, document);
            }
            for (int i = 0; i < outList.size(); i++) {
                agree(inList.get(i), outList.get(i), path + "[" + i + "]", document);
            }
            return;
        }
        if (!leavesAgree(input, in, out)) {
            throw differ(path, input, rewritten, document);
        }
    }

    private static boolean leavesAgree(Object input, Object in, Object out) {
        if (out instanceof String text && input instanceof Scalar scalar && scalar.value() != null
                && scalar.text().equals(text)) {
            return true;
        }
        if (out instanceof String text && in instanceof Number number && isNonFinite(text)) {
            return Double.compare(Double.parseDouble(text), toDouble(number)) == 0;
        }
        if (out instanceof Number outNumber && in instanceof Number inNumber) {
            return outNumber instanceof BigInteger || outNumber instanceof Long || outNumber instanceof Integer
                    ? exactly(inNumber, outNumber)
                    : Double.compare(toDouble(inNumber), toDouble(outNumber)) == 0;
        }
        if (out instanceof byte[] outBytes) {
            return in instanceof byte[] inBytes && Arrays.equals(inBytes, outBytes);
        }
        return Objects.equals(in, out);
    }

    /** The key of {@code map} that is {@code key}, or the same integer, or null. */
    private static Object matching(Map<?, ?> map, Object key) {
        if (map.containsKey(key)) {
            return key;
        }
        BigInteger integer = integer(key);
        if (integer == null) {
            return null;
        }
        for (Object candidate : map.keySet()) {
            if (integer.equals(integer(candidate))) {
                return candidate;
            }
        }
        return null;
    }

    private static BigInteger integer(Object key) {
        String text = String.valueOf(key);
        // A long run of digits is no map key worth parsing in a fuzz run, and BigInteger's parse is quadratic.
        if (text.isEmpty() || text.length() > 40) {
            return null;
        }
        try {
            return new BigInteger(text);
        } catch (NumberFormatException notAnInteger) {
            return null;
        }
    }

    private static boolean exactly(Number in, Number out) {
        if (in instanceof Double d && !Double.isFinite(d) || in instanceof Float f && !Float.isFinite(f)) {
            return false;
        }
        return decimal(in).compareTo(new BigDecimal(out.toString())) == 0;
    }

    private static BigDecimal decimal(Number number) {
        if (number instanceof Double || number instanceof Float) {
            return new BigDecimal(number.doubleValue());
        }
        return new BigDecimal(number.toString());
    }

    private static double toDouble(Number number) {
        return number instanceof BigDecimal || number instanceof BigInteger
                ? Double.parseDouble(number.toString()) : number.doubleValue();
    }

    private static boolean isNonFinite(String text) {
        return text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity");
    }

    /**
     * A value zwire writes for a field the document leaves out or holds as null: 0, false, null, an
     * empty map or list, or an object whose fields all hold defaults, which is what
     * {@code ValueIn.marshallable(into)} documents for a null read into an existing instance.
     */
    private static boolean isDefault(Object tree) {
        Object value = tree instanceof Scalar s ? s.value() : tree;
        return value == null || Boolean.FALSE.equals(value)
                || value instanceof Number number && toDouble(number) == 0 && !isNegativeZero(number)
                || value instanceof Map<?, ?> map && (map.isEmpty() || isObjectOfDefaults(map))
                || value instanceof List<?> list && list.isEmpty();
    }

    private static boolean isObjectOfDefaults(Map<?, ?> map) {
        if (!OBJECTS_READ_INTO_AN_INSTANCE.contains(map.keySet())) {
            return false;
        }
        for (Object field : map.values()) {
            if (!isDefault(field)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNegativeZero(Number number) {
        return (number instanceof Double || number instanceof Float) && 1 / number.doubleValue() < 0;
    }

    private static AssertionError differ(String path, Object input, Object rewritten, String document) {
        return new AssertionError("the typed read disagrees with the oracle at " + path + ": the oracle reads "
                + show(input) + " in the document and " + show(rewritten) + " in zwire's rewrite of what it read: "
                + document);
    }

    private static String show(Object value) {
        return value == null ? "null" : value.getClass().getSimpleName() + " " + (value instanceof byte[] bytes
                ? Arrays.toString(bytes) : value);
    }
}
