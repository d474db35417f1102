package io.zwire.yaml.parse;

import io.zwire.internal.RecentValues;
import io.zwire.text.keys.FieldKeys;
import io.zwire.text.number.AsciiDigits;
import io.zwire.text.scan.ByteWords;

import static io.zwire.yaml.parse.SimpleText.quotedRunEnd;
import static io.zwire.yaml.parse.SimpleText.simpleChar;
import static io.zwire.yaml.parse.SimpleText.simpleRunEnd;
import static io.zwire.yaml.parse.SimpleText.simpleStart;

/**
 * The typed reader's fast path: reads the commonest entry of a block mapping, a "key: value" line
 * whose key is the field asked for and whose value is a simple scalar ending the line, in one
 * step, or a "key:" line opening a nested mapping of such lines. Most documents, and all that zwire
 * writes, are lines of that kind at one indentation.
 *
 * <p>The scanner knows the line, the parser knows YAML. The interface between them is narrow: the
 * parser opens a gate ({@code simpleKeyAt}) only at a block mapping's key with no
 * event pushed back, no node properties pending and within the document's size limit, and tells
 * the mapping's indentation; the scanner reads the line without changing anything, and when the
 * line is one it recognises, hands it back through one call ({@code valueThenKey},
 * {@code valueLast}, {@code numberThenKey}, or {@code nestedMapping} for a "key:" line), which
 * leaves the parser exactly as its general path would have after the key and the value. Any
 * line it does not recognise (properties, indicators, non-ASCII, tabs, comments, a value that
 * might continue on the next line) it leaves untouched for the general path. What the scanner
 * learns of a number on the way (its digits as a long) it keeps for the reader's value codecs, so
 * a number line is read once.
 *
 * <p>One scanner per parser, owned by the reader. Allocates nothing.
 */
public final class SimpleLineScanner {
    /** Returned by {@link #decimal()} and {@link #fraction()} when the value is not such a number. */
    public static final long NOT_DECIMAL = Long.MIN_VALUE;

