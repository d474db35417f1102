package io.zwire.json;

import io.zwire.Bytes;

/**
 * Turns a byte offset into the 1-based line and column an editor shows, for error messages.
 * Lines end at LF (so CRLF counts once); columns count characters, not bytes (UTF-8 continuation
 * bytes are not counted).
 *
 * <p>Counting restarts from offset 0 only when asked about an offset before the last one; an
 * offset further on continues from where the previous count stopped. A stream of bad documents
 * therefore costs linear work in total, not quadratic, and a reader that sees its buffer
 * cleared or compacted calls {@link #restart()}. Allocates nothing; called on error paths only.
 */
final class LineCounter {
    private int countedTo;
    private int line = 1;
    private int column = 1;

    /** Forgets the counted prefix: the buffer's content before the last offset may have changed. */
    void restart() {
        countedTo = 0;
        line = 1;
        column = 1;
    }

    /** Counts up to {@code offset} (clamped to the written bytes) so {@link #line()} and {@link #column()} describe it. */
    void moveTo(Bytes bytes, int offset) {
        int target = Math.max(0, Math.min(offset, bytes.writePosition()));
        if (target < countedTo) {
            restart();
        }
        int l = line;
        int c = column;
        for (int p = countedTo; p < target; p++) {
            int b = bytes.readUint8At(p);
            if (b == '\n') {
                l++;
                c = 1;
            } else if ((b & 0xC0) != 0x80) {
                c++;
            }
        }
        line = l;
        column = c;
        countedTo = target;
    }

    /** The line of the last {@link #moveTo} offset. */
    int line() {
        return line;
    }

    /** The column of the last {@link #moveTo} offset. */
    int column() {
        return column;
    }
}
