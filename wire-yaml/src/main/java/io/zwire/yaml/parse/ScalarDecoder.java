package io.zwire.yaml.parse;

import io.zwire.Bytes;

/**
 * Decodes a scalar the parser found into its value, as UTF-8 appended to a reusable
 * {@link Bytes}: folds line breaks of multi-line plain and quoted scalars, resolves the escapes of
 * double-quoted ones and the {@code ''} of single-quoted ones, and applies the indentation,
 * folding and chomping of literal and folded block scalars. The input was validated by the
 * scanner, so this does not check again.
 *
 * <p>An escape naming a surrogate code point (<code>"&#92;uD800"</code>) has no UTF-8 form; it is written
 * as the three-byte sequence of its value (as WTF-8 does), which {@link TextValues} decodes back
 * to the lone {@code char} and {@link Bytes#readUtf8} rejects. Allocates nothing unless
 * {@code target} grows.
 */
public final class ScalarDecoder {
    private ScalarDecoder() {
    }

    /** Appends the value of {@code scalar}, whose text is in {@code data}, to {@code target}. */
    public static void decode(byte[] data, Scalar scalar, Bytes target) {
        switch (scalar.style) {
            case Scalar.LITERAL, Scalar.FOLDED -> block(data, scalar, target);
            default -> {
                if (scalar.simple) {
                    target.write(data, scalar.start, scalar.end - scalar.start);
                } else {
                    flow(data, scalar.start, scalar.end, scalar.style, target);
                }
            }
        }
    }

    /** Plain and quoted scalars: folding, and the escapes of the quoted styles. */
    private static void flow(byte[] data, int start, int end, int style, Bytes target) {
        int p = start;
        int run = start;
        while (p < end) {
            byte b = data[p];
            if (b == '\\' && style == Scalar.DOUBLE_QUOTED) {
                target.write(data, run, p - run);
                p = escape(data, p, end, target);
                run = p;
            } else if (b == '\'' && style == Scalar.SINGLE_QUOTED) {
                target.write(data, run, p - run + 1);
                p += 2;
                run = p;
            } else if (b == ' ' || b == '\t') {
                int q = p;
                while (q < end && (data[q] == ' ' || data[q] == '\t')) {
                    q++;
                }
                if (q < end && (data[q] == '\n' || data[q] == '\r')) {
                    target.write(data, run, p - run);
                    run = q;
                }
                p = q;
            } else if (b == '\n' || b == '\r') {
                target.write(data, run, p - run);
                p = skipLinePrefix(data, afterBreak(data, p, end), end);
                int empty = 0;
                while (p < end && (data[p] == '\n' || data[p] == '\r')) {
                    empty++;
                    p = skipLinePrefix(data, afterBreak(data, p, end), end);
                }
                if (empty == 0) {
                    target.writeInt8(' ');
                } else {
                    for (int k = 0; k < empty; k++) {
                        target.writeInt8('\n');
                    }
                }
                run = p;
            } else {
                p++;
            }
        }
        target.write(data, run, end - run);
    }

    private static int skipLinePrefix(byte[] data, int from, int end) {
        int p = from;
        while (p < end && (data[p] == ' ' || data[p] == '\t')) {
            p++;
        }
        return p;
    }

    private static int afterBreak(byte[] data, int p, int end) {
        return data[p] == '\r' && p + 1 < end && data[p + 1] == '\n' ? p + 2 : p + 1;
    }

