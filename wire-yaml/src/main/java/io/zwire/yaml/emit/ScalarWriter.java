package io.zwire.yaml.emit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.internal.BytesAccess;
import io.zwire.text.number.DoubleToDecimal;
import io.zwire.text.number.LongToDecimal;

/**
 * Writes YAML scalars into a {@link Bytes}, allocating nothing: text plain when every YAML reader
 * (1.2 core or JSON schema, and 1.1 readers such as PyYAML and SnakeYAML 1.x) reads it back as
 * the same string, double-quoted with escapes otherwise; numbers in their shortest exact form.
 *
 * <p>Text is quoted when it is empty; starts with an indicator ({@code - ? : , [ ] { } # & * ! |
 * > ' " % @ `}), a blank, a digit, or a sign or dot before a digit or dot; ends with a blank;
 * holds {@code ": "}, {@code " #"}, a final {@code :}, a tab, a line break or any character that
 * is not printable or that YAML 1.1 treats as a line break (C0 and C1 controls, DEL, U+2028,
 * U+2029, U+FEFF, U+FFFE, U+FFFF, unpaired surrogates); or is a word some schema reads as
 * something else ({@code null}, {@code ~}, {@code true}, {@code yes}, {@code on}, {@code y},
 * {@code .inf}, {@code <<}, ... in each capitalisation YAML knows). Inside double quotes,
 * {@code "} and {@code \} are escaped, controls use their short escapes ({@code \n}, {@code \t},
 * {@code \0}, ...) or {@code \xNN}, and U+2028, U+2029, U+0085, U+FEFF, U+FFFE and U+FFFF their
 * YAML escapes; everything else is UTF-8 as is.
 */
public final class ScalarWriter {
    /** Scratch for numbers when the output is not backed by an array. */
    private final byte[] digits = new byte[32];

    // ------------------------------------------------------------------ text

    /**
     * Writes {@code text} plain or double-quoted. An unpaired surrogate is written as {@code ?},
     * as {@link io.zwire.spi.WireWriter#text} specifies.
     */
    public void text(Bytes out, CharSequence text) {
        if (plainSafe(text)) {
            out.writeUtf8(text);
        } else {
            doubleQuoted(out, text, false);
        }
    }

    /**
     * Writes one UTF-16 code unit as a one-character string; a lone surrogate becomes a
     * {@code \\uXXXX} escape, so it survives the round trip.
     */
    public void char16(Bytes out, char value) {
        if (value >= 'A' && value <= 'Z' && value != 'Y' && value != 'N' || value >= 'a' && value <= 'x' && value != 'n'
                || value == '_') {
            out.writeInt8(value);
            return;
        }
        out.writeInt8('"');
        escapedChar(out, value, value, true);
        out.writeInt8('"');
    }

    /** Writes the field's name as a mapping key (without the colon), quoted if it must be. */
    public void name(Bytes out, Field field) {
        int start = out.writePosition();
        out.writeName(field);
        if (!plainSafeAscii(out, start, out.writePosition())) {
            out.writePosition(start);
            text(out, field.name());
        }
    }

