package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.MisplacedCalls;
import io.zwire.internal.StringInterner;
import io.zwire.internal.UnexpectedKey;
import io.zwire.spi.WireReader;
import io.zwire.text.keys.FieldKeys;
import io.zwire.text.keys.RecentValues;
import io.zwire.text.number.AsciiDigits;
import io.zwire.text.scan.ByteWords;
import io.zwire.yaml.parse.TextValues;

import java.math.BigDecimal;
import java.util.function.Consumer;

/**
 * Reads JSON documents into {@link Marshallable}s, on the strict {@link JsonInput} tokenizer.
 *
 * <p>The fast path expects the next key to be the field asked for, written compactly: the comma
 * and the key {@code "name":} are compared with the field's encoded key ({@link FieldKeys}), a
 * word or two at a time. Anything else (whitespace, escapes, another key) takes the general path,
 * which still reads fields in order without indexing; only a key that is not the field asked for
 * makes the rest of the object be indexed once in the {@link FieldIndex}, after which fields are
 * found there. Text and enum values are first compared with the field's previous value
 * ({@link RecentValues}), then looked up in the {@link StringInterner} or the enum's table.
 * Nesting is kept in a fixed stack of levels sized by {@link ReadLimits#maxDepth}.
 *
 * <p>Allocates nothing in steady state. The exceptions: text seen for the first time (interned),
 * {@link #bytes(Field)} (a new array by contract), text holding an unpaired surrogate escape
 * (returned without interning, as the cache is keyed by UTF-8), an integer field written as a
 * number with a fraction or exponent ({@code 1.0}, {@code 1e3}: checked exactly with
 * {@code BigDecimal}), numbers whose rounding needs the parsers' fallback, and, on a buffer-backed
 * input only, a number longer than any before it (copied out for the parser).
 */
final class JsonWireReader extends WireReader {
    /** Level kinds: the fields of an object, the elements of a sequence, a null or missing object, the value handed to the hook. */
    private static final byte OBJECT = 0;
    private static final byte SEQUENCE = 1;
    private static final byte ABSENT = 2;
    private static final byte VALUE = 3;
    /**
     * No document being read: after a document ends or fails, so that a read through a
     * {@link io.zwire.WireIn} kept past its document reaches the slow paths, which refuse it.
     */
    private static final byte CLOSED = 4;
    /** An integer of at most this many digits cannot overflow a long. */
    private static final int SAFE_DIGITS = 18;

    private final JsonInput in;
    private final JsonNumbers numbers;
    private final ReadLimits limits;
    /** {@link WireOptions#jsonTypedObjects()}, for {@link #readValue}. */
    private final boolean typedObjects;
    private final StringInterner interner;
    private final FieldIndex index = new FieldIndex();
    private final FieldKeys keys = new FieldKeys(JsonKeySpelling::spell);
    private final RecentValues recent = new RecentValues();
    private final UnexpectedKey key = UnexpectedKey.named();
    /** Strings holding escapes, decoded to UTF-8. */
    private final Bytes decoded = Bytes.elastic(64);
    /** Byte strings decoded from base64, for {@link #bytes(Field)}. */
    private final Bytes decodedBytes = Bytes.elastic(64);
    /** A char16's string, decoded. */
    private final StringBuilder chars = new StringBuilder(8);
    private Class<?> lastEnumType;
    private EnumConstants<?> lastEnums;
    /** Where the last document ended; a later start before it means the buffer was cleared. */
    private int lastEnd;

    private final byte[] kinds;
    private final boolean[] firsts;
    private final boolean[] indexeds;
    private final boolean[] wrappeds;
    private final int[] marks;
    private final int[] ends;
    private final int[] counts;
    /** Levels on the stack. */
    private int depth;
    /** Objects and sequences of the input open below the document's root: what {@link ReadLimits#maxDepth} bounds. */
    private int containers;
    /**
     * Objects and sequences started inside a null or missing one. They hold nothing to read, so
     * they are counted rather than stacked: the user's object graph, not the input, decides how
     * deep they go.
     */
    private int absentNesting;

