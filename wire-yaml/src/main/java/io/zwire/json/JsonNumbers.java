package io.zwire.json;

import io.zwire.internal.FloatRange;
import io.zwire.text.number.DecimalToDouble;
import io.zwire.text.number.PlainDecimal;

/**
 * Converts number tokens that {@link JsonInput#scanNumber()} validated (or number text found
 * inside a string) to {@code long}, {@code double} and {@code float} through the allocation-free
 * parsers of {@code io.zwire.text.number}. Those parse a {@code byte[]}: a heap buffer's array is
 * handed over as it is, a buffer-backed input's token is first copied into a reusable array
 * (which grows, once, for an unusually long number).
 */
final class JsonNumbers {
    private final JsonInput in;
    private byte[] copy = new byte[32];

    JsonNumbers(JsonInput in) {
        this.in = in;
    }

    /** The array holding {@code [start, end)} of the input at {@link #offset(int)}. */
    private byte[] source(int start, int end) {
        if (in.array != null) {
            return in.array;
        }
        int length = end - start;
        if (copy.length < length) {
            copy = new byte[Math.max(length, copy.length * 2)];
        }
        in.bytes.copyTo(start, copy, 0, length);
        return copy;
    }

    private int offset(int start) {
        return in.array != null ? start : 0;
    }

    /**
     * The decimal integer in {@code [start, end)} (an optional sign and digits).
     *
     * @throws NumberFormatException if it is outside the long range or not an integer
     */
    long parseLong(int start, int end) {
        return DecimalToDouble.parseLong(source(start, end), offset(start), end - start);
    }

    /**
     * The double nearest to the decimal in {@code [start, end)}, correctly rounded.
     *
     * @throws NumberFormatException if the text is not a decimal number
     */
    double parseDouble(int start, int end) {
        double value = DecimalToDouble.parseDouble(source(start, end), offset(start), end - start);
        return value == 0 && isInteger(start, end) ? 0.0 : value;
    }

    /** As {@link #parseDouble}, rounded once to a float. */
    float parseFloat(int start, int end) {
        float value = DecimalToDouble.parseFloat(source(start, end), offset(start), end - start);
        return value == 0 && isInteger(start, end) ? 0f : value;
    }

    /**
     * Whether the number has neither fraction nor exponent. Such a {@code -0} is the integer zero,
     * which has no sign: it reads as +0.0, as in YAML's core schema and in Jackson's and Python's
     * readings, so the same text gives the same value on both text wires; {@code -0.0} keeps its
     * sign. Asked only of a zero, so it stays off the common path.
     */
    private boolean isInteger(int start, int end) {
        byte[] source = source(start, end);
        int offset = offset(start);
        for (int i = offset; i < offset + end - start; i++) {
            byte c = source[i];
            if (c == '.' || c == 'e' || c == 'E') {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code range} refuses the decimal in {@code [start, end)} read as {@code read}. */
    boolean refuses(FloatRange range, double read, int start, int end) {
        int offset = offset(start);
        return range.refusesDecimal(read, source(start, end), offset, offset + end - start);
    }

    /** The plain value of the decimal in {@code [start, end)}, a Double or a BigDecimal ({@link PlainDecimal}). */
    Object plainDecimal(int start, int end) {
        int offset = offset(start);
        return PlainDecimal.of(source(start, end), offset, offset + end - start);
    }

    /** The ASCII text of {@code [start, end)}, for the rare conversions that need {@code BigDecimal}. Allocates. */
    String text(int start, int end) {
        byte[] source = source(start, end);
        return new String(source, offset(start), end - start, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
