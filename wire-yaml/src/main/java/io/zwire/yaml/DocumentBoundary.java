package io.zwire.yaml;

import io.zwire.Bytes;

/**
 * Finds where a YAML document ends without parsing it, by its lines alone: a document runs from
 * its {@code ---} (after any comments and directives) to the next line that starts with
 * {@code ---} or {@code ...} followed by a blank, which YAML does not allow inside a document
 * (not even inside a block or quoted scalar); directives followed by {@code ...} and no document
 * end there. Used to copy one document out of a buffer-backed
 * {@link Bytes}, and to skip a document that failed to parse. Allocates nothing.
 */
final class DocumentBoundary {
    private DocumentBoundary() {
    }

    /**
     * The offset just past the document that begins at {@code start}: the start of the next
     * {@code ---} line, the end of a {@code ...} line, or {@code limit}.
     */
    static int end(Bytes bytes, int start, int limit) {
        int p = start;
        boolean started = false;
        boolean directives = false;
        while (p < limit) {
            int lineEnd = p;
            while (lineEnd < limit && byteAt(bytes, lineEnd) != '\n' && byteAt(bytes, lineEnd) != '\r') {
                lineEnd++;
            }
            int next = lineEnd;
            if (next < limit) {
                next += byteAt(bytes, next) == '\r' && next + 1 < limit && byteAt(bytes, next + 1) == '\n' ? 2 : 1;
            }
            int marker = marker(bytes, p, limit);
            if (marker == '-') {
                if (started) {
                    return p;
                }
                started = true;
            } else if (marker == '.') {
                if (started || directives) {
                    return next;
                }
            } else if (!started && byteAt(bytes, p) == '%') {
                directives = true;
            } else if (!started && !prefixLine(bytes, p, lineEnd)) {
                started = true;
            }
            p = next;
        }
        return limit;
    }

    /** '-' or '.' when the line at {@code p} starts with a document marker, else 0. */
    private static int marker(Bytes bytes, int p, int limit) {
        if (p + 3 > limit) {
            return 0;
        }
        int c = byteAt(bytes, p);
        if ((c != '-' && c != '.') || byteAt(bytes, p + 1) != c || byteAt(bytes, p + 2) != c) {
            return 0;
        }
        if (p + 3 < limit) {
            int after = byteAt(bytes, p + 3);
            if (after != ' ' && after != '\t' && after != '\n' && after != '\r') {
                return 0;
            }
        }
        return c;
    }

    /** Whether the line {@code [p, lineEnd)} may come before a document: blank, a comment or a directive. */
    private static boolean prefixLine(Bytes bytes, int p, int lineEnd) {
        int q = p;
        if (q < lineEnd && byteAt(bytes, q) == '%') {
            return true;
        }
        while (q < lineEnd && (byteAt(bytes, q) == ' ' || byteAt(bytes, q) == '\t')) {
            q++;
        }
        return q == lineEnd || byteAt(bytes, q) == '#';
    }

    private static int byteAt(Bytes bytes, int offset) {
        return bytes.readUint8At(offset);
    }
}
