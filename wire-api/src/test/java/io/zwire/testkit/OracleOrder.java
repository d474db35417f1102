package io.zwire.testkit;

import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@link Order} an oracle's reading of a document stands for, to check that a typed read
 * agrees with the oracle (the fuzz targets, docs/fuzzing.md). The oracle's tree is normalized:
 * maps with text keys, lists, {@code String}, {@code BigInteger} for every integer (so a value
 * out of the range of a {@code long} stays visible), {@code Double} for every float,
 * {@code Boolean}, {@code byte[]} and null. A field the map lacks, or holds null, has its
 * default, as the typed readers promise; keys the model does not have are ignored. A value of
 * another kind than its field's is a disagreement: the typed reader must refuse such a document.
 */
public final class OracleOrder {
    /**
     * The keys of an Order, which an oracle reads; it skips the values of other keys without
     * decoding them, as the typed readers skip unknown fields: their structure is checked, their
     * content (the UTF-8 of a text) is not.
     */
    public static final Set<String> ORDER_KEYS = Set.of("id", "symbol", "price", "qty", "side", "party");
    /** The keys of the Party an Order holds under {@code party}. */
    public static final Set<String> PARTY_KEYS = Set.of("name", "account", "id");

    /** True for the keys whose fields are text, in a mapping whose keys are {@code keys}. */
    public static boolean isText(Set<String> keys, String key) {
        return keys == ORDER_KEYS ? key.equals("symbol") : keys == PARTY_KEYS && (key.equals("name") || key.equals("account"));
    }

    /** The keys an oracle reads in the mapping under {@code key} of a mapping whose keys are {@code keys}. */
    public static Set<String> keysWithin(Set<String> keys, String key) {
        return keys == ORDER_KEYS && key.equals("party") ? PARTY_KEYS : Set.of();
    }

    private OracleOrder() {
    }

    /**
     * Thrown by an oracle's reading of a mapping that holds a key twice. The oracles keep the last
     * value and the typed readers the first (CborFuzzFindingsTest and JsonFuzzFindingsTest hold the
     * finding): such documents are not compared until the typed readers refuse them.
     */
    public static final class DuplicateKey extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DuplicateKey(String key) {
            super(key, null, false, false);
        }
    }

    /** Puts a key of an oracle's reading of a mapping. */
    public static void put(Map<String, Object> map, String key, Object value) {
        if (map.containsKey(key)) {
            throw new DuplicateKey(key);
        }
        map.put(key, value);
    }

    /**
     * Asserts that {@code read}, what a typed read returned, is the Order the oracle's
     * {@code tree} holds.
     *
     * @param nonFiniteAsText true on a wire that spells NaN and the infinities of a float field as
     *                        the text {@code NaN}, {@code Infinity} and {@code -Infinity} (JSON)
     */
    public static void assertAgrees(Order read, Object tree, boolean nonFiniteAsText, String document) {
        assertEquals(order(tree, nonFiniteAsText, document), read, () -> "the typed read of " + document);
    }

    private static Order order(Object tree, boolean nonFiniteAsText, String document) {
        Map<?, ?> map = map(tree, "the document", document);
        Object party = map.get("party");
        return new Order(int64(map.get("id"), "id", document), text(map.get("symbol"), "symbol", document),
                float64(map.get("price"), nonFiniteAsText, document), int64(map.get("qty"), "qty", document),
                side(map.get("side"), document), party == null ? null : party(party, document));
    }

    private static Party party(Object tree, String document) {
        Map<?, ?> map = map(tree, "party", document);
        return new Party(text(map.get("name"), "party.name", document), text(map.get("account"), "party.account", document),
                int64(map.get("id"), "party.id", document));
    }

    private static Map<?, ?> map(Object value, String field, String document) {
        if (value instanceof Map<?, ?> map) {
            return map;
        }
        throw disagreement(field, "a mapping", value, document);
    }

    private static long int64(Object value, String field, String document) {
        if (value == null) {
            return 0;
        }
        if (value instanceof BigInteger integer && integer.bitLength() < 64) {
            return integer.longValue();
        }
        if (value instanceof BigDecimal decimal && isLong(decimal)) {
            return decimal.longValueExact();
        }
        throw disagreement(field, "an integer within the range of a long", value, document);
    }

    /** A number with a fraction or exponent that is exactly a long (1E1, 10.0), checked without expanding 1E999999999. */
    private static boolean isLong(BigDecimal decimal) {
        if (decimal.signum() == 0) {
            return true;
        }
        BigDecimal integral = decimal.stripTrailingZeros();
        if (integral.scale() > 0 || integral.precision() - integral.scale() > 19) {
            return false;
        }
        try {
            integral.longValueExact();
            return true;
        } catch (ArithmeticException outOfRange) {
            return false;
        }
    }

    private static String text(Object value, String field, String document) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw disagreement(field, "text", value, document);
    }

    private static double float64(Object value, boolean nonFiniteAsText, String document) {
        if (value == null) {
            return 0;
        }
        if (value instanceof Double number) {
            return number;
        }
        if (value instanceof BigDecimal decimal) {
            return Double.parseDouble(decimal.toString());
        }
        if (value instanceof BigInteger integer) {
            return integer.doubleValue();
        }
        if (nonFiniteAsText && value instanceof String text) {
            switch (text) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw disagreement("price", "a number", value, document);
    }

    private static Side side(Object value, String document) {
        if (value == null) {
            return null;
        }
        for (Side side : Side.values()) {
            if (side.name().equals(value)) {
                return side;
            }
        }
        throw disagreement("side", "the name of a Side", value, document);
    }

    private static AssertionError disagreement(String field, String expected, Object found, String document) {
        return new AssertionError("the typed read accepted a document whose " + field + " the oracle reads as "
                + (found == null ? "null" : found.getClass().getSimpleName() + " " + found) + ", not " + expected
                + ": " + document);
    }
}
