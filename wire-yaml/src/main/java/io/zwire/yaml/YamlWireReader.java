package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.EnumConstants;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.MisplacedCalls;
import io.zwire.internal.StringInterner;
import io.zwire.internal.UnexpectedKey;
import io.zwire.spi.WireReader;
import io.zwire.text.keys.FieldKeys;
import io.zwire.text.keys.RecentValues;
import io.zwire.yaml.parse.Base64Decoder;
import io.zwire.yaml.parse.CoreSchema;
import io.zwire.yaml.parse.Scalar;
import io.zwire.yaml.parse.ScalarDecoder;
import io.zwire.yaml.parse.SimpleKeys;
import io.zwire.yaml.parse.TextValues;
import io.zwire.yaml.parse.YamlParser;
import io.zwire.yaml.value.YamlValueReader;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

import static io.zwire.yaml.parse.YamlParser.ALIAS;
import static io.zwire.yaml.parse.YamlParser.DOCUMENT_END;
import static io.zwire.yaml.parse.YamlParser.MAPPING_END;
import static io.zwire.yaml.parse.YamlParser.MAPPING_START;
import static io.zwire.yaml.parse.YamlParser.SCALAR;
import static io.zwire.yaml.parse.YamlParser.SEQUENCE_END;
import static io.zwire.yaml.parse.YamlParser.SEQUENCE_START;

/**
 * Reads YAML documents into {@link Marshallable}s, by field name ({@code YAML}) or by field
 * number ({@code YAML_NUMBERED}), on top of the pull {@link YamlParser}.
 *
 * <p>The fast path expects the next key to be the field asked for: the key is a range of the
 * input, compared in place with the field's name (or parsed as its number), and the value is
 * parsed in place too. On a mismatch the rest of the mapping is parsed once into the
 * {@link FieldIndex}, each entry remembering where its key starts; a field found there is read by
 * restoring the mapping's parser frame at that entry. Aliases are read by re-parsing the anchored
 * node, at most {@link ReadLimits#maxAliasExpansions} times and {@link ReadLimits#maxAliasedBytes}
 * re-read bytes per document. Nesting is tracked in
 * fixed arrays sized by {@link ReadLimits#maxDepth}. Allocates nothing in steady state: text is
 * interned, and a scalar that is not its own value (escapes, folding, block scalars) is decoded
 * into a reusable buffer.
 */
final class YamlWireReader extends WireReader {
    /** Level kinds: an object's fields, a sequence's elements, a null or missing object or sequence, the value handed to the hook. */
    private static final byte OBJECT = 0;
    private static final byte SEQUENCE = 1;
    private static final byte ABSENT = 2;
    private static final byte VALUE = 3;
    /**
     * No document being read: after a document ends or fails, so that a read through a
     * {@link io.zwire.WireIn} kept past its document reaches the slow paths, which refuse it.
     */
    private static final byte CLOSED = 4;

    private static final byte[] BINARY_TAG = "tag:yaml.org,2002:binary".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_TAG = "tag:yaml.org,2002:null".getBytes(StandardCharsets.US_ASCII);

    private final String wire;
    private final boolean numbered;
    private final ReadLimits limits;
    private final YamlParser parser;
    private final StringInterner interner;
    private final FieldIndex index = new FieldIndex();
    /** Each field's key as the parser's fast path compares it. */
    private final FieldKeys keys;
    /** The last text or enum constant of each field, by its {@link #keys} slot. */
    private final RecentValues recent = new RecentValues();
    /** The {@link #keys} slot of the field last named, or -1. */
    private int fieldSlot = -1;
    private final UnexpectedKey key;
    /** Scalars that are not their own text are decoded here. */
    private final Bytes decoded = Bytes.elastic(64);
    private final Bytes tag = Bytes.elastic(32);
    /** For each index entry: the start of the line its key is on. */
    private int[] entryLineStarts = new int[32];
    /** A buffer-backed input is parsed from a heap copy of one document. */
    private byte[] copy = new byte[0];
    private Bytes copyView = Bytes.wrap(copy);
    /** The Bytes whose array the parser reads: the input itself, or {@link #copyView}. */
    private Bytes view;
    private int expansions;

    private final byte[] kinds;
    private final boolean[] indexeds;
    private final int[] marks;
    private final int[] frameDepths;
    private final long[] frames;
    private final int[] ends;
    private final int[] endLineStarts;
    private final int[] endLastEnds;
    private final boolean[] aliased;
    private int depth;

