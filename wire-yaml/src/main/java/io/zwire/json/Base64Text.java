package io.zwire.json;

import io.zwire.Bytes;

import java.util.Arrays;

/**
 * Base64 (RFC 4648) for byte strings on the JSON wire, without the arrays {@link java.util.Base64}
 * creates. Writes the standard alphabet with padding; reads the standard and the URL-safe alphabet,
 * with or without padding, as other JSON tools write either. Allocates nothing.
 */
final class Base64Text {
    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** Value of each ASCII byte as a digit of either alphabet, or -1. */
    private static final byte[] VALUES = new byte[128];

    static {
        Arrays.fill(VALUES, (byte) -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = (byte) i;
        }
        VALUES['-'] = 62;
        VALUES['_'] = 63;
    }

    private Base64Text() {
    }

    /** Characters {@link #encode} writes for {@code length} bytes. */
    static int encodedLength(int length) {
        return (length + 2) / 3 * 4;
    }

    /** Encodes {@code source[offset, offset + length)} into {@code out} at {@code at}; returns the end. */
    static int encode(byte[] source, int offset, int length, byte[] out, int at) {
        final byte[] alphabet = ALPHABET;
        int p = at;
        int i = offset;
        final int whole = offset + length / 3 * 3;
        for (; i < whole; i += 3) {
            int bits = (source[i] & 0xFF) << 16 | (source[i + 1] & 0xFF) << 8 | source[i + 2] & 0xFF;
            out[p] = alphabet[bits >>> 18];
            out[p + 1] = alphabet[bits >>> 12 & 0x3F];
            out[p + 2] = alphabet[bits >>> 6 & 0x3F];
            out[p + 3] = alphabet[bits & 0x3F];
            p += 4;
        }
        int rest = offset + length - i;
        if (rest > 0) {
            int bits = (source[i] & 0xFF) << 16 | (rest == 2 ? (source[i + 1] & 0xFF) << 8 : 0);
            out[p] = alphabet[bits >>> 18];
            out[p + 1] = alphabet[bits >>> 12 & 0x3F];
            out[p + 2] = rest == 2 ? alphabet[bits >>> 6 & 0x3F] : (byte) '=';
            out[p + 3] = '=';
            p += 4;
        }
        return p;
    }

    /**
     * Decodes the base64 text in {@code source[start, end)} and appends the bytes to {@code target}.
     *
     * @return -1 when the text was valid, otherwise the offset in {@code source} of the first
     *         character that makes it invalid (bytes before it may have been appended)
     */
    static int decode(Bytes source, int start, int end, Bytes target) {
        int dataEnd = end;
        if (dataEnd > start && source.readUint8At(dataEnd - 1) == '=') {
            dataEnd--;
            if (dataEnd > start && source.readUint8At(dataEnd - 1) == '=') {
                dataEnd--;
            }
            if ((end - start) % 4 != 0) {
                return dataEnd;
            }
        }
        if ((dataEnd - start) % 4 == 1) {
            return dataEnd - 1;
        }
        final byte[] values = VALUES;
        int bits = 0;
        int count = 0;
        for (int p = start; p < dataEnd; p++) {
            int c = source.readUint8At(p);
            int value = c < 0x80 ? values[c] : -1;
            if (value < 0) {
                return p;
            }
            bits = bits << 6 | value;
            if (++count == 4) {
                target.writeInt8(bits >>> 16).writeInt8(bits >>> 8).writeInt8(bits);
                count = 0;
                bits = 0;
            }
        }
        if (count == 2) {
            target.writeInt8(bits >>> 4);
        } else if (count == 3) {
            target.writeInt8(bits >>> 10).writeInt8(bits >>> 2);
        }
        return -1;
    }
}