    // The innermost level, kept in fields: the fast path reads only these.
    private byte kind = CLOSED;
    /** Nothing read yet at this level, so no comma comes before the next key or element. */
    private boolean first;
    private boolean indexed;
    /** For a typed object: the '}' of its {"@Alias": ...} wrapper follows the object. */
    private boolean wrapped;
    private int mark;
    /** For an indexed object: the offset just past it. */
    private int end;
    /** For a sequence: elements read. */
    private int count;
    /** For a {@link #VALUE} level: whether the value was read. */
    private boolean valueTaken;
    /** In an object: what the last {@link #field(Field)} found, for the value read that follows. */
    private byte expect;
    private static final byte NONE = 0;
    private static final byte FOUND = 1;
    private static final byte MISSING = 2;
    /**
     * The {@link FieldKeys} slot of the last field named, or -1: where {@link RecentValues} looks.
     * A number, not the {@code Field}: a reference stored per field costs a GC write barrier.
     */
    private int fieldSlot = -1;

    JsonWireReader(Bytes bytes, WireOptions options) {
        super(bytes);
        ReadLimits limits = options.limits();
        this.limits = limits;
        this.typedObjects = options.jsonTypedObjects();
        this.interner = StringInterner.of(options);
        this.in = new JsonInput(bytes, limits);
        this.numbers = new JsonNumbers(in);
        // Below the root: up to maxDepth containers, a hook's VALUE level above each object, one ABSENT level.
        int levels = 2 * limits.maxDepth() + 3;
        kinds = new byte[levels];
        firsts = new boolean[levels];
        indexeds = new boolean[levels];
        wrappeds = new boolean[levels];
        marks = new int[levels];
        ends = new int[levels];
        counts = new int[levels];
    }

    // ------------------------------------------------------------------ documents

    /** Starts the input at the read position, restarting line numbers if the buffer was cleared. */
    private int begin() {
        int start = bytes.readPosition();
        if (start < lastEnd) {
            in.restartLines();
        }
        in.reset(start);
        resetLevels();
        in.skipByteOrderMark();
        return in.skipWhitespace();
    }

    /**
     * Ends a document or value: checks that it ends its line, skips the whitespace after it and
     * moves the read position there.
     */
    private void finish() {
        in.endDocumentLine();
        lastEnd = in.position;
        bytes.readPosition(in.position);
    }

    @Override
    public boolean startDocument() {
        int c = begin();
        if (c < 0) {
            return false;
        }
        if (c != '{') {
            throw in.unexpected("a document: a JSON object");
        }
        in.position++;
        setLevel(OBJECT);
        return true;
    }

    @Override
    public void endDocument(Marshallable target, ValueIn unexpected) {
        finishObject(target, unexpected);
        finish();
        kind = CLOSED;
    }

    /**
     * A well-formed document is skipped as a whole (the failure was in its content, or in the
     * user's code), with the rest of its last line when something other than blanks follows it
     * there. A malformed one is skipped to the end of the line it starts on: the writer puts one
     * document per line, and a malformed document spread over several lines costs one failed read
     * per line, never a hang.
     */
    @Override
    public void recover(int documentStart) {
        kind = CLOSED;
        resetLevels();
        if (documentStart < lastEnd) {
            in.restartLines();
        }
        in.reset(documentStart);
        in.skipByteOrderMark();
        int resume;
        int written = bytes.writePosition();
        if (in.skipWhitespace() < 0) {
            resume = in.position;
        } else {
            int lineSearch = in.position;
            try {
                in.skipValue(limits.maxDepth() + 1);
                lineSearch = in.position;
                in.endDocumentLine();
                resume = in.position;
            } catch (WireException malformedOrFollowed) {
                resume = written;
                for (int p = lineSearch; p < written; p++) {
                    if (bytes.readUint8At(p) == '\n') {
                        resume = p + 1;
                        break;
                    }
                }
            }
        }
        lastEnd = resume;
        bytes.readPosition(resume);
    }

    @Override
    public WireException error(String expected) {
        return in.error(expected);
    }

    // ------------------------------------------------------------------ levels

    private void resetLevels() {
        depth = 0;
        containers = 0;
        absentNesting = 0;
        index.release(0);
    }

    private void setLevel(byte newKind) {
        kind = newKind;
        first = true;
        indexed = false;
        wrapped = false;
        mark = index.mark();
        count = 0;
        valueTaken = false;
        expect = NONE;
    }

