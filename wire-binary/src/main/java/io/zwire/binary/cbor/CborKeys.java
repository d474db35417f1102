package io.zwire.binary.cbor;

import io.zwire.NumberedTag;
import io.zwire.Tagged;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Map keys of plain values compared by the value they denote, so that the CBOR reader finds two
 * keys that are one key on any wire the map may be converted to. Allocates: the tools path.
 *
 * <p>The normal form: a {@code byte[]} (whose own equality is identity) is compared by content;
 * an integer is a {@code Long} when it fits, else a {@code BigInteger}, so the integer {@code 1}
 * and the bignum {@code 2(h'01')} are one key; a decimal fraction ({@code BigDecimal}) is the
 * value the text wires read back from its text: an integer when it has no fraction digits
 * ({@code 4([0, 1])} is written {@code 1}), a {@code Double} when that double's decimal is the
 * same number ({@code 4([-1, 15])} is written {@code 1.5}), else the number without trailing
 * zeros. Lists, maps and tagged values are normalised item by item. Two keys that are equal only
 * as another wire writes them (the integer {@code 1} and the float {@code 1.0}) stay two keys,
 * since every wire tells them apart.
 */
final class CborKeys {
    private CborKeys() {
    }

    /** {@code key} in the normal form above, for equality and hashing; the map keeps {@code key} itself. */
    static Object normal(Object key) {
        if (key instanceof byte[] data) {
            return new ByteStringKey(data);
        }
        if (key instanceof BigInteger big) {
            return integer(big);
        }
        if (key instanceof BigDecimal decimal) {
            return decimal(decimal);
        }
        if (key instanceof List<?> items) {
            List<Object> converted = new ArrayList<>(items.size());
            items.forEach(item -> converted.add(normal(item)));
            return converted;
        }
        if (key instanceof Map<?, ?> entries) {
            Map<Object, Object> converted = new LinkedHashMap<>();
            entries.forEach((k, v) -> converted.put(normal(k), normal(v)));
            return converted;
        }
        if (key instanceof Tagged tagged) {
            return new Tagged(tagged.tag(), normal(tagged.value()));
        }
        if (key instanceof NumberedTag tagged) {
            return new NumberedTag(tagged.number(), normal(tagged.value()));
        }
        return key;
    }

    /** An integer as the readers return it: a {@code Long} when it fits, which no {@code BigInteger} then equals. */
    static Object integer(BigInteger value) {
        return value.bitLength() < Long.SIZE ? (Object) value.longValue() : value;
    }

    /**
     * The value the text wires read back from {@code BigDecimal.toString}: with scale 0 the text
     * has neither point nor exponent, so it is an integer. The shortest-decimal test uses
     * {@code Double.toString}, which before JDK 19 is not always the shortest; there a key equal
     * to a {@code Double} key may go unnoticed here and be refused by the text wire that reads it.
     */
    private static Object decimal(BigDecimal value) {
        if (value.scale() == 0) {
            return integer(value.unscaledValue());
        }
        double nearest = value.doubleValue();
        if (Double.isFinite(nearest) && new BigDecimal(Double.toString(nearest)).compareTo(value) == 0) {
            return nearest;
        }
        return value.stripTrailingZeros();
    }

    /** A key for an error message, in CBOR diagnostic notation (text quoted, bytes as h'..'), cut to 64 characters. */
    static String describe(Object key) {
        StringBuilder text = new StringBuilder();
        diagnostic(key, text);
        return text.length() > 64 ? text.substring(0, 61) + "..." : text.toString();
    }

    private static void diagnostic(Object value, StringBuilder text) {
        if (text.length() > 64) {
            return;
        }
        if (value instanceof String string) {
            text.append('"').append(string).append('"');
        } else if (value instanceof byte[] data) {
            text.append("h'");
            for (int i = 0; i < data.length && text.length() < 64; i++) {
                text.append(Character.forDigit(data[i] >> 4 & 0xF, 16)).append(Character.forDigit(data[i] & 0xF, 16));
            }
            text.append('\'');
        } else if (value instanceof List<?> items) {
            text.append('[');
            for (Object item : items) {
                diagnostic(item, text.append(text.charAt(text.length() - 1) == '[' ? "" : ", "));
            }
            text.append(']');
        } else if (value instanceof Map<?, ?> entries) {
            text.append('{');
            entries.forEach((k, v) -> {
                diagnostic(k, text.append(text.charAt(text.length() - 1) == '{' ? "" : ", "));
                diagnostic(v, text.append(": "));
            });
            text.append('}');
        } else {
            text.append(value);
        }
    }

    /**
     * A byte string compared by content. A peer can make its hashes collide, so it is final and
     * {@code Comparable} to itself: {@code HashMap} then keeps colliding entries in a tree, in
     * logarithmic time ({@code ByteBuffer} would not do: its runtime class does not implement
     * {@code Comparable} of itself, which is what {@code HashMap} checks).
     */
    static final class ByteStringKey implements Comparable<ByteStringKey> {
        private final byte[] data;

        ByteStringKey(byte[] data) {
            this.data = data;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ByteStringKey key && Arrays.equals(data, key.data);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(data);
        }

        @Override
        public int compareTo(ByteStringKey other) {
            return Arrays.compare(data, other.data);
        }
    }
}
