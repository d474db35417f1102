package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.FloatRange;
import io.zwire.internal.KeyedWireReader;
import io.zwire.internal.LevelKind;
import io.zwire.internal.RecentValues;
import io.zwire.internal.StringInterner;
import io.zwire.internal.UnexpectedKey;
import io.zwire.text.keys.FieldKeys;
import io.zwire.yaml.parse.Scalar;
import io.zwire.yaml.parse.SimpleKeys;
import io.zwire.yaml.parse.SimpleLineScanner;
import io.zwire.yaml.parse.TextValues;
import io.zwire.yaml.parse.YamlParser;
import io.zwire.yaml.value.YamlValueReader;

import java.util.Arrays;
import java.util.function.Consumer;

import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;
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
 * <p>The field lookup through the {@link FieldIndex}, the unexpected-field offer and the integer
 * narrowings are {@link KeyedWireReader}'s; the levels, the nesting limit and the refusal of
 * misplaced calls are its {@link io.zwire.internal.LevelReader}'s; this class is YAML's side of them. The fast path expects the next
 * key to be the field asked for: a {@link SimpleLineScanner} reads its "key: value" line in one
 * step. On a mismatch the rest of the mapping is parsed once into the index; a field found there
 * is read by restoring the mapping's parser frame at that entry, which is why a YAML index entry's
 * "value start" is the entry's number (see {@link #moveTo}). Aliases are read by re-parsing the
 * anchored node, at most {@link ReadLimits#maxAliasExpansions} times and
 * {@link ReadLimits#maxAliasedBytes} re-read bytes per document. Beside it: {@link YamlScalars}
 * for the values' codecs, {@link KeyScalars} for keys read by the general path, and
 * {@link ParserInput} for what the parser scans. Allocates nothing in steady state: text is
 * interned, and a scalar that is not its own value (escapes, folding, block scalars) is decoded
 * into a reusable buffer.
 */
final class YamlWireReader extends KeyedWireReader {
    /** {@link #flags}: the level's collection came through an alias, to return from at its end. */
    private static final int VIA_ALIAS = 1;
    /** {@link #end} of an indexed mapping: past its end, where {@link #moveTo} resumes from the recorded position. */
    private static final int MAPPING_END_POSITION = -1;

    private final String wire;
    private final boolean numbered;
    private final YamlParser parser;
    /** Reads the "key: value" lines of the field asked for, ahead of the parser's general path. */
    private final SimpleLineScanner lines;
    private final StringInterner interner;
    /** Each field's key as the line scanner compares it. */
    private final FieldKeys keys;
    /** The last text or enum constant of each field, by its {@link #keys} slot. */
    private final RecentValues recent = new RecentValues(FieldKeys.SLOT_COUNT);
    /** The {@link #keys} slot of the field last named, or -1. */
    private int fieldSlot = -1;
    /** The input the parser reads: the buffer's array, or a copy of one document. */
    private final ParserInput input;
    /** Decodes the scalars of values (and of keys that are not their own text). */
    private final YamlScalars scalars;
    /** Matches and indexes the keys the line scanner does not read. */
    private final KeyScalars keyScalars;
    /** For each index entry: where its key starts, and the start of the line it is on. */
    private int[] entryStarts = new int[32];
    private int[] entryLineStarts = new int[32];
    private int expansions;

    /*
     * A collection's level keeps, as its count, the index of the collection's parser frame; what
     * resuming needs of that frame is kept here, by the same index (a nested collection is always
     * in a deeper frame, so the levels open at once never share one).
     */
    /** The frame packed by {@link YamlParser#frame()} when the collection started. */
    private final long[] frames;
    /** For an indexed mapping: the parser's position, line and last node end after it. */
    private final int[] endPositions;
    private final int[] endLineStarts;
    private final int[] endLastEnds;

    /** Whether the value being read came through an alias (set by {@link #valueEvent()}). */
    private boolean aliasValue;
    /**
     * The first event of the value at the position when it has been read already: with its key by
     * the line scanner, or by {@link #nullNext()} looking for a null; 0 otherwise.
     */
    private int pendingEvent;
    /** In a map: the first event of the key {@link #nextMapEntry()} found. */
    private int mapKeyEvent;

    YamlWireReader(Bytes bytes, WireOptions options, boolean numbered) {
        super(bytes, options, numbered ? UnexpectedKey.numbered() : UnexpectedKey.named());
        this.numbered = numbered;
        this.wire = numbered ? "YAML_NUMBERED" : "YAML";
        this.interner = StringInterner.of(options);
        this.parser = new YamlParser(wire, limits);
        this.lines = new SimpleLineScanner(parser);
        this.input = new ParserInput(parser, limits);
        this.scalars = new YamlScalars(parser, input, interner, recent, new FloatRange(options));
        this.keyScalars = new KeyScalars(parser, scalars, numbered);
        this.keys = new FieldKeys(numbered ? SimpleKeys::numbered : SimpleKeys::named);
        int parserFrames = 2 * limits.maxDepth() + 8;
        frames = new long[parserFrames];
        endPositions = new int[parserFrames];
        endLineStarts = new int[parserFrames];
        endLastEnds = new int[parserFrames];
    }

    // ------------------------------------------------------------------ documents

    @Override
    public boolean startDocument() {
        if (!input.attach(bytes) || !parser.startDocument()) {
            return false;
        }
        expansions = 0;
        aliasValue = false;
        pendingEvent = 0;
        int event = parser.next();
        // A null root (also an empty document) is refused as JSON and CBOR refuse theirs: read as
        // an object of defaults, it would be a value the sender never wrote.
        if (event != MAPPING_START) {
            closeLevels();
            throw parser.error(parser.position(), "a document holding a mapping");
        }
        openDocument(enterFrame());
        return true;
    }

    /** Records the frame of the collection whose start event was just read; returns its index, the level's count. */
    private int enterFrame() {
        int frame = parser.depth();
        frames[frame] = parser.frame();
        return frame;
    }

    @Override
    protected void afterDocument() {
        if (parser.next() != DOCUMENT_END) {
            throw parser.error(parser.position(), "the end of the document");
        }
        bytes.readPosition(parser.position() + parser.base());
    }

    @Override
    public void recover(int documentStart) {
        closeLevels();
        aliasValue = false;
        pendingEvent = 0;
        int limit = bytes.writePosition();
        int start = Math.max(0, Math.min(documentStart, limit));
        bytes.readPosition(DocumentBoundary.end(bytes, start, limit));
    }

    @Override
    protected WireException error(int offset, String expected) {
        return parser.error(offset, expected);
    }

    @Override
    protected int position() {
        return parser.position();
    }

    /**
     * The scalar just read, at its opening quote if it has one: the parser's position is at the
     * key's colon when the general path reads the value, and past the line when the line scanner
     * did, so {@code before} says nothing here.
     */
    @Override
    protected int valueStart(int before) {
        Scalar scalar = parser.scalar();
        int style = scalar.style();
        return style == Scalar.SINGLE_QUOTED || style == Scalar.DOUBLE_QUOTED ? scalar.start() - 1 : scalar.start();
    }

    @Override
    public boolean readValue(Consumer<Object> sink) {
        if (!input.attach(bytes) || !parser.startDocument()) {
            return false;
        }
        Object value = new YamlValueReader(parser, limits).readDocument();
        bytes.readPosition(parser.position() + parser.base());
        sink.accept(value);
        return true;
    }

    // ------------------------------------------------------------------ finding fields

    /*
     * The methods a user's readMarshallable calls for every field (the core's field and at, find
     * and the value methods' fast paths) keep their general paths in methods of their own: C2
     * inlines them into readMarshallable, and stops inlining once it has taken in so many
     * bytecodes, after which a field's value method is a call whose setter call is shared by every
     * field (megamorphic). Small fast paths let a type with many fields stay inlined.
     */

    /** Positions at the value of {@code field}: the next key if it matches, else through the index. */
    @Override
    protected boolean find(Field field) {
        final int slot = keys.slot(field);
        fieldSlot = slot;
        // A value of the field before left unread goes to findSlow, which skips it.
        if (!indexed && expect != FOUND) {
            int simple = lines.readLine(keys, slot, recent);
            if (simple != 0) {
                pendingEvent = simple;
                return true;
            }
        }
        return findSlow(field);
    }

    /**
     * As {@link #find}, when the next entry is not a "key: value" line of this field's key. A
     * refusal of the value left unread before it, or of the key, is the object's.
     */
    private boolean findSlow(Field field) {
        if (!indexed) {
            int event;
            try {
                skipUnreadValue();
                event = parser.next();
            } catch (WireException refused) {
                throw objectsRefusal(field, refused);
            }
            if (event == SCALAR) {
                Scalar scalar = parser.scalar();
                if (keyScalars.isKeyOf(scalar, field)) {
                    return true;
                }
            } else if (event == MAPPING_END) {
                recordEnd();
                return false;
            }
            startLookup(field);
            indexFrom(event);
        }
        return findInIndex(field);
    }

    @Override
    protected void buildIndex() {
        indexFrom(parser.next());
    }

    @Override
    protected boolean closeIfNoEntries() {
        int event = parser.next();
        if (event == MAPPING_END) {
            return true;
        }
        parser.pushBack();
        return false;
    }

    /**
     * Parses the rest of this mapping once, from the key event just read, recording each entry in
     * the index, and leaves the parser after the mapping.
     */
    private void indexFrom(int firstKey) {
        int event = firstKey;
        while (event != MAPPING_END) {
            addEntry(event);
            parser.skipNode(event);
            parser.skipNode(parser.next());
            entryPassed();
            event = parser.next();
        }
        recordEnd();
    }

    /** The mapping has been read to its end: records where the parser stands, to resume there. */
    private void recordEnd() {
        endPositions[count] = parser.position();
        endLineStarts[count] = parser.lineStart();
        endLastEnds[count] = parser.lastEnd();
        end = MAPPING_END_POSITION;
        indexed = true;
    }

    /**
     * Adds the entry whose key event was just read. Its "value start" in the index is the entry's
     * number, for {@link #moveTo}: the entry is resumed from its key's position and line.
     */
    private void addEntry(int event) {
        int entry = index.size();
        keyScalars.add(index, event, entry);
        if (entry == entryStarts.length) {
            entryStarts = Arrays.copyOf(entryStarts, entry * 2);
            entryLineStarts = Arrays.copyOf(entryLineStarts, entry * 2);
        }
        entryStarts[entry] = parser.entryStart();
        entryLineStarts[entry] = parser.entryLineStart();
    }

    /**
     * Moves the parser to an index entry's value, or past an indexed mapping: YAML cannot resume
     * at an offset alone, as the parser needs the mapping's frame and the line it resumes on. So
     * {@code offset} is an entry's number (its "value start" in the index, see
     * {@link #addEntry}), whose key is then read so that its value is next, or
     * {@link #MAPPING_END_POSITION}, the recorded position after the mapping.
     */
    @Override
    protected void moveTo(int offset) {
        final int frame = count;
        if (offset == MAPPING_END_POSITION) {
            parser.resumeAfter(frame, endPositions[frame], endLineStarts[frame], endLastEnds[frame]);
            return;
        }
        parser.resumeEntry(frame, frames[frame], entryStarts[offset], entryLineStarts[offset]);
        parser.skipNode(parser.next());
    }

    @Override
    protected void nameEntry(int entry, StringBuilder name) {
        if (numbered) {
            key.setNumber(index.key(entry));
        } else if (index.keyLength(entry) < 0) {
            name.append("(a key that is not a scalar)");
        } else {
            // An escaped unpaired surrogate is in its three-byte form: TextValues keeps it.
            TextValues.append(index.nameSource(entry, bytes), index.nameStart(entry), index.keyLength(entry), name);
        }
    }

    @Override
    public boolean isNull() {
        return !valueAhead() || nextValueIsNull();
    }

    /**
     * Whether the value at the position is a null scalar, leaving it to be read: a value already
     * read is looked at where it waits ({@link #pendingEvent}); any other first event is pushed
     * back, and an alias is followed to its node and back without counting as an expansion (the
     * read that follows counts it; one call looks at one node).
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

    @Override
    protected void skipValue() {
        int pending = pendingEvent;
        pendingEvent = 0;
        parser.skipNode(pending != 0 ? pending : parser.next());
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

    /**
     * Reads the value's first event, which must be a scalar, and returns from the alias it came
     * through before it is decoded: the scalar's bytes stay where they are, and a decoding that
     * refuses them then leaves the reader outside the alias, so reading code that catches the
     * refusal reads on from the next value.
     */
    private Scalar scalarValue(String expected) {
        int event = valueEvent();
        if (event != SCALAR) {
            throw collectionRefused(event, expected);
        }
        Scalar scalar = parser.scalar();
        scalarRead();
        return scalar;
    }

    /**
     * The refusal of a collection where a scalar was {@code expected}: the collection is skipped
     * first, so reading code that catches the refusal and reads on (a tolerant reader's try/catch
     * around one element) finds the next value, never the collection's content read as elements.
     * The error path only: allocates the exception.
     */
    private WireException collectionRefused(int event, String expected) {
        WireException refused = parser.error(parser.position(),
                expected + ", found a " + (event == MAPPING_START ? "mapping" : "sequence"));
        parser.skipNode(event);
        scalarRead();
        return refused;
    }

    /** Reads the value's first event, which must be a scalar a number may be ({@link YamlScalars#requireNumber}). */
    private Scalar numberValue(String expected, boolean floating) {
        Scalar scalar = scalarValue(expected);
        scalars.requireNumber(scalar, expected, floating);
        return scalar;
    }

    /** Whether the current scalar is null (see {@link YamlScalars#isNull()}). */
    private boolean nullScalar() {
        return scalars.isNull();
    }

    /**
     * The integer at the position: the number the line scanner read with the key, else the scalar
     * decoded by the core schema (a null reads as 0).
     */
    @Override
    protected long readInteger(String expected) {
        if (pendingEvent == SCALAR) {
            long decimal = lines.decimal();
            if (decimal != SimpleLineScanner.NOT_DECIMAL) {
                pendingEvent = 0;
                return decimal;
            }
        }
        return integerSlow(expected);
    }

    private long integerSlow(String expected) {
        return scalars.integer(numberValue(expected, false), expected);
    }

    @Override
    public float float32() {
        if (!at()) {
            return 0;
        }
        return scalars.float32(numberValue("a float32", true));
    }

    @Override
    public double float64() {
        if (!at()) {
            return 0;
        }
        if (pendingEvent == SCALAR) {
            double simple = lines.exactDouble();
            if (simple == simple) {
                pendingEvent = 0;
                return simple;
            }
        }
        return float64Slow();
    }

    private double float64Slow() {
        return scalars.float64(numberValue("a float64", true));
    }


    @Override
    public boolean bool() {
        if (!at()) {
            return false;
        }
        return scalars.bool(scalarValue("a bool"));
    }

    @Override
    public char char16() {
        if (!at()) {
            return 0;
        }
        return scalars.char16(scalarValue("a char16"));
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
        return scalars.text(scalarValue("text"), fieldRecentSlot());
    }

    /**
     * For a value the parser read with its key ({@link #pendingEvent}, so untagged, and unescaped
     * if quoted): what this field held last time if the value is the same text, else null (also
     * for a plain null, which the general path reads).
     */
    private Object recentValue() {
        if (lines.recalled()) {
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
     * Where {@link RecentValues} keeps the last value of the field being read, or -1 when there is
     * none to compare with: a sequence element or the hook's value, a name the key table does not
     * keep, or a value too long.
     */
    private int recentSlot(int length) {
        return length > RecentValues.MAX_BYTES ? -1 : fieldRecentSlot();
    }

    /** As {@link #recentSlot}, for a value of any length. */
    private int fieldRecentSlot() {
        return kind != OBJECT ? -1 : fieldSlot;
    }

    @Override
    public void textTo(StringBuilder target) {
        target.setLength(0);
        if (!at()) {
            return;
        }
        scalars.textTo(scalarValue("text"), target);
    }

    @Override
    public byte[] bytes() {
        if (!at()) {
            return null;
        }
        return scalars.bytes(scalarValue("a byte string"));
    }

    @Override
    public void bytesTo(Bytes target) {
        if (!at()) {
            return;
        }
        scalars.bytesTo(scalarValue("a byte string"), target);
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
        return scalars.asEnum(scalarValue("an enum constant's name"), type, fieldRecentSlot());
    }

    // ------------------------------------------------------------------ objects and sequences

    @Override
    protected boolean nullNext() {
        int event = valueEvent();
        if (event == SCALAR && nullScalar()) {
            scalarRead();
            return true;
        }
        pendingEvent = event;
        return false;
    }

    @Override
    protected void enterObject() {
        int event = valueEvent();
        if (event != MAPPING_START) {
            throw parser.error(parser.position(), "an object (a mapping), found a " + (event == SCALAR ? "scalar" : "sequence"));
        }
        enterCollection(OBJECT);
    }

    @Override
    protected void enterSequence() {
        int event = valueEvent();
        if (event != SEQUENCE_START) {
            throw parser.error(parser.position(), "a sequence, found a " + (event == SCALAR ? "scalar" : "mapping"));
        }
        enterCollection(SEQUENCE);
    }

    /** Enters the collection whose start event was just read, as a level of {@code newKind}. */
    private void enterCollection(byte newKind) {
        boolean alias = aliasValue;
        aliasValue = false;
        push(newKind, enterFrame());
        flags = alias ? VIA_ALIAS : 0;
    }

    @Override
    protected void afterObject(int leftFlags) {
        if (leftFlags == VIA_ALIAS) {
            parser.exitAlias();
        }
    }

    @Override
    public String startTyped() {
        if (typedObjectMissing()) {
            return null;
        }
        int event = valueEvent();
        if (event == SCALAR && nullScalar()) {
            scalarRead();
            enterAbsent();
            return null;
        }
        if (event != MAPPING_START || !parser.hasTag()) {
            throw parser.error(parser.position(), "a typed object: a mapping tagged !Alias");
        }
        Bytes tag = scalars.tag();
        int length = tag.writePosition();
        if (length < 2 || tag.readInt8At(0) != '!') {
            throw parser.error(parser.tagStart(), "a local tag !Alias naming a registered type");
        }
        String alias = interner.intern(tag, 1, length - 1);
        if (alias == null) {
            throw parser.error(parser.tagStart(), "a UTF-8 type alias");
        }
        enterCollection(OBJECT);
        return alias;
    }

    @Override
    public boolean hasNextElement() {
        if (!LevelKind.elementsAt(kind)) {
            return false;
        }
        int event = parser.next();
        parser.pushBack();
        return event != SEQUENCE_END;
    }

    @Override
    protected void nextElement() {
        if (!hasNextElement()) {
            throw sequenceEnded();
        }
    }

    // ------------------------------------------------------------------ maps

    @Override
    protected void enterMap() {
        int event = valueEvent();
        if (event != MAPPING_START) {
            throw parser.error(parser.position(), "a map (a mapping), found a " + (event == SCALAR ? "scalar" : "sequence"));
        }
        enterCollection(ENTRIES);
    }

    /** Reads the next entry's key event, which waits in {@link #mapKeyEvent} for the key to be read or skipped. */
    @Override
    protected boolean nextMapEntry() {
        int event = parser.next();
        if (event == MAPPING_END) {
            if (flags == VIA_ALIAS) {
                parser.exitAlias();
            }
            return false;
        }
        mapKeyEvent = event;
        return true;
    }

    @Override
    protected String mapKeyText() {
        return scalars.text(keyScalar("a text map key"), -1);
    }

    @Override
    protected void mapKeyTo(StringBuilder target) {
        scalars.textTo(keyScalar("a text map key"), target);
    }

    /** The key as a core-schema integer (decimal, 0x or 0o), whether plain or quoted, as integer values are read. */
    @Override
    protected long mapKeyInteger() {
        return scalars.integer(keyScalar("an integer map key"), "an integer map key");
    }

    /** The key scalar {@link #nextMapEntry()} read; a null, a collection or an alias as the key is refused. */
    private Scalar keyScalar(String expected) {
        if (mapKeyEvent != SCALAR) {
            throw parser.error(parser.entryStart(), expected + ", found a " + (mapKeyEvent == ALIAS ? "alias" : "collection"));
        }
        Scalar scalar = parser.scalar();
        if (nullScalar()) {
            throw parser.error(scalar.start(), expected + ", found null");
        }
        return scalar;
    }

    @Override
    protected void skipMapKey() {
        parser.skipNode(mapKeyEvent);
    }

    @Override
    protected void skipRestOfSequence() {
        int event = parser.next();
        while (event != SEQUENCE_END) {
            parser.skipNode(event);
            event = parser.next();
        }
        if (flags == VIA_ALIAS) {
            parser.exitAlias();
        }
    }
}
