package io.zwire.yaml.parse;

import io.zwire.text.number.DecimalToDouble;

/**
 * The YAML 1.2 core schema's reading of plain scalars, on byte ranges and without allocating:
 * {@code null}, booleans ({@code true}, {@code True}, {@code TRUE} and the same for false),
 * integers (decimal with an optional sign, {@code 0o} octal, {@code 0x} hexadecimal) and floats
 * (decimal with optional fraction and exponent, {@code .inf}, {@code -.inf}, {@code .nan} in their
 * three capitalisations). Numbers are parsed by {@code io.zwire.text.number}.
 */
public final class CoreSchema {
    /** What a plain scalar resolves to. */
    public static final int NULL = 0;
    public static final int BOOL = 1;
    public static final int INT = 2;
    public static final int FLOAT = 3;
    public static final int STRING = 4;

    private CoreSchema() {
    }

    /** The type the core schema gives the plain scalar {@code data[start, end)}. */
    public static int resolve(byte[] data, int start, int end) {
        if (TextValues.isNull(data, start, end)) {
            return NULL;
        }
        int first = data[start];
        if (first >= '0' && first <= '9' || first == '-' || first == '+' || first == '.') {
            if (isInteger(data, start, end)) {
                return INT;
            }
            if (isFloat(data, start, end)) {
                return FLOAT;
            }
            return STRING;
        }
        return bool(data, start, end) >= 0 ? BOOL : STRING;
    }

    /** 1 for true, 0 for false, -1 for anything else. */
    public static int bool(byte[] data, int start, int end) {
        int length = end - start;
        if (length == 4 && matches(data, start, "true", "True", "TRUE")) {
            return 1;
        }
        if (length == 5 && matches(data, start, "false", "False", "FALSE")) {
            return 0;
        }
        return -1;
    }

    private static boolean matches(byte[] data, int start, String lower, String capital, String upper) {
        return equalsAscii(data, start, lower) || equalsAscii(data, start, capital) || equalsAscii(data, start, upper);
    }

    private static boolean equalsAscii(byte[] data, int start, String text) {
        for (int i = 0; i < text.length(); i++) {
            if (data[start + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the range is a core-schema integer. */
    public static boolean isInteger(byte[] data, int start, int end) {
        int p = start;
        if (end - p > 2 && data[p] == '0' && (data[p + 1] == 'x' || data[p + 1] == 'o')) {
            int radix = data[p + 1] == 'x' ? 16 : 8;
            for (p += 2; p < end; p++) {
                if (Character.digit(data[p], radix) < 0) {
                    return false;
                }
            }
            return true;
        }
        if (p < end && (data[p] == '-' || data[p] == '+')) {
            p++;
        }
        if (p == end) {
            return false;
        }
        for (; p < end; p++) {
            if (data[p] < '0' || data[p] > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * The core-schema integer in the range.
     *
     * @throws NumberFormatException if it is not one, or does not fit a long (hexadecimal and
     *         octal up to 64 bits, read as unsigned)
     */
    public static long parseInteger(byte[] data, int start, int end) {
        if (end - start > 2 && data[start] == '0' && (data[start + 1] == 'x' || data[start + 1] == 'o')) {
            return DecimalToDouble.parseLong(data, start + 2, end - start - 2, data[start + 1] == 'x' ? 16 : 8);
        }
        return DecimalToDouble.parseLong(data, start, end - start);
    }

    /** Whether the range is a core-schema float (not an integer). */
    public static boolean isFloat(byte[] data, int start, int end) {
        if (special(data, start, end) != 0) {
            return true;
        }
        int p = start;
        if (p < end && (data[p] == '-' || data[p] == '+')) {
            p++;
        }
        int digits = 0;
        while (p < end && data[p] >= '0' && data[p] <= '9') {
            p++;
            digits++;
        }
        if (p < end && data[p] == '.') {
            p++;
            while (p < end && data[p] >= '0' && data[p] <= '9') {
                p++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (p < end && (data[p] == 'e' || data[p] == 'E')) {
            p++;
            if (p < end && (data[p] == '-' || data[p] == '+')) {
                p++;
            }
            int exponent = p;
            while (p < end && data[p] >= '0' && data[p] <= '9') {
                p++;
            }
            if (p == exponent) {
                return false;
            }
        }
        return p == end;
    }

    /**
     * The core-schema float (or integer) in the range, correctly rounded.
     *
     * @throws NumberFormatException if it is neither
     */
    public static double parseFloat(byte[] data, int start, int end) {
        int special = special(data, start, end);
        if (special != 0) {
            return special == 2 ? Double.NaN : special == 1 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        if (end - start > 2 && data[start] == '0' && (data[start + 1] == 'x' || data[start + 1] == 'o')) {
            return parseInteger(data, start, end);
        }
        return DecimalToDouble.parseDouble(data, start, end - start);
    }

    /** As {@link #parseFloat}, rounded once to a float. */
    public static float parseFloat32(byte[] data, int start, int end) {
        int special = special(data, start, end);
        if (special != 0) {
            return special == 2 ? Float.NaN : special == 1 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
        }
        if (end - start > 2 && data[start] == '0' && (data[start + 1] == 'x' || data[start + 1] == 'o')) {
            return parseInteger(data, start, end);
        }
        return DecimalToDouble.parseFloat(data, start, end - start);
    }

    /** 1 for +infinity, -1 for -infinity, 2 for NaN, 0 otherwise. */
    private static int special(byte[] data, int start, int end) {
        int length = end - start;
        int p = start;
        int sign = 1;
        if (length == 5 && (data[p] == '-' || data[p] == '+')) {
            sign = data[p] == '-' ? -1 : 1;
            p++;
            length--;
        }
        if (length != 4 || data[p] != '.') {
            return 0;
        }
        if (matches(data, p + 1, "inf", "Inf", "INF")) {
            return sign;
        }
        if (p == start && matches(data, p + 1, "nan", "NaN", "NAN")) {
            return 2;
        }
        return 0;
    }
}
