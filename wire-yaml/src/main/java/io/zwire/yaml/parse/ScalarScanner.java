package io.zwire.yaml.parse;

import static io.zwire.yaml.parse.TextInput.CLASS;
import static io.zwire.yaml.parse.TextInput.FLOW;
import static io.zwire.yaml.parse.TextInput.INDICATOR;
import static io.zwire.yaml.parse.TextInput.PLAIN_STOP;
import static io.zwire.yaml.parse.TextInput.URI;
import static io.zwire.yaml.parse.TextInput.WHITE;
import static io.zwire.yaml.parse.TextInput.BREAK;

/**
 * Finds where scalars, anchors, aliases and tags end, validating their characters on the way,
 * and records the extent of the last scalar in a {@link Scalar}. Nothing is decoded here: a
 * scalar stays a range of the input until someone asks for its value ({@link ScalarDecoder}).
 * Allocates nothing but exceptions.
 */
final class ScalarScanner {
    private final TextInput in;
    private final Scalar scalar;
    /** Where the last {@link #plainLineEnd} scan stopped (at the stop character, not the trimmed end). */
    private int stop;

    ScalarScanner(TextInput in, Scalar scalar) {
        this.in = in;
        this.scalar = scalar;
    }

    // ------------------------------------------------------------------ plain scalars

    /**
     * Whether a plain scalar may start at {@code p}: not an indicator, or one of {@code - ? :}
     * followed by a character a plain scalar may hold (not a blank, and in flow context not a
     * flow indicator).
     */
    boolean plainStartsAt(int p, boolean flow) {
        int b = in.at(p);
        if (b < 0 || (CLASS[b] & (INDICATOR | WHITE | BREAK)) == 0) {
            return b >= 0;
        }
        if (b == '-' || b == '?' || b == ':') {
            int next = in.at(p + 1);
            return next >= 0 && (CLASS[next] & (WHITE | BREAK)) == 0 && !(flow && (CLASS[next] & FLOW) != 0);
        }
        return false;
    }

    /**
     * Scans the plain text on the current line from {@code p} and returns where it ends, trailing
     * blanks excluded; {@link #stop} is left where the scan stopped. Stops at {@code ": "},
     * {@code " #"}, a line break, the end of input and, in flow context, at a flow indicator or a
     * {@code :} followed by one.
     */
    int plainLineEnd(int p, boolean flow) {
        final byte[] d = in.data;
        final int end = in.limit;
        final int stopMask = flow ? PLAIN_STOP | FLOW : PLAIN_STOP;
        int q = p;
        int last = p;
        while (q < end) {
            int b = d[q] & 0xFF;
            if ((CLASS[b] & stopMask) == 0) {
                q++;
                if (b != ' ') {
                    last = q;
                }
                continue;
            }
            if (b == ':') {
                int next = q + 1;
                if (next >= end || (CLASS[d[next] & 0xFF] & (WHITE | BREAK)) != 0 || flow && (CLASS[d[next] & 0xFF] & FLOW) != 0) {
                    break;
                }
                last = ++q;
            } else if (b == '#') {
                if (q > p && (CLASS[d[q - 1] & 0xFF] & WHITE) != 0) {
                    break;
                }
                last = ++q;
            } else if (b == '\t') {
                q++;
            } else if (b == '\n' || b == '\r' || (CLASS[b] & FLOW) != 0) {
                break;
            } else {
                q += in.printable(q, true);
                last = q;
            }
        }
        stop = q;
        return last;
    }

