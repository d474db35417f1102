package io.zwire.yaml.emit;

import io.zwire.text.scan.ByteWords;

/**
 * The YAML spelling of scalars, measured and then stored into a {@link TextOutput}: text plain
 * when every YAML reader (1.2 core or JSON schema, and 1.1 readers such as PyYAML and SnakeYAML
 * 1.x) reads it back as the same string, double-quoted with escapes otherwise. Measuring first
 * gives the exact size to {@link TextOutput#open(int)}. Allocates nothing.
 *
 * <p>Text is quoted when it is empty; starts with an indicator ({@code - ? : , [ ] { } # & * ! |
 * > ' " % @ `}), a blank, a digit, or a sign or dot before a digit or dot; ends with a blank;
 * holds {@code ": "}, {@code " #"}, a final {@code :}, a tab, a line break or any character that
 * is not printable or that YAML 1.1 treats as a line break (C0 and C1 controls, DEL, U+2028,
 * U+2029, U+FEFF, U+FFFE, U+FFFF, unpaired surrogates); or is a word some schema reads as
 * something else ({@code null}, {@code ~}, {@code true}, {@code yes}, {@code on}, {@code y},
 * {@code .inf}, {@code <<}, ... in each capitalisation YAML knows). Inside double quotes,
 * {@code "} and {@code \} are escaped, controls use their short escapes ({@code \n}, {@code \t},
 * {@code \0}, ...) or {@code \xNN}, U+0085 is {@code \N}, and U+2028, U+2029, U+FEFF, U+FFFE,
 * U+FFFF and unpaired surrogates (which have no UTF-8 form) are <code>&#92;uXXXX</code> (not YAML's {@code \L} and {@code \P}, which snakeyaml-engine does not
 * read); everything else is UTF-8 as is.
 */
public final class ScalarWriter {
    private ScalarWriter() {
    }

    // ------------------------------------------------------------------ measuring

