package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.FloatRange;
import io.zwire.internal.KeyedWireReader;
import io.zwire.internal.LevelKind;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;
import io.zwire.internal.UnexpectedKey;
import io.zwire.text.keys.FieldKeys;
import io.zwire.text.number.AsciiDigits;
import io.zwire.text.number.DecimalToDouble;
import io.zwire.text.scan.ByteWords;
import io.zwire.yaml.parse.TextValues;

import java.math.BigDecimal;
import java.util.function.Consumer;

import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;

/**
 * Reads JSON documents into {@link Marshallable}s, on the strict {@link JsonInput} tokenizer.
 *
 * <p>The fast path expects the next key to be the field asked for, written compactly: the comma
 * and the key {@code "name":} are compared with the field's encoded key ({@link FieldKeys}), a
 * word or two at a time. Anything else (whitespace, escapes, another key) takes the general path,
 * which still reads fields in order without indexing; only a key that is not the field asked for
 * makes the rest of the object be indexed once in the {@link FieldIndex}, after which fields are
 * found there. Text and enum values are first compared with the field's previous value
 * ({@link RecentValues}), then looked up in the {@link StringInterner} or the enum's table. The
 * lookup in the index is {@link KeyedWireReader}'s, the levels and the rules of the read contract
 * its {@link io.zwire.internal.LevelReader}'s;
 * a level's {@link #count} is the keys or elements read in its object or array.
 *
 * <p>Allocates nothing in steady state. The exceptions: text seen for the first time (interned),
 * {@link #bytes(Field)} (a new array by contract), text holding an unpaired surrogate escape
 * (returned without interning, as the cache is keyed by UTF-8), an integer field written as a
 * number with a fraction or exponent ({@code 1.0}, {@code 1e3}: checked exactly with
 * {@code BigDecimal}), numbers whose rounding needs the parsers' fallback, and, on a buffer-backed
 * input only, a number longer than any before it (copied out for the parser).
 */
final class JsonWireReader extends KeyedWireReader {
    /** {@link #flags} of a typed object: the '}' of its {"@Alias": ...} wrapper follows the object. */
    private static final int WRAPPED = 1;
    /** An integer of at most this many digits cannot overflow a long. */
    private static final int SAFE_DIGITS = 18;

    private final JsonInput in;
    private final JsonNumbers numbers;
    /** {@link WireOptions#jsonTypedObjects()}, for {@link #readValue}. */
    private final boolean typedObjects;
    private final StringInterner interner;
    private final FloatRange floats;
    private final FieldKeys keys = new FieldKeys(JsonKeySpelling::spell);
    private final RecentValues recent = new RecentValues(FieldKeys.SLOT_COUNT);
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
    /**
     * The {@link FieldKeys} slot of the last field named, or -1: where {@link RecentValues} looks.
     * A number, not the {@code Field}: a reference stored per field costs a GC write barrier.
     */
    private int fieldSlot = -1;

    JsonWireReader(Bytes bytes, WireOptions options) {
        super(bytes, options, UnexpectedKey.named());
        this.typedObjects = options.jsonTypedObjects();
        this.interner = StringInterner.of(options);
        this.floats = new FloatRange(options);
        this.in = new JsonInput(bytes, limits);
        readsThrough(in);
        this.numbers = new JsonNumbers(in);
    }

    // ------------------------------------------------------------------ documents

    /** Starts the input at the read position, restarting line numbers if the buffer was cleared. */
    private int begin() {
        int start = bytes.readPosition();
        if (start < lastEnd) {
            in.restartLines();
        }
        in.reset(start);
        closeLevels();
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
        openDocument(0);
        return true;
    }

