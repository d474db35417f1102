package io.zwire.yaml.parse;

import io.zwire.Bytes;

/**
 * Turns decoded scalar bytes into Java text: like UTF-8 decoding, except that the three-byte
 * form of a surrogate, which {@link ScalarDecoder} writes for an escape such as <code>&#92;uD800</code>,
 * becomes that lone {@code char}. Also recognises the plain scalars the YAML core schema reads as
 * null. Allocates only in {@link #toString(Bytes, int, int)}.
 */
public final class TextValues {
    private TextValues() {
    }

    /**
     * Appends the text in {@code [offset, offset + length)} to {@code target}.
     *
     * @return -1, or the offset of a byte that does not decode
     */
    public static int append(Bytes bytes, int offset, int length, StringBuilder target) {
        final int end = offset + length;
        int p = offset;
        while (p < end) {
            int b0 = bytes.readUint8At(p);
            if (b0 < 0x80) {
                target.append((char) b0);
                p++;
                continue;
            }
            int size = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0;
            if (size == 0 || p + size > end) {
                return p;
            }
            int cp = b0 & (0x7F >> size);
            for (int k = 1; k < size; k++) {
                int b = bytes.readUint8At(p + k);
                if ((b & 0xC0) != 0x80) {
                    return p;
                }
                cp = cp << 6 | b & 0x3F;
            }
            target.appendCodePoint(cp);
            p += size;
        }
        return -1;
    }

    /** The text as a new {@code String}. Allocates. */
    public static String toString(Bytes bytes, int offset, int length) {
        StringBuilder text = new StringBuilder(length);
        append(bytes, offset, length, text);
        return text.toString();
    }

    /**
     * The one UTF-16 code unit the bytes hold, or -1 if they hold none or more than one (a
     * supplementary character is two).
     */
    public static int singleChar(Bytes bytes, int offset, int length) {
        if (length == 0) {
            return -1;
        }
        if (length == 1) {
            int b = bytes.readUint8At(offset);
            return b < 0x80 ? b : -1;
        }
        int b0 = bytes.readUint8At(offset);
        if (length == 2 && b0 >= 0xC0 && b0 < 0xE0) {
            return (b0 & 0x1F) << 6 | bytes.readUint8At(offset + 1) & 0x3F;
        }
        if (length == 3 && b0 >= 0xE0 && b0 < 0xF0) {
            return (b0 & 0x0F) << 12 | (bytes.readUint8At(offset + 1) & 0x3F) << 6 | bytes.readUint8At(offset + 2) & 0x3F;
        }
        return -1;
    }

    /**
     * Whether a plain scalar's text is one the core schema reads as null: empty, {@code ~},
     * {@code null}, {@code Null} or {@code NULL}.
     */
    public static boolean isNull(byte[] data, int start, int end) {
        int length = end - start;
        if (length == 0) {
            return true;
        }
        byte n = data[start];
        if (length == 1) {
            return n == '~';
        }
        if (length != 4 || n != 'n' && n != 'N') {
            return false;
        }
        byte u = data[start + 1];
        byte l1 = data[start + 2];
        byte l2 = data[start + 3];
        return n == 'n' && u == 'u' && l1 == 'l' && l2 == 'l'
                || n == 'N' && (u == 'u' && l1 == 'l' && l2 == 'l' || u == 'U' && l1 == 'L' && l2 == 'L');
    }
}
