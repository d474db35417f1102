package io.zwire.yaml.parse;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.text.scan.LineCounter;

/**
 * The bytes a YAML parser reads, with its position, the start of the current line, the character
 * classes the scanners dispatch on, and the checks every byte of YAML text passes (UTF-8 that is
 * well formed and printable where the grammar asks for it).
 *
 * <p>The parser runs over a {@code byte[]}: the backing array of a heap {@link Bytes}, or a copy
 * of one document for a buffer-backed one, so scanning loops index an array with a local
 * variable. {@code base} maps an index in {@code data} back to an offset in the {@link Bytes}, for
 * positions reported to the caller. Errors carry the line and column, computed only when one is
 * thrown (see {@link LineCounter}). Allocates nothing but exceptions.
 */
public final class TextInput {
    /** Space or tab. */
    static final int WHITE = 1;
    /** Line feed or carriage return. */
    static final int BREAK = 2;
    /** One of {@code , [ ] { }}. */
    static final int FLOW = 4;
    /** Stops a plain scalar scan in block context: {@code :}, {@code #}, controls, DEL and non-ASCII bytes. */
    static final int PLAIN_STOP = 8;
    /** A YAML indicator character: {@code - ? : , [ ] { } # & * ! | > ' " % @ `}. */
    static final int INDICATOR = 16;
    /** A byte that may appear in a tag or URI as is: letters, digits and {@code -#;/?:@&=+$_.~*'()%!}. */
    static final int URI = 32;

    static final byte[] CLASS = new byte[256];

    static {
        for (int c = 0; c < 0x20; c++) {
            CLASS[c] = PLAIN_STOP;
        }
        for (int c = 0x7F; c < 0x100; c++) {
            CLASS[c] = PLAIN_STOP;
        }
        CLASS[' '] |= WHITE;
        CLASS['\t'] |= WHITE;
        CLASS['\n'] |= BREAK;
        CLASS['\r'] |= BREAK;
        for (char c : ",[]{}".toCharArray()) {
            CLASS[c] |= FLOW;
        }
        CLASS[':'] |= PLAIN_STOP;
        CLASS['#'] |= PLAIN_STOP;
        for (char c : "-?:,[]{}#&*!|>'\"%@`".toCharArray()) {
            CLASS[c] |= INDICATOR;
        }
        for (int c = '0'; c <= '9'; c++) {
            CLASS[c] |= URI;
        }
        for (int c = 'a'; c <= 'z'; c++) {
            CLASS[c] |= URI;
            CLASS[c - 'a' + 'A'] |= URI;
        }
        for (char c : "-#;/?:@&=+$_.~*'()%!".toCharArray()) {
            CLASS[c] |= URI;
        }
    }

    final String wire;
    private final LineCounter lines = new LineCounter();
    Bytes source;
    /** Offset in {@link #source} of {@code data[0]}. */
    int base;
    byte[] data;
    /** End of the readable bytes in {@link #data}. */
    int limit;
    /** Index of the next byte to read. */
    int pos;
    /** Index of the first byte of the line {@link #pos} is on. */
    int lineStart;

    TextInput(String wire) {
        this.wire = wire;
    }

    void reset(Bytes bytes, byte[] array, int arrayBase, int from, int to) {
        source = bytes;
        data = array;
        base = arrayBase;
        pos = from;
        limit = to;
        lineStart = from;
    }

    /** The byte at {@code p} as 0..255, or -1 at or past the end. */
    int at(int p) {
        return p < limit ? data[p] & 0xFF : -1;
    }

    boolean atEnd() {
        return pos >= limit;
    }

    /** Whether the byte at {@code p} is a space, a tab, a line break or the end of input. */
    boolean isBlankOrEnd(int p) {
        return p >= limit || (CLASS[data[p] & 0xFF] & (WHITE | BREAK)) != 0;
    }

    boolean isBreakOrEnd(int p) {
        return p >= limit || (CLASS[data[p] & 0xFF] & BREAK) != 0;
    }

    boolean isFlowIndicator(int p) {
        return p < limit && (CLASS[data[p] & 0xFF] & FLOW) != 0;
    }

    boolean isWhite(int p) {
        return p < limit && (CLASS[data[p] & 0xFF] & WHITE) != 0;
    }

    /** Moves past one line break (CR LF, LF or CR) at {@link #pos} and starts the next line. */
    void consumeBreak() {
        int p = pos;
        if (data[p] == '\r' && p + 1 < limit && data[p + 1] == '\n') {
            p++;
        }
        pos = p + 1;
        lineStart = pos;
    }

    /** Index just past the line break at {@code p}. */
    int afterBreak(int p) {
        return data[p] == '\r' && p + 1 < limit && data[p + 1] == '\n' ? p + 2 : p + 1;
    }