    private void push(byte newKind) {
        boolean container = newKind == OBJECT || newKind == SEQUENCE;
        if (container) {
            if (containers == limits.maxDepth()) {
                throw in.error("nesting no deeper than ReadLimits.maxDepth " + limits.maxDepth());
            }
            containers++;
        }
        kinds[depth] = kind;
        firsts[depth] = first;
        indexeds[depth] = indexed;
        wrappeds[depth] = wrapped;
        marks[depth] = mark;
        ends[depth] = end;
        counts[depth] = count;
        depth++;
        setLevel(newKind);
    }

    private void pop() {
        if (kind == OBJECT || kind == SEQUENCE) {
            containers--;
        }
        depth--;
        kind = kinds[depth];
        first = firsts[depth];
        indexed = indexeds[depth];
        wrapped = wrappeds[depth];
        mark = marks[depth];
        end = ends[depth];
        count = counts[depth];
        // Only reading a VALUE level's value can push a level above it, so on return it was taken.
        valueTaken = true;
    }

    /** Containers a value at this level may still open. */
    private int room() {
        return limits.maxDepth() - containers;
    }

    @Override
    public void field(Field field) {
        if (kind == OBJECT) {
            expect = (indexed ? findIndexed(field) : find(field)) ? FOUND : MISSING;
        } else if (kind != ABSENT) {
            throw fieldOutsideObject(field);
        }
    }

    private IllegalStateException fieldOutsideObject(Field field) {
        return MisplacedCalls.fieldRead(field, kind == CLOSED, kind == SEQUENCE);
    }

    /**
     * True when the value to read is on the wire: the field {@link #field(Field)} found, the next
     * element of a sequence, or the hook's value.
     */
    private boolean at() {
        if (kind == OBJECT) {
            byte found = expect;
            expect = NONE;
            if (found == FOUND) {
                return true;
            }
            if (found == MISSING) {
                return false;
            }
            throw MisplacedCalls.valueWithoutField();
        }
        return atSlow();
    }

    /** The fast path: the next key, written compactly, is {@code field}'s. */
    private boolean find(Field field) {
        final byte[] a = in.array;
        final FieldKeys k = keys;
        final int slot = k.slot(field);
        fieldSlot = slot;
        if (a != null && slot >= 0) {
            final int p = in.position;
            final int limit = in.limit;
            final int length = k.length(slot);
            if (first ? limit - p >= length && k.matches(slot, a, p) : k.matchesAfterComma(slot, a, p, limit)) {
                in.position = first ? p + length : p + 1 + length;
                first = false;
                return true;
            }
        }
        return findSlow(field);
    }

    /** Any layout: reads the next key; if it is another field's, indexes the rest of the object. */
    private boolean findSlow(Field field) {
        skipUnreadValue();
        if (!nextKey()) {
            indexed = true;
            end = in.position;
            return false;
        }
        if (keyIs(field)) {
            return true;
        }
        addKey();
        in.skipValue(room());
        buildIndex();
        return findIndexed(field);
    }

    private boolean findIndexed(Field field) {
        fieldSlot = keys.slot(field);
        int entry = index.findName(mark, field, bytes);
        if (entry < 0) {
            return false;
        }
        index.consume(entry);
        in.position = index.valueStart(entry);
        return true;
    }

    /**
     * Moves to the next key of this object and past its colon, leaving the key in the input's
     * string fields; or, at the end of the object, past its '}' and returns false.
     */
    private boolean nextKey() {
        int c = in.skipWhitespace();
        if (c == '}') {
            in.position++;
            return false;
        }
        if (!first) {
            if (c != ',') {
                throw in.unexpected("',' or '}' after a field's value");
            }
            in.position++;
            c = in.skipWhitespace();
        }
        if (c != '"') {
            throw in.unexpected(first ? "a field name (a string) or '}'" : "a field name (a string) after ','");
        }
        in.scanString();
        first = false;
        in.expect(':', "':' after the field name");
        return true;
    }

    /** Whether the key just read by {@link #nextKey()} is {@code field}'s name. */
    private boolean keyIs(Field field) {
        int start = in.stringStart;
        int length = in.stringEnd - start;
        if (!in.escaped) {
            return length == field.nameLength() && io.zwire.internal.FieldNames.rangeEquals(bytes, start, length, field);
        }
        decoded.clear();
        JsonStrings.decodeUtf8(in, start, in.stringEnd, decoded, true);
        return io.zwire.internal.FieldNames.rangeEquals(decoded, 0, decoded.writePosition(), field);
    }

