package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Tagged;
import io.zwire.WireException;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CBOR to and from plain Java values ({@link io.zwire.Wire#readValue}): maps, lists, strings,
 * {@code Long}/{@code BigInteger}, {@code Double}/{@code BigDecimal}, booleans, byte arrays,
 * {@link Tagged} (tag 27) and null. Recursive, with the depth bounded by
 * {@link io.zwire.ReadLimits#maxDepth} on input and by {@link #MAX_WRITE_DEPTH} on output (so a
 * cyclic structure fails cleanly), and keys that are arrays, maps or tagged items by
 * {@link io.zwire.ReadLimits#maxComplexKeys} per map. Allocates freely: this is the tools path.
 *
 * <p>Keys are read as the values they are: a byte-string key is a {@code byte[]} key (a map
 * holding one has no JSON form), never text. Two keys of one map that are equal (byte strings by
 * content) are a {@link io.zwire.WireException} naming the key and its offset, as RFC 8949 calls
 * such a map invalid and a last-wins read would drop a value silently. Writing refuses a map
 * whose keys encode to the same CBOR bytes (two {@code byte[]} keys of equal content, an
 * {@code Integer} and a {@code Long} of one value).
 */
final class CborValues {
    /** Deepest structure {@link #write} accepts. */
    static final int MAX_WRITE_DEPTH = 1000;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    private CborValues() {
    }

    static Object read(CborInput in) {
        return read(in, 0);
    }

    private static Object read(CborInput in, int depth) {
        if (depth > in.limits.maxDepth()) {
            throw in.error("nesting no deeper than ReadLimits.maxDepth " + in.limits.maxDepth());
        }
        int start = in.position;
        in.head();
        boolean indefinite = in.info == CborInput.INDEFINITE;
        switch (in.major) {
            case CborInput.UNSIGNED, CborInput.NEGATIVE -> {
                if (indefinite) {
                    throw in.error(start, "an integer with a definite argument");
                }
                return integer(in.major == CborInput.NEGATIVE, in.argument);
            }
            case CborInput.BYTE_STRING -> {
                return stringBytes(in, CborInput.BYTE_STRING, indefinite);
            }
            case CborInput.TEXT_STRING -> {
                byte[] utf8 = stringBytes(in, CborInput.TEXT_STRING, indefinite);
                Bytes text = Bytes.wrap(utf8);
                StringBuilder decoded = new StringBuilder(utf8.length);
                int bad = text.readUtf8(0, utf8.length, decoded);
                if (bad >= 0) {
                    throw in.error(start, "valid UTF-8 text");
                }
                return decoded.toString();
            }
            case CborInput.ARRAY -> {
                List<Object> list = new ArrayList<>(indefinite ? 8 : Math.min(in.containerCount(false), 1024));
                int count = indefinite ? -1 : in.containerCount(false);
                for (int i = 0; indefinite ? !atBreak(in) : i < count; i++) {
                    list.add(read(in, depth + 1));
                }
                return list;
            }
            case CborInput.MAP -> {
                Map<Object, Object> map = new LinkedHashMap<>();
                int count = indefinite ? -1 : in.containerCount(true);
                int complexKeys = 0;
                Set<Object> contentKeys = null;
                for (int i = 0; indefinite ? !atBreak(in) : i < count; i++) {
                    int keyStart = in.position;
                    Object key = read(in, depth + 1);
                    boolean duplicate;
                    if (key instanceof byte[] || key instanceof Collection<?> || key instanceof Map<?, ?> || key instanceof Tagged) {
                        if (!(key instanceof byte[]) && ++complexKeys > in.limits.maxComplexKeys()) {
                            throw in.error(keyStart, "no more array, map or tagged keys in one map than ReadLimits.maxComplexKeys "
                                    + in.limits.maxComplexKeys());
                        }
                        if (contentKeys == null) {
                            contentKeys = new HashSet<>();
                        }
                        duplicate = !contentKeys.add(byContent(key));
                    } else {
                        duplicate = map.containsKey(key);
                    }
                    if (duplicate) {
                        throw in.error(keyStart, "keys that differ within one map, found " + describeKey(key) + " again");
                    }
                    map.put(key, read(in, depth + 1));
                }
                return map;
            }
            case CborInput.TAG -> {
                return tagged(in, in.argument, depth, start);
            }
            default -> {
                return simple(in, start);
            }
        }
    }

    /**
     * {@code key} with equality by content: a {@code byte[]} (whose own equality is identity)
     * becomes a {@link ByteStringKey}, also inside lists, maps and tagged values, so that two
     * equal byte-string keys are found to be duplicates while the map keeps the arrays themselves.
     */
    private static Object byContent(Object key) {
        if (key instanceof byte[] data) {
            return new ByteStringKey(data);
        }
        if (key instanceof List<?> items) {
            List<Object> converted = new ArrayList<>(items.size());
            items.forEach(item -> converted.add(byContent(item)));
            return converted;
        }
        if (key instanceof Map<?, ?> entries) {
            Map<Object, Object> converted = new LinkedHashMap<>();
            entries.forEach((k, v) -> converted.put(byContent(k), byContent(v)));
            return converted;
        }
        if (key instanceof Tagged tagged) {
            return new Tagged(tagged.tag(), byContent(tagged.value()));
        }
        return key;
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

    /** A key for an error message, in CBOR diagnostic notation (text quoted, bytes as h'..'), cut to 64 characters. */
    private static String describeKey(Object key) {
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

    private static boolean atBreak(CborInput in) {
        int next = in.peekOrEnd();
        if (next < 0) {
            throw in.error("an item or a break, but " + in.ends());
        }
        if (next == CborInput.BREAK) {
            in.position++;
            return true;
        }
        return false;
    }

    private static Object integer(boolean negative, long argument) {
        if (argument >= 0) {
            return negative ? ~argument : argument;
        }
        BigInteger unsigned = BigInteger.valueOf(argument).add(TWO_64);
        return negative ? unsigned.not() : unsigned;
    }

    private static byte[] stringBytes(CborInput in, int major, boolean indefinite) {
        if (!indefinite) {
            int length = in.stringLength();
            return in.take(length);
        }
        Bytes joined = Bytes.elastic(64);
        while (!atBreak(in)) {
            in.head();
            if (in.major != major || in.info == CborInput.INDEFINITE) {
                throw in.error("a definite-length chunk of the same string type");
            }
            int length = in.stringLength();
            if (length > in.limits.maxTextBytes() - joined.writePosition()) {
                throw in.error("a string within ReadLimits.maxTextBytes " + in.limits.maxTextBytes());
            }
            joined.write(in.bytes, in.position, length);
            in.position += length;
        }
        return joined.toByteArray();
    }

    private static Object tagged(CborInput in, long tag, int depth, int start) {
        Object content = read(in, depth + 1);
        if (tag == 27 && content instanceof List<?> pair && pair.size() == 2 && pair.get(0) instanceof String alias) {
            return new Tagged(alias, pair.get(1));
        }
        if ((tag == 2 || tag == 3) && content instanceof byte[] magnitude) {
            BigInteger value = new BigInteger(1, magnitude);
            return tag == 2 ? value : value.not();
        }
        if (tag == 4 && content instanceof List<?> pair && pair.size() == 2 && pair.get(0) instanceof Long exponent) {
            Object mantissa = pair.get(1);
            BigInteger unscaled = mantissa instanceof BigInteger big ? big
                    : mantissa instanceof Long small ? BigInteger.valueOf(small) : null;
            if (unscaled != null && exponent >= Integer.MIN_VALUE + 1 && exponent <= Integer.MAX_VALUE) {
                return new BigDecimal(unscaled, (int) -exponent);
            }
            throw in.error(start, "a decimal fraction [exponent, mantissa]");
        }
        return content;
    }

    private static Object simple(CborInput in, int start) {
        return switch (in.info) {
            case 20 -> Boolean.FALSE;
            case 21 -> Boolean.TRUE;
            case 22, 23 -> null;
            case 25 -> (double) HalfFloat.toFloat((int) in.argument);
            case 26 -> (double) Float.intBitsToFloat((int) in.argument);
            case 27 -> Double.longBitsToDouble(in.argument);
            case CborInput.INDEFINITE -> throw in.error(start, "a data item, found an unexpected break");
            default -> throw in.error(start, "a value with a Java equivalent, found the simple value " + in.argument);
        };
    }

    /**
     * Writes {@code value} as one CBOR item; containers get definite lengths, as their sizes are
     * known here.
     *
     * @throws IllegalArgumentException for a type with no CBOR form or nesting past {@link #MAX_WRITE_DEPTH}
     * @throws WireException for a map with two keys of the same encoding (at the second key's offset
     *         in the output), which CBOR cannot express as one map
     */
    static void write(Bytes bytes, Object value, int depth) {
        if (depth > MAX_WRITE_DEPTH) {
            throw new IllegalArgumentException("values nested deeper than " + MAX_WRITE_DEPTH + ": is there a cycle?");
        }
        if (value == null) {
            bytes.writeInt8(0xF6);
        } else if (value instanceof Boolean b) {
            bytes.writeInt8(b ? 0xF5 : 0xF4);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            CborOutput.integer(bytes, ((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            writeBigInteger(bytes, big);
        } else if (value instanceof Float f) {
            CborOutput.float32(bytes, f);
        } else if (value instanceof Double d) {
            CborOutput.float64(bytes, d);
        } else if (value instanceof BigDecimal decimal) {
            bytes.writeInt8(0xC4).writeInt8(0x82);
            CborOutput.integer(bytes, -(long) decimal.scale());
            writeBigInteger(bytes, decimal.unscaledValue());
        } else if (value instanceof CharSequence || value instanceof Character || value instanceof Enum<?>) {
            CborOutput.text(bytes, value instanceof Enum<?> e ? e.name() : value.toString());
        } else if (value instanceof byte[] data) {
            CborOutput.byteString(bytes, data, 0, data.length);
        } else if (value instanceof Tagged tagged) {
            bytes.writeInt8(0xD8).writeInt8(27).writeInt8(0x82);
            CborOutput.text(bytes, tagged.tag());
            write(bytes, tagged.value(), depth + 1);
        } else if (value instanceof Map<?, ?> map) {
            CborOutput.head(bytes, CborInput.MAP, map.size());
            Set<ByteStringKey> encodedKeys = map.size() > 1 ? new HashSet<>() : null;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                int keyStart = bytes.writePosition();
                write(bytes, entry.getKey(), depth + 1);
                if (encodedKeys != null) {
                    byte[] encoded = new byte[bytes.writePosition() - keyStart];
                    bytes.copyTo(keyStart, encoded, 0, encoded.length);
                    if (!encodedKeys.add(new ByteStringKey(encoded))) {
                        throw new WireException(CborWireReader.WIRE, keyStart, "a map whose keys differ in CBOR, found "
                                + describeKey(entry.getKey()) + " written twice");
                    }
                }
                write(bytes, entry.getValue(), depth + 1);
            }
        } else if (value instanceof Collection<?> items) {
            CborOutput.head(bytes, CborInput.ARRAY, items.size());
            for (Object item : items) {
                write(bytes, item, depth + 1);
            }
        } else if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            CborOutput.head(bytes, CborInput.ARRAY, length);
            for (int i = 0; i < length; i++) {
                write(bytes, Array.get(value, i), depth + 1);
            }
        } else {
            throw new IllegalArgumentException("no CBOR form for " + value.getClass().getName());
        }
    }

    private static void writeBigInteger(Bytes bytes, BigInteger value) {
        if (value.bitLength() < 64) {
            CborOutput.integer(bytes, value.longValue());
            return;
        }
        boolean negative = value.signum() < 0;
        byte[] magnitude = (negative ? value.not() : value).toByteArray();
        int skip = magnitude[0] == 0 ? 1 : 0;
        bytes.writeInt8(negative ? 0xC3 : 0xC2);
        CborOutput.byteString(bytes, magnitude, skip, magnitude.length - skip);
    }
}
