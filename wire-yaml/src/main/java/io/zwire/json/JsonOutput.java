package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.internal.BytesAccess;
import io.zwire.text.number.DoubleToDecimal;
import io.zwire.text.number.LongToDecimal;

import java.nio.charset.StandardCharsets;

/**
 * The tokens of JSON output, appended to a {@link Bytes}: keys, numbers, strings with escaping,
 * base64, literals. Structure (commas between values, brackets) is the callers' job.
 *
 * <p>When a heap buffer already has room for the longest form of a token, the token is written
 * straight into its backing array and the write position moved once; otherwise (a buffer-backed
 * instance, or an elastic one about to grow, or a fixed one nearly full) it goes through the
 * checked {@link Bytes} writes, so a fixed buffer fails exactly when the document does not fit.
 * Allocates nothing (except when an elastic buffer grows).
 */
final class JsonOutput {
    static final byte[] NAN = ascii("\"NaN\"");
    static final byte[] POSITIVE_INFINITY = ascii("\"Infinity\"");
    static final byte[] NEGATIVE_INFINITY = ascii("\"-Infinity\"");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");
    private static final byte[] HEX = ascii("0123456789ABCDEF");
    /** Bytes of input base64-encoded per chunk on the checked path: 48 bytes make 64 characters. */
    private static final int BASE64_CHUNK = 48;

    private final Bytes bytes;
    private final PlainNames plainNames = new PlainNames();
    /** Room for the longest number, or a base64 chunk, on the checked path. */
    private final byte[] scratch = new byte[64];