    /** Adds the key just read to the index, its value starting at the position. */
    private void addKey() {
        int start = in.stringStart;
        int length = in.stringEnd - start;
        if (!in.escaped) {
            index.add(io.zwire.internal.ByteRangeHash.of(bytes, start, length), start, length, in.position);
        } else {
            decoded.clear();
            JsonStrings.decodeUtf8(in, start, in.stringEnd, decoded, true);
            index.addCopied(decoded, 0, decoded.writePosition(), in.position);
        }
    }

    /** Indexes the entries left in this object and moves past its end. */
    private void buildIndex() {
        final int room = room();
        while (nextKey()) {
            addKey();
            in.skipValue(room);
        }
        end = in.position;
        indexed = true;
    }

    /** Offers the unread entries to the hook, drops this level's index entries and moves past the object. */
    private void finishObject(Marshallable target, ValueIn unexpected) {
        skipUnreadValue();
        if (!indexed) {
            if (in.peek() == '}') {
                in.position++;
                return;
            }
            buildIndex();
        }
        if (target != null) {
            for (int entry = mark; entry < index.size(); entry++) {
                if (!index.isConsumed(entry)) {
                    offer(target, unexpected, entry);
                }
            }
        }
        index.release(mark);
        in.position = end;
    }

    private void offer(Marshallable target, ValueIn unexpected, int entry) {
        // An escaped unpaired surrogate is in its three-byte form (JsonStrings): TextValues keeps it.
        TextValues.append(index.nameSource(entry, bytes), index.nameStart(entry), index.keyLength(entry), key.clearName());
        in.position = index.valueStart(entry);
        push(VALUE);
        target.unexpectedField(key, unexpected);
        pop();
    }

    private boolean atSlow() {
        if (kind == SEQUENCE) {
            if (!nextElement()) {
                throw sequenceEnded();
            }
            return true;
        }
        boolean ahead = valueAhead();
        valueTaken = true;
        return ahead;
    }

    private WireException sequenceEnded() {
        return in.error("another sequence element, but the sequence has ended");
    }

    /**
     * Outside objects and sequences, what {@link #atSlow()} answers, consuming nothing: whether
     * the hook's value is there to read, refusing a read that cannot be made.
     */
    private boolean valueAhead() {
        switch (kind) {
            case ABSENT:
                return false;
            case VALUE:
                if (valueTaken) {
                    throw MisplacedCalls.unexpectedValueReadTwice();
                }
                return true;
            case CLOSED:
                throw MisplacedCalls.readOutsideDocument("a value read");
            default:
                throw new IllegalStateException("unreachable: level kind " + kind);
        }
    }

    @Override
    public boolean isNull() {
        if (kind == OBJECT) {
            if (expect == NONE) {
                throw MisplacedCalls.valueWithoutField();
            }
            return expect == MISSING || nullAt(in.position);
        }
        if (kind == SEQUENCE) {
            if (!hasNextElement()) {
                throw sequenceEnded();
            }
            // hasNextElement stopped at the element, or at the comma before it.
            return nullAt(first ? in.position : in.position + 1);
        }
        return !valueAhead() || nullAt(in.position);
    }

    /** Whether the value after any whitespace from {@code from} is the literal null; moves nothing. */
    private boolean nullAt(int from) {
        final int position = in.position;
        in.position = from;
        boolean isNull = in.nullNext();
        in.position = position;
        return isNull;
    }

    /** Moves past the comma before the next element; false (not consuming it) at the closing ']'. */
    private boolean nextElement() {
        int c = in.skipWhitespace();
        if (c == ']') {
            return false;
        }
        if (!first) {
            if (c != ',') {
                throw in.unexpected("',' or ']' after an array element");
            }
            in.position++;
        }
        first = false;
        if (++count > limits.maxSequenceLength()) {
            throw in.error("at most ReadLimits.maxSequenceLength " + limits.maxSequenceLength() + " elements");
        }
        return true;
    }

    // ------------------------------------------------------------------ integers

