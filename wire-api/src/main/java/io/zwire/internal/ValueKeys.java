package io.zwire.internal;

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
 * Map keys of plain values ({@link io.zwire.Wire#readValue}) compared by the value they denote,
 * so that a value reader finds two keys that are one key on any wire the map may be converted
 * to. The one normal form the CBOR and YAML value readers share. Allocates: the tools path.
 *
 * <p>The normal form, chosen to match how the text wires write a key and read it back:
 * <ul>
 *   <li>a {@code byte[]} (whose own equality is identity) is compared by content;</li>
 *   <li>an integer is a {@code Long} when it fits, else a {@code BigInteger}, so the integer
 *       {@code 1} and the bignum {@code 2(h'01')} are one key;</li>
 *   <li>a NaN is its raw bits: the wires keep a NaN's payload, so NaNs with other bits are other
 *       keys ({@code Double.equals} would make every NaN one key);</li>
 *   <li>a decimal fraction ({@code BigDecimal}) with scale 0 is an integer (its text has neither
 *       point nor exponent); a zero is the double {@code 0.0} (its text {@code 0.00} reads as
 *       that double); a decimal equal to the shortest decimal of its nearest double is that
 *       {@code Double} ({@code 4([-1, 15])} is written {@code 1.5}, as the double is): the text
 *       readers return exactly that double. Equality with a double is thus the double's shortest
 *       decimal, not its exact binary value, since the shortest decimal is what the text wires
 *       write; any other decimal is compared by numeric value, whatever its scale
 *       ({@code 1E-400} and {@code 1.0E-400} are one key);</li>
 *   <li>lists, maps and tagged values are normalised item by item.</li>
 * </ul>
 * Two keys that are equal only as another wire writes them (the integer {@code 1} and the float
 * {@code 1.0}) stay two keys, since every wire tells them apart.
 *
 * <p>Work stays near-linear in the key's size: no step strips a decimal's trailing zeros (JDK 17
 * strips them one division at a time, quadratic in a mantissa a peer chooses).
 */
public final class ValueKeys {
    /** Characters of a key that an error message shows before cutting it with {@code ...}. */
    private static final int DESCRIBED_LENGTH = 64;

    private ValueKeys() {
    }

    /**
     * {@code key} in the normal form above, for equality and hashing; the map keeps {@code key}
     * itself. Allocates; never throws for a value a reader returns.
     */
    public static Object normal(Object key) {
        if (key instanceof byte[] data) {
            return new ByteStringKey(data);
        }
        if (key instanceof Double d && d.isNaN()) {
            return new NanKey(Double.doubleToRawLongBits(d));
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

    /**
     * An integer as the readers return it: a {@code Long} when it fits, which no
     * {@code BigInteger} then equals. Allocates the box only.
     */
    public static Object integer(BigInteger value) {
        return value.bitLength() < Long.SIZE ? (Object) value.longValue() : value;
    }

    private static Object decimal(BigDecimal value) {
        if (value.scale() == 0) {
            return integer(value.unscaledValue());
        }
        if (value.signum() == 0) {
            return 0.0;
        }
        double nearest = value.doubleValue();
        if (Double.isFinite(nearest) && DoubleToDecimal.shortestDecimal(nearest).compareTo(value) == 0) {
            return nearest;
        }
        return new DecimalKey(value, nearest);
    }

    /**
     * A key for an error message, in CBOR diagnostic notation (text quoted, bytes as
     * {@code h'..'}, tags as {@code tag(value)}), cut to {@value #DESCRIBED_LENGTH} characters
     * however large the key. Allocates; never throws.
     */
    public static String describe(Object key) {
        StringBuilder text = new StringBuilder();
        diagnostic(key, text);
        return text.length() > DESCRIBED_LENGTH ? text.substring(0, DESCRIBED_LENGTH - 3) + "..." : text.toString();
    }

    private static void diagnostic(Object value, StringBuilder text) {
        if (text.length() > DESCRIBED_LENGTH) {
            return;
        }
        if (value instanceof String string) {
            text.append('"').append(string, 0, Math.min(string.length(), DESCRIBED_LENGTH)).append('"');
        } else if (value instanceof byte[] data) {
            text.append("h'");
            for (int i = 0; i < data.length && text.length() < DESCRIBED_LENGTH; i++) {
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
        } else if (value instanceof Tagged tagged) {
            diagnostic(tagged.tag(), text);
            diagnostic(tagged.value(), text.append('('));
            text.append(')');
        } else if (value instanceof NumberedTag tagged) {
            diagnostic(tagged.value(), text.append(Long.toUnsignedString(tagged.number())).append('('));
            text.append(')');
        } else {
            // A number's text is short but for a BigInteger or BigDecimal a peer sized: cut it too.
            String plain = String.valueOf(value);
            text.append(plain, 0, Math.min(plain.length(), DESCRIBED_LENGTH));
        }
    }

    /** A NaN by its raw bits, payload and sign included. */
    private record NanKey(long bits) {
    }

    /**
     * A decimal compared by numeric value ({@code compareTo}), so its scale does not count. Its
     * hash is that of its nearest double, which numerically equal decimals share; decimals a
     * peer makes collide (many near one double) sit in a {@code HashMap} bin kept as a tree, in
     * logarithmic time, since the class is final and {@code Comparable} to itself.
     */
    private static final class DecimalKey implements Comparable<DecimalKey> {
        private final BigDecimal value;
        private final int hash;

        DecimalKey(BigDecimal value, double nearest) {
            this.value = value;
            this.hash = Double.hashCode(nearest);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof DecimalKey key && value.compareTo(key.value) == 0;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public int compareTo(DecimalKey other) {
            return value.compareTo(other.value);
        }
    }

    /**
     * A byte string compared by content. A peer can make its hashes collide, so it is final and
     * {@code Comparable} to itself: {@code HashMap} then keeps colliding entries in a tree, in
     * logarithmic time ({@code ByteBuffer} would not do: its runtime class does not implement
     * {@code Comparable} of itself, which is what {@code HashMap} checks).
     */
    private static final class ByteStringKey implements Comparable<ByteStringKey> {
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