    /** Decodes the escape at {@code p} (a backslash) into {@code target}; returns the index after it. */
    private static int escape(byte[] data, int p, int end, Bytes target) {
        byte c = data[p + 1];
        switch (c) {
            case '0' -> target.writeInt8(0);
            case 'a' -> target.writeInt8(7);
            case 'b' -> target.writeInt8(8);
            case 't', '\t' -> target.writeInt8('\t');
            case 'n' -> target.writeInt8('\n');
            case 'v' -> target.writeInt8(11);
            case 'f' -> target.writeInt8(12);
            case 'r' -> target.writeInt8('\r');
            case 'e' -> target.writeInt8(27);
            case ' ', '"', '/', '\\' -> target.writeInt8(c);
            case 'N' -> codePoint(0x85, target);
            case '_' -> codePoint(0xA0, target);
            case 'L' -> codePoint(0x2028, target);
            case 'P' -> codePoint(0x2029, target);
            case 'x' -> {
                codePoint(hex(data, p + 2, 2), target);
                return p + 4;
            }
            case 'u' -> {
                codePoint(hex(data, p + 2, 4), target);
                return p + 6;
            }
            case 'U' -> {
                codePoint(hex(data, p + 2, 8), target);
                return p + 10;
            }
            default -> {
                // An escaped line break: the break and the next line's indentation vanish, and
                // each empty line after it is a line feed.
                int q = skipLinePrefix(data, afterBreak(data, p + 1, end), end);
                while (q < end && (data[q] == '\n' || data[q] == '\r')) {
                    target.writeInt8('\n');
                    q = skipLinePrefix(data, afterBreak(data, q, end), end);
                }
                return q;
            }
        }
        return p + 2;
    }

    private static int hex(byte[] data, int from, int count) {
        int value = 0;
        for (int k = 0; k < count; k++) {
            value = value << 4 | Character.digit(data[from + k], 16);
        }
        return value;
    }

    /** Appends {@code cp} as UTF-8 (a surrogate as its three-byte form). */
    static void codePoint(int cp, Bytes target) {
        if (cp < 0x80) {
            target.writeInt8(cp);
        } else if (cp < 0x800) {
            target.writeInt8(0xC0 | cp >> 6).writeInt8(0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
            target.writeInt8(0xE0 | cp >> 12).writeInt8(0x80 | cp >> 6 & 0x3F).writeInt8(0x80 | cp & 0x3F);
        } else {
            target.writeInt8(0xF0 | cp >> 18).writeInt8(0x80 | cp >> 12 & 0x3F)
                    .writeInt8(0x80 | cp >> 6 & 0x3F).writeInt8(0x80 | cp & 0x3F);
        }
    }

    /** Literal and folded block scalars. */
    private static void block(byte[] data, Scalar scalar, Bytes target) {
        final int end = scalar.end;
        final int indent = scalar.indent;
        final boolean folded = scalar.style == Scalar.FOLDED;
        int p = scalar.start;
        int empty = 0;
        boolean text = false;
        boolean previousSpaced = false;
        boolean lastBroken = false;
        while (p < end) {
            int lineStart = p;
            int q = p;
            while (q < end && data[q] == ' ') {
                q++;
            }
            int lineEnd = q;
            while (lineEnd < end && data[lineEnd] != '\n' && data[lineEnd] != '\r') {
                lineEnd++;
            }
            // A last line cut off by the end of the input ends as if it had its line break.
            boolean broken = lineEnd < end || lineEnd > lineStart;
            p = lineEnd < end ? afterBreak(data, lineEnd, end) : end;
            if (lineEnd == q && q - lineStart <= indent) {
                if (broken) {
                    empty++;
                }
                continue;
            }
            int contentStart = lineStart + indent;
            boolean spaced = folded && (data[contentStart] == ' ' || data[contentStart] == '\t');
            if (text) {
                if (folded && !spaced && !previousSpaced) {
                    if (empty == 0) {
                        target.writeInt8(' ');
                    }
                } else {
                    target.writeInt8('\n');
                }
            }
            for (int k = 0; k < empty; k++) {
                target.writeInt8('\n');
            }
            target.write(data, contentStart, lineEnd - contentStart);
            empty = 0;
            text = true;
            previousSpaced = spaced;
            lastBroken = broken;
        }
        if (scalar.chomp == Scalar.STRIP) {
            return;
        }
        if (text && lastBroken) {
            target.writeInt8('\n');
        }
        if (scalar.chomp == Scalar.KEEP) {
            for (int k = 0; k < empty; k++) {
                target.writeInt8('\n');
            }
        }
    }
}