    @Override
    protected void afterDocument() {
        finish();
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
        closeLevels();
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

    /** Past the blanks a value may follow its key's colon with. */
    @Override
    protected int valueStart(int before) {
        final int after = in.position;
        in.position = before;
        in.skipWhitespace();
        final int start = in.position;
        in.position = after;
        return start;
    }

    // ------------------------------------------------------------------ fields

    /**
     * The fast path: the next key, written compactly, is {@code field}'s. {@link #count} is the
     * keys read in this object: before the first, no comma comes before the key. Anything else,
     * and an indexed object, takes {@link #findSlow}.
     */
    @Override
    protected boolean find(Field field) {
        final byte[] a = in.array;
        final FieldKeys k = keys;
        final int slot = k.slot(field);
        fieldSlot = slot;
        if (a != null && slot >= 0 && !indexed) {
            final int p = in.position;
            final int limit = in.limit;
            final int length = k.length(slot);
            final boolean first = count == 0;
            if (first ? limit - p >= length && k.matches(slot, a, p) : k.matchesAfterComma(slot, a, p, limit)) {
                in.position = first ? p + length : p + 1 + length;
                count++;
                return true;
            }
        }
        return findSlow(field);
    }

    /**
     * Any layout: reads the next key; if it is another field's, indexes the rest of the object. A
     * refusal of the value left unread before it, or of the key, is the object's.
     */
    private boolean findSlow(Field field) {
        if (indexed) {
            return findInIndex(field);
        }
        boolean more;
        try {
            skipUnreadValue();
            more = nextKey();
        } catch (WireException refused) {
            throw objectsRefusal(field, refused);
        }
        if (!more) {
            indexed = true;
            end = in.position;
            return false;
        }
        if (keyIs(field)) {
            return true;
        }
        startLookup(field);
        addKey();
        in.skipValue(room());
        entryPassed();
        buildIndex();
        return findInIndex(field);
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
        final boolean first = count == 0;
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
        count++;
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
    @Override
    protected void buildIndex() {
        final int room = room();
        while (nextKey()) {
            addKey();
            in.skipValue(room);
            entryPassed();
        }
        end = in.position;
        indexed = true;
    }

    @Override
    protected boolean closeIfNoEntries() {
        if (in.peek() == '}') {
            in.position++;
            return true;
        }
        return false;
    }

    @Override
    protected void nameEntry(int entry, StringBuilder name) {
        // An escaped unpaired surrogate is in its three-byte form (JsonStrings): TextValues keeps it.
        TextValues.append(index.nameSource(entry, bytes), index.nameStart(entry), index.keyLength(entry), name);
    }

    @Override
    public boolean isNull() {
        if (!valueAhead()) {
            return true;
        }
        // In a sequence, hasNextElement stopped at the element, or at the comma before it.
        return nullAt(kind == SEQUENCE && count != 0 ? in.position + 1 : in.position);
    }

    /** Whether the value after any whitespace from {@code from} is the literal null; moves nothing. */
    private boolean nullAt(int from) {
        final int position = in.position;
        in.position = from;
        boolean isNull = in.nullNext();
        in.position = position;
        return isNull;
    }

    @Override
    protected void nextElement() {
        if (!elementFollows()) {
            throw sequenceEnded();
        }
    }

    /**
     * Moves past the comma before the next element; false (not consuming it) at the closing ']'.
     * {@link #count} is the elements read.
     */
    private boolean elementFollows() {
        int c = in.skipWhitespace();
        if (c == ']') {
            return false;
        }
        if (count != 0) {
            if (c != ',') {
                throw in.unexpected("',' or ']' after an array element");
            }
            in.position++;
        }
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
    @Override
    protected long readInteger(String expected) {
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
        throw refusedValue(expected + " (a number)");
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

    // ------------------------------------------------------------------ floats, bools, chars

    @Override
    public float float32() {
        if (!at()) {
            return 0;
        }
        int c = in.skipWhitespace();
        if (c == '-' || JsonInput.isDigit(c)) {
            in.scanNumber();
            float value = numbers.parseFloat(in.numberStart, in.numberEnd);
            return FloatRange.suspect(value) ? (float) inRange(value, in.numberStart, in.numberEnd, "a float32") : value;
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
            double value = numbers.parseDouble(in.numberStart, in.numberEnd);
            return FloatRange.suspect(value) ? inRange(value, in.numberStart, in.numberEnd, "a float64") : value;
        }
        return floatingSlow(c, false, "a float64");
    }

    /** {@code read}, the number in {@code [start, end)}, unless the field's kind cannot hold it ({@link FloatRange}). */
    private double inRange(double read, int start, int end, String expected) {
        if (numbers.refuses(floats, read, start, end)) {
            throw in.error(start, FloatRange.expected(expected));
        }
        return read;
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
                if (in.stringIs(JsonOutput.NAN)) {
                    return Double.NaN;
                }
                if (in.stringIs(JsonOutput.POSITIVE_INFINITY)) {
                    return Double.POSITIVE_INFINITY;
                }
                if (in.stringIs(JsonOutput.NEGATIVE_INFINITY)) {
                    return Double.NEGATIVE_INFINITY;
                }
                if (to > from) {
                    try {
                        return inRange(single ? numbers.parseFloat(from, to) : numbers.parseDouble(from, to), from, to, expected);
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
        throw refusedValue(expected + " (a number, or the string \"NaN\", \"Infinity\" or \"-Infinity\")");
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
        throw refusedValue("a bool: true or false");
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
        throw refusedValue("a char16: a string of one character");
    }

    /**
     * The refusal of the value at the position as not {@code expected}: the value is passed over
     * first, so reading code that catches the refusal reads on from the next field or element,
     * never from the refused value's bytes. Where no value can be passed over (malformed, missing
     * as in {@code {"a":,"b":1}}, or nested past the depth limit), the reader moves to the end of
     * the input, so every later read of the document is refused rather than read from the bytes
     * after it. Allocates; the error path only.
     */
    private WireException refusedValue(String expected) {
        WireException refused = in.unexpected(expected);
        int valueStart = in.position;
        try {
            skipValue();
        } catch (WireException cannotPassOver) {
            in.position = valueStart;
            in.malformed(refused);
        }
        return refused;
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
        throw refusedValue(expected + " (a string) or null");
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
        // Validated as UTF-8 by the scan, so the interner always decodes it.
        return slot >= 0 ? recent.text(slot, in.array, bytes, start, length, interner)
                : interner.intern(bytes, start, length);
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

    @Override
    public byte[] bytes() {
        if (!at() || !stringOrNull("a byte string")) {
            return null;
        }
        Bytes scratch = decodedBytes;
        scratch.clear();
        JsonStrings.base64To(in, decoded, scratch);
        return scratch.toByteArray();
    }

    @Override
    public void bytesTo(Bytes target) {
        if (at() && stringOrNull("a byte string")) {
            JsonStrings.base64To(in, decoded, target);
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
    protected boolean nullNext() {
        return in.nullNext();
    }

    @Override
    protected void enterObject() {
        in.openBrace("an object or null");
        push(OBJECT, 0);
    }

    @Override
    public String startTyped() {
        if (typedObjectMissing()) {
            return null;
        }
        if (in.nullNext()) {
            enterAbsent();
            return null;
        }
        in.openBrace("a typed object {\"@Alias\":{...}} or null");
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
        in.openBrace("the typed object's fields: an object");
        push(OBJECT, 0);
        flags = WRAPPED;
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
    protected void afterObject(int leftFlags) {
        if ((leftFlags & WRAPPED) != 0) {
            in.expect('}', "'}' closing the typed object's wrapper, whose only key is the alias");
        }
    }

    @Override
    protected void enterSequence() {
        if (in.skipWhitespace() != '[') {
            throw in.unexpected("a sequence (an array) or null");
        }
        in.position++;
        push(SEQUENCE, 0);
    }

    @Override
    public boolean hasNextElement() {
        if (!LevelKind.elementsAt(kind)) {
            return false;
        }
        int c = in.skipWhitespace();
        if (c == ']') {
            return false;
        }
        if (count == 0) {
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
    protected void skipRestOfSequence() {
        final int room = room();
        while (elementFollows()) {
            in.skipValue(room);
        }
        in.position++;
    }

    @Override
    protected void skipValue() {
        in.skipValue(room());
    }

    // ------------------------------------------------------------------ maps

    @Override
    protected void enterMap() {
        in.openBrace("a map (an object) or null");
        push(ENTRIES, 0);
    }

    /** Reads the next key and its colon as a field's key is read, leaving the key in the input's string fields. */
    @Override
    protected boolean nextMapEntry() {
        return nextKey();
    }

    @Override
    protected String mapKeyText() {
        if (in.escaped) {
            return escapedText();
        }
        // Validated as UTF-8 by the scan, so the interner always decodes it.
        return interner.intern(bytes, in.stringStart, in.stringEnd - in.stringStart);
    }

    @Override
    protected void mapKeyTo(StringBuilder target) {
        appendString(target);
    }

    /**
     * The key's text, escapes decoded, as a decimal integer, optionally signed; anything else is
     * refused where the key starts.
     */
    @Override
    protected long mapKeyInteger() {
        int start = in.stringStart;
        try {
            if (!in.escaped) {
                return numbers.parseLong(start, in.stringEnd);
            }
            decoded.clear();
            JsonStrings.decodeUtf8(in, start, in.stringEnd, decoded, true);
            return DecimalToDouble.parseLong(BytesAccess.array(decoded), 0, decoded.writePosition());
        } catch (NumberFormatException notAnInteger) {
            throw in.error(start - 1, "an integer map key: a string holding a decimal integer within the 64-bit range");
        }
    }

    /** {@link #nextMapEntry()} has read the key already. */
    @Override
    protected void skipMapKey() {
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