    /** Skips spaces and tabs on the current line. */
    void skipWhite() {
        final byte[] d = data;
        final int end = limit;
        int p = pos;
        while (p < end && (d[p] == ' ' || d[p] == '\t')) {
            p++;
        }
        pos = p;
    }

    /** Number of spaces (not tabs) from the start of the current line. */
    int leadingSpaces() {
        final byte[] d = data;
        int p = lineStart;
        while (p < limit && d[p] == ' ') {
            p++;
        }
        return p - lineStart;
    }

    /** Whether a tab comes before {@link #pos} on the current line, among the blanks that precede it. */
    boolean tabInIndentation() {
        return pos - lineStart != leadingSpaces();
    }

    /**
     * Skips a comment from the {@code #} at {@link #pos} to the end of the line, checking its
     * characters are printable.
     */
    void skipComment() {
        final byte[] d = data;
        final int end = limit;
        int p = pos + 1;
        while (p < end) {
            int b = d[p];
            if (b >= 0x20 && b < 0x7F || b == '\t') {
                p++;
            } else if (b == '\n' || b == '\r') {
                break;
            } else {
                p += printable(p, true);
            }
        }
        pos = p;
    }

    /** Whether a {@code #} at {@code p} starts a comment: at the start of a line or after a blank. */
    boolean commentStartsAt(int p) {
        return p == lineStart || (CLASS[data[p - 1] & 0xFF] & (WHITE | BREAK)) != 0;
    }

    /** Whether a document marker ({@code ---} or {@code ...} then a blank or the end) is at {@code p}, the start of a line. */
    boolean documentMarkerAt(int p) {
        return p == lineStart && isDocumentMarker(p);
    }

    /** Whether {@code ---} or {@code ...} followed by a blank or the end is at {@code p}; the caller knows {@code p} starts a line. */
    boolean isDocumentMarker(int p) {
        if (p + 3 > limit) {
            return false;
        }
        byte c = data[p];
        return (c == '-' || c == '.') && data[p + 1] == c && data[p + 2] == c && isBlankOrEnd(p + 3);
    }

    /**
     * Checks the character starting at {@code p} (not a printable ASCII byte) and returns its
     * length in bytes.
     *
     * @param text true for plain, block and comment text (YAML's {@code nb-char}: printable);
     *             false for quoted scalars, which accept any character but the C0 controls
     *             ({@code nb-json})
     * @throws WireException for a control character or malformed UTF-8
     */
    int printable(int p, boolean text) {
        int b0 = data[p] & 0xFF;
        if (b0 < 0x80) {
            if (b0 == '\t' || b0 >= 0x20 && (b0 != 0x7F || !text)) {
                return 1;
            }
            throw error(p, "a printable character, found the control character 0x" + Integer.toHexString(b0));
        }
        int size;
        int cp;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            size = 2;
            cp = b0 & 0x1F;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            size = 3;
            cp = b0 & 0x0F;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            size = 4;
            cp = b0 & 0x07;
        } else {
            throw error(p, "valid UTF-8, found the byte 0x" + Integer.toHexString(b0));
        }
        if (p + size > limit) {
            throw error(p, "valid UTF-8, found a sequence cut off by the end of the input");
        }
        for (int k = 1; k < size; k++) {
            int b = data[p + k] & 0xFF;
            if ((b & 0xC0) != 0x80) {
                throw error(p, "valid UTF-8, found a malformed sequence");
            }
            cp = cp << 6 | b & 0x3F;
        }
        if (size == 3 && (cp < 0x800 || cp >= 0xD800 && cp <= 0xDFFF) || size == 4 && (cp < 0x10000 || cp > 0x10FFFF)) {
            throw error(p, "valid UTF-8, found an overlong form, a surrogate or a code point beyond U+10FFFF");
        }
        // U+FEFF is not printable by the letter of YAML 1.2 outside quotes, but snakeyaml-engine writes it
        // in plain scalars: it is read as text.
        if (text && (cp >= 0x80 && cp <= 0x9F && cp != 0x85 || cp == 0xFFFE || cp == 0xFFFF)) {
            throw error(p, "a printable character, found U+" + Integer.toHexString(cp).toUpperCase());
        }
        return size;
    }

    /** An exception for bad input at index {@code p} of {@link #data}. Allocates; error path only. */
    WireException error(int p, String expected) {
        int offset = p + base;
        int line = -1;
        int column = -1;
        if (source != null && offset >= 0 && offset <= source.writePosition()) {
            lines.moveTo(source, offset);
            line = lines.line();
            column = lines.column();
        }
        return new WireException(wire, offset, line, column, expected, null);
    }

    /** As {@link #error(int, String)}, at the current position. */
    WireException error(String expected) {
        return error(Math.min(pos, limit), expected);
    }
}