    /**
     * The integer at the position. Fast path: up to seven digits written plainly, read as one word
     * ({@link AsciiDigits}); then up to 18 digits digit by digit; anything else in
     * {@link #integerSlow}.
     */
    private long integer(String expected) {
        final byte[] a = in.array;
        final int p = in.position;
        final int limit = in.limit;
        if (a != null && p < limit) {
            int start = a[p] == '-' ? p + 1 : p;
            if (a.length - start >= 8) {
                long word = ByteWords.word(a, start);
                int digits = Math.min(AsciiDigits.count(word), limit - start);
                int end = start + digits;
                if (digits > 0 && digits < 8 && (digits == 1 || a[start] != '0')
                        && (end == limit || !continuesNumber(a[end]))) {
                    in.position = end;
                    long value = AsciiDigits.value(word, digits);
                    return start == p ? value : -value;
                }
            }
            return integerDigits(a, p, limit, expected);
        }
        return integerSlow(expected);
    }

    private long integerDigits(byte[] a, int at, int limit, String expected) {
        int p = at;
        boolean negative = a[p] == '-';
        if (negative) {
            p++;
        }
        if (p < limit && a[p] >= '0' && a[p] <= '9') {
            long value = a[p] - '0';
            int q = p + 1;
            if (value != 0) {
                final int digitsEnd = Math.min(limit, p + SAFE_DIGITS);
                while (q < digitsEnd && a[q] >= '0' && a[q] <= '9') {
                    value = value * 10 + (a[q] - '0');
                    q++;
                }
            }
            if (q == limit || !continuesNumber(a[q])) {
                in.position = q;
                return negative ? -value : value;
            }
        }
        return integerSlow(expected);
    }

    private static boolean continuesNumber(byte b) {
        return b >= '0' && b <= '9' || b == '.' || b == 'e' || b == 'E';
    }

    /**
     * Integers in any JSON form: long or with a fraction or exponent that leaves an exact
     * integer ({@code 1.0}, {@code 2.5e3}), or as a string of decimal digits (the convention of
     * APIs that keep 64-bit values away from JavaScript's doubles); null reads as 0.
     */
    private long integerSlow(String expected) {
        int c = in.skipWhitespace();
        int start = in.position;
        if (c == '-' || JsonInput.isDigit(c)) {
            in.scanNumber();
            if (in.integral) {
                try {
                    return numbers.parseLong(in.numberStart, in.numberEnd);
                } catch (NumberFormatException beyondLong) {
                    throw in.error(start, expected + " within the 64-bit range");
                }
            }
            return exactInteger(start, expected);
        }
        if (c == '"') {
            in.scanString();
            int length = in.stringEnd - in.stringStart;
            if (in.escaped || length == 0) {
                throw in.error(start, expected + ": a string holding a decimal integer");
            }
            try {
                return numbers.parseLong(in.stringStart, in.stringEnd);
            } catch (NumberFormatException notAnInteger) {
                throw in.error(start, expected + ": a string holding a decimal integer within the 64-bit range");
            }
        }
        if (c == 'n' && in.literal("null")) {
            return 0;
        }
        throw in.unexpected(expected + " (a number)");
    }

    /** A number with a fraction or exponent that must be an exact integer. Allocates. */
    private long exactInteger(int start, String expected) {
        BigDecimal value;
        try {
            value = new BigDecimal(numbers.text(in.numberStart, in.numberEnd)).stripTrailingZeros();
        } catch (NumberFormatException exponentBeyondInt) {
            throw in.error(start, expected + ": an integer within the 64-bit range");
        }
        // Checked before longValueExact so a huge exponent costs nothing to reject.
        if (value.scale() > 0 || value.precision() - value.scale() > 19) {
            throw in.error(start, expected + ": an integer within the 64-bit range");
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException beyondLong) {
            throw in.error(start, expected + " within the 64-bit range");
        }
    }

    private long ranged(String expected, long min, long max) {
        int start = in.position;
        long value = integer(expected);
        if (value < min || value > max) {
            throw in.error(start, expected + " in " + min + ".." + max + ", found " + value);
        }
        return value;
    }

    @Override
    public byte int8() {
        return at() ? (byte) ranged("an int8", Byte.MIN_VALUE, Byte.MAX_VALUE) : 0;
    }

    @Override
    public short int16() {
        return at() ? (short) ranged("an int16", Short.MIN_VALUE, Short.MAX_VALUE) : 0;
    }

    @Override
    public int uint16() {
        return at() ? (int) ranged("a uint16", 0, 0xFFFF) : 0;
    }