    /** 10^0 to 10^7, for the digits after a point. */
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000};
    /** The same powers as doubles, all exact. */
    private static final double[] DOUBLE_POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7};
    /** The largest magnitude up to which every long is exactly a double: 2^53. */
    private static final long EXACT_LONG = 1L << 53;

    private final GrammarState parser;
    private final TextInput in;
    private final int maxTextBytes;

    /** See {@link #decimal()}. */
    private long decimal = NOT_DECIMAL;
    /** See {@link #fraction()} and {@link #scale()}. */
    private long fraction = NOT_DECIMAL;
    private int scale;
    /** See {@link #recalled()}. */
    private boolean recalled;

    /**
     * A scanner for the lines {@code parser} reads.
     *
     * @param parser the parser whose block mappings this scanner reads lines of
     */
    public SimpleLineScanner(YamlParser parser) {
        this((GrammarState) parser);
    }

    /** A scanner for the lines of the parser whose state is {@code parser}, for the parser's own use. */
    SimpleLineScanner(GrammarState parser) {
        this.parser = parser;
        this.in = parser.input();
        this.maxTextBytes = parser.maxTextBytes();
    }

    /*
     * How this splits into methods decides what C2 inlines into the user's readMarshallable. Each
     * field costs one call: the typed reader's find and the key lookup are inlined into the
     * user's method, and this method, hot long before that one and compiled on its own with
     * number inside it, is then too large compiled to be inlined there. Keeping number small
     * enough to be inlined here (InliningBudgetTest holds it), rather than one large method for
     * the whole line, keeps the reader's per-field method small enough to be inlined in turn;
     * letting C2 choose whether to inline this method measured no worse than forcing either way.
     */
    /**
     * For the typed reader's in-order path: if the next entry of the current block mapping has
     * the key {@code keys} keeps in {@code slot} ({@link SimpleKeys}; no key if -1), and is a "key:
     * value" line the scanner recognises, or a "key:" line followed by a more indented "sub: ..."
     * line, reads it in one step: returns {@link YamlParser#SCALAR} with the value in
     * {@link YamlParser#scalar()}, or {@link YamlParser#MAPPING_START} with the nested mapping
     * entered, exactly as {@link YamlParser#next()} would have left things after returning the key
     * and that event. Otherwise returns 0 and changes nothing. A value {@code recent} keeps for
     * the slot as plain ({@link RecentValues#rememberPlain}) is recognised by comparing its bytes.
     * Allocates nothing.
     *
     * @param keys the reader's key table
     * @param slot the slot of the field's key in {@code keys}, or -1
     * @param recent the reader's recent values
     * @return the event read, or 0
     */
    public int readLine(FieldKeys keys, int slot, RecentValues recent) {
        final int p = in.pos;
        recalled = false;
        if (slot < 0 || p != parser.simpleKeyAt()) {
            return 0;
        }
        final byte[] d = in.data;
        final int colon = p + keys.length(slot) - 1;
        if (colon >= in.limit - 2 || !keys.matches(slot, d, p)) {
            return 0;
        }
        byte after = d[colon + 1];
        int event;
        if (after == ' ') {
            event = number(colon + 2);
            if (event == 0) {
                event = recent(recent, slot, colon + 2);
            }
            if (event == 0) {
                event = value(colon + 2);
            }
        } else if (after == '\n') {
            event = nestedMapping(colon);
        } else {
            return 0;
        }
        // What next() records of a key for the general path (entryStart, counts) is not stored:
        // the entry is read to its end here, and the next key the general path reads records its
        // own. No properties are pending (the gate), and the value has none.
        return event;
    }

    /**
     * For the parser's general path, which has just read a key: the value after its ": " at
     * {@code start}, read as {@link #readLine} reads it.
     *
     * @return {@link YamlParser#SCALAR}, or 0 having changed nothing
     */
    int valueAfterKey(int start) {
        return value(start);
    }

    /**
     * Reads a value that is a simple plain or double-quoted scalar ending its line, at
     * {@code start}, after the ": ". Returns {@link YamlParser#SCALAR}, or 0 if the general path
     * must read it.
     */
    private int value(int start) {
        final byte[] d = in.data;
        final int limit = in.limit;
        byte first = d[start];
        int q;
        int valueStart;
        int valueEnd;
        int style;
        decimal = NOT_DECIMAL;
        fraction = NOT_DECIMAL;
        if (first == '"') {
            q = quotedRunEnd(d, start + 1, limit);
            if (q >= limit || d[q] != '"') {
                return 0;
            }
            valueStart = start + 1;
            valueEnd = q;
            q++;
            style = Scalar.DOUBLE_QUOTED;
        } else {
            if (!simpleStart(first) && !(first == '-' && start + 1 < limit && d[start + 1] != ' ' && simpleChar(d[start + 1]))) {
                return 0;
            }
            q = start + 1;
            if (first >= '0' && first <= '9' || first == '-') {
                // Decimal digits are read on the way, so an integer needs no second pass (see
                // decimal()); the first eight as one word.
                final int digitStart = first == '-' ? start + 1 : start;
                q = digitStart;
                long digits = 0;
                if (d.length - q >= 8) {
                    long word = ByteWords.word(d, q);
                    int count = Math.min(AsciiDigits.count(word), limit - q);
                    if (count > 0) {
                        digits = AsciiDigits.value(word, count);
                        q += count;
                    }
                }
                while (q < limit && d[q] >= '0' && d[q] <= '9') {
                    digits = digits * 10 + d[q++] - '0';
                }
                int count = q - digitStart;
                boolean integer = count > 0 && count <= 18 && (q >= limit || !simpleChar(d[q]));
                decimal = integer ? (first == '-' ? -digits : digits) : NOT_DECIMAL;
            }
            q = simpleRunEnd(d, q, limit);
            if (d[q - 1] == ' ') {
                return 0;
            }
            valueStart = start;
            valueEnd = q;
            style = Scalar.PLAIN;
        }
        return valueEnd(style, valueStart, valueEnd, q);
    }

    /**
     * A value that is the field's last text or enum constant again, as {@code recent} keeps it for
     * {@code slot} ({@link RecentValues#plainLength}) and followed by a line break: its bytes are
     * compared a word at a time, where {@link #value} classifies each one, and the line is
     * ended as that method ends it. Returns {@link YamlParser#SCALAR}, or 0 having changed nothing.
     */
    private int recent(RecentValues recent, int slot, int start) {
        final int length = recent.plainLength(slot);
        final int end = start + length;
        final byte[] d = in.data;
        if (length <= 0 || end >= in.limit || d[end] != '\n' || recent.match(slot, d, start, length) == null) {
            return 0;
        }
        decimal = NOT_DECIMAL;
        fraction = NOT_DECIMAL;
        final int event = valueEnd(Scalar.PLAIN, start, end, end);
        recalled = event != 0;
        return event;
    }

    /**
     * Ends a value {@link #value} or {@link #recent} read, its text in {@code [valueStart,
     * valueEnd)} and the line going on at {@code q}: the line must end there (or the input), and
     * the next line must not continue the value. When the next line holds a key at this mapping's
     * indentation, the parser is left at that key, its gate open.
     */
    private int valueEnd(int style, int valueStart, int valueEnd, int q) {
        final byte[] d = in.data;
        final int limit = in.limit;
        final int indent = parser.mappingIndent();
        byte next = 0;
        int nextLine = limit;
        int spaces = 0;
        if (q < limit) {
            if (d[q] != '\n') {
                return 0;
            }
            nextLine = q + 1;
            int r = nextLine;
            while (r < limit && d[r] == ' ') {
                r++;
            }
            spaces = r - nextLine;
            if (r < limit) {
                next = d[r];
                if (next == '\n' || next == '\r' || next == '\t' || next == '#'
                        || style == Scalar.PLAIN && spaces > indent) {
                    return 0;
                }
            }
        }
        if (valueEnd - valueStart > maxTextBytes) {
            return 0;
        }
        if (next != 0 && spaces == indent && next != '-' && next != '.') {
            return parser.valueThenKey(style, valueStart, valueEnd, q, nextLine + spaces, nextLine);
        }
        return parser.valueLast(style, valueStart, valueEnd, q);
    }

    /**
     * The commonest lines of all, "key: 1234567" and "key: -12.345", a plain decimal number of at
     * most seven digits before the point and seven after, followed by a line break and the next
     * key at this mapping's indentation (or by less indentation, or the end of the input): read
     * with one word for each run of digits and no per-byte scan, leaving exactly what
     * {@link #value} would, and recording the number for {@link #decimal()} or
     * {@link #fraction()}. Returns {@link YamlParser#SCALAR}, or 0 having changed nothing, for
     * {@link #value} to read the line.
     */
    private int number(int start) {
        final byte[] d = in.data;
        final int limit = in.limit;
        if (d.length - start < 9) {
            return 0;
        }
        long word = ByteWords.word(d, start);
        int digitStart = start;
        if ((byte) word == '-') {
            digitStart++;
            word = ByteWords.word(d, digitStart);
        }
        final int count = AsciiDigits.count(word);
        final int end = digitStart + count;
        if (count == 0 || count == 8 || end >= limit) {
            return 0;
        }
        // At most seven digits: the byte after them is in the word already.
        final int after = (int) (word >>> (count << 3)) & 0xFF;
        final long digits = AsciiDigits.value(word, count);
        if (after != '\n') {
            return after == '.' ? fractionNumber(start, digitStart, end, digits) : 0;
        }
        return numberLine(start, end, digitStart == start ? digits : -digits, 0);
    }

    /** {@link #number} after the digits before a point, {@code d[end]}. */
    private int fractionNumber(int start, int digitStart, int end, long digits) {
        final byte[] d = in.data;
        if (d.length - end < 9) {
            return 0;
        }
        final long word = ByteWords.word(d, end + 1);
        final int places = AsciiDigits.count(word);
        final int fractionEnd = end + 1 + places;
        if (places == 0 || places == 8 || fractionEnd >= in.limit || ((word >>> (places << 3)) & 0xFF) != '\n') {
            return 0;
        }
        final long value = digits * POWERS_OF_TEN[places] + AsciiDigits.value(word, places);
        return numberLine(start, fractionEnd, digitStart == start ? value : -value, places);
    }

    /**
     * Ends {@link #number}'s line, the number {@code value} with {@code places} digits after
     * its point spelled in {@code [start, end)} and a line break at {@code end}: records it if the
     * next line allows, else returns 0 having changed nothing.
     */
    private int numberLine(int start, int end, long value, int places) {
        if (end - start > maxTextBytes) {
            return 0;
        }
        final byte[] d = in.data;
        final int limit = in.limit;
        final int nextLine = end + 1;
        int r = nextLine;
        byte next = 0;
        if (r < limit) {
            next = d[r];
            if (next == ' ') {
                r = spacesEnd(d, r + 1, limit);
                next = r < limit ? d[r] : 0;
            }
        }
        final int spaces = r - nextLine;
        final int indent = parser.mappingIndent();
        // A blank line, a tab, a comment or a deeper line (which would continue the plain scalar)
        // next is left to the general path; so is a line starting with '!', '"', a control
        // character or a non-ASCII byte, all below '#' as signed bytes: rare after a value.
        if (r < limit && (next <= '#' || spaces > indent)) {
            return 0;
        }
        if (places == 0) {
            decimal = value;
        } else {
            decimal = NOT_DECIMAL;
            fraction = value;
            scale = places;
        }
        if (spaces == indent && next != 0 && next != '-' && next != '.') {
            return parser.numberThenKey(start, r, nextLine);
        }
        return parser.valueLast(Scalar.PLAIN, start, end, end);
    }

    /** Where the run of spaces from {@code from} ends, at {@code limit} at the latest. */
    private static int spacesEnd(byte[] d, int from, int limit) {
        int r = from;
        while (r < limit && d[r] == ' ') {
            r++;
        }
        return r;
    }

    /**
     * After "key:" ending its line: if the next line is more indented and starts with a simple
     * plain key followed by ':' and a blank, enters the block mapping it begins; else returns 0.
     */
    private int nestedMapping(int colon) {
        final byte[] d = in.data;
        final int limit = in.limit;
        final int lineStart = colon + 2;
        int r = lineStart;
        while (r < limit && d[r] == ' ') {
            r++;
        }
        int spaces = r - lineStart;
        if (r >= limit || spaces <= parser.mappingIndent() || !simpleStart(d[r])) {
            return 0;
        }
        int q = simpleRunEnd(d, r + 1, limit);
        if (q + 1 >= limit || d[q] != ':' || d[q + 1] != ' ' && d[q + 1] != '\n' || d[q - 1] == ' ') {
            return 0;
        }
        return parser.nestedMapping(colon, r, lineStart, spaces);
    }

    /**
     * After {@link #readLine} returned {@link YamlParser#SCALAR}: whether the value is the one
     * the {@link RecentValues} it was given keeps for the slot, found by comparing their bytes.
     *
     * @return whether the value was recognised as the field's recent value
     */
    public boolean recalled() {
        return recalled;
    }

    /**
     * After {@link #readLine}: the value as a long when it is a plain decimal integer of at most
     * 18 digits with an optional '-' (read while the value was scanned), else {@link #NOT_DECIMAL}.
     *
     * @return the integer, or {@link #NOT_DECIMAL}
     */
    public long decimal() {
        return decimal;
    }

    /**
     * After {@link #readLine}, and only when {@link #decimal()} is {@link #NOT_DECIMAL} (an
     * integer line does not store this, to save a store on the commonest line): when the value is
     * a plain decimal with a fraction, an optional '-', one to seven digits, '.' and one to seven
     * digits, those digits as a long with the sign (the value times 10 to the {@link #scale()}),
     * read while the value was scanned; else {@link #NOT_DECIMAL}.
     *
     * @return the digits as a long, or {@link #NOT_DECIMAL}
     */
    public long fraction() {
        return fraction;
    }

    /**
     * After {@link #readLine}: the value of the line as a double when it is a plain decimal whose
     * digits, as a long, are exactly a double: an integer up to 2^53, or one with a fraction, whose
     * 14 digits at most (see {@link #fraction()}) always are. 10 to the power of the digits after
     * the point is exact too, and one division of two exact doubles rounds once, to the nearest,
     * as parsing the text would (Clinger's fast path). NaN for any other value, zero included (for
     * the sign of -0.0), which the general path reads.
     *
     * @return the value, or NaN
     */
    public double exactDouble() {
        final long digits = decimal;
        if (digits != NOT_DECIMAL) {
            return digits != 0 && Math.abs(digits) <= EXACT_LONG ? digits : Double.NaN;
        }
        final long value = fraction;
        if (value != NOT_DECIMAL && value != 0) {
            return value / DOUBLE_POWERS_OF_TEN[scale];
        }
        return Double.NaN;
    }

    /**
     * How many digits follow the '.' of the {@link #fraction()}.
     *
     * @return 1 to 7
     */
    public int scale() {
        return scale;
    }
}