    // The innermost level, kept in fields: the fast path reads only these.
    private byte kind = CLOSED;
    private boolean indexed;
    private int mark;
    /** The parser frame index of this level's collection, and the frame itself, to resume entries. */
    private int frameDepth;
    private long frame;
    /** For an indexed object: the parser's position, line and last node end after the mapping. */
    private int end;
    private int endLineStart;
    private int endLastEnd;
    /** Whether this level's collection was reached through an alias, to return from at its end. */
    private boolean viaAlias;
    /** For a {@link #VALUE} level: whether the value was read. */
    private boolean valueTaken;
    /** In an object: what the last {@link #field(Field)} found, for the value read that follows. */
    private byte expect;
    private static final byte NONE = 0;
    private static final byte FOUND = 1;
    private static final byte MISSING = 2;
    /** Whether the value being read came through an alias (set by {@link #valueEvent()}). */
    private boolean aliasValue;
    /**
     * The first event of the value of the field just found, when the parser has already read it
     * with the key (a "key: value" line read at once); 0 otherwise.
     */
    private int pendingEvent;

    YamlWireReader(Bytes bytes, WireOptions options, boolean numbered) {
        super(bytes);
        this.numbered = numbered;
        this.wire = numbered ? "YAML_NUMBERED" : "YAML";
        this.limits = options.limits();
        this.interner = StringInterner.of(options);
        ReadLimits limits = this.limits;
        this.parser = new YamlParser(wire, limits);
        this.keys = new FieldKeys(numbered ? SimpleKeys::numbered : SimpleKeys::named);
        this.key = numbered ? UnexpectedKey.numbered() : UnexpectedKey.named();
        int levels = limits.maxDepth() + 2;
        kinds = new byte[levels];
        indexeds = new boolean[levels];
        marks = new int[levels];
        frameDepths = new int[levels];
        frames = new long[levels];
        ends = new int[levels];
        endLineStarts = new int[levels];
        endLastEnds = new int[levels];
        aliased = new boolean[levels];
    }

    // ------------------------------------------------------------------ documents

    /** Points the parser at the input from the read position; false if there is none. */
    private boolean attach() {
        int start = bytes.readPosition();
        int limit = bytes.writePosition();
        if (start >= limit) {
            return false;
        }
        byte[] array = BytesAccess.array(bytes);
        if (array != null) {
            view = bytes;
            parser.reset(bytes, array, 0, start, limit);
        } else {
            // The scan stops just past the largest document allowed, which the parser then rejects.
            int end = DocumentBoundary.end(bytes, start, (int) Math.min(limit, (long) start + limits.maxDocumentBytes() + 64));
            int length = end - start;
            if (copy.length < length) {
                copy = new byte[Math.max(length, copy.length * 2)];
                copyView = Bytes.wrap(copy);
            }
            bytes.copyTo(start, copy, 0, length);
            view = copyView;
            parser.reset(bytes, copy, start, 0, length);
        }
        return true;
    }

    @Override
    public boolean startDocument() {
        if (!attach() || !parser.startDocument()) {
            return false;
        }
        depth = 0;
        index.release(0);
        expansions = 0;
        aliasValue = false;
        pendingEvent = 0;
        int event = parser.next();
        if (event == MAPPING_START) {
            setLevel(OBJECT);
        } else if (event == SCALAR && nullScalar()) {
            setLevel(ABSENT);
        } else {
            throw parser.error(parser.position(), "a document holding a mapping");
        }
        return true;
    }

    @Override
    public void endDocument(Marshallable target, ValueIn unexpected) {
        if (kind == OBJECT) {
            finishObject(target, unexpected);
        }
        if (parser.next() != DOCUMENT_END) {
            throw parser.error(parser.position(), "the end of the document");
        }
        bytes.readPosition(parser.position() + parser.base());
        kind = CLOSED;
    }

    @Override
    public void recover(int documentStart) {
        kind = CLOSED;
        depth = 0;
        index.release(0);
        aliasValue = false;
        pendingEvent = 0;
        int limit = bytes.writePosition();
        int start = Math.max(0, Math.min(documentStart, limit));
        bytes.readPosition(DocumentBoundary.end(bytes, start, limit));
    }

    @Override
    public WireException error(String expected) {
        return parser.error(parser.position(), expected);
    }

    @Override
    public boolean readValue(Consumer<Object> sink) {
        if (!attach() || !parser.startDocument()) {
            return false;
        }
        Object value = new YamlValueReader(parser, limits).readDocument();
        bytes.readPosition(parser.position() + parser.base());
        sink.accept(value);
        return true;
    }

    // ------------------------------------------------------------------ levels

    private void setLevel(byte newKind) {
        kind = newKind;
        indexed = false;
        mark = index.mark();
        frameDepth = parser.depth();
        frame = parser.frame();
        viaAlias = false;
        valueTaken = false;
        expect = NONE;
    }

