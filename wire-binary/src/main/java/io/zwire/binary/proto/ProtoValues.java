package io.zwire.binary.proto;

import io.zwire.WireException;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.zwire.binary.proto.ProtoLayout.EGROUP;
import static io.zwire.binary.proto.ProtoLayout.I32;
import static io.zwire.binary.proto.ProtoLayout.I64;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.SGROUP;
import static io.zwire.binary.proto.ProtoLayout.VARINT;

/**
 * A NUMBERED document as plain Java values ({@link io.zwire.Wire#readValue}), without a schema,
 * the way {@code protoc --decode_raw} reads one: the encoding says only how long each value is,
 * not what it means, so each is given its raw interpretation.
 *
 * <ul>
 *   <li>A message is a {@code Map<Long, Object>} from field number to value, in first-seen order;
 *       a number that occurs more than once maps to a {@code List} of its values.</li>
 *   <li>A varint is its unsigned value: a {@code Long}, or a {@code BigInteger} from 2<sup>63</sup>.
 *       zwire's signed integers are zig-zag encoded ({@code sint32}/{@code sint64}), so they show
 *       as {@code 2n} for {@code n >= 0} and {@code -2n - 1} for {@code n < 0}.</li>
 *   <li>fixed64 and fixed32 are {@code Double}s, the float64 and float32 zwire writes there.</li>
 *   <li>A length-delimited value is a {@code String} when it is UTF-8 without control characters
 *       (tab, line feed and carriage return aside), else a {@code Map} when it parses as a message
 *       to its last byte, else a {@code byte[]}. That is a guess: a packed run shows as bytes, and
 *       a short message of printable bytes would show as text.</li>
 *   <li>A group is a {@code Map} of its fields.</li>
 * </ul>
 *
 * Recursive, with the depth bounded by {@link io.zwire.ReadLimits#maxDepth}. Allocates freely:
 * this is the tools path.
 */
final class ProtoValues {
    private ProtoValues() {
    }

    /** Reads the body of a document, from the position to {@code end}, to which the input is limited. */
    static Map<Long, Object> readBody(ProtoInput in, int end) {
        return message(in, end, 0);
    }

    private static Map<Long, Object> message(ProtoInput in, int end, int depth) {
        if (depth > in.limits.maxDepth()) {
            throw in.error("nesting no deeper than ReadLimits.maxDepth " + in.limits.maxDepth());
        }
        Map<Long, List<Object>> fields = new LinkedHashMap<>();
        while (in.position < end) {
            int tagStart = in.position;
            int tag = in.tag();
            if ((tag & 7) == EGROUP) {
                throw in.endGroupOutside(tagStart, tag >>> 3);
            }
            Object value = value(in, tag, depth);
            if (in.position > end) {
                throw in.error(tagStart, "a field within its message, which ends at offset " + end);
            }
            fields.computeIfAbsent((long) (tag >>> 3), number -> new ArrayList<>(1)).add(value);
        }
        return unwrapSingles(fields);
    }

    private static Object value(ProtoInput in, int tag, int depth) {
        return switch (tag & 7) {
            case VARINT -> unsigned(in.varint());
            case I64 -> Double.longBitsToDouble(in.fixed64());
            case I32 -> (double) Float.intBitsToFloat(in.fixed32());
            case LEN -> lengthDelimited(in, depth);
            case SGROUP -> group(in, tag >>> 3, depth);
            default -> throw in.error("a field value, found " + ProtoLayout.describe(tag & 7));
        };
    }

    private static Map<Long, Object> unwrapSingles(Map<Long, List<Object>> fields) {
        Map<Long, Object> message = new LinkedHashMap<>();
        fields.forEach((number, values) -> message.put(number, values.size() == 1 ? values.get(0) : values));
        return message;
    }

    private static Object unsigned(long value) {
        return value >= 0 ? (Object) value : BigInteger.valueOf(value).add(BigInteger.ONE.shiftLeft(64));
    }

    private static Object lengthDelimited(ProtoInput in, int depth) {
        int length = in.stringLength();
        int start = in.position;
        int end = start + length;
        StringBuilder text = new StringBuilder(length);
        switch (guess(in, start, end, text)) {
            case TEXT -> {
                in.position = end;
                return text.toString();
            }
            case MESSAGE -> {
                return message(in, end, depth + 1);
            }
            default -> {
                byte[] data = new byte[length];
                in.bytes.copyTo(start, data, 0, length);
                in.position = end;
                return data;
            }
        }
    }

    /** What a length-delimited value {@code [start, end)} most likely is, without a schema. */
    enum Guess {
        /** UTF-8 without control characters other than tab, line feed and carriage return (empty included). */
        TEXT,
        /** A well-formed message to its last byte. */
        MESSAGE,
        /** Neither: a packed run, or binary data. */
        BYTES
    }

    /**
     * Guesses what {@code [start, end)} is; for {@link Guess#TEXT} the text is left in
     * {@code text}. Leaves the position at {@code start}.
     */
    static Guess guess(ProtoInput in, int start, int end, StringBuilder text) {
        if (in.bytes.readUtf8(start, end - start, text) < 0 && printable(text)) {
            return Guess.TEXT;
        }
        int limit = in.limit;
        try {
            in.scan(start, end);
            return Guess.MESSAGE;
        } catch (WireException notAMessage) {
            return Guess.BYTES;
        } finally {
            in.limit = limit;
            in.position = start;
        }
    }

    private static boolean printable(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7F) {
                return false;
            }
        }
        return true;
    }

    private static Map<Long, Object> group(ProtoInput in, int number, int depth) {
        if (depth + 1 > in.limits.maxDepth()) {
            throw in.error("nesting no deeper than ReadLimits.maxDepth " + in.limits.maxDepth());
        }
        Map<Long, List<Object>> fields = new LinkedHashMap<>();
        while (true) {
            if (in.position >= in.limit) {
                throw in.error("the end-group tag of field " + number + ", but the input ends");
            }
            int tagStart = in.position;
            int tag = in.tag();
            if ((tag & 7) == EGROUP) {
                if (tag >>> 3 != number) {
                    throw in.error(tagStart, "the end-group tag of field " + number + ", found one for field " + (tag >>> 3));
                }
                return unwrapSingles(fields);
            }
            fields.computeIfAbsent((long) (tag >>> 3), n -> new ArrayList<>(1)).add(value(in, tag, depth + 1));
        }
    }
}
