package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.internal.BytesAccess;
import io.zwire.text.base64.Base64Text;

/**
 * Decodes the content of a JSON string that holds escapes, after {@link JsonInput#scanString()}
 * has validated it (so escapes are well formed and the UTF-8 is valid). Strings without escapes
 * never come here: their bytes are the UTF-8 text already.
 *
 * <p>A <code>&#92;uXXXX</code> escape of a surrogate that has no partner (JSON allows it, JavaScript's
 * {@code JSON.stringify} writes it) is kept exactly in UTF-16 output ({@link #decodeChars}); UTF-8
 * output cannot hold it, so {@link #decodeUtf8} reports it and the caller falls back to UTF-16,
 * or writes the three-byte form of its value (as WTF-8 does, and the YAML decoder), which no
 * {@link io.zwire.Field}'s name holds and {@link io.zwire.yaml.parse.TextValues} decodes back.
 * Allocates nothing unless a target has to grow.
 */
final class JsonStrings {
    private JsonStrings() {
    }

    /**
     * Appends the decoded text of {@code [start, end)} to {@code target} as UTF-8.
     *
     * @param surrogateBytes write an unpaired surrogate escape as the three-byte form of its value,
     *                       which matches no field name and no enum constant, rather than stop
     * @return false if the text holds an unpaired surrogate escape and {@code surrogateBytes} is
     *         false (the target is then incomplete)
     */
    static boolean decodeUtf8(JsonInput in, int start, int end, Bytes target, boolean surrogateBytes) {
        int run = start;
        int p = start;
        while (p < end) {
            if (in.byteAt(p) != '\\') {
                p++;
                continue;
            }
            if (p > run) {
                target.write(in.bytes, run, p - run);
            }
            int e = in.byteAt(p + 1);
            if (e != 'u') {
                target.writeInt8(simpleEscape(e));
                p += 2;
            } else {
                char unit = unit(in, p + 2);
                p += 6;
                if (Character.isHighSurrogate(unit) && p + 6 <= end && in.byteAt(p) == '\\' && in.byteAt(p + 1) == 'u'
                        && Character.isLowSurrogate(unit(in, p + 2))) {
                    int codePoint = Character.toCodePoint(unit, unit(in, p + 2));
                    p += 6;
                    target.writeInt8(0xF0 | codePoint >> 18).writeInt8(0x80 | codePoint >> 12 & 0x3F)
                            .writeInt8(0x80 | codePoint >> 6 & 0x3F).writeInt8(0x80 | codePoint & 0x3F);
                } else if (Character.isSurrogate(unit) && !surrogateBytes) {
                    return false;
                } else if (unit < 0x80) {
                    target.writeInt8(unit);
                } else if (unit < 0x800) {
                    target.writeInt8(0xC0 | unit >> 6).writeInt8(0x80 | unit & 0x3F);
                } else {
                    target.writeInt8(0xE0 | unit >> 12).writeInt8(0x80 | unit >> 6 & 0x3F).writeInt8(0x80 | unit & 0x3F);
                }
            }
            run = p;
        }
        if (end > run) {
            target.write(in.bytes, run, end - run);
        }
        return true;
    }

    /** Appends the decoded text of {@code [start, end)} to {@code target}, unpaired surrogates included. */
    static void decodeChars(JsonInput in, int start, int end, StringBuilder target) {
        int run = start;
        int p = start;
        while (p < end) {
            if (in.byteAt(p) != '\\') {
                p++;
                continue;
            }
            if (p > run) {
                in.bytes.readUtf8(run, p - run, target);
            }
            int e = in.byteAt(p + 1);
            if (e == 'u') {
                target.append(unit(in, p + 2));
                p += 6;
            } else {
                target.append((char) simpleEscape(e));
                p += 2;
            }
            run = p;
        }
        if (end > run) {
            in.bytes.readUtf8(run, end - run, target);
        }
    }

    private static int simpleEscape(int e) {
        return switch (e) {
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            default -> e; // '"', '\\' and '/' stand for themselves
        };
    }

    /** The UTF-16 unit of the four hex digits at {@code p}. */
    private static char unit(JsonInput in, int p) {
        return (char) (JsonInput.hexValue(in.byteAt(p)) << 12 | JsonInput.hexValue(in.byteAt(p + 1)) << 8
                | JsonInput.hexValue(in.byteAt(p + 2)) << 4 | JsonInput.hexValue(in.byteAt(p + 3)));
    }

    /**
     * Decodes the base64 string {@code in} just scanned and appends its bytes to {@code target}.
     * The text is read from the heap buffer's array where it has no escape; escaped text, or text
     * in a direct buffer, is first copied to {@code scratch}, so one decoder reads arrays for both
     * text wires.
     */
    static void base64To(JsonInput in, Bytes scratch, Bytes target) {
        final int start = in.stringStart;
        byte[] text = in.array;
        int from = start;
        int to = in.stringEnd;
        if (in.escaped || text == null) {
            scratch.clear();
            if (in.escaped) {
                decodeUtf8(in, start, in.stringEnd, scratch, true);
            } else {
                scratch.write(in.bytes, start, in.stringEnd - start);
            }
            text = BytesAccess.array(scratch);
            from = 0;
            to = scratch.writePosition();
        }
        int bad = Base64Text.firstInvalid(text, from, to, Base64Text.URL_SAFE);
        if (bad >= 0) {
            throw in.error(in.escaped ? start : start + bad - from,
                    "a byte string: base64 text (RFC 4648, standard or URL-safe alphabet)");
        }
        Base64Text.decode(text, from, to, target);
    }
}
