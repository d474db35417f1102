package io.zwire.yaml.parse;

/**
 * The directives before a document: {@code %YAML 1.2} (once per document, with nothing after the
 * version but a comment; major version 1 only, any minor version) and {@code %TAG !handle! prefix} (once per handle, recorded in
 * {@link TagDirectives}); other directives are reserved and skipped. Allocates nothing but
 * exceptions.
 */
final class Directives {
    private Directives() {
    }

    /**
     * Parses the directive line at the position ({@code %YAML}, {@code %TAG}, or a reserved
     * directive, which is skipped) and leaves the position at its line break.
     *
     * @param yamlSeen whether the document already had a {@code %YAML} directive
     * @return whether it has one now
     * @throws io.zwire.WireException for a malformed or repeated directive
     */
    static boolean parse(TextInput in, TagDirectives tagDirectives, boolean yamlSeen) {
        final byte[] d = in.data;
        int start = in.pos;
        int p = start + 1;
        int nameEnd = printableUntilBlank(in, p);
        boolean yaml = nameEnd - p == 4 && d[p] == 'Y' && d[p + 1] == 'A' && d[p + 2] == 'M' && d[p + 3] == 'L';
        boolean tag = nameEnd - p == 3 && d[p] == 'T' && d[p + 1] == 'A' && d[p + 2] == 'G';
        in.pos = nameEnd;
        if (yaml) {
            if (yamlSeen) {
                throw in.error(start, "one %YAML directive per document");
            }
            requireWhite(in, "a version after %YAML");
            int v = in.pos;
            int q = v;
            while (q < in.limit && d[q] >= '0' && d[q] <= '9') {
                q++;
            }
            if (q == v || q >= in.limit || d[q] != '.') {
                throw in.error(v, "a YAML version such as 1.2");
            }
            if (!majorVersionOne(d, v, q)) {
                throw in.error(v, "a YAML version of major version 1 (a later major version may change what "
                        + "any document means, so YAML 1.2 has it rejected)");
            }
            int minor = ++q;
            while (q < in.limit && d[q] >= '0' && d[q] <= '9') {
                q++;
            }
            if (q == minor) {
                throw in.error(v, "a YAML version such as 1.2");
            }
            in.pos = q;
        } else if (tag) {
            requireWhite(in, "a tag handle after %TAG");
            int handleStart = in.pos;
            int q = handleStart;
            if (q >= in.limit || d[q] != '!') {
                throw in.error(q, "a tag handle: !, !! or !name!");
            }
            q++;
            while (q < in.limit && ScalarScanner.isWordChar(d[q])) {
                q++;
            }
            if (q > handleStart + 1 && (q >= in.limit || d[q] != '!')) {
                throw in.error(handleStart, "a tag handle: !, !! or !name!");
            }
            if (q < in.limit && d[q] == '!') {
                q++;
            }
            int handleEnd = q;
            if (tagDirectives.find(d, handleStart, handleEnd) >= 0) {
                throw in.error(handleStart, "one %TAG directive per handle");
            }
            in.pos = q;
            requireWhite(in, "a tag prefix after the handle");
            int prefixStart = in.pos;
            q = printableUntilBlank(in, prefixStart);
            tagDirectives.add(handleStart, handleEnd, prefixStart, q);
            in.pos = q;
        } else {
            int q = in.pos;
            while (!in.isBreakOrEnd(q)) {
                q += in.printable(q, true);
            }
            in.pos = q;
        }
        in.skipWhite();
        int q = in.pos;
        if (q < in.limit && d[q] == '#' && in.commentStartsAt(q)) {
            in.skipComment();
            q = in.pos;
        }
        if (q < in.limit && !in.isBreakOrEnd(q)) {
            throw in.error(q, "the end of the directive line");
        }
        return yamlSeen || yaml;
    }

    /**
     * {@return where the run of characters from {@code p} ends: at a blank, a line break or the
     * end of the input} A directive's name and a tag prefix are checked as every other character of
     * the stream is: valid UTF-8 and printable, though a reserved directive is otherwise skipped.
     *
     * @throws io.zwire.WireException at the first byte that is not a printable character
     */
    private static int printableUntilBlank(TextInput in, int p) {
        int q = p;
        while (!in.isBlankOrEnd(q)) {
            q += in.printable(q, true);
        }
        return q;
    }

    /**
     * Whether the digits {@code [from, to)} are 1 (leading zeros allowed). A later minor version
     * (1.3) is read as 1.2, as YAML 1.2 allows.
     */
    private static boolean majorVersionOne(byte[] d, int from, int to) {
        int p = from;
        while (p < to - 1 && d[p] == '0') {
            p++;
        }
        return p == to - 1 && d[p] == '1';
    }

    private static void requireWhite(TextInput in, String expected) {
        if (!in.isWhite(in.pos)) {
            throw in.error(in.pos, expected);
        }
        in.skipWhite();
        if (in.isBreakOrEnd(in.pos)) {
            throw in.error(in.pos, expected);
        }
    }
}
