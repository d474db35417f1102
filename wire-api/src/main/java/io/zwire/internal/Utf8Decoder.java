package io.zwire.internal;

import io.zwire.Bytes;

/**
 * Validating UTF-8 decoding of a range that holds more than ASCII: the general path of
 * {@link Bytes#readUtf8}, whose ASCII fast path stays in {@link Bytes}. Overlong forms, surrogate
 * code points, code points above U+10FFFF and cut-off sequences are malformed.
 */
public final class Utf8Decoder {
    private Utf8Decoder() {
    }

    /**
     * Appends the UTF-8 text of {@code bytes} in {@code [from, end)} to {@code target}, the range
     * being within the written bytes. Allocates nothing when {@code target} has room.
     *
     * @param bytes  the input
     * @param from   start of the range
     * @param end    end of the range (exclusive)
     * @param target where the chars go
     * @return -1 when the whole range was valid, otherwise the offset of the first malformed
     *         sequence (the chars before it have been appended)
     * @throws IndexOutOfBoundsException if the range is not within the written bytes
     */
    public static int append(Bytes bytes, int from, int end, StringBuilder target) {
        int p = from;
        while (p < end) {
            int b0 = bytes.readInt8At(p);
            if (b0 >= 0) {
                target.append((char) b0);
                p++;
                continue;
            }
            int size = b0 >= (byte) 0xF0 && b0 <= (byte) 0xF4 ? 4 : b0 >= (byte) 0xE0 ? 3 : b0 >= (byte) 0xC2 && b0 <= (byte) 0xDF ? 2 : 0;
            if (size == 0 || p + size > end) {
                return p;
            }
            int cp = size == 2 ? b0 & 0x1F : size == 3 ? b0 & 0x0F : b0 & 0x07;
            for (int k = 1; k < size; k++) {
                int b = bytes.readInt8At(p + k);
                if ((b & 0xC0) != 0x80) {
                    return p;
                }
                cp = cp << 6 | b & 0x3F;
            }
            if (size == 3 && (cp < 0x800 || Character.isSurrogate((char) cp)) || size == 4 && (cp < 0x10000 || cp > 0x10FFFF)) {
                return p;
            }
            if (size == 4) {
                target.append(Character.highSurrogate(cp)).append(Character.lowSurrogate(cp));
            } else {
                target.append((char) cp);
            }
            p += size;
        }
        return -1;
    }
}
