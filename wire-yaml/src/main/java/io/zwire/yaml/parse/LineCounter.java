package io.zwire.yaml.parse;

import io.zwire.Bytes;

/**
 * Turns a byte offset into a 1-based line and column (in characters), for error messages only:
 * the parsers never count lines while they read. Counting resumes from the last offset located,
 * when the new one lies after it, so a buffer full of bad documents costs one pass over the
 * buffer in total rather than one per error. Line breaks are LF, CR LF and a lone CR.
 */
final class LineCounter {
    private Bytes counted;
    private int checkpoint;
    private int checkpointLine = 1;
    private int checkpointLineStart;
    private int line;
    private int column;

    /** Locates {@code offset} in {@code bytes}, which must be within its written bytes. */
    void locate(Bytes bytes, int offset) {
        if (bytes != counted || offset < checkpoint) {
            counted = bytes;
            checkpoint = 0;
            checkpointLine = 1;
            checkpointLineStart = 0;
        }
        int current = checkpointLine;
        int lineStart = checkpointLineStart;
        for (int p = checkpoint; p < offset; p++) {
            int b = bytes.readInt8At(p);
            if (b == '\n' || b == '\r' && (p + 1 >= bytes.writePosition() || bytes.readInt8At(p + 1) != '\n')) {
                current++;
                lineStart = p + 1;
            }
        }
        int characters = 0;
        for (int p = lineStart; p < offset; p++) {
            if ((bytes.readInt8At(p) & 0xC0) != 0x80) {
                characters++;
            }
        }
        checkpoint = offset;
        checkpointLine = current;
        checkpointLineStart = lineStart;
        line = current;
        column = characters + 1;
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }
}
