package io.zwire.text.scan;

import io.zwire.Bytes;

/**
 * Turns a byte offset into the 1-based line and column an editor shows, for the error messages of
 * both text wires: the readers never count lines while they read.
 *
 * <p>A line ends at LF, at CR LF (counted once) and at a lone CR. That is YAML 1.2's line break
 * ({@code b-break}), and the rule editors apply to JSON text, whose grammar allows CR as
 * whitespace but does not define lines; one rule for both wires means an offset in the same text
 * is reported at the same line on either. A CR LF pair is recognised from its LF, looking back, so
 * the count of a prefix never depends on bytes written after it. Columns count characters, not
 * bytes (UTF-8 continuation bytes are not counted).
 *
 * <p>Counting continues from the last offset located when the next one lies after it in the same
 * buffer, and starts again from offset 0 otherwise: a stream of bad documents costs one pass over
 * the buffer in total, not one per error. A reader that sees its buffer cleared or compacted calls
 * {@link #restart()}. Allocates nothing; called on error paths only.
 */
public final class LineCounter {
    private Bytes counted;
    private int countedTo;
    private int line = 1;
    private int column = 1;

    /** Creates a counter at line 1, column 1. */
    public LineCounter() {
    }

    /** Forgets the counted prefix: the buffer's content before the last offset may have changed. */
    public void restart() {
        countedTo = 0;
        line = 1;
        column = 1;
    }

    /**
     * Counts up to {@code offset}, clamped to {@code bytes}' written bytes, so {@link #line()} and
     * {@link #column()} describe it.
     *
     * @param bytes the buffer the offset is in
     * @param offset the offset from the start of the buffer
     */
    public void moveTo(Bytes bytes, int offset) {
        final int target = Math.max(0, Math.min(offset, bytes.writePosition()));
        if (bytes != counted || target < countedTo) {
            counted = bytes;
            restart();
        }
        int l = line;
        int c = column;
        for (int p = countedTo; p < target; p++) {
            int b = bytes.readUint8At(p);
            if (b == '\r' || b == '\n' && (p == 0 || bytes.readUint8At(p - 1) != '\r')) {
                l++;
                c = 1;
            } else if (b != '\n' && (b & 0xC0) != 0x80) {
                c++;
            }
        }
        line = l;
        column = c;
        countedTo = target;
    }

    /**
     * The line of the last {@link #moveTo} offset.
     *
     * @return the 1-based line
     */
    public int line() {
        return line;
    }

    /**
     * The column of the last {@link #moveTo} offset.
     *
     * @return the 1-based column, in characters
     */
    public int column() {
        return column;
    }
}