    /**
     * The number of UTF-8 bytes of {@code text} as a plain scalar, or -1 if it must be quoted.
     */
    public static int plainLength(CharSequence text) {
        int length = text.length();
        if (length == 0) {
            return -1;
        }
        char first = text.charAt(0);
        if (first < 0x80 && !plainStart(first, length > 1 ? text.charAt(1) : 0) || text.charAt(length - 1) == ' ') {
            return -1;
        }
        int bytes = length;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7F) {
                if (c == ':' && (i + 1 == length || text.charAt(i + 1) == ' ') || c == '#' && text.charAt(i - 1) == ' ') {
                    return -1;
                }
            } else if (c < 0xA0 || c == 0x2028 || c == 0x2029 || c == 0xFEFF || c >= 0xFFFE) {
                return -1;
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == length || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return -1;
                }
                i++;
                bytes += 2;
            } else {
                bytes += c < 0x800 ? 1 : 2;
            }
        }
        return length > 5 || !reserved(text) ? bytes : -1;
    }

    /**
     * For text of at least six chars, all ASCII, already stored as {@code length} bytes of
     * {@code text}: true if it can stand plain and holds no ':' or '#' (with those, only
     * {@link #plainLength} can tell). Checked a word at a time: no control character or DEL, no
     * ':' or '#', then the first and last characters; six chars or more are never a reserved word.
     * Where this says true, {@link #plainLength} says plain too.
     */
    public static boolean plainAscii(byte[] text, int length) {
        if (length < 6 || text[length - 1] == ' ' || !plainStart((char) text[0], (char) text[1])) {
            return false;
        }
        int i = 0;
        for (; length - i >= 8; i += 8) {
            long w = ByteWords.word(text, i);
            if ((ByteWords.below(w, ' ') | ByteWords.above(w, '~') | ByteWords.equal(w, ':') | ByteWords.equal(w, '#')) != 0) {
                return false;
            }
        }
        for (; i < length; i++) {
            byte b = text[i];
            if (b < ' ' || b > '~' || b == ':' || b == '#') {
                return false;
            }
        }
        return true;
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

    /**
     * Whether {@code text} (at most 5 chars) is a word some YAML schema reads as something other
     * than a string: {@code ~ = << y n yes no on off null true false .inf .nan}, in lower case,
     * capitalised or upper case ({@code .NaN} too).
     */
    private static boolean reserved(CharSequence text) {
        char first = text.charAt(0);
        switch (text.length()) {
            case 1:
                return first == '~' || first == 'y' || first == 'Y' || first == 'n' || first == 'N' || first == '=';
            case 2:
                return word(text, 0, "no") || word(text, 0, "on") || first == '<' && text.charAt(1) == '<';
            case 3:
                return word(text, 0, "yes") || word(text, 0, "off");
            case 4:
                return word(text, 0, "null") || word(text, 0, "true")
                        || first == '.' && (word(text, 1, "inf") || word(text, 1, "nan") || text.charAt(1) == 'N'
                        && text.charAt(2) == 'a' && text.charAt(3) == 'N');
            default:
                return word(text, 0, "false");
        }
    }

    /** Whether {@code text} from {@code offset} is {@code lower}, capitalised or upper case; {@code lower} is lower-case letters. */
    private static boolean word(CharSequence text, int offset, String lower) {
        int length = lower.length();
        if (text.length() - offset != length) {
            return false;
        }
        char first = text.charAt(offset);
        char lowerFirst = lower.charAt(0);
        if (first != lowerFirst && first != lowerFirst - 32) {
            return false;
        }
        boolean upper = false;
        for (int i = 1; i < length; i++) {
            char c = text.charAt(offset + i);
            char l = lower.charAt(i);
            if (i == 1) {
                upper = first != lowerFirst && c == l - 32;
            }
            if (c != (upper ? l - 32 : l)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The number of bytes of {@code text} in double quotes, quotes included. An unpaired surrogate
     * has no UTF-8 form; it is written as its <code>&#92;uXXXX</code> escape, which YAML reads back
     * as the same lone char.
     */
    public static int quotedLength(CharSequence text) {
        int length = text.length();
        int bytes = 2;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += quotedCharLength(c);
            }
        }
        return bytes;
    }

    private static int quotedCharLength(char c) {
        if (c >= 0x20 && c < 0x7F) {
            return c == '"' || c == '\\' ? 2 : 1;
        }
        switch (c) {
            case 0, 7, 8, '\t', '\n', 11, 12, '\r', 27, 0x85:
                return 2;
            default:
                if (c < 0xA0) {
                    return 4;
                }
                if (c == 0x2028 || c == 0x2029 || c == 0xFEFF || c >= 0xFFFE || Character.isSurrogate(c)) {
                    return 6;
                }
                return c < 0x800 ? 2 : 3;
        }
    }

    /** The number of bytes {@link #putChar} stores for {@code c}. */
    public static int charLength(char c) {
        return simpleChar(c) ? 1 : 2 + quotedCharLength(c);
    }

    /** A char written plain by itself: a letter or '_' that is not one of YAML 1.1's y/n booleans. */
    private static boolean simpleChar(char c) {
        return (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && c != 'y' && c != 'Y' && c != 'n' && c != 'N' || c == '_';
    }

    // ------------------------------------------------------------------ storing

    /** Stores {@code text} as a plain scalar; {@link #plainLength} said it may be one. */
    public static void putPlain(TextOutput out, CharSequence text) {
        int length = text.length();
        int i = out.asciiPrefix(text);
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                out.utf8(Character.toCodePoint(c, text.charAt(++i)));
            } else {
                out.utf8(c);
            }
        }
    }

    /** Stores {@code text} in double quotes with YAML escapes (an unpaired surrogate as <code>&#92;uXXXX</code>). */
    public static void putQuoted(TextOutput out, CharSequence text) {
        out.put('"');
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                out.put(c);
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.utf8(Character.toCodePoint(c, text.charAt(++i)));
            } else {
                escaped(out, c);
            }
        }
        out.put('"');
    }

    /** Stores a one-character string: plain for a letter, else quoted, a lone surrogate as its escape. */
    public static void putChar(TextOutput out, char c) {
        if (simpleChar(c)) {
            out.put(c);
            return;
        }
        out.put('"');
        escaped(out, c);
        out.put('"');
    }

    private static void escaped(TextOutput out, char c) {
        switch (c) {
            case '"' -> out.put('\\', '"');
            case '\\' -> out.put('\\', '\\');
            case 0 -> out.put('\\', '0');
            case 7 -> out.put('\\', 'a');
            case 8 -> out.put('\\', 'b');
            case '\t' -> out.put('\\', 't');
            case '\n' -> out.put('\\', 'n');
            case 11 -> out.put('\\', 'v');
            case 12 -> out.put('\\', 'f');
            case '\r' -> out.put('\\', 'r');
            case 27 -> out.put('\\', 'e');
            case 0x85 -> out.put('\\', 'N');
            default -> {
                if (c < 0x20 || c >= 0x7F && c < 0xA0) {
                    out.put('\\', 'x');
                    hex(out, c, 2);
                } else if (c == 0x2028 || c == 0x2029 || c == 0xFEFF || c >= 0xFFFE || Character.isSurrogate(c)) {
                    out.put('\\', 'u');
                    hex(out, c, 4);
                } else {
                    out.utf8(c);
                }
            }
        }
    }

    private static void hex(TextOutput out, int value, int count) {
        for (int shift = (count - 1) * 4; shift >= 0; shift -= 4) {
            out.put(Character.toUpperCase(Character.forDigit(value >> shift & 0xF, 16)));
        }
    }

    /** Stores {@code .nan}, {@code .inf} or {@code -.inf} (at most 5 bytes). */
    public static void putSpecial(TextOutput out, boolean nan, boolean negative) {
        if (nan) {
            out.put('.', 'n');
            out.put('a', 'n');
            return;
        }
        if (negative) {
            out.put('-');
        }
        out.put('.', 'i');
        out.put('n', 'f');
    }

    private static final byte[] BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] BINARY_TAG = "!!binary ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** The number of bytes {@link #putBinary} stores for {@code length} bytes. */
    public static int binaryLength(int length) {
        return BINARY_TAG.length + (length == 0 ? 2 : (length + 2) / 3 * 4);
    }

    /** Stores {@code !!binary} and the padded base64 of the bytes, or {@code !!binary ""} when empty. */
    public static void putBinary(TextOutput out, byte[] value, int offset, int length) {
        out.put(BINARY_TAG, 0, BINARY_TAG.length);
        if (length == 0) {
            out.put('"', '"');
            return;
        }
        int end = offset + length;
        int p = offset;
        for (; p + 3 <= end; p += 3) {
            int bits = (value[p] & 0xFF) << 16 | (value[p + 1] & 0xFF) << 8 | value[p + 2] & 0xFF;
            out.put(BASE64[bits >>> 18], BASE64[bits >>> 12 & 0x3F]);
            out.put(BASE64[bits >>> 6 & 0x3F], BASE64[bits & 0x3F]);
        }
        if (p < end) {
            int bits = (value[p] & 0xFF) << 16 | (p + 1 < end ? (value[p + 1] & 0xFF) << 8 : 0);
            out.put(BASE64[bits >>> 18], BASE64[bits >>> 12 & 0x3F]);
            out.put(p + 1 < end ? BASE64[bits >>> 6 & 0x3F] : '=', '=');
        }
    }
}
