package io.zwire.bench.dump;

import io.zwire.Bytes;

/**
 * The classic hex dump: per 16 bytes, the offset, the bytes in hex (a gap after eight), and the
 * printable ASCII with dots for the rest.
 *
 * <pre>
 * 00000000  5d 00 00 00 41 42 0f 00  00 00 00 00 07 45 55 52  |]...AB.......EUR|
 * </pre>
 *
 * A plain view with no knowledge of any wire; an annotated, wire-aware dump can replace it where
 * {@code DemoCommand} calls it.
 */
public final class HexDump {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final int PER_LINE = 16;

    private HexDump() {
    }

    /** The dump of {@code bytes}' readable bytes (positions unchanged). Allocates the text. */
    public static String of(Bytes bytes) {
        int start = bytes.readPosition();
        int length = bytes.readRemaining();
        StringBuilder out = new StringBuilder((length / PER_LINE + 1) * 78);
        for (int line = 0; line < length; line += PER_LINE) {
            int count = Math.min(PER_LINE, length - line);
            appendHex(out, line, 8);
            out.append("  ");
            for (int i = 0; i < PER_LINE; i++) {
                if (i < count) {
                    appendHex(out, bytes.readUint8At(start + line + i), 2);
                    out.append(' ');
                } else {
                    out.append("   ");
                }
                if (i == 7) {
                    out.append(' ');
                }
            }
            out.append(" |");
            for (int i = 0; i < count; i++) {
                int b = bytes.readUint8At(start + line + i);
                out.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
            }
            out.append("|\n");
        }
        return out.toString();
    }

    private static void appendHex(StringBuilder out, int value, int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            out.append(HEX[value >>> shift & 0xF]);
        }
    }
}