    JsonOutput(Bytes bytes) {
        this.bytes = bytes;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The backing array if a heap buffer has {@code length} bytes of room now, else null. */
    private byte[] room(int length) {
        byte[] array = BytesAccess.array(bytes);
        return array != null && bytes.writeRemaining() >= length ? array : null;
    }

    void raw(int b) {
        bytes.writeInt8(b);
    }

    void raw(byte[] token) {
        bytes.write(token, 0, token.length);
    }

    /** Writes an optional comma, then {@code "name":}. */
    void key(Field field, boolean comma) {
        if (!plainNames.isPlain(field)) {
            if (comma) {
                raw(',');
            }
            string(field.name(), false);
            raw(':');
            return;
        }
        byte[] a = room(field.nameLength() + 4);
        if (a == null) {
            if (comma) {
                raw(',');
            }
            raw('"');
            bytes.writeName(field);
            raw('"');
            raw(':');
            return;
        }
        int p = bytes.writePosition();
        if (comma) {
            a[p++] = ',';
        }
        a[p] = '"';
        bytes.writePosition(p + 1);
        bytes.writeName(field);
        p = bytes.writePosition();
        a[p] = '"';
        a[p + 1] = ':';
        bytes.writePosition(p + 2);
    }

    /** Writes {@code "@alias":}; aliases are ASCII letters, digits, '.', '_' and '-' only (see TypeRegistry). */
    void typeKey(String alias) {
        raw('"');
        raw('@');
        bytes.writeUtf8(alias);
        raw('"');
        raw(':');
    }

    void integer(long value) {
        byte[] a = room(LongToDecimal.MAX_LONG_LENGTH);
        if (a != null) {
            bytes.writePosition(LongToDecimal.writeLong(value, a, bytes.writePosition()));
        } else {
            bytes.write(scratch, 0, LongToDecimal.writeLong(value, scratch, 0));
        }
    }

    /** The shortest decimal that reads back as {@code value}; NaN and the infinities as strings. */
    void float64(double value) {
        if (!Double.isFinite(value)) {
            raw(Double.isNaN(value) ? NAN : value > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY);
            return;
        }
        byte[] a = room(DoubleToDecimal.MAX_DOUBLE_LENGTH);
        if (a != null) {
            bytes.writePosition(DoubleToDecimal.writeDouble(value, a, bytes.writePosition()));
        } else {
            bytes.write(scratch, 0, DoubleToDecimal.writeDouble(value, scratch, 0));
        }
    }

    /** As {@link #float64}, with the shortest decimal that reads back as the same float. */
    void float32(float value) {
        if (!Float.isFinite(value)) {
            raw(Float.isNaN(value) ? NAN : value > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY);
            return;
        }
        byte[] a = room(DoubleToDecimal.MAX_FLOAT_LENGTH);
        if (a != null) {
            bytes.writePosition(DoubleToDecimal.writeFloat(value, a, bytes.writePosition()));
        } else {
            bytes.write(scratch, 0, DoubleToDecimal.writeFloat(value, scratch, 0));
        }
    }

    void bool(boolean value) {
        raw(value ? TRUE : FALSE);
    }

    void nullValue() {
        raw(NULL);
    }

    /**
     * Writes {@code value} as a JSON string: UTF-8, with {@code "} and {@code \} escaped, control
     * characters as {@code \n}-style or <code>&#92;u00XX</code> escapes. An unpaired surrogate is written as
     * {@code ?} when {@code keepSurrogates} is false (the rule for text, as in
     * {@link Bytes#writeUtf8}), or as its <code>&#92;uXXXX</code> escape when true (for a char16).
     */
    void string(CharSequence value, boolean keepSurrogates) {
        int length = value.length();
        int i = 0;
        byte[] a = room(length + 2);
        if (a != null) {
            // ASCII that needs no escaping goes straight into the array: the common case.
            int p = bytes.writePosition();
            a[p++] = '"';
            for (; i < length; i++) {
                char c = value.charAt(i);
                if (c >= 0x80 || c < ' ' || c == '"' || c == '\\') {
                    break;
                }
                a[p++] = (byte) c;
            }
            if (i == length) {
                a[p] = '"';
                bytes.writePosition(p + 1);
                return;
            }
            bytes.writePosition(p);
        } else {
            raw('"');
        }
        stringSlow(value, i, keepSurrogates);
        raw('"');
    }

    private void stringSlow(CharSequence value, int from, boolean keepSurrogates) {
        final int length = value.length();
        for (int i = from; i < length; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                if (c >= ' ' && c != '"' && c != '\\') {
                    raw(c);
                } else {
                    escape(c);
                }
            } else if (c < 0x800) {
                raw(0xC0 | c >> 6);
                raw(0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                raw(0xE0 | c >> 12);
                raw(0x80 | c >> 6 & 0x3F);
                raw(0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(value.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                raw(0xF0 | codePoint >> 18);
                raw(0x80 | codePoint >> 12 & 0x3F);
                raw(0x80 | codePoint >> 6 & 0x3F);
                raw(0x80 | codePoint & 0x3F);
            } else if (keepSurrogates) {
                unicodeEscape(c);
            } else {
                raw('?');
            }
        }
    }

    private void escape(char c) {
        switch (c) {
            case '"' -> {
                raw('\\');
                raw('"');
            }
            case '\\' -> {
                raw('\\');
                raw('\\');
            }
            case '\n' -> {
                raw('\\');
                raw('n');
            }
            case '\r' -> {
                raw('\\');
                raw('r');
            }
            case '\t' -> {
                raw('\\');
                raw('t');
            }
            case '\b' -> {
                raw('\\');
                raw('b');
            }
            case '\f' -> {
                raw('\\');
                raw('f');
            }
            default -> unicodeEscape(c);
        }
    }

    private void unicodeEscape(char c) {
        raw('\\');
        raw('u');
        raw(HEX[c >> 12]);
        raw(HEX[c >> 8 & 0xF]);
        raw(HEX[c >> 4 & 0xF]);
        raw(HEX[c & 0xF]);
    }

    /** Writes {@code "..."} holding one UTF-16 unit; an unpaired surrogate as its escape. */
    void char16(char value) {
        if (value >= ' ' && value < 0x80 && value != '"' && value != '\\') {
            byte[] a = room(3);
            if (a != null) {
                int p = bytes.writePosition();
                a[p] = '"';
                a[p + 1] = (byte) value;
                a[p + 2] = '"';
                bytes.writePosition(p + 3);
                return;
            }
        }
        raw('"');
        if (value < 0x80 && value >= ' ' && value != '"' && value != '\\') {
            raw(value);
        } else if (value < 0x80) {
            escape(value);
        } else if (Character.isSurrogate(value)) {
            unicodeEscape(value);
        } else if (value < 0x800) {
            raw(0xC0 | value >> 6);
            raw(0x80 | value & 0x3F);
        } else {
            raw(0xE0 | value >> 12);
            raw(0x80 | value >> 6 & 0x3F);
            raw(0x80 | value & 0x3F);
        }
        raw('"');
    }

    /** Writes the bytes as a base64 string (standard alphabet, padded). */
    void base64(byte[] value, int offset, int length) {
        int encoded = Base64Text.encodedLength(length);
        byte[] a = room(encoded + 2);
        if (a != null) {
            int p = bytes.writePosition();
            a[p] = '"';
            p = Base64Text.encode(value, offset, length, a, p + 1);
            a[p] = '"';
            bytes.writePosition(p + 1);
            return;
        }
        raw('"');
        for (int done = 0; done < length; done += BASE64_CHUNK) {
            int chunk = Math.min(BASE64_CHUNK, length - done);
            bytes.write(scratch, 0, Base64Text.encode(value, offset + done, chunk, scratch, 0));
        }
        raw('"');
    }
}