    @Override
    public int int32() {
        return at() ? (int) ranged("an int32", Integer.MIN_VALUE, Integer.MAX_VALUE) : 0;
    }

    @Override
    public long int64() {
        return at() ? integer("an int64") : 0;
    }

    // ------------------------------------------------------------------ floats, bools, chars

    @Override
    public float float32() {
        if (!at()) {
            return 0;
        }
        int c = in.skipWhitespace();
        if (c == '-' || JsonInput.isDigit(c)) {
            in.scanNumber();
            return numbers.parseFloat(in.numberStart, in.numberEnd);
        }
        return (float) floatingSlow(c, true, "a float32");
    }

    @Override
    public double float64() {
        if (!at()) {
            return 0;
        }
        int c = in.skipWhitespace();
        if (c == '-' || JsonInput.isDigit(c)) {
            in.scanNumber();
            return numbers.parseDouble(in.numberStart, in.numberEnd);
        }
        return floatingSlow(c, false, "a float64");
    }

    /**
     * Floats that are not plain numbers: the strings {@code "NaN"}, {@code "Infinity"} and
     * {@code "-Infinity"} (JSON has no literals for them), a number inside a string, or null (0).
     */
    private double floatingSlow(int c, boolean single, String expected) {
        int start = in.position;
        if (c == '"') {
            in.scanString();
            int from = in.stringStart;
            int to = in.stringEnd;
            if (!in.escaped) {
                if (contentIs(JsonOutput.NAN)) {
                    return Double.NaN;
                }
                if (contentIs(JsonOutput.POSITIVE_INFINITY)) {
                    return Double.POSITIVE_INFINITY;
                }
                if (contentIs(JsonOutput.NEGATIVE_INFINITY)) {
                    return Double.NEGATIVE_INFINITY;
                }
                if (to > from) {
                    try {
                        return single ? numbers.parseFloat(from, to) : numbers.parseDouble(from, to);
                    } catch (NumberFormatException notANumber) {
                        // reported below
                    }
                }
            }
            throw in.error(start, expected + ": a number, or the string \"NaN\", \"Infinity\" or \"-Infinity\"");
        }
        if (c == 'n' && in.literal("null")) {
            return 0;
        }
        throw in.unexpected(expected + " (a number, or the string \"NaN\", \"Infinity\" or \"-Infinity\")");
    }

