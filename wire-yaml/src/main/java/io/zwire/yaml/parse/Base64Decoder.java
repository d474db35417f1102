package io.zwire.yaml.parse;

import io.zwire.Bytes;

/**
 * Decodes the base64 text of a {@code !!binary} scalar (RFC 4648, standard alphabet, padding
 * optional, line breaks and blanks ignored as YAML's {@code !!binary} allows). Allocates nothing
 * unless the target grows.
 */
public final class Base64Decoder {
    private static final byte[] VALUES = new byte[256];

    static {
        java.util.Arrays.fill(VALUES, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            VALUES[alphabet.charAt(i)] = (byte) i;
        }
    }

    private Base64Decoder() {
    }

    /** Number of bytes {@code data[start, end)} decodes to, or -1 if it is not base64. */
    public static int decodedLength(byte[] data, int start, int end) {
        int symbols = 0;
        int padding = 0;
        for (int p = start; p < end; p++) {
            int b = data[p] & 0xFF;
            if (b == ' ' || b == '\t' || b == '\n' || b == '\r') {
                continue;
            }
            if (b == '=') {
                padding++;
                continue;
            }
            if (VALUES[b] < 0 || padding > 0) {
                return -1;
            }
            symbols++;
        }
        int rest = symbols % 4;
        if (rest == 1 || padding > 2 || padding > 0 && (symbols + padding) % 4 != 0) {
            return -1;
        }
        return symbols / 4 * 3 + (rest == 0 ? 0 : rest - 1);
    }

    /** Appends the bytes {@code data[start, end)} decodes to; the caller checked it with {@link #decodedLength}. */
    public static void decode(byte[] data, int start, int end, Bytes target) {
        int buffer = 0;
        int bits = 0;
        for (int p = start; p < end; p++) {
            int value = VALUES[data[p] & 0xFF];
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

    /** As {@link #decode(byte[], int, int, Bytes)}, into {@code target} from index 0. */
    public static void decode(byte[] data, int start, int end, byte[] target) {
        int buffer = 0;
        int bits = 0;
        int q = 0;
        for (int p = start; p < end; p++) {
            int value = VALUES[data[p] & 0xFF];
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
