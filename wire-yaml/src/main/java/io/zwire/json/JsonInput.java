package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.InputCursor;
import io.zwire.text.scan.LineCounter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A strict RFC 8259 tokenizer over the bytes of a {@link Bytes}: whitespace, strings (validated:
 * escapes, control characters, UTF-8), numbers (validated against the JSON grammar), literals, and
 * the skipping of whole values without recursion. It reports ranges of the input and never
 * decodes, so the typed reader stays allocation-free and the plain-value reader builds on it.
 *
 * <p>Heap buffers are scanned through their backing array (fetched again by {@link #reset}, as an
 * elastic buffer replaces it when it grows); buffer-backed ones go through {@link Bytes}'s checked
 * accessors, more slowly. Every read is checked against {@link #limit}, the end of the written
 * bytes or of {@link ReadLimits#maxDocumentBytes}, whichever comes first.
 *
 * <p>Allocates nothing except the exceptions it throws.
 */
final class JsonInput extends InputCursor {
    static final String WIRE = "JSON";
    private static final int BOM_0 = 0xEF;
    private static final int BOM_1 = 0xBB;
    private static final int BOM_2 = 0xBF;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long SPACES = ONES * ' ';

    final ReadLimits limits;
    /** The backing array of a heap buffer, or null. */
    byte[] array;

    /** The last string scanned: its content (between the quotes) and whether it holds escapes. */
    int stringStart;
    int stringEnd;
    boolean escaped;

    /** The last number scanned, and whether it is an integer (no fraction, no exponent). */
    int numberStart;
    int numberEnd;
    boolean integral;

    /** Open containers while skipping: true for an object; reused. */
    private final boolean[] skipObjects;
    private final LineCounter lines = new LineCounter();

    JsonInput(Bytes bytes, ReadLimits limits) {
        super(bytes);
        this.limits = limits;
        this.skipObjects = new boolean[limits.maxDepth() + 2];
    }

    /** Consumes the {@code '{'} that opens an object, after whitespace; anything else is refused as not {@code expected}. */
    void openBrace(String expected) {
        if (skipWhitespace() != '{') {
            throw unexpected(expected);
        }
        position++;
    }

    /** Whether the string just scanned holds exactly the quoted token's content. */
    boolean stringIs(byte[] quoted) {
        int length = stringEnd - stringStart;
        if (length != quoted.length - 2) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (byteAt(stringStart + i) != quoted[i + 1]) {
                return false;
            }
        }
        return true;
    }

    /** Starts reading at {@code from}; the input ends at the written bytes or {@code maxDocumentBytes} on. */
    void reset(int from) {
        array = BytesAccess.array(bytes);
        position = from;
        int written = bytes.writePosition();
        limit = written - from > limits.maxDocumentBytes() ? from + limits.maxDocumentBytes() : written;
    }

    /** The buffer was cleared or compacted: line numbers count from its start again. */
    void restartLines() {
        lines.restart();
    }

    /** The unsigned byte at {@code p}, which must be below {@link #limit}. */
    int byteAt(int p) {
        final byte[] a = array;
        return a != null ? a[p] & 0xFF : bytes.readUint8At(p);
    }

    /** The byte at the position, or -1 at the end of the input. */
    int peek() {
        return position < limit ? byteAt(position) : -1;
    }

    /** Skips a UTF-8 byte order mark at the very start of the buffer, which RFC 8259 lets parsers ignore. */
    void skipByteOrderMark() {
        int p = position;
        if (p == 0 && limit >= 3 && byteAt(0) == BOM_0 && byteAt(1) == BOM_1 && byteAt(2) == BOM_2) {
            position = 3;
        }
    }

    // ------------------------------------------------------------------ whitespace

    /** Skips JSON whitespace (space, tab, LF, CR) and returns the byte after it, or -1 at the end. */
    int skipWhitespace() {
        int p = position;
        if (p < limit) {
            int b = byteAt(p);
            if (b > ' ') {
                return b;
            }
        }
        return skipWhitespaceSlow();
    }

    private int skipWhitespaceSlow() {
        int p = position;
        final int end = limit;
        while (p < end) {
            int b = byteAt(p);
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                position = p;
                return b;
            }
            p++;
        }
        position = p;
        return -1;
    }

    /**
     * Moves past the whitespace after a document, which must end its line: a stream is
     * newline-delimited (NDJSON), so only blanks may stand between a document's last token and
     * the next line break or the end of the input. A document written over several lines is
     * still one document; the next one starts on a new line.
     *
     * @throws WireException at the first byte on the document's last line after it
     */
    void endDocumentLine() {
        int p = position;
        if (p < limit && byteAt(p) == '\n') {
            position = p + 1;
        } else {
            blanksToLineBreak();
        }
        skipWhitespace();
    }

    private void blanksToLineBreak() {
        int p = position;
        final int end = limit;
        for (; p < end; p++) {
            int b = byteAt(p);
            if (b == '\n' || b == '\r') {
                break;
            }
            if (b != ' ' && b != '\t') {
                position = p;
                throw error(p, "a line break after the document (a stream holds one document per line, "
                        + "the next starting on a new line), found " + describe(b));
            }
        }
        position = p;
    }

    /** Skips whitespace, then consumes {@code expected} or throws naming {@code what}. */
    void expect(int expected, String what) {
        if (skipWhitespace() != expected) {
            throw unexpected(what);
        }
        position++;
    }

    // ------------------------------------------------------------------ strings

    /**
     * Scans the string whose opening quote is at the position: sets {@link #stringStart},
     * {@link #stringEnd} and {@link #escaped}, and moves past the closing quote. The content is
     * validated: escapes, no raw control characters, well-formed UTF-8 (no overlong forms, no
     * encoded surrogates), at most {@link ReadLimits#maxTextBytes} bytes.
     */
    void scanString() {
        final int start = position + 1;
        final byte[] a = array;
        if (a != null) {
            // The common case: ASCII without escapes, within the text limit; eight bytes at a time
            // while none of them is special, then byte by byte from the first word that has one.
            final int end = limit - start > limits.maxTextBytes() ? start + limits.maxTextBytes() : limit;
            int from = start;
            while (end - from >= 8 && !hasSpecialByte((long) WORDS.get(a, from))) {
                from += 8;
            }
            for (int p = from; p < end; p++) {
                byte b = a[p];
                if (b == '"') {
                    stringStart = start;
                    stringEnd = p;
                    escaped = false;
                    position = p + 1;
                    return;
                }
                if (b < ' ' || b == '\\') {
                    break;
                }
            }
        }
        scanStringSlow(start);
    }

    /**
     * Whether a little-endian word of string content holds a byte that is not plain ASCII text: a
     * quote, a backslash, a control character or a byte of a multi-byte character. Each test is
     * the classic "has a zero byte" expression ({@code (x - 0x01..) & ~x & 0x80..}) on the word
     * XOR the character; a borrow can flag a byte above a true hit, never a word without one.
     */
    static boolean hasSpecialByte(long word) {
        long quotes = word ^ QUOTES;
        long backslashes = word ^ BACKSLASHES;
        long special = (quotes - ONES) & ~quotes | (backslashes - ONES) & ~backslashes | (word - SPACES) & ~word | word;
        return (special & HIGH_BITS) != 0;
    }

    private void scanStringSlow(int start) {
        final int end = limit;
        final int maxText = limits.maxTextBytes();
        boolean sawEscape = false;
        int p = start;
        while (true) {
            if (p - start > maxText) {
                throw error(start, "text within ReadLimits.maxTextBytes " + limits.maxTextBytes());
            }
            if (p >= end) {
                throw endError(p, "the closing quote of the string that starts at offset " + (start - 1));
            }
            int b = byteAt(p);
            if (b == '"') {
                break;
            }
            if (b == '\\') {
                sawEscape = true;
                p = escape(p);
            } else if (b == '\n' || b == '\r') {
                throw error(p, "the closing quote of the string that starts at offset " + (start - 1)
                        + " before the end of the line (a raw line break cannot be in a string)");
            } else if (b < ' ') {
                throw error(p, "a string character, found the raw control character 0x" + hex2(b)
                        + " (escape it, e.g. \\u00" + hex2(b) + ")");
            } else if (b < 0x80) {
                p++;
            } else {
                p = utf8Sequence(p, b);
            }
        }
        if (p - start > limits.maxTextBytes()) {
            throw error(start, "text within ReadLimits.maxTextBytes " + limits.maxTextBytes());
        }
        stringStart = start;
        stringEnd = p;
        escaped = sawEscape;
        position = p + 1;
    }

    /** Validates the escape at {@code p} (a backslash) and returns the offset after it. */
    private int escape(int p) {
        if (p + 1 >= limit) {
            throw endError(p + 1, "an escaped character after the backslash");
        }
        int e = byteAt(p + 1);
        switch (e) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {
                return p + 2;
            }
            case 'u' -> {
                for (int k = p + 2; k < p + 6; k++) {
                    if (k >= limit) {
                        throw endError(k, "four hex digits after \\u");
                    }
                    if (hexValue(byteAt(k)) < 0) {
                        throw error(k, "four hex digits after \\u, found " + describe(byteAt(k)));
                    }
                }
                return p + 6;
            }
            default -> throw error(p, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found \\"
                    + describe(e));
        }
    }

    /** Validates the UTF-8 sequence whose lead byte {@code b0} is at {@code p}; returns the offset after it. */
    private int utf8Sequence(int p, int b0) {
        int size;
        int min2 = 0x80;
        int max2 = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            size = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            size = 3;
            if (b0 == 0xE0) {
                min2 = 0xA0;
            } else if (b0 == 0xED) {
                max2 = 0x9F;
            }
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            size = 4;
            if (b0 == 0xF0) {
                min2 = 0x90;
            } else if (b0 == 0xF4) {
                max2 = 0x8F;
            }
        } else {
            throw error(p, "valid UTF-8, found the byte 0x" + hex2(b0) + " that cannot start a character");
        }
        if (p + size > limit) {
            throw endError(limit, "the rest of the UTF-8 sequence that starts at offset " + p);
        }
        int b1 = byteAt(p + 1);
        if (b1 < min2 || b1 > max2) {
            throw error(p, "valid UTF-8 (an overlong form, an encoded surrogate or a cut-off sequence was found)");
        }
        for (int k = 2; k < size; k++) {
            if ((byteAt(p + k) & 0xC0) != 0x80) {
                throw error(p, "valid UTF-8 (a cut-off sequence was found)");
            }
        }
        return p + size;
    }

    static int hexValue(int b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        int lower = b | 0x20;
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
    }

    // ------------------------------------------------------------------ numbers and literals

    /**
     * Scans the number at the position against the JSON grammar
     * {@code -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?}: sets {@link #numberStart},
     * {@link #numberEnd} and {@link #integral}, and moves past it.
     */
    void scanNumber() {
        final int start = position;
        final int end = limit;
        int p = start;
        if (p < end && byteAt(p) == '-') {
            p++;
        }
        if (p >= end || !isDigit(byteAt(p))) {
            throw number(p, "a digit");
        }
        if (byteAt(p) == '0') {
            p++;
            if (p < end && isDigit(byteAt(p))) {
                throw error(p, "a number without leading zeros");
            }
        } else {
            p = digits(p);
        }
        boolean isInteger = true;
        if (p < end && byteAt(p) == '.') {
            isInteger = false;
            p++;
            if (p >= end || !isDigit(byteAt(p))) {
                throw number(p, "a digit after the decimal point");
            }
            p = digits(p);
        }
        if (p < end && (byteAt(p) | 0x20) == 'e') {
            isInteger = false;
            p++;
            if (p < end && (byteAt(p) == '+' || byteAt(p) == '-')) {
                p++;
            }
            if (p >= end || !isDigit(byteAt(p))) {
                throw number(p, "a digit in the exponent");
            }
            p = digits(p);
        }
        if (p - start > limits.maxTextBytes()) {
            throw error(start, "a number within ReadLimits.maxTextBytes " + limits.maxTextBytes());
        }
        numberStart = start;
        numberEnd = p;
        integral = isInteger;
        position = p;
    }

    private int digits(int from) {
        int p = from;
        final int end = limit;
        while (p < end && isDigit(byteAt(p))) {
            p++;
        }
        return p;
    }

    private WireException number(int p, String expected) {
        return p >= limit ? endError(p, expected) : error(p, expected + ", found " + describe(byteAt(p)));
    }

    static boolean isDigit(int b) {
        return b >= '0' && b <= '9';
    }

    /** True if the bytes at the position spell {@code literal}; moves past them if so. */
    boolean literal(String literal) {
        int p = position;
        int length = literal.length();
        if (p + length > limit) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (byteAt(p + i) != literal.charAt(i)) {
                return false;
            }
        }
        position = p + length;
        return true;
    }

    /** Consumes {@code null} if it is next (after whitespace). */
    boolean nullNext() {
        return skipWhitespace() == 'n' && literal("null");
    }

    // ------------------------------------------------------------------ skipping

    /**
     * Skips the value at the position (after whitespace), however deeply nested, in bounded work:
     * an explicit stack of open containers, no recursion.
     *
     * @param room how many nested containers the value may open, at most
     *             {@link ReadLimits#maxDepth} + 1 (a document's root and the levels inside it)
     */
    void skipValue(int room) {
        final boolean[] objects = skipObjects;
        int open = 0;
        while (true) {
            int c = skipWhitespace();
            boolean closed = false;
            if (c == '{' || c == '[') {
                if (open >= room) {
                    throw error(position, "nesting no deeper than ReadLimits.maxDepth " + limits.maxDepth());
                }
                position++;
                boolean object = c == '{';
                objects[open++] = object;
                int next = skipWhitespace();
                if (next == (object ? '}' : ']')) {
                    position++;
                    open--;
                    closed = true;
                } else if (object) {
                    skipKey();
                    continue;
                } else {
                    continue;
                }
            }
            if (!closed) {
                skipScalar(c);
            }
            // After a value: a comma continues the innermost container, its bracket closes it.
            while (true) {
                if (open == 0) {
                    return;
                }
                boolean object = objects[open - 1];
                int after = skipWhitespace();
                if (after == ',') {
                    position++;
                    if (object) {
                        if (skipWhitespace() != '"') {
                            throw unexpected("a field name (a string) after ','");
                        }
                        skipKey();
                    }
                    break;
                }
                if (after != (object ? '}' : ']')) {
                    throw unexpected(object ? "',' or '}' after a field's value" : "',' or ']' after an array element");
                }
                position++;
                open--;
            }
        }
    }

    /** At a field name (after whitespace): skips it and the colon. */
    void skipKey() {
        if (skipWhitespace() != '"') {
            throw unexpected("a field name (a string) or '}'");
        }
        scanString();
        expect(':', "':' after the field name");
    }

    private void skipScalar(int c) {
        switch (c) {
            case '"' -> scanString();
            case 't' -> literalOrThrow("true");
            case 'f' -> literalOrThrow("false");
            case 'n' -> literalOrThrow("null");
            default -> {
                if (c == '-' || isDigit(c)) {
                    scanNumber();
                } else {
                    throw unexpected("a value (an object, array, string, number, true, false or null)");
                }
            }
        }
    }

    void literalOrThrow(String literal) {
        if (!literal(literal)) {
            throw unexpected("the literal " + literal);
        }
    }

    // ------------------------------------------------------------------ errors

    /** What was expected at the position, and what was found there instead. */
    WireException unexpected(String expected) {
        int p = position;
        return p >= limit ? endError(p, expected) : error(p, expected + ", found " + describe(byteAt(p)));
    }

    /** The input ended (or reached {@link ReadLimits#maxDocumentBytes}) where {@code expected} was. */
    WireException endError(int offset, String expected) {
        if (limit < bytes.writePosition()) {
            return error(offset, expected + ", but the document is longer than ReadLimits.maxDocumentBytes "
                    + limits.maxDocumentBytes());
        }
        return error(offset, expected + ", but the input ends");
    }

    /** An exception naming the wire, the offset, its line and column, and what was expected. Allocates. */
    @Override
    public WireException error(int offset, String expected) {
        lines.moveTo(bytes, offset);
        return new WireException(WIRE, offset, lines.line(), lines.column(), expected, null);
    }

    static String describe(int b) {
        if (b < 0) {
            return "the end of the input";
        }
        if (b > ' ' && b < 0x7F) {
            return "'" + (char) b + "'";
        }
        return "the byte 0x" + hex2(b);
    }

    private static String hex2(int b) {
        return Integer.toHexString(0x100 | b).substring(1).toUpperCase(java.util.Locale.ROOT);
    }
}
