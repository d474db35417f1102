package io.zwire.binary.dump;

import io.zwire.Bytes;
import io.zwire.WireException;

/**
 * The lines of a dump: each names a range of bytes (offset, the bytes in hex) and what they mean,
 * indented by nesting depth. A range longer than a line continues on lines of hex alone.
 * Allocates freely: this is the tools path.
 *
 * <pre>
 * 0005  08 82 89 7a                  1: varint 2000002 (sint 1000001)
 * </pre>
 */
public final class AnnotatedHex {
    private static final int BYTES_PER_LINE = 8;
    private static final int HEX_WIDTH = BYTES_PER_LINE * 3 + 2;

    private final Bytes bytes;
    private final StringBuilder text = new StringBuilder();

    public AnnotatedHex(Bytes bytes) {
        this.bytes = bytes;
    }

    /** A line for the bytes {@code [from, to)} at nesting {@code depth}, saying what they mean. */
    public void line(int from, int to, int depth, String meaning) {
        int p = from;
        do {
            int lineEnd = Math.min(to, p + BYTES_PER_LINE);
            int lineStart = text.length();
            text.append(String.format("%04x  ", p));
            for (int i = p; i < lineEnd; i++) {
                text.append(String.format("%02x ", bytes.readUint8At(i)));
            }
            if (p == from) {
                text.append(" ".repeat(Math.max(1, lineStart + 6 + HEX_WIDTH - text.length())));
                text.append("  ".repeat(depth)).append(meaning);
            } else {
                text.setLength(text.length() - 1);
            }
            text.append('\n');
            p = lineEnd;
        } while (p < to);
    }

    /** An empty line, between documents. */
    public void blankLine() {
        text.append('\n');
    }

    /** The last line of a dump that could not go on. */
    public void error(WireException problem) {
        text.append(String.format("%04x  ", Math.max(0, problem.offset())))
                .append(" ".repeat(HEX_WIDTH)).append("!! ").append(problem.getMessage()).append('\n');
    }

    /** Text as a quoted, escaped literal: control characters and quotes are escaped, the rest is kept. */
    public static String quote(CharSequence value) {
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                case '\r' -> quoted.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7F) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
