package io.zwire.text.base64;

import io.zwire.Bytes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Base64 (RFC 4648) for the byte strings of both text wires, without the arrays
 * {@link java.util.Base64} creates. Writes the standard alphabet with padding. Reads with padding
 * optional; what else a wire accepts is a parameter, as the two wires differ by their own
 * definitions: YAML's {@code !!binary} is the standard alphabet with line breaks and blanks allowed
 * between digits (a long value is folded over lines), JSON is a single string in which other tools
 * write either the standard or the URL-safe alphabet, and a blank is an error.
 *
 * <p>Reading is two steps over the same text: {@link #firstInvalid} checks it (and so gives the
 * length {@link #decodedLength} reports), then {@link #decode} writes the bytes, skipping what
 * is not a digit. Static and stateless; nothing allocates unless a target {@link Bytes} grows.
 */
public final class Base64Text {
    /** Digits of the URL-safe alphabet ('-' and '_' for 62 and 63) are accepted too. */
    public static final int URL_SAFE = 1;
    /** Spaces, tabs, line feeds and carriage returns between digits are skipped. */
    public static final int BLANKS = 2;

    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    /** The value of each byte as a digit of either alphabet, or -1. */
    private static final byte[] VALUES = new byte[256];

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

    /**
     * The number of characters {@link #encode} writes.
     *
     * @param length the number of bytes to encode
     * @return the length of their padded base64 text
     */
    public static int encodedLength(int length) {
        return (length + 2) / 3 * 4;
    }

    /**
     * Encodes {@code source[offset, offset + length)}, standard alphabet, padded.
     *
     * @param source the bytes
     * @param offset the first byte to encode
     * @param length the number of bytes
     * @param out where the text goes, with room for {@link #encodedLength} bytes from {@code at}
     * @param at the index in {@code out} of the first character
     * @return the index in {@code out} after the last character
     */
    public static int encode(byte[] source, int offset, int length, byte[] out, int at) {
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
     * Checks the base64 text {@code data[start, end)}: digits, then at most two '=' that bring the
     * digits to a whole number of groups of four, and no group of a single digit.
     *
     * @param data the text
     * @param start its first byte
     * @param end the index after its last byte
     * @param accept {@link #URL_SAFE} and {@link #BLANKS}, or 0 for the standard alphabet alone
     * @return -1 when the text is valid, else the index of the first byte that makes it invalid
     *         (the first '=' when the padding is wrong, the last digit when only
     *         the count of digits is)
     */
    public static int firstInvalid(byte[] data, int start, int end, int accept) {
        final byte[] values = VALUES;
        final boolean blanks = (accept & BLANKS) != 0;
        final boolean urlSafe = (accept & URL_SAFE) != 0;
        int digits = 0;
        int padding = 0;
        int firstPad = -1;
        int lastDigit = start;
        for (int p = start; p < end; p++) {
            int b = data[p] & 0xFF;
            if (blanks && (b == ' ' || b == '\t' || b == '\n' || b == '\r')) {
                continue;
            }
            if (b == '=') {
                firstPad = padding++ == 0 ? p : firstPad;
                if (padding > 2) {
                    return firstPad;
                }
                continue;
            }
            if (values[b] < 0 || !urlSafe && (b == '-' || b == '_')) {
                return p;
            }
            if (padding > 0) {
                return firstPad;
            }
            digits++;
            lastDigit = p;
        }
        if (digits % 4 == 1) {
            return lastDigit;
        }
        return padding > 0 && (digits + padding) % 4 != 0 ? firstPad : -1;
    }

    /**
     * The number of bytes valid base64 text decodes to.
     *
     * @param data the text, checked by {@link #firstInvalid}
     * @param start its first byte
     * @param end the index after its last byte
     * @return the number of bytes {@link #decode} writes
     */
    public static int decodedLength(byte[] data, int start, int end) {
        final byte[] values = VALUES;
        int digits = 0;
        for (int p = start; p < end; p++) {
            if (values[data[p] & 0xFF] >= 0) {
                digits++;
            }
        }
        return digits / 4 * 3 + (digits % 4 == 0 ? 0 : digits % 4 - 1);
    }

    /**
     * Appends the bytes valid base64 text decodes to, skipping blanks and padding.
     *
     * @param data the text, checked by {@link #firstInvalid}
     * @param start its first byte
     * @param end the index after its last byte
     * @param target where the bytes are appended
     */
    public static void decode(byte[] data, int start, int end, Bytes target) {
        final byte[] values = VALUES;
        int buffer = 0;
        int bits = 0;
        for (int p = start; p < end; p++) {
            int value = values[data[p] & 0xFF];
            if (value < 0) {
                continue;
            }
            buffer = buffer << 6 | value;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                target.writeInt8(buffer >>> bits);
            }
        }
    }

    /**
     * As {@link #decode(byte[], int, int, Bytes)}, into an array.
     *
     * @param data the text, checked by {@link #firstInvalid}
     * @param start its first byte
     * @param end the index after its last byte
     * @param target where the bytes go from index 0, {@link #decodedLength} long at least
     */
    public static void decode(byte[] data, int start, int end, byte[] target) {
        final byte[] values = VALUES;
        int buffer = 0;
        int bits = 0;
        int q = 0;
        for (int p = start; p < end; p++) {
            int value = values[data[p] & 0xFF];
            if (value < 0) {
                continue;
            }
            buffer = buffer << 6 | value;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                target[q++] = (byte) (buffer >>> bits);
            }
        }
    }
}
