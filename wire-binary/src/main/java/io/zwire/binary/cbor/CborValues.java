package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.NumberedTag;
import io.zwire.SimpleValue;
import io.zwire.Tagged;
import io.zwire.WireException;
import io.zwire.internal.ValueKeys;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CBOR to and from plain Java values ({@link io.zwire.Wire#readValue}): maps, lists, strings,
 * {@code Long}/{@code BigInteger}, {@code Double}/{@code BigDecimal}, booleans, byte arrays,
 * {@link Tagged} (tag 27), {@link NumberedTag} (any other tag but the bignums, decimal fractions
 * and the self-describe tag), {@link SimpleValue} ({@code undefined} and the unassigned simple
 * values) and null. Every item reads to a value that writes back as the same item, or as its
 * preferred serialization (RFC 8949 section 4.1): integers and floats in their shortest form, a
 * NaN in the shortest width that keeps its payload and sign, a bignum that fits in 64 bits as an
 * integer. Recursive, with the depth bounded by
 * {@link io.zwire.ReadLimits#maxDepth} on input and by {@link #MAX_WRITE_DEPTH} on output (so a
 * cyclic structure fails cleanly), and keys that are arrays, maps or tagged items by
 * {@link io.zwire.ReadLimits#maxComplexKeys} per map. Allocates freely: this is the tools path.
 *
 * <p>Keys are read as the values they are: a byte-string key is a {@code byte[]} key (a map
 * holding one has no JSON form), never text. Two keys of one map that denote one value
 * ({@link io.zwire.internal.ValueKeys}: byte strings by content, the integer 1 and the bignum 1) are a
 * {@link io.zwire.WireException} naming the key and its offset, as RFC 8949 calls such a map
 * invalid and a last-wins read would drop a value silently. Writing refuses a map
 * whose keys encode to the same CBOR bytes (two {@code byte[]} keys of equal content, an
 * {@code Integer} and a {@code Long} of one value).
 */
final class CborValues {
    /** Deepest structure {@link #write} accepts. */
    static final int MAX_WRITE_DEPTH = 1000;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    /** RFC 8949 tags read as Java values of their own; any other tag is a {@link NumberedTag}. */
    private static final long BIGNUM = 2;
    private static final long NEGATIVE_BIGNUM = 3;
    private static final long DECIMAL_FRACTION = 4;
    private static final long SELF_DESCRIBED = 55799;
    /** Simple values below this are in the initial byte; 0xf8 followed by one of them is not well formed. */
    private static final int FIRST_ONE_BYTE_SIMPLE = 32;

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
                Set<Object> normalKeys = new HashSet<>();
                for (int i = 0; indefinite ? !atBreak(in) : i < count; i++) {
                    int keyStart = in.position;
                    Object key = read(in, depth + 1);
                    if ((key instanceof Collection<?> || key instanceof Map<?, ?> || key instanceof Tagged || key instanceof NumberedTag)
                            && ++complexKeys > in.limits.maxComplexKeys()) {
                        throw in.error(keyStart, "no more array, map or tagged keys in one map than ReadLimits.maxComplexKeys "
                                + in.limits.maxComplexKeys());
                    }
                    if (!normalKeys.add(ValueKeys.normal(key))) {
                        throw in.error(keyStart, "keys that differ within one map, found " + ValueKeys.describe(key) + " again");
                    }
                    if (map.containsKey(key)) {
                        // Only NaNs get here: their bits tell them apart, but Double.equals makes every NaN one map key.
                        throw in.error(keyStart, "keys a Java map holds apart, found a NaN key with other payload bits after "
                                + "another NaN key");
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

    /**
     * The value of a tag: a bignum as the integer it is (a bignum whose content is not a byte
     * string is refused, RFC 8949 allows no other), a decimal fraction as a
     * {@code BigDecimal}, a typed object as a {@link Tagged}, the self-describe tag as its content
     * (it marks the stream, not the value), any other tag as a {@link NumberedTag}, so that it
     * reaches the output with its number or is refused there.
     */
    private static Object tagged(CborInput in, long tag, int depth, int start) {
        Object content = read(in, depth + 1);
        if (tag == CborInput.OBJECT_TAG && content instanceof List<?> pair && pair.size() == 2 && pair.get(0) instanceof String alias) {
            return new Tagged(alias, pair.get(1));
        }
        if (tag == BIGNUM || tag == NEGATIVE_BIGNUM) {
            if (!(content instanceof byte[] magnitude)) {
                throw in.error(start, "a byte string as the content of bignum tag " + tag + " (RFC 8949 section 3.4.3)");
            }
            BigInteger value = new BigInteger(1, magnitude);
            return ValueKeys.integer(tag == BIGNUM ? value : value.not());
        }
        if (tag == DECIMAL_FRACTION && content instanceof List<?> pair && pair.size() == 2 && pair.get(0) instanceof Long exponent
                && (pair.get(1) instanceof Long || pair.get(1) instanceof BigInteger)) {
            if (exponent < Integer.MIN_VALUE + 1 || exponent > Integer.MAX_VALUE) {
                throw in.error(start, "a decimal fraction whose exponent BigDecimal can hold (a 32-bit int), found exponent "
                        + exponent);
            }
            Object mantissa = pair.get(1);
            BigInteger unscaled = mantissa instanceof BigInteger big ? big : BigInteger.valueOf((Long) mantissa);
            return new BigDecimal(unscaled, (int) -exponent);
        }
        if (tag == SELF_DESCRIBED) {
            return content;
        }
        return new NumberedTag(tag, content);
    }

    /** A major type 7 item: a boolean, null, a simple value with no Java equivalent, or a float widened to a double bit for bit. */
    private static Object simple(CborInput in, int start) {
        return switch (in.info) {
            case 20 -> Boolean.FALSE;
            case 21 -> Boolean.TRUE;
            case 22 -> null;
            case 24 -> {
                if (in.argument < FIRST_ONE_BYTE_SIMPLE) {
                    throw in.error(start, "a simple value of " + FIRST_ONE_BYTE_SIMPLE
                            + " or more after 0xf8 (RFC 8949 section 3.3), found " + in.argument);
                }
                yield new SimpleValue((int) in.argument);
            }
            case 25 -> FloatWidening.halfToDouble((int) in.argument);
            case 26 -> FloatWidening.floatToDouble((int) in.argument);
            case 27 -> Double.longBitsToDouble(in.argument);
            case CborInput.INDEFINITE -> throw in.error(start, "a data item, found an unexpected break");
            default -> in.info == SimpleValue.UNDEFINED.value() ? SimpleValue.UNDEFINED : new SimpleValue(in.info);
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
        } else if (value instanceof NumberedTag tagged) {
            CborOutput.head(bytes, CborInput.TAG, tagged.number());
            write(bytes, tagged.value(), depth + 1);
        } else if (value instanceof SimpleValue simple) {
            CborOutput.head(bytes, CborInput.SIMPLE, simple.value());
        } else if (value instanceof Tagged tagged) {
            bytes.writeInt8(0xD8).writeInt8(27).writeInt8(0x82);
            CborOutput.text(bytes, tagged.tag());
            write(bytes, tagged.value(), depth + 1);
        } else if (value instanceof Map<?, ?> map) {
            CborOutput.head(bytes, CborInput.MAP, map.size());
            Set<Object> encodedKeys = map.size() > 1 ? new HashSet<>() : null;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                int keyStart = bytes.writePosition();
                write(bytes, entry.getKey(), depth + 1);
                if (encodedKeys != null) {
                    byte[] encoded = new byte[bytes.writePosition() - keyStart];
                    bytes.copyTo(keyStart, encoded, 0, encoded.length);
                    if (!encodedKeys.add(ValueKeys.normal(encoded))) {
                        throw new WireException(CborWireReader.WIRE, keyStart, "a map whose keys differ in CBOR, found "
                                + ValueKeys.describe(entry.getKey()) + " written twice");
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

    /** An integer as major type 0 or 1 when its argument fits in 64 bits (RFC 8949's preferred form), else as a bignum. */
    private static void writeBigInteger(Bytes bytes, BigInteger value) {
        boolean negative = value.signum() < 0;
        BigInteger argument = negative ? value.not() : value;
        if (argument.bitLength() <= Long.SIZE) {
            CborOutput.head(bytes, negative ? CborInput.NEGATIVE : CborInput.UNSIGNED, argument.longValue());
            return;
        }
        byte[] magnitude = argument.toByteArray();
        int skip = magnitude[0] == 0 ? 1 : 0;
        bytes.writeInt8(negative ? 0xC3 : 0xC2);
        CborOutput.byteString(bytes, magnitude, skip, magnitude.length - skip);
    }
}