    private void push(byte newKind) {
        if (depth == limits.maxDepth()) {
            throw parser.error(parser.position(), "nesting no deeper than ReadLimits.maxDepth " + limits.maxDepth());
        }
        kinds[depth] = kind;
        indexeds[depth] = indexed;
        marks[depth] = mark;
        frameDepths[depth] = frameDepth;
        frames[depth] = frame;
        ends[depth] = end;
        endLineStarts[depth] = endLineStart;
        endLastEnds[depth] = endLastEnd;
        aliased[depth] = viaAlias;
        depth++;
        setLevel(newKind);
    }

    private void pop() {
        depth--;
        kind = kinds[depth];
        indexed = indexeds[depth];
        mark = marks[depth];
        frameDepth = frameDepths[depth];
        frame = frames[depth];
        end = ends[depth];
        endLineStart = endLineStarts[depth];
        endLastEnd = endLastEnds[depth];
        viaAlias = aliased[depth];
        // Only reading a VALUE level's value can push a level above it, so on return it was taken.
        valueTaken = true;
    }

    /** Enters the collection whose start event was just read, as a level of {@code newKind}. */
    private void pushCollection(byte newKind) {
        boolean alias = aliasValue;
        aliasValue = false;
        push(newKind);
        viaAlias = alias;
    }

    /** Leaves a level whose collection has been read to its end, returning from an alias if it came through one. */
    private void popCollection() {
        boolean alias = viaAlias;
        pop();
        if (alias) {
            parser.exitAlias();
        }
    }

    // ------------------------------------------------------------------ finding fields

    /*
     * The methods a user's readMarshallable calls for every field (field, find, at and the value
     * methods' fast paths) keep their general paths in methods of their own: C2 inlines them into
     * readMarshallable, and stops inlining once it has taken in so many bytecodes, after which a
     * field's value method is a call whose setter call is shared by every field (megamorphic).
     * Small fast paths let a type with many fields stay inlined.
     */