    /**
     * Scans a plain scalar from the position, over as many lines as continue it (lines indented at
     * least {@code minIndent} spaces that are not comments or document markers), leaving the
     * position at the end of its last non-blank character.
     *
     * @param singleLine true for implicit keys, which cannot span lines
     */
    void scanPlain(boolean flow, int minIndent, boolean singleLine) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int start = in.pos;
        int end = plainLineEnd(start, flow);
        boolean multiLine = false;
        while (!singleLine && stop < limit && (CLASS[d[stop] & 0xFF] & BREAK) != 0) {
            int q = stop;
            int lineStart;
            int spaces;
            int content;
            while (true) {
                q = in.afterBreak(q);
                lineStart = q;
                while (q < limit && d[q] == ' ') {
                    q++;
                }
                spaces = q - lineStart;
                while (q < limit && d[q] == '\t') {
                    q++;
                }
                while (q < limit && (d[q] == ' ' || d[q] == '\t')) {
                    q++;
                }
                if (q < limit && (d[q] == '\n' || d[q] == '\r')) {
                    continue;
                }
                content = q;
                break;
            }
            if (content >= limit || spaces < minIndent || d[content] == '#') {
                break;
            }
            if (content == lineStart && in.isDocumentMarker(content)) {
                break;
            }
            if (!plainContinuesAt(content, flow)) {
                break;
            }
            int lineEnd = plainLineEnd(content, flow);
            if (lineEnd == content) {
                break;
            }
            if (!flow && stop < limit && d[stop] == ':') {
                throw in.error(stop, "no ': ' on a continuation line of a plain scalar (is a mapping key indented"
                        + " deeper than the keys before it?)");
            }
            end = lineEnd;
            multiLine = true;
            in.lineStart = lineStart;
        }
        in.pos = end;
        scalar.set(Scalar.PLAIN, start, end, !multiLine);
    }

    /** Whether a continuation line of a plain scalar may start with the character at {@code p}. */
    private boolean plainContinuesAt(int p, boolean flow) {
        int b = in.data[p] & 0xFF;
        if (b == ':') {
            int next = in.at(p + 1);
            return next >= 0 && (CLASS[next] & (WHITE | BREAK)) == 0 && !(flow && (CLASS[next] & FLOW) != 0);
        }
        return !(flow && (CLASS[b] & FLOW) != 0);
    }

    /** Where the last {@link #plainLineEnd} scan stopped. */
    int stopIndex() {
        return stop;
    }

    // ------------------------------------------------------------------ quoted scalars

    /**
     * Scans a double-quoted scalar from the {@code "} at the position, checking its escapes;
     * continuation lines must be indented at least {@code minIndent} spaces. Leaves the position
     * after the closing quote.
     */
    void scanDoubleQuoted(int minIndent) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int open = in.pos;
        int p = open + 1;
        boolean simple = true;
        while (true) {
            if (p >= limit) {
                throw in.error(open, "a '\"' to close the double-quoted scalar, but the input ends");
            }
            int b = d[p] & 0xFF;
            if (b == '"') {
                break;
            }
            if (b == '\\') {
                simple = false;
                p = escape(p);
            } else if (b == '\n' || b == '\r') {
                simple = false;
                p = quotedLineBreak(p, open, minIndent);
            } else if (b >= 0x20 && b < 0x7F || b == '\t') {
                p++;
            } else {
                p += in.printable(p, false);
            }
        }
        in.pos = p + 1;
        scalar.set(Scalar.DOUBLE_QUOTED, open + 1, p, simple);
    }

    /** Checks the escape at {@code p} (a backslash) and returns the index after it. */
    private int escape(int p) {
        int c = in.at(p + 1);
        switch (c) {
            case '0', 'a', 'b', 't', '\t', 'n', 'v', 'f', 'r', 'e', ' ', '"', '/', '\\', 'N', '_', 'L', 'P':
                return p + 2;
            case 'x':
                return hexDigits(p, 2);
            case 'u':
                return hexDigits(p, 4);
            case 'U':
                return hexDigits(p, 8);
            case '\n', '\r':
                return p + 1;
            default:
                throw in.error(p, "a valid escape sequence (\\0 \\a \\b \\t \\n \\v \\f \\r \\e \\  \\\" \\/ \\\\ \\N \\_ \\L \\P \\x \\u \\U or an escaped line break)");
        }
    }

    private int hexDigits(int p, int count) {
        long value = 0;
        for (int k = 0; k < count; k++) {
            int digit = Character.digit(in.at(p + 2 + k), 16);
            if (digit < 0) {
                throw in.error(p, count + " hexadecimal digits after \\" + (char) in.at(p + 1));
            }
            value = value << 4 | digit;
        }
        if (value > 0x10FFFF) {
            throw in.error(p, "a code point no greater than U+10FFFF");
        }
        return p + 2 + count;
    }

    /**
     * Moves over the line break at {@code p} inside a quoted scalar and the indentation of the
     * lines after it, checking each continuation line is indented at least {@code minIndent}
     * spaces and is not a document marker; returns the index of the next character.
     */
    private int quotedLineBreak(int p, int open, int minIndent) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int q = p;
        while (true) {
            q = in.afterBreak(q);
            int lineStart = q;
            in.lineStart = lineStart;
            while (q < limit && d[q] == ' ') {
                q++;
            }
            int spaces = q - lineStart;
            while (q < limit && (d[q] == ' ' || d[q] == '\t')) {
                q++;
            }
            if (q >= limit) {
                throw in.error(open, "a closing quote for the quoted scalar, but the input ends");
            }
            if (d[q] == '\n' || d[q] == '\r') {
                continue;
            }
            if (spaces == 0 && in.isDocumentMarker(lineStart)) {
                throw in.error(open, "a closing quote for this quoted scalar before the document marker on a later line");
            }
            if (spaces < minIndent) {
                throw in.error(q, "a continuation line of the quoted scalar indented at least " + minIndent + " spaces");
            }
            return q;
        }
    }

    /** Scans a single-quoted scalar from the {@code '} at the position; as {@link #scanDoubleQuoted}. */
    void scanSingleQuoted(int minIndent) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int open = in.pos;
        int p = open + 1;
        boolean simple = true;
        while (true) {
            if (p >= limit) {
                throw in.error(open, "a \"'\" to close the single-quoted scalar, but the input ends");
            }
            int b = d[p] & 0xFF;
            if (b == '\'') {
                if (p + 1 < limit && d[p + 1] == '\'') {
                    simple = false;
                    p += 2;
                    continue;
                }
                break;
            }
            if (b == '\n' || b == '\r') {
                simple = false;
                p = quotedLineBreak(p, open, minIndent);
            } else if (b >= 0x20 && b < 0x7F || b == '\t') {
                p++;
            } else {
                p += in.printable(p, false);
            }
        }
        in.pos = p + 1;
        scalar.set(Scalar.SINGLE_QUOTED, open + 1, p, simple);
    }

    /**
     * Finds the end of the quoted scalar starting at {@code p} if it closes on the same line, for
     * the implicit-key lookahead; -1 if it does not.
     */
    int quotedEndOnLine(int p) {
        final byte[] d = in.data;
        final int limit = in.limit;
        byte quote = d[p];
        int q = p + 1;
        while (q < limit) {
            byte b = d[q];
            if (b == '\n' || b == '\r') {
                return -1;
            }
            if (quote == '"' && b == '\\') {
                if (q + 1 >= limit || d[q + 1] == '\n' || d[q + 1] == '\r') {
                    return -1;
                }
                q += 2;
                continue;
            }
            if (b == quote) {
                if (quote == '\'' && q + 1 < limit && d[q + 1] == '\'') {
                    q += 2;
                    continue;
                }
                return q + 1;
            }
            q++;
        }
        return -1;
    }

    /**
     * Finds the end of the flow collection opening at {@code p} if it closes on the same line, for
     * the implicit-key lookahead; -1 if it does not. Quotes are skipped where they can start a
     * quoted scalar.
     */
    int flowEndOnLine(int p) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int depth = 0;
        int q = p;
        while (q < limit) {
            byte b = d[q];
            switch (b) {
                case '[', '{' -> depth++;
                case ']', '}' -> {
                    if (--depth == 0) {
                        return q + 1;
                    }
                }
                case '\n', '\r' -> {
                    return -1;
                }
                case '"', '\'' -> {
                    byte before = d[q - 1];
                    if (before == '[' || before == '{' || before == ',' || before == ':' || before == ' ' || before == '\t') {
                        int end = quotedEndOnLine(q);
                        if (end < 0) {
                            return -1;
                        }
                        q = end;
                        continue;
                    }
                }
                case '#' -> {
                    byte before = d[q - 1];
                    if (before == ' ' || before == '\t') {
                        return -1;
                    }
                }
                default -> {
                }
            }
            q++;
        }
        return -1;
    }

    // ------------------------------------------------------------------ block scalars

    /**
     * Scans a literal or folded block scalar from its indicator at the position. {@code n} is the
     * indentation of the enclosing block collection (-1 at the top of a document); content lines
     * are indented by the header's indentation indicator more than {@code n}, or as much as the
     * first non-empty line. Leaves the position at the start of the first line after the scalar.
     */
    void scanBlockScalar(int n) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int style = d[in.pos] == '|' ? Scalar.LITERAL : Scalar.FOLDED;
        int p = in.pos + 1;
        int indicator = 0;
        int chomp = Scalar.CLIP;
        for (int k = 0; k < 2 && p < limit; k++) {
            byte b = d[p];
            if (b >= '1' && b <= '9' && indicator == 0) {
                indicator = b - '0';
            } else if ((b == '-' || b == '+') && chomp == Scalar.CLIP) {
                chomp = b == '-' ? Scalar.STRIP : Scalar.KEEP;
            } else {
                break;
            }
            p++;
        }
        in.pos = p;
        in.skipWhite();
        p = in.pos;
        if (p < limit && d[p] == '#') {
            if (p == 0 || (CLASS[d[p - 1] & 0xFF] & WHITE) == 0) {
                throw in.error(p, "a blank before the comment after the block scalar header");
            }
            in.skipComment();
            p = in.pos;
        }
        if (p < limit && (CLASS[d[p] & 0xFF] & BREAK) == 0) {
            throw in.error(p, "a line break after the block scalar header (indentation indicator 1-9, chomping + or -, a comment)");
        }
        int contentStart = p < limit ? in.afterBreak(p) : limit;
        int contentIndent = indicator > 0 ? n + indicator : detectIndent(contentStart, n);
        int q = contentStart;
        int lineStart = q;
        while (q < limit) {
            lineStart = q;
            int r = q;
            while (r < limit && d[r] == ' ') {
                r++;
            }
            int spaces = r - q;
            if (r >= limit) {
                q = limit;
                break;
            }
            if (d[r] == '\n' || d[r] == '\r') {
                q = in.afterBreak(r);
                continue;
            }
            if (spaces < contentIndent || spaces == 0 && in.isDocumentMarker(q)) {
                if (spaces < contentIndent && onlyWhiteToLineEnd(r)) {
                    throw in.error(r, "indentation with spaces only: a tab on an empty line of a block scalar");
                }
                break;
            }
            while (r < limit && (CLASS[d[r] & 0xFF] & BREAK) == 0) {
                int b = d[r];
                r += b >= 0x20 && b < 0x7F || b == '\t' ? 1 : in.printable(r, true);
            }
            q = r < limit ? in.afterBreak(r) : limit;
        }
        int end = q < limit ? lineStart : limit;
        in.pos = end;
        in.lineStart = q < limit ? end : lineStart;
        scalar.setBlock(style, contentStart, end, contentIndent, chomp);
    }

    private boolean onlyWhiteToLineEnd(int p) {
        final byte[] d = in.data;
        int q = p;
        while (q < in.limit && (d[q] == ' ' || d[q] == '\t')) {
            q++;
        }
        return q >= in.limit || d[q] == '\n' || d[q] == '\r';
    }

    /**
     * The content indentation of a block scalar without an indicator: that of its first non-empty
     * line, which must exceed {@code n} (otherwise the scalar is empty) and every blank line
     * before it.
     */
    private int detectIndent(int from, int n) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int q = from;
        int widestBlank = 0;
        int widestBlankAt = -1;
        while (q < limit) {
            int r = q;
            while (r < limit && d[r] == ' ') {
                r++;
            }
            int spaces = r - q;
            if (r < limit && (d[r] == '\n' || d[r] == '\r')) {
                if (spaces > widestBlank) {
                    widestBlank = spaces;
                    widestBlankAt = q;
                }
                q = in.afterBreak(r);
                continue;
            }
            if (r >= limit) {
                widestBlank = Math.max(widestBlank, spaces);
                break;
            }
            if (spaces <= n || spaces == 0 && in.isDocumentMarker(q)) {
                break;
            }
            if (widestBlank > spaces) {
                throw in.error(widestBlankAt, "no more spaces on a leading empty line of the block scalar ("
                        + widestBlank + ") than on its first content line (" + spaces + ")");
            }
            return spaces;
        }
        return Math.max(n + 1, widestBlank);
    }

    // ------------------------------------------------------------------ anchors, aliases, tags

    /**
     * Returns the end of the anchor or alias name starting at {@code p} (after the {@code &} or
     * {@code *}): any printable characters but blanks and flow indicators.
     */
    int anchorNameEnd(int p) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int q = p;
        while (q < limit) {
            int b = d[q] & 0xFF;
            if ((CLASS[b] & (WHITE | BREAK | FLOW)) != 0) {
                break;
            }
            q += b > 0x20 && b < 0x7F ? 1 : in.printable(q, true);
        }
        if (q == p) {
            throw in.error(p, "an anchor or alias name");
        }
        return q;
    }

    /**
     * Scans the tag starting at the {@code !} at {@code p}: verbatim {@code !<uri>}, a shorthand
     * {@code !!suffix}, {@code !handle!suffix} or {@code !suffix}, or the non-specific {@code !}.
     * Returns its end and leaves the end of the handle in {@link #tagHandleEnd}.
     */
    int tagEnd(int p, boolean flow) {
        final byte[] d = in.data;
        final int limit = in.limit;
        int q = p + 1;
        if (q < limit && d[q] == '<') {
            q++;
            int uriStart = q;
            while (q < limit && d[q] != '>') {
                q = uriChar(q, true);
            }
            if (q >= limit || q == uriStart) {
                throw in.error(p, "a verbatim tag !<uri> closed by '>'");
            }
            tagHandleEnd = p + 2;
            return afterTag(q + 1, flow);
        }
        int handleEnd = p + 1;
        int r = q;
        while (r < limit && isWordChar(d[r])) {
            r++;
        }
        if (r < limit && d[r] == '!') {
            handleEnd = r + 1;
            q = r + 1;
        }
        tagHandleEnd = handleEnd;
        int suffixStart = q;
        while (q < limit && (CLASS[d[q] & 0xFF] & URI) != 0 && d[q] != '!') {
            q = uriChar(q, false);
        }
        if (q == suffixStart && handleEnd != p + 1) {
            throw in.error(p, "a tag suffix after the tag handle");
        }
        return afterTag(q, flow);
    }

    /** Where the last {@link #tagEnd} scan found the end of the handle (the start of the suffix). */
    int tagHandleEnd;

    private int afterTag(int q, boolean flow) {
        if (q < in.limit && !in.isBlankOrEnd(q) && !(flow && in.isFlowIndicator(q))) {
            throw in.error(q, "a blank after the tag (a tag holds URI characters only)");
        }
        return q;
    }

    private int uriChar(int q, boolean verbatim) {
        final byte[] d = in.data;
        int b = d[q] & 0xFF;
        if (b == '%') {
            if (Character.digit(in.at(q + 1), 16) < 0 || Character.digit(in.at(q + 2), 16) < 0) {
                throw in.error(q, "two hexadecimal digits after '%' in a tag");
            }
            return q + 3;
        }
        if ((CLASS[b] & URI) != 0 || verbatim && (b == ',' || b == '[' || b == ']')) {
            return q + 1;
        }
        throw in.error(q, "a URI character in the tag");
    }

    static boolean isWordChar(byte b) {
        return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '-';
    }
}
