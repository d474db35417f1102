package io.zwire.yaml.parse;

import io.zwire.text.scan.ByteWords;

/**
 * The bytes of a simple scalar: a plain scalar on one line of printable ASCII that needs no check
 * beyond its class, or the inside of a double-quoted one with no escape. The parser recognises a
 * simple key with these, {@link SimpleLineScanner} a whole "key: value" line, and
 * {@link SimpleKeys} the field names such a line can hold. Static, stateless, allocation-free.
 */
final class SimpleText {
    /**
     * 1 for a byte inside a simple plain scalar (printable ASCII or space, not ':' or '#'); 3 for
     * one that can also start it (not an indicator or a space).
     */
    private static final byte[] SIMPLE = new byte[256];

    static {
        for (int c = 0x20; c < 0x7F; c++) {
            if ((TextInput.CLASS[c] & TextInput.PLAIN_STOP) == 0) {
                SIMPLE[c] = (byte) (c == ' ' || (TextInput.CLASS[c] & TextInput.INDICATOR) != 0 ? 1 : 3);
            }
        }
    }

    private SimpleText() {
    }

    /** Whether {@code b} can start a simple plain scalar. */
    static boolean simpleStart(byte b) {
        return (SIMPLE[b & 0xFF] & 2) != 0;
    }

    /** Whether {@code b} can be inside a simple plain scalar. */
    static boolean simpleChar(byte b) {
        return SIMPLE[b & 0xFF] != 0;
    }

    /**
     * Where the run of {@link #simpleChar} bytes from {@code from} ends, at {@code limit} at the
     * latest. The first eight bytes one at a time, since most values end there and a word test
     * costs more than a few bytes; past them, a word at a time while eight bytes remain (a
     * simple char is printable ASCII other than ':' and '#'), then byte by byte.
     */
    static int simpleRunEnd(byte[] d, int from, int limit) {
        int q = from;
        final int head = Math.min(limit, from + 8);
        while (q < head && simpleChar(d[q])) {
            q++;
        }
        if (q < head) {
            return q;
        }
        while (limit - q >= 8) {
            long w = ByteWords.word(d, q);
            if ((ByteWords.below(w, ' ') | ByteWords.above(w, '~') | ByteWords.equal(w, ':') | ByteWords.equal(w, '#')) != 0) {
                break;
            }
            q += 8;
        }
        while (q < limit && simpleChar(d[q])) {
            q++;
        }
        return q;
    }

    /** As {@link #simpleRunEnd}, for the inside of a double-quoted scalar with no escape: printable ASCII other than '"' and '\\'. */
    static int quotedRunEnd(byte[] d, int from, int limit) {
        int q = from;
        final int head = Math.min(limit, from + 8);
        while (q < head && d[q] >= 0x20 && d[q] < 0x7F && d[q] != '"' && d[q] != '\\') {
            q++;
        }
        if (q < head) {
            return q;
        }
        while (limit - q >= 8) {
            long w = ByteWords.word(d, q);
            if ((ByteWords.below(w, ' ') | ByteWords.above(w, '~') | ByteWords.equal(w, '"') | ByteWords.equal(w, '\\')) != 0) {
                break;
            }
            q += 8;
        }
        while (q < limit && d[q] >= 0x20 && d[q] < 0x7F && d[q] != '"' && d[q] != '\\') {
            q++;
        }
        return q;
    }

    /**
     * The index of the ':' ending a simple plain key at {@code p} (followed by a space and a
     * value) in {@code d} up to {@code end}, or -1.
     */
    static int simpleKeyEnd(byte[] d, int p, int end) {
        final int limit = end - 1;
        int q = simpleRunEnd(d, p + 1, limit);
        return q < limit && d[q] == ':' && d[q + 1] == ' ' && d[q - 1] != ' ' ? q : -1;
    }
}