    @Override
    public void field(Field field) {
        if (kind == OBJECT) {
            expect = find(field) ? FOUND : MISSING;
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
        if (kind == OBJECT && expect == FOUND) {
            expect = NONE;
            return true;
        }
        return atSlow();
    }

    private boolean atSlow() {
        boolean ahead = valueAhead();
        expect = NONE;
        if (kind == VALUE) {
            valueTaken = true;
        }
        return ahead;
    }

    /**
     * What {@link #at()} answers, consuming nothing: whether the level has a value on the wire to
     * read next, refusing a read that cannot be made.
     */
    private boolean valueAhead() {
        switch (kind) {
            case OBJECT:
                if (expect == NONE) {
                    throw MisplacedCalls.valueWithoutField();
                }
                return expect == FOUND;
            case ABSENT:
                return false;
            case SEQUENCE:
                if (!hasNextElement()) {
                    throw parser.error(parser.position(), "another sequence element, but the sequence has ended");
                }
                return true;
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
        return !valueAhead() || nextValueIsNull();
    }

    /**
     * Whether the value at the position is a null scalar, leaving it to be read: a value the fast
     * path read with its key is looked at where it waits ({@link #pendingEvent}); any other first
     * event is pushed back, and an alias is followed to its node and back without counting as an
     * expansion (the read that follows counts it; one call looks at one node).
     */
    private boolean nextValueIsNull() {
        final int pending = pendingEvent;
        if (pending != 0) {
            return pending == SCALAR && nullScalar();
        }
        int event = parser.next();
        if (event != ALIAS) {
            boolean isNull = event == SCALAR && nullScalar();
            parser.pushBack();
            return isNull;
        }
        parser.enterAlias();
        boolean isNull = parser.next() == SCALAR && nullScalar();
        parser.exitAlias();
        parser.pushBackAlias();
        return isNull;
    }

    /** Positions at the value of {@code field}: the next key if it matches, else through the index. */
    private boolean find(Field field) {
        final int slot = keys.slot(field);
        fieldSlot = slot;
        // A value of the field before left unread goes to findSlow, which skips it.
        if (!indexed && expect != FOUND) {
            int simple = parser.simpleEntry(keys, slot, recent);
            if (simple != 0) {
                pendingEvent = simple;
                return true;
            }
        }
        return findSlow(field);
    }

    /** As {@link #find}, when the next entry is not a "key: value" line of this field's key. */
    private boolean findSlow(Field field) {
        skipUnreadValue();
        if (!indexed) {
            int event = parser.next();
            if (event == SCALAR) {
                Scalar scalar = parser.scalar();
                if (numbered ? keyNumber(scalar) == field.number() : keyIsName(scalar, field)) {
                    return true;
                }
            } else if (event == MAPPING_END) {
                recordEnd();
                return false;
            }
            buildIndex(event);
        }
        int entry = numbered ? index.findNumber(mark, field.number()) : index.findName(mark, field, view);
        if (entry < 0) {
            return false;
        }
        index.consume(entry);
        resumeEntry(entry);
        return true;
    }

    /** Whether the input range {@code [start, end)} is {@code field}'s name. */
    private boolean isName(int start, int end, Field field) {
        int length = end - start;
        if (length != field.nameLength()) {
            return false;
        }
        String name = field.name();
        if (name.length() != length) {
            return io.zwire.internal.FieldNames.rangeEquals(view, start, length, field);
        }
        // An ASCII name (as many chars as bytes): compared char by char, cheaper for short names.
        final byte[] data = parser.data();
        for (int i = 0; i < length; i++) {
            if (data[start + i] != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the key scalar is {@code field}'s name. */
    private boolean keyIsName(Scalar scalar, Field field) {
        if (scalar.simple() && !parser.hasTag()) {
            return isName(scalar.start(), scalar.end(), field);
        }
        decoded.clear();
        ScalarDecoder.decode(parser.data(), scalar, decoded);
        return io.zwire.internal.FieldNames.rangeEquals(decoded, 0, decoded.writePosition(), field);
    }

    /** The field number the key scalar holds, or -1 if it is not one. */
    private int keyNumber(Scalar scalar) {
        if (scalar.simple()) {
            return number(parser.data(), scalar.start(), scalar.end());
        }
        decoded.clear();
        ScalarDecoder.decode(parser.data(), scalar, decoded);
        return number(BytesAccess.array(decoded), 0, decoded.writePosition());
    }

    /** The field number the digits {@code data[start, stop)} spell, or -1 if they are not one. */
    private static int number(byte[] data, int start, int stop) {
        if (stop == start || stop - start > 10) {
            return -1;
        }
        long number = 0;
        for (int p = start; p < stop; p++) {
            int digit = data[p] - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            number = number * 10 + digit;
        }
        return number <= Field.MAX_NUMBER ? (int) number : -1;
    }

    /**
     * Parses the rest of this mapping once, from the key event just read, recording each entry in
     * the index, and leaves the parser after the mapping.
     */
    private void buildIndex(int firstKey) {
        int event = firstKey;
        while (event != MAPPING_END) {
            addEntry(event);
            skipNode(event);
            skipNode(parser.next());
            event = parser.next();
        }
        recordEnd();
    }

    private void recordEnd() {
        end = parser.position();
        endLineStart = parser.lineStart();
        endLastEnd = parser.lastEnd();
        indexed = true;
    }

    /** Adds the entry whose key event was just read. */
    private void addEntry(int event) {
        int entryStart = parser.entryStart();
        int lineStart = parser.entryLineStart();
        if (event == SCALAR) {
            Scalar scalar = parser.scalar();
            if (numbered) {
                int number = keyNumber(scalar);
                if (number < 0) {
                    throw parser.error(scalar.start(), "a field number as the mapping key");
                }
                index.add(number, entryStart, 0, entryStart);
            } else if (scalar.simple() && !parser.hasTag()) {
                int length = scalar.end() - scalar.start();
                index.add(io.zwire.internal.ByteRangeHash.of(view, scalar.start(), length), scalar.start(), length, entryStart);
            } else {
                decoded.clear();
                ScalarDecoder.decode(parser.data(), scalar, decoded);
                index.addCopied(decoded, 0, decoded.writePosition(), entryStart);
            }
        } else {
            if (numbered) {
                throw parser.error(entryStart, "a field number as the mapping key");
            }
            index.add(0, entryStart, -1, entryStart);
        }
        int entry = index.size() - 1;
        if (entry == entryLineStarts.length) {
            entryLineStarts = Arrays.copyOf(entryLineStarts, entry * 2);
        }
        entryLineStarts[entry] = lineStart;
    }

    /** Restores the mapping's parser frame at the entry and reads its key, so its value is next. */
    private void resumeEntry(int entry) {
        parser.resumeEntry(frameDepth, frame, index.valueStart(entry), entryLineStarts[entry]);
        skipNode(parser.next());
    }

    /** Offers the unread entries to the hook and leaves the parser after the mapping. */
    private void finishObject(Marshallable target, ValueIn unexpected) {
        skipUnreadValue();
        if (!indexed) {
            int event = parser.next();
            if (event == MAPPING_END) {
                return;
            }
            buildIndex(event);
        }
        if (target != null) {
            for (int entry = mark; entry < index.size(); entry++) {
                if (!index.isConsumed(entry)) {
                    offer(target, unexpected, entry);
                }
            }
        }
        index.release(mark);
        parser.resumeAfter(frameDepth, end, endLineStart, endLastEnd);
    }

    private void offer(Marshallable target, ValueIn unexpected, int entry) {
        if (numbered) {
            key.setNumber(index.key(entry));
        } else {
            StringBuilder name = key.clearName();
            if (index.keyLength(entry) < 0) {
                name.append("(a key that is not a scalar)");
            } else {
                // An escaped unpaired surrogate is in its three-byte form: TextValues keeps it.
                TextValues.append(index.nameSource(entry, view), index.nameStart(entry), index.keyLength(entry), name);
            }
        }
        resumeEntry(entry);
        push(VALUE);
        target.unexpectedField(key, unexpected);
        pop();
    }

    /** Consumes the rest of the node whose first event was just read, without expanding aliases. */
    private void skipNode(int event) {
        if (event != MAPPING_START && event != SEQUENCE_START) {
            return;
        }
        int open = 1;
        while (open > 0) {
            int next = parser.next();
            if (next == MAPPING_START || next == SEQUENCE_START) {
                open++;
            } else if (next == MAPPING_END || next == SEQUENCE_END) {
                open--;
            }
        }
    }

    // ------------------------------------------------------------------ values

    /**
     * Reads the first event of the value at the position; an alias is followed to its anchored
     * node, and {@link #aliasValue} says so until the value has been read.
     */
    private int valueEvent() {
        int pending = pendingEvent;
        if (pending != 0) {
            pendingEvent = 0;
            return pending;
        }
        int event = parser.next();
        if (event == ALIAS) {
            if (++expansions > limits.maxAliasExpansions()) {
                throw parser.error(parser.anchorStart() - 1, "no more alias expansions than ReadLimits.maxAliasExpansions "
                        + limits.maxAliasExpansions());
            }
            parser.enterAlias();
            aliasValue = true;
            event = parser.next();
        }
        return event;
    }

    /** Returns from the alias a scalar value came through. */
    private void scalarRead() {
        if (aliasValue) {
            aliasValue = false;
            parser.exitAlias();
        }
    }

    /** Reads the value's first event, which must be a scalar. */
    private Scalar scalarValue(String expected) {
        int event = valueEvent();
        if (event != SCALAR) {
            throw parser.error(parser.position(), expected + ", found a " + (event == MAPPING_START ? "mapping" : "sequence"));
        }
        return parser.scalar();
    }

    /** Whether the current scalar is null: a plain null without a tag, or tagged {@code !!null}. */
    private boolean nullScalar() {
        Scalar scalar = parser.scalar();
        if (parser.hasTag()) {
            return tagIs(NULL_TAG);
        }
        return scalar.plain() && TextValues.isNull(parser.data(), scalar.start(), scalar.end());
    }

    private boolean tagIs(byte[] expected) {
        tag.clear();
        parser.resolveTag(tag);
        return tag.contentEquals(0, tag.writePosition(), expected);
    }

    /** Makes the scalar's value a contiguous range: in place when simple, else decoded. Returns its array. */
    private byte[] valueBytes(Scalar scalar) {
        if (scalar.simple()) {
            valueStart = scalar.start();
            valueEnd = scalar.end();
            return parser.data();
        }
        decoded.clear();
        ScalarDecoder.decode(parser.data(), scalar, decoded);
        valueStart = 0;
        valueEnd = decoded.writePosition();
        return BytesAccess.array(decoded);
    }

    private int valueStart;
    private int valueEnd;

    /** The Bytes {@link #valueBytes} put the value in. */
    private Bytes valueView(Scalar scalar) {
        return scalar.simple() ? view : decoded;
    }

    private long integer(String expected) {
        if (pendingEvent == SCALAR) {
            long decimal = parser.simpleDecimal();
            if (decimal != YamlParser.NOT_DECIMAL) {
                pendingEvent = 0;
                return decimal;
            }
        }
        return integerSlow(expected);
    }

    private long integerSlow(String expected) {
        Scalar scalar = scalarValue(expected);
        if (nullScalar()) {
            scalarRead();
            return 0;
        }
        byte[] data = valueBytes(scalar);
        long value = smallDecimal(data, valueStart, valueEnd);
        if (value != NOT_SMALL) {
            scalarRead();
            return value;
        }
        try {
            value = CoreSchema.parseInteger(data, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            throw parser.error(scalar.start(), expected + " (a decimal, 0x or 0o integer within 64 bits)");
        }
        scalarRead();
        return value;
    }

    /** Returned by {@link #smallDecimal} for text it does not read. */
    private static final long NOT_SMALL = Long.MIN_VALUE;

    /**
     * The value of 1 to 18 decimal digits with an optional '-', which cannot overflow a long and
     * are what integers usually look like; {@link #NOT_SMALL} for anything else, left to the
     * general parser.
     */
    private static long smallDecimal(byte[] data, int start, int end) {
        int p = start;
        boolean negative = p < end && data[p] == '-';
        if (negative) {
            p++;
        }
        if (p == end || end - p > 18) {
            return NOT_SMALL;
        }
        long value = 0;
        for (; p < end; p++) {
            int digit = data[p] - '0';
            if (digit < 0 || digit > 9) {
                return NOT_SMALL;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    private long ranged(String expected, long min, long max) {
        long value = integer(expected);
        if (value < min || value > max) {
            throw outOfRange(expected, min, max, value);
        }
        return value;
    }

    private WireException outOfRange(String expected, long min, long max, long value) {
        return parser.error(parser.position(), expected + " in " + min + ".." + max + ", found " + value);
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

    @Override
    public float float32() {
        if (!at()) {
            return 0;
        }
        Scalar scalar = scalarValue("a float32");
        if (nullScalar()) {
            scalarRead();
            return 0;
        }
        byte[] data = valueBytes(scalar);
        float value;
        try {
            value = CoreSchema.parseFloat32(data, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            throw parser.error(scalar.start(), "a float32 (a decimal number, .inf, -.inf or .nan)");
        }
        scalarRead();
        return value;
    }

    @Override
    public double float64() {
        if (!at()) {
            return 0;
        }
        if (pendingEvent == SCALAR) {
            double simple = simpleFloat64();
            if (simple == simple) {
                pendingEvent = 0;
                return simple;
            }
        }
        return float64Slow();
    }

    private double float64Slow() {
        Scalar scalar = scalarValue("a float64");
        if (nullScalar()) {
            scalarRead();
            return 0;
        }
        byte[] data = valueBytes(scalar);
        double value;
        try {
            value = CoreSchema.parseFloat(data, valueStart, valueEnd);
        } catch (NumberFormatException e) {
            throw parser.error(scalar.start(), "a float64 (a decimal number, .inf, -.inf or .nan)");
        }
        scalarRead();
        return value;
    }

    /**
     * The value of the line the parser has just read, when it is a plain decimal whose digits, as
     * a long, are exactly a double: an integer up to 2^53, or one with a fraction, whose 14 digits
     * at most (see {@link YamlParser#simpleFraction()}) always are. 10 to the power of the digits
     * after the point is exact too, and one division of two exact doubles rounds once, to the
     * nearest, as parsing the text would (Clinger's fast path). NaN for any other value, zero
     * included (for the sign of -0.0), which the general parser reads.
     */
    private double simpleFloat64() {
        final YamlParser p = parser;
        long decimal = p.simpleDecimal();
        if (decimal != YamlParser.NOT_DECIMAL) {
            return decimal != 0 && Math.abs(decimal) <= EXACT_LONG ? decimal : Double.NaN;
        }
        long fraction = p.simpleFraction();
        if (fraction != YamlParser.NOT_DECIMAL && fraction != 0) {
            return fraction / POWERS_OF_TEN[p.simpleScale()];
        }
        return Double.NaN;
    }

    /** The largest magnitude up to which every long is exactly a double: 2^53. */
    private static final long EXACT_LONG = 1L << 53;
    /** 10^0 to 10^7, as many as {@link YamlParser#simpleScale()} can ask for. */
    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7};

    @Override
    public boolean bool() {
        if (!at()) {
            return false;
        }
        Scalar scalar = scalarValue("a bool");
        if (nullScalar()) {
            scalarRead();
            return false;
        }
        byte[] data = valueBytes(scalar);
        int value = CoreSchema.bool(data, valueStart, valueEnd);
        if (value < 0) {
            throw parser.error(scalar.start(), "a bool: true or false");
        }
        scalarRead();
        return value == 1;
    }

    @Override
    public char char16() {
        if (!at()) {
            return 0;
        }
        Scalar scalar = scalarValue("a char16");
        if (scalar.plain() && nullScalar() && scalar.end() == scalar.start()) {
            scalarRead();
            return 0;
        }
        valueBytes(scalar);
        int value = TextValues.singleChar(valueView(scalar), valueStart, valueEnd - valueStart);
        if (value < 0) {
            throw parser.error(scalar.start(), "a char16: text of one UTF-16 code unit");
        }
        scalarRead();
        return (char) value;
    }

    @Override
    public String text() {
        if (!at()) {
            return null;
        }
        if (pendingEvent == SCALAR && recentValue() instanceof String seen) {
            pendingEvent = 0;
            return seen;
        }
        return textSlow();
    }

    private String textSlow() {
        Scalar scalar = scalarValue("text");
        if (nullScalar()) {
            scalarRead();
            return null;
        }
        byte[] data = valueBytes(scalar);
        int length = valueEnd - valueStart;
        int slot = recentSlot(length);
        if (slot >= 0 && recent.match(slot, data, valueStart, length) instanceof String seen) {
            scalarRead();
            return seen;
        }
        String text;
        if (length > interner.maxLength() && scalar.simple()) {
            // Too long to be cached, so a new String either way; the scanner validated these
            // bytes as UTF-8, so the JDK's bulk decoder builds it, not the char-by-char one.
            text = new String(data, valueStart, length, StandardCharsets.UTF_8);
        } else {
            text = interner.intern(valueView(scalar), valueStart, length);
        }
        if (text == null) {
            // The scanner validated the input's UTF-8, so what does not decode is an escaped
            // unpaired surrogate (in its three-byte form): kept, in a String of its own.
            text = TextValues.toString(valueView(scalar), valueStart, length);
        }
        if (slot >= 0) {
            remember(slot, scalar, data, length, text);
        }
        scalarRead();
        return text;
    }

    /**
     * For a value the parser read with its key ({@link #pendingEvent}, so untagged, and unescaped
     * if quoted): what this field held last time if the value is the same text, else null (also
     * for a plain null, which the general path reads).
     */
    private Object recentValue() {
        if (parser.recalled()) {
            // The parser compared the bytes with this field's value already.
            return recent.value(fieldSlot);
        }
        final Scalar scalar = parser.scalar();
        final byte[] data = parser.data();
        final int start = scalar.start();
        final int length = scalar.end() - start;
        final int slot = recentSlot(length);
        if (slot < 0 || scalar.plain() && TextValues.isNull(data, start, scalar.end())) {
            return null;
        }
        return recent.match(slot, data, start, length);
    }

    /**
     * Keeps the value just read, {@code data[valueStart, valueStart + length)}, for the field's
     * next value: as a plain line the parser may compare ({@link YamlParser#simpleEntry}) when it
     * was a plain scalar whose text is its value, which a tag or an alias does not change.
     */
    private void remember(int slot, Scalar scalar, byte[] data, int length, Object value) {
        if (scalar.plain() && scalar.simple()) {
            recent.rememberPlain(slot, data, valueStart, length, value);
        } else {
            recent.remember(slot, data, valueStart, length, value);
        }
    }

    /**
     * Where {@link RecentValues} keeps the last value of the field being read, or -1 when there is
     * none to compare with: a sequence element or the hook's value, a name the key table does not
     * keep, or a value too long.
     */
    private int recentSlot(int length) {
        return kind != OBJECT || length > RecentValues.MAX_BYTES ? -1 : fieldSlot;
    }

    @Override
    public void textTo(StringBuilder target) {
        target.setLength(0);
        if (!at()) {
            return;
        }
        Scalar scalar = scalarValue("text");
        if (nullScalar()) {
            scalarRead();
            return;
        }
        valueBytes(scalar);
        target.ensureCapacity(valueEnd - valueStart);
        if (TextValues.append(valueView(scalar), valueStart, valueEnd - valueStart, target) >= 0) {
            throw parser.error(scalar.start(), "text");
        }
        scalarRead();
    }

    /** Positions the base64 value in {@link #valueStart}..{@link #valueEnd}; returns its decoded length, or -1 for null. */
    private int binary(Scalar scalar) {
        if (nullScalar()) {
            return -1;
        }
        if (parser.hasTag() && !tagIs(BINARY_TAG)) {
            throw parser.error(scalar.start(), "a byte string: a !!binary scalar");
        }
        byte[] data = valueBytes(scalar);
        int length = Base64Decoder.decodedLength(data, valueStart, valueEnd);
        if (length < 0) {
            throw parser.error(scalar.start(), "a byte string: base64 text");
        }
        return length;
    }

    @Override
    public byte[] bytes() {
        if (!at()) {
            return null;
        }
        Scalar scalar = scalarValue("a byte string");
        int length = binary(scalar);
        if (length < 0) {
            scalarRead();
            return null;
        }
        byte[] value = new byte[length];
        Base64Decoder.decode(scalar.simple() ? parser.data() : BytesAccess.array(decoded), valueStart, valueEnd, value);
        scalarRead();
        return value;
    }

    @Override
    public void bytesTo(Bytes target) {
        if (!at()) {
            return;
        }
        Scalar scalar = scalarValue("a byte string");
        if (binary(scalar) >= 0) {
            Base64Decoder.decode(scalar.simple() ? parser.data() : BytesAccess.array(decoded), valueStart, valueEnd, target);
        }
        scalarRead();
    }

    @Override
    public <E extends Enum<E>> E asEnum(Class<E> type) {
        if (!at()) {
            return null;
        }
        if (pendingEvent == SCALAR && recentValue() instanceof Enum<?> seen && seen.getDeclaringClass() == type) {
            pendingEvent = 0;
            return type.cast(seen);
        }
        return asEnumSlow(type);
    }

    private <E extends Enum<E>> E asEnumSlow(Class<E> type) {
        Scalar scalar = scalarValue("an enum constant's name");
        if (nullScalar()) {
            scalarRead();
            return null;
        }
        byte[] data = valueBytes(scalar);
        int length = valueEnd - valueStart;
        int slot = recentSlot(length);
        if (slot >= 0 && recent.match(slot, data, valueStart, length) instanceof Enum<?> seen && seen.getDeclaringClass() == type) {
            scalarRead();
            return type.cast(seen);
        }
        EnumConstants<E> constants = EnumConstants.of(type);
        E constant = constants.byName(valueView(scalar), valueStart, length);
        if (slot >= 0 && constant != null) {
            remember(slot, scalar, data, length, constant);
        }
        if (constant == null) {
            throw parser.error(scalar.start(), constants.unknownName(valueView(scalar), valueStart, length));
        }
        scalarRead();
        return constant;
    }

    // ------------------------------------------------------------------ objects and sequences

    @Override
    public boolean startMarshallable() {
        if (!at()) {
            push(ABSENT);
            return false;
        }
        int event = valueEvent();
        if (event == SCALAR && nullScalar()) {
            scalarRead();
            push(ABSENT);
            return false;
        }
        if (event != MAPPING_START) {
            throw parser.error(parser.position(), "an object (a mapping), found a " + (event == SCALAR ? "scalar" : "sequence"));
        }
        pushCollection(OBJECT);
        return true;
    }

    @Override
    public String startTyped() {
        if (!at()) {
            push(ABSENT);
            return null;
        }
        int event = valueEvent();
        if (event == SCALAR && nullScalar()) {
            scalarRead();
            push(ABSENT);
            return null;
        }
        if (event != MAPPING_START || !parser.hasTag()) {
            throw parser.error(parser.position(), "a typed object: a mapping tagged !Alias");
        }
        tag.clear();
        parser.resolveTag(tag);
        int length = tag.writePosition();
        if (length < 2 || tag.readInt8At(0) != '!') {
            throw parser.error(parser.tagStart(), "a local tag !Alias naming a registered type");
        }
        String alias = interner.intern(tag, 1, length - 1);
        if (alias == null) {
            throw parser.error(parser.tagStart(), "a UTF-8 type alias");
        }
        pushCollection(OBJECT);
        return alias;
    }

    @Override
    public void endMarshallable(Marshallable target, ValueIn unexpected) {
        if (kind == ABSENT) {
            pop();
            return;
        }
        finishObject(target, unexpected);
        popCollection();
    }

    @Override
    public void startSequence() {
        if (!at()) {
            push(ABSENT);
            return;
        }
        int event = valueEvent();
        if (event == SCALAR && nullScalar()) {
            scalarRead();
            push(ABSENT);
            return;
        }
        if (event != SEQUENCE_START) {
            throw parser.error(parser.position(), "a sequence, found a " + (event == SCALAR ? "scalar" : "mapping"));
        }
        pushCollection(SEQUENCE);
    }

    @Override
    public boolean hasNextElement() {
        if (kind != SEQUENCE) {
            return false;
        }
        int event = parser.next();
        parser.pushBack();
        return event != SEQUENCE_END;
    }

    @Override
    public void endSequence() {
        if (kind == ABSENT) {
            pop();
            return;
        }
        int event = parser.next();
        while (event != SEQUENCE_END) {
            skipNode(event);
            event = parser.next();
        }
        popCollection();
    }

    @Override
    public void skip() {
        if (at()) {
            skipValue();
        }
    }

    /**
     * When the field before was named and its value not read (a readMarshallable that reads
     * conditionally): skips the value, to read on after it. Once the mapping is indexed, the
     * parser is moved to the next entry read (or past the mapping) wherever it stands.
     */
    private void skipUnreadValue() {
        if (expect == FOUND) {
            if (indexed) {
                expect = NONE;
            } else {
                skipValue();
            }
        }
    }

    /** Consumes the value of the field found, without expanding aliases. */
    private void skipValue() {
        expect = NONE;
        int pending = pendingEvent;
        pendingEvent = 0;
        skipNode(pending != 0 ? pending : parser.next());
    }
}