    /** Whether {@code text} can be written as a plain scalar that reads back as the same string. */
    static boolean plainSafe(CharSequence text) {
        int length = text.length();
        if (length == 0) {
            return false;
        }
        char first = text.charAt(0);
        if (first < 0x80 && !plainStart(first, length > 1 ? text.charAt(1) : 0) || text.charAt(length - 1) == ' ') {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7F) {
                if (c == ':' && (i + 1 == length || text.charAt(i + 1) == ' ') || c == '#' && text.charAt(i - 1) == ' ') {
                    return false;
                }
            } else if (c < 0xA0 || c == 0x2028 || c == 0x2029 || c == 0xFEFF || c >= 0xFFFE) {
                return false;
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == length || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
                i++;
            }
        }
        return !reserved(text);
    }

    /** Whether an ASCII first character (and the one after it) allows a plain scalar. */
    private static boolean plainStart(char first, char second) {
        switch (first) {
            case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', ' ':
                return false;
            case '+', '.':
                return !(second >= '0' && second <= '9' || second == '.');
            default:
                return !(first >= '0' && first <= '9') && first >= 0x20 && first != 0x7F;
        }
    }

    /** The fast check for field names: letters, digits and '_' only, not starting with a digit, not reserved. */
    private static boolean plainSafeAscii(Bytes out, int start, int end) {
        int first = out.readInt8At(start);
        if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z' || first == '_')) {
            return false;
        }
        for (int p = start + 1; p < end; p++) {
            int c = out.readInt8At(p);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return end - start > 5 || !reservedAscii(out, start, end);
    }

    private static final String[] RESERVED = {
        "null", "Null", "NULL", "~",
        "true", "True", "TRUE", "false", "False", "FALSE",
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
        ".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN", "<<", "=",
    };

    private static boolean reserved(CharSequence text) {
        if (text.length() > 5) {
            return false;
        }
        for (String word : RESERVED) {
            if (word.contentEquals(text)) {
                return true;
            }
        }
        return false;
    }

    private static boolean reservedAscii(Bytes out, int start, int end) {
        int length = end - start;
        for (String word : RESERVED) {
            if (word.length() == length) {
                boolean equal = true;
                for (int i = 0; i < length && equal; i++) {
                    equal = out.readInt8At(start + i) == word.charAt(i);
                }
                if (equal) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Writes {@code text} in double quotes with YAML escapes. */
    static void doubleQuoted(Bytes out, CharSequence text, boolean escapeLoneSurrogates) {
        out.writeInt8('"');
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                out.writeInt8(c);
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                out.writeInt8(0xF0 | cp >> 18).writeInt8(0x80 | cp >> 12 & 0x3F)
                        .writeInt8(0x80 | cp >> 6 & 0x3F).writeInt8(0x80 | cp & 0x3F);
            } else {
                escapedChar(out, c, escapeLoneSurrogates || !Character.isSurrogate(c) ? c : '?', escapeLoneSurrogates);
            }
        }
        out.writeInt8('"');
    }

    /** Writes one char inside double quotes: its escape, or its UTF-8. */
    private static void escapedChar(Bytes out, char original, char c, boolean escapeLoneSurrogates) {
        switch (c) {
            case '"' -> out.writeInt8('\\').writeInt8('"');
            case '\\' -> out.writeInt8('\\').writeInt8('\\');
            case 0 -> out.writeInt8('\\').writeInt8('0');
            case 7 -> out.writeInt8('\\').writeInt8('a');
            case 8 -> out.writeInt8('\\').writeInt8('b');
            case '\t' -> out.writeInt8('\\').writeInt8('t');
            case '\n' -> out.writeInt8('\\').writeInt8('n');
            case 11 -> out.writeInt8('\\').writeInt8('v');
            case 12 -> out.writeInt8('\\').writeInt8('f');
            case '\r' -> out.writeInt8('\\').writeInt8('r');
            case 27 -> out.writeInt8('\\').writeInt8('e');
            case 0x85 -> out.writeInt8('\\').writeInt8('N');
            case 0x2028 -> out.writeInt8('\\').writeInt8('L');
            case 0x2029 -> out.writeInt8('\\').writeInt8('P');
            default -> {
                if (c < 0x20 || c >= 0x7F && c < 0xA0) {
                    out.writeInt8('\\').writeInt8('x');
                    hex(out, c, 2);
                } else if (c == 0xFEFF || c >= 0xFFFE || escapeLoneSurrogates && Character.isSurrogate(original)) {
                    out.writeInt8('\\').writeInt8('u');
                    hex(out, c, 4);
                } else if (c < 0x80) {
                    out.writeInt8(c);
                } else if (c < 0x800) {
                    out.writeInt8(0xC0 | c >> 6).writeInt8(0x80 | c & 0x3F);
                } else {
                    out.writeInt8(0xE0 | c >> 12).writeInt8(0x80 | c >> 6 & 0x3F).writeInt8(0x80 | c & 0x3F);
                }
            }
        }
    }

    private static void hex(Bytes out, int value, int count) {
        for (int shift = (count - 1) * 4; shift >= 0; shift -= 4) {
            out.writeInt8(Character.toUpperCase(Character.forDigit(value >> shift & 0xF, 16)));
        }
    }

    // ------------------------------------------------------------------ numbers

    /** Writes a decimal integer. */
    public void int64(Bytes out, long value) {
        if (value >= 0 && value < 10) {
            out.writeInt8('0' + (int) value);
            return;
        }
        out.ensureWritable(LongToDecimal.MAX_LONG_LENGTH);
        byte[] array = BytesAccess.array(out);
        if (array != null) {
            out.writePosition(LongToDecimal.writeLong(value, array, out.writePosition()));
        } else {
            out.write(digits, 0, LongToDecimal.writeLong(value, digits, 0));
        }
    }

    /**
     * Writes a double in its shortest exact form, with a signed exponent ({@code 1.0E+21}) so
     * YAML 1.1 readers see a float too; {@code .nan}, {@code .inf} and {@code -.inf} for the
     * values decimals cannot spell.
     */
    public void float64(Bytes out, double value) {
        if (!Double.isFinite(value)) {
            special(out, Double.isNaN(value), value < 0);
            return;
        }
        out.ensureWritable(DoubleToDecimal.MAX_DOUBLE_LENGTH + 1);
        byte[] array = BytesAccess.array(out);
        if (array != null) {
            int start = out.writePosition();
            out.writePosition(signExponent(array, start, DoubleToDecimal.writeDouble(value, array, start)));
        } else {
            out.write(digits, 0, signExponent(digits, 0, DoubleToDecimal.writeDouble(value, digits, 0)));
        }
    }

    /** As {@link #float64}, for the shortest text that reads back as the same float. */
    public void float32(Bytes out, float value) {
        if (!Float.isFinite(value)) {
            special(out, Float.isNaN(value), value < 0);
            return;
        }
        out.ensureWritable(DoubleToDecimal.MAX_FLOAT_LENGTH + 1);
        byte[] array = BytesAccess.array(out);
        if (array != null) {
            int start = out.writePosition();
            out.writePosition(signExponent(array, start, DoubleToDecimal.writeFloat(value, array, start)));
        } else {
            out.write(digits, 0, signExponent(digits, 0, DoubleToDecimal.writeFloat(value, digits, 0)));
        }
    }

    private static void special(Bytes out, boolean nan, boolean negative) {
        if (nan) {
            out.writeInt8('.').writeInt8('n').writeInt8('a').writeInt8('n');
            return;
        }
        if (negative) {
            out.writeInt8('-');
        }
        out.writeInt8('.').writeInt8('i').writeInt8('n').writeInt8('f');
    }

    /** Inserts '+' after an 'E' not followed by '-' in {@code a[start, end)}; returns the new end. */
    private static int signExponent(byte[] a, int start, int end) {
        for (int p = end - 2; p > start && p >= end - 4; p--) {
            if (a[p] == 'E') {
                if (a[p + 1] == '-') {
                    return end;
                }
                System.arraycopy(a, p + 1, a, p + 2, end - p - 1);
                a[p + 1] = '+';
                return end + 1;
            }
        }
        return end;
    }

    // ------------------------------------------------------------------ byte strings

    private static final byte[] BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Writes {@code !!binary} and the base64 text (RFC 4648, padded) of the bytes; {@code !!binary ""} when empty. */
    public void binary(Bytes out, byte[] value, int offset, int length) {
        out.writeInt8('!').writeInt8('!').writeInt8('b').writeInt8('i').writeInt8('n').writeInt8('a').writeInt8('r')
                .writeInt8('y').writeInt8(' ');
        if (length == 0) {
            out.writeInt8('"').writeInt8('"');
            return;
        }
        int end = offset + length;
        int p = offset;
        for (; p + 3 <= end; p += 3) {
            int bits = (value[p] & 0xFF) << 16 | (value[p + 1] & 0xFF) << 8 | value[p + 2] & 0xFF;
            out.writeInt8(BASE64[bits >>> 18]).writeInt8(BASE64[bits >>> 12 & 0x3F])
                    .writeInt8(BASE64[bits >>> 6 & 0x3F]).writeInt8(BASE64[bits & 0x3F]);
        }
        if (p < end) {
            int bits = (value[p] & 0xFF) << 16 | (p + 1 < end ? (value[p + 1] & 0xFF) << 8 : 0);
            out.writeInt8(BASE64[bits >>> 18]).writeInt8(BASE64[bits >>> 12 & 0x3F])
                    .writeInt8(p + 1 < end ? BASE64[bits >>> 6 & 0x3F] : '=').writeInt8('=');
        }
    }
}