    /** Whether the string just scanned holds exactly the quoted token's content. */
    private boolean contentIs(byte[] quoted) {
        int length = in.stringEnd - in.stringStart;
        if (length != quoted.length - 2) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (in.byteAt(in.stringStart + i) != quoted[i + 1]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean bool() {
        if (!at()) {
            return false;
        }
        int c = in.skipWhitespace();
        if (c == 't' && in.literal("true")) {
            return true;
        }
        if (c == 'f' && in.literal("false")) {
            return false;
        }
        if (c == 'n' && in.literal("null")) {
            return false;
        }
        throw in.unexpected("a bool: true or false");
    }

    @Override
    public char char16() {
        if (!at()) {
            return 0;
        }
        int c = in.skipWhitespace();
        int start = in.position;
        if (c == '"') {
            in.scanString();
            if (!in.escaped && in.stringEnd - in.stringStart == 1) {
                return (char) in.byteAt(in.stringStart);
            }
            StringBuilder text = chars;
            text.setLength(0);
            appendString(text);
            if (text.length() != 1) {
                throw in.error(start, "a char16: a string of exactly one UTF-16 code unit, found " + text.length());
            }
            return text.charAt(0);
        }
        if (c == 'n' && in.literal("null")) {
            return 0;
        }
        throw in.unexpected("a char16: a string of one character");
    }

    // ------------------------------------------------------------------ strings

    /** Appends the string just scanned, decoded, to {@code target}. */
    private void appendString(StringBuilder target) {
        if (in.escaped) {
            JsonStrings.decodeChars(in, in.stringStart, in.stringEnd, target);
        } else {
            bytes.readUtf8(in.stringStart, in.stringEnd - in.stringStart, target);
        }
    }

    /** After whitespace: true at a string (scanned), false at null (consumed); anything else throws. */
    private boolean stringOrNull(String expected) {
        int c = in.skipWhitespace();
        if (c == '"') {
            in.scanString();
            return true;
        }
        if (c == 'n' && in.literal("null")) {
            return false;
        }
        throw in.unexpected(expected + " (a string) or null");
    }

    @Override
    public String text() {
        if (!at() || !stringOrNull("text")) {
            return null;
        }
        if (in.escaped) {
            return escapedText();
        }
        final int start = in.stringStart;
        final int length = in.stringEnd - start;
        final int slot = recentSlot(length);
        if (slot >= 0 && recent.match(slot, in.array, start, length) instanceof String seen) {
            return seen;
        }
        // Validated as UTF-8 by the scan, so the interner always decodes it.
        String text = interner.intern(bytes, start, length);
        if (slot >= 0) {
            recent.remember(slot, in.array, start, length, text);
        }
        return text;
    }

    /**
     * Where {@link RecentValues} keeps the last value of the field being read, or -1 when there is
     * none to compare with: a sequence element or the hook's value, a name the key cache does not
     * keep, a value too long, or a buffer-backed input (compared through an array only).
     */
    private int recentSlot(int length) {
        return kind != OBJECT || in.array == null || length > RecentValues.MAX_BYTES ? -1 : fieldSlot;
    }

    private String escapedText() {
        decoded.clear();
        if (JsonStrings.decodeUtf8(in, in.stringStart, in.stringEnd, decoded, false)) {
            return interner.intern(decoded, 0, decoded.writePosition());
        }
        StringBuilder text = new StringBuilder(in.stringEnd - in.stringStart);
        JsonStrings.decodeChars(in, in.stringStart, in.stringEnd, text);
        return text.toString();
    }

    @Override
    public void textTo(StringBuilder target) {
        target.setLength(0);
        if (at() && stringOrNull("text")) {
            appendString(target);
        }
    }

    /** Decodes the base64 string just scanned and appends its bytes to {@code target}. */
    private void base64To(Bytes target) {
        int start = in.stringStart;
        int bad;
        if (in.escaped) {
            decoded.clear();
            JsonStrings.decodeUtf8(in, start, in.stringEnd, decoded, true);
            bad = Base64Text.decode(decoded, 0, decoded.writePosition(), target);
            bad = bad < 0 ? -1 : start;
        } else {
            bad = Base64Text.decode(bytes, start, in.stringEnd, target);
        }
        if (bad >= 0) {
            throw in.error(bad, "a byte string: base64 text (RFC 4648, standard or URL-safe alphabet)");
        }
    }

    @Override
    public byte[] bytes() {
        if (!at() || !stringOrNull("a byte string")) {
            return null;
        }
        Bytes scratch = decodedBytes;
        scratch.clear();
        base64To(scratch);
        return scratch.toByteArray();
    }

    @Override
    public void bytesTo(Bytes target) {
        if (at() && stringOrNull("a byte string")) {
            base64To(target);
        }
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        if (!at() || !stringOrNull("an enum constant's name")) {
            return null;
        }
        final int start = in.stringStart;
        final int length = in.stringEnd - start;
        E constant;
        if (in.escaped) {
            decoded.clear();
            JsonStrings.decodeUtf8(in, start, in.stringEnd, decoded, true);
            constant = constants(type).byName(decoded, 0, decoded.writePosition());
        } else {
            int slot = recentSlot(length);
            if (slot >= 0 && recent.match(slot, in.array, start, length) instanceof Enum<?> seen
                    && seen.getDeclaringClass() == type) {
                return type.cast(seen);
            }
            constant = constants(type).byName(bytes, start, length);
            if (slot >= 0 && constant != null) {
                recent.remember(slot, in.array, start, length, constant);
            }
        }
        if (constant == null) {
            throw in.error(start, in.escaped ? constants(type).unknownName(decoded, 0, decoded.writePosition())
                    : constants(type).unknownName(bytes, start, length));
        }
        return constant;
    }

    /** The constants of {@code type}; the last type read is remembered, as a field usually reads the same one. */
    @SuppressWarnings("unchecked") // lastEnums was made for lastEnumType, which is type
    private <E extends Enum<E>> EnumConstants<E> constants(Class<E> type) {
        if (type != lastEnumType) {
            lastEnums = EnumConstants.of(type);
            lastEnumType = type;
        }
        return (EnumConstants<E>) lastEnums;
    }

    // ------------------------------------------------------------------ objects and sequences

    @Override
    public boolean startMarshallable() {
        if (kind == ABSENT) {
            absentNesting++;
            return false;
        }
        if (!at() || in.nullNext()) {
            push(ABSENT);
            return false;
        }
        if (in.skipWhitespace() != '{') {
            throw in.unexpected("an object or null");
        }
        in.position++;
        push(OBJECT);
        return true;
    }

    @Override
    public String startTyped() {
        if (kind == ABSENT) {
            absentNesting++;
            return null;
        }
        if (!at() || in.nullNext()) {
            push(ABSENT);
            return null;
        }
        if (in.skipWhitespace() != '{') {
            throw in.unexpected("a typed object {\"@Alias\":{...}} or null");
        }
        in.position++;
        if (in.skipWhitespace() != '"') {
            throw in.unexpected("the key \"@Alias\" naming the typed object's type");
        }
        int keyStart = in.position;
        in.scanString();
        String alias = alias();
        if (alias == null) {
            throw in.error(keyStart, "the key \"@Alias\" naming the typed object's type");
        }
        in.expect(':', "':' after the type alias");
        if (in.skipWhitespace() != '{') {
            throw in.unexpected("the typed object's fields: an object");
        }
        in.position++;
        push(OBJECT);
        wrapped = true;
        return alias;
    }

    /** The alias in the key just scanned ("@Alias"), interned, or null if it does not start with '@'. */
    private String alias() {
        Bytes source = bytes;
        int start = in.stringStart;
        int length = in.stringEnd - start;
        if (in.escaped) {
            decoded.clear();
            JsonStrings.decodeUtf8(in, start, in.stringEnd, decoded, true);
            source = decoded;
            start = 0;
            length = decoded.writePosition();
        }
        if (length == 0 || source.readUint8At(start) != '@') {
            return null;
        }
        return interner.intern(source, start + 1, length - 1);
    }

    @Override
    public void endMarshallable(Marshallable target, ValueIn unexpected) {
        if (kind == ABSENT) {
            leaveAbsent();
            return;
        }
        finishObject(target, unexpected);
        boolean wrapper = wrapped;
        pop();
        if (wrapper) {
            in.expect('}', "'}' closing the typed object's wrapper, whose only key is the alias");
        }
    }

    private void leaveAbsent() {
        if (absentNesting > 0) {
            absentNesting--;
        } else {
            pop();
        }
    }

    @Override
    public void startSequence() {
        if (kind == ABSENT) {
            absentNesting++;
            return;
        }
        if (!at() || in.nullNext()) {
            push(ABSENT);
            return;
        }
        if (in.skipWhitespace() != '[') {
            throw in.unexpected("a sequence (an array) or null");
        }
        in.position++;
        push(SEQUENCE);
    }

    @Override
    public boolean hasNextElement() {
        if (kind != SEQUENCE) {
            return false;
        }
        int c = in.skipWhitespace();
        if (c == ']') {
            return false;
        }
        if (first) {
            if (c < 0) {
                throw in.unexpected("a sequence element or ']'");
            }
            return true;
        }
        if (c != ',') {
            throw in.unexpected("',' or ']' after an array element");
        }
        return true;
    }

    @Override
    public void endSequence() {
        if (kind == ABSENT) {
            leaveAbsent();
            return;
        }
        final int room = room();
        while (nextElement()) {
            in.skipValue(room);
        }
        in.position++;
        pop();
    }

    @Override
    public void skip() {
        if (at()) {
            in.skipValue(room());
        }
    }

    /**
     * When the field before was named and its value not read (a readMarshallable that reads
     * conditionally): skips the value, to read on after it. Once the object is indexed, the next
     * entry read is found through the index, wherever the input stands.
     */
    private void skipUnreadValue() {
        if (expect == FOUND) {
            expect = NONE;
            if (!indexed) {
                in.skipValue(room());
            }
        }
    }

    /**
     * Reads the next JSON value, of any kind, as plain Java values (see {@link JsonValueReader}).
     * The value ends where its last token ends; whitespace after it is consumed. Allocates.
     */
    @Override
    public boolean readValue(Consumer<Object> sink) {
        if (begin() < 0) {
            return false;
        }
        Object value = JsonValueReader.read(in, numbers, typedObjects);
        finish();
        sink.accept(value);
        return true;
    }
}
