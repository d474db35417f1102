package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireKey;
import io.zwire.WireOptions;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.LevelKind;
import io.zwire.internal.LevelReader;
import io.zwire.internal.UnexpectedKey;

import static io.zwire.binary.proto.ProtoLayout.ENTRY_KEY;
import static io.zwire.binary.proto.ProtoLayout.ENTRY_VALUE;
import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.binary.proto.ProtoLayout.NESTED_ELEMENTS;
import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;
import static io.zwire.internal.LevelKind.VALUE;

/**
 * Where {@link ProtoWireReader}'s values are, on {@link LevelReader}'s levels: finding the field
 * {@link #field(Field)} asked for when its value method is called, the occurrences a sequence or
 * a map walks, the entry a map's key and value are read from, and offering the fields no one read.
 * The rules of the levels (a null or missing object, sequence or map, the hook's value, misplaced
 * calls, depth, a map's key and value per entry, no document) are {@code LevelReader}'s; the
 * value codecs are the subclass's.
 *
 * <p>What protobuf's encoding asks of the hooks:
 * <ul>
 *   <li>Which occurrences a field's value is made of is known only when its value method is
 *       called: the last one for a scalar, all of them merged for a message, all of them in order
 *       for a repeated field or a map, packed or not and wherever they are in the message. So
 *       {@link #field(Field)} only consumes a one-byte tag of a field that occurs once, and
 *       otherwise leaves the number pending in {@link #found} (the deferred lookup); {@link #at()}
 *       answers that a field is pending, {@link #nullNext()} whether it occurs at all (protobuf
 *       has no null: a null is written as no field), and the hook that enters the object,
 *       sequence or map gathers its occurrences.</li>
 *   <li>An object is read in order, in runs or through the {@link FieldIndex}, as the scan on
 *       entering it found ({@link #IN_ORDER}, {@link #IN_ORDER_RUNS}, {@link #INDEXED} in the
 *       level's flags). The index holds a number's every occurrence, and the hook is offered each
 *       unread number once (its {@code ValueIn} then reads that number as a field).</li>
 *   <li>A sequence or a map walks the occurrences of one number, in place or through the index,
 *       a sequence through a packed run's elements too; one inside a sequence is a message of its
 *       elements or entries ({@link #WRAPPED}). A map's entry is a message whose key is field 1 and
 *       value field 2, in any order, indexed when its key is read.</li>
 *   <li>A level carries four ints besides {@code LevelReader}'s, in the layout drawn at
 *       {@link #saveWireLevel}: where the enclosing message continues, the number walked, the end
 *       of a packed run and the index cursor.</li>
 * </ul>
 */
abstract class ProtoLevels extends LevelReader {
    /*
     * The wire's flags of a level (LevelReader.flags): an object's order, one of the first three,
     * set as the object is entered; a sequence's or a map's bits. Every other level, and no
     * document, has 0 (LevelReader sets it as a level starts and as the document closes), so a
     * flags of IN_ORDER alone tells the fast path it is in an object read in order.
     */
    /** Object: read in order, each field occurring once so far. */
    static final int IN_ORDER = 1;
    /** Object: read in order, with runs of one field's occurrences to take the last of. */
    static final int IN_ORDER_RUNS = 2;
    /** Object: read through the index. */
    static final int INDEXED = 3;
    /** Sequence or map: an element of a sequence, a message of its elements or entries, left at its end. */
    static final int WRAPPED = 8;
    /** Sequence: an element came from a packed run, so empty runs are not elements. */
    static final int PACKED_SEEN = 16;

    /** Positioning result: the value is not on the wire. */
    static final int NOT_ON_WIRE = -1;
    /** Positioning result: the next element of a packed run follows, with no tag of its own. */
    static final int PACKED = 8;
    /** A sequence's or map's {@link #cursor} when its occurrences are walked at the position rather than through the index. */
    static final int IN_PLACE = -1;

    /** {@link #found}: no field is pending (a sequence element, a map's value or the hook's value is read instead). */
    static final int NO_FIELD = Integer.MIN_VALUE;

    final ProtoInput in;
    final UnexpectedKey key = UnexpectedKey.numbered();

    // The innermost level's own ints; LevelReader keeps its kind, end, mark, count and flags.
    // Objects: end is the end of the message body (-1 for merged occurrences), mark where its
    // index entries begin. Sequences and maps: end is where the occurrences walked in place end
    // (the enclosing message's, or the wrapper's), mark where the entries they index begin; a
    // map's count is where its current entry's fields begin in the index.
    /**
     * Objects: where the enclosing message continues when this one is left. Maps: the end of the
     * current entry, which bounds the indexing of its fields and, walked in place, is where the
     * next entry is looked for (before the first, the first's start).
     */
    int resume;
    /** Sequences, maps, the hook's value: the field number walked or offered. */
    int number;
    /** Sequences: the end of the packed run being read, or -1. */
    int packedEnd;
    /** Sequences and maps: the next index entry to look at, or {@link #IN_PLACE}. */
    int cursor;

    /** Sequences and maps: the tag of the occurrence last moved past, and of the one last peeked at. */
    int elementTag;
    int peekedTag;
    /**
     * The field {@link #field(Field)} asked for, until its value is read: a one-byte tag (8 to
     * 127) just consumed, in an object read in order where each number occurs once, so the value
     * is at the position; the negated field number, to be found by the value method; or
     * {@link #NO_FIELD}.
     */
    int found = NO_FIELD;
    /** Whether the value read asking for a sequence's next element takes a packed run's element. */
    private boolean packable;
    /** The wire type {@link #nextElement()} moved past, or {@link #PACKED}. */
    private int elementType;

    ProtoLevels(Bytes bytes, WireOptions options) {
        super(bytes, options, WIRE_SLOTS);
        this.in = new ProtoInput(bytes, limits, ProtoLayout.WIRE);
    }

    /** Closes the document: {@link #closeLevels()}, and no field pending or packed run left to a kept reader's fast path. */
    final void closeDocument() {
        closeLevels();
        found = NO_FIELD;
        packedEnd = -1;
    }

    /** Opens a document whose root message is {@code [start, to)}. */
    final void openRoot(int start, int to) {
        openDocument(0);
        found = NO_FIELD;
        packedEnd = -1;
        openMessage(start, to, to);
    }

    // ------------------------------------------------------------------ levels

    /*
     * The wire's ints of a level saved in the LevelStack, after LevelReader's:
     *   RESUME_SLOT      resume
     *   NUMBER_SLOT      number
     *   PACKED_END_SLOT  packedEnd
     *   CURSOR_SLOT      cursor
     */
    private static final int RESUME_SLOT = 0;
    private static final int NUMBER_SLOT = 1;
    private static final int PACKED_END_SLOT = 2;
    private static final int CURSOR_SLOT = 3;
    /** The ints this wire adds to a level in the stack. */
    private static final int WIRE_SLOTS = 4;

    @Override
    protected final void saveWireLevel(int[] slots, int at) {
        slots[at + RESUME_SLOT] = resume;
        slots[at + NUMBER_SLOT] = number;
        slots[at + PACKED_END_SLOT] = packedEnd;
        slots[at + CURSOR_SLOT] = cursor;
        packedEnd = -1;
        found = NO_FIELD;
    }

    @Override
    protected final void restoreWireLevel(int[] slots, int at) {
        resume = slots[at + RESUME_SLOT];
        number = slots[at + NUMBER_SLOT];
        packedEnd = slots[at + PACKED_END_SLOT];
        cursor = slots[at + CURSOR_SLOT];
        found = NO_FIELD;
    }

    /** Makes the current level the message {@code [start, to)}: scans it and picks in-order or indexed reading. */
    final void openMessage(int start, int to, int after) {
        in.scan(start, to);
        end = to;
        resume = after;
        if (!in.scanClean) {
            indexFrom(start);
        } else {
            flags = in.scanRuns ? IN_ORDER_RUNS : IN_ORDER;
        }
    }

    final void pushObject(int start, int to, int after) {
        push(OBJECT, 0);
        openMessage(start, to, after);
    }

    /** Enters an object whose fields are indexed from several occurrences: its index begins at the top. */
    final void pushMerged() {
        push(OBJECT, 0);
        flags = INDEXED;
        end = -1;
    }

    /** {@inheritDoc} At a {@link LevelKind#VALUE} level, the key handed to the hook with it: a field number. */
    @Override
    public final WireKey unexpectedKey() {
        return kind == VALUE ? key : null;
    }

    /** Indexes the fields from {@code from} to the end of this message and reads it through the index from now on. */
    final void indexFrom(int from) {
        in.position = from;
        indexRange(end);
        flags = INDEXED;
    }

    /** Adds an index entry, with the offset of its tag, for each field from the position to {@code to}. */
    final void indexRange(int to) {
        while (in.position < to) {
            int tagStart = in.position;
            int tag = in.tag();
            if ((tag & 7) == ProtoLayout.EGROUP) {
                throw in.endGroupOutside(tagStart, tag >>> 3);
            }
            in.skipValue(tag);
            if (in.position > to) {
                throw in.error(tagStart, "a field within its message, which ends at offset " + to);
            }
            index.add(tag >>> 3, 0, 0, tagStart);
        }
    }

    /**
     * Offers the fields no one read to the hook, each number once (the hook's {@link ValueIn} then
     * reads that number as a field: the last occurrence, or all of them as a sequence), and drops
     * this level's index entries.
     */
    final void finishObject(Marshallable target, ValueIn unexpected) {
        if (found != NO_FIELD) {
            skip();
        }
        if (flags != INDEXED) {
            if (in.position >= end) {
                return;
            }
            indexFrom(in.position);
        }
        final int top = index.size();
        for (int i = mark; i < top; i++) {
            if (!index.isConsumed(i)) {
                int unread = index.key(i);
                if (target != null) {
                    offer(target, unexpected, unread);
                }
                consumeAll(i, top, unread);
            }
        }
        index.release(mark);
    }

    private void offer(Marshallable target, ValueIn unexpected, int unread) {
        int objectMark = mark;
        push(VALUE, 0);
        mark = objectMark;
        number = unread;
        key.setNumber(unread);
        target.unexpectedField(key, unexpected);
        pop();
    }

    private void consumeAll(int from, int top, int field) {
        for (int i = from; i < top; i++) {
            if (index.key(i) == field) {
                index.consume(i);
            }
        }
    }

    // ------------------------------------------------------------------ finding values

    /**
     * In an object, the fast path: when reading in order and the next tag is one byte for
     * {@code field}'s number, consumes it into {@link #found}, where the value method takes it;
     * anything else waits there as the number, for the value method to find. A field named before
     * whose value was not read is skipped first.
     *
     * @throws IllegalStateException where no object's fields are read, as {@link LevelKind#fieldRefused} says
     */
    @Override
    public final void field(Field field) {
        final int p = in.position;
        if (flags == IN_ORDER && p < end && found == NO_FIELD) {
            final int tag = in.byteAt(p);
            if (tag >= 0 && tag >>> 3 == field.number()) {
                in.position = p + 1;
                found = tag;
                return;
            }
        }
        fieldSlow(field);
    }

    private void fieldSlow(Field field) {
        if (kind == ABSENT) {
            found = NO_FIELD;
        } else if (kind != OBJECT) {
            throw LevelKind.fieldRefused(kind, field);
        } else if (found != NO_FIELD) {
            // The field named before was not read (a readMarshallable that reads conditionally):
            // its value is skipped, so that the next tag is read as one.
            skip();
            field(field);
        } else {
            found = -field.number();
        }
    }

    /**
     * Moves past the tag of the value to read and returns its wire type, {@link #PACKED} or
     * {@link #NOT_ON_WIRE}: the field {@link #field(Field)} asked for (the last occurrence), the next
     * element of a sequence, a map entry's value or the hook's value.
     *
     * @param packable whether a sequence's element may be one of a packed run (a primitive)
     */
    final int valueAt(boolean packable) {
        final int f = found;
        found = NO_FIELD;
        if (f > 0) {
            return f & 7;
        }
        return valueAtSlow(f, packable);
    }

    private int valueAtSlow(int f, boolean packable) {
        if (f != NO_FIELD) {
            return scalar(-f);
        }
        this.packable = packable;
        if (!valueAtLevel()) {
            return NOT_ON_WIRE;
        }
        switch (kind) {
            case SEQUENCE -> {
                return elementType;
            }
            case VALUE -> {
                return lastOccurrence(mark, number);
            }
            case ENTRIES -> {
                return lastOccurrence(count, ENTRY_VALUE);
            }
            default -> {
                return NOT_ON_WIRE;
            }
        }
    }

    /**
     * Skips the value to read: the field named, the next element, a map entry's value or the
     * hook's value. Occurrences read through the index need no skipping: taking them is enough.
     */
    @Override
    public final void skip() {
        final int f = found;
        found = NO_FIELD;
        if (f > 0) {
            in.skipValue(f);
            return;
        }
        if (f != NO_FIELD) {
            int wireType = scalar(-f);
            if (wireType != NOT_ON_WIRE) {
                in.skipValue(-f << 3 | wireType);
            }
            return;
        }
        packable = false;
        if (!valueAtLevel()) {
            return;
        }
        switch (kind) {
            case SEQUENCE -> {
                if (elementType == PACKED) {
                    in.position = packedEnd;
                } else {
                    in.skipValue(elementTag);
                }
            }
            case VALUE -> lastOccurrence(mark, number);
            case ENTRIES -> lastOccurrence(count, ENTRY_VALUE);
            default -> {
            }
        }
    }

    /**
     * Protobuf has no null: a null value is written as no field, so null is absent. The field
     * {@link #field(Field)} asked for is looked for as its value method would look, which may
     * index an object read out of order, and no value is consumed (in a sequence, looking for the
     * next element passes over empty packed runs, as {@link #hasNextElement()} does).
     */
    @Override
    public final boolean isNull() {
        final int f = found;
        if (f > 0) {
            return false;
        }
        if (f != NO_FIELD) {
            return !occurs(-f);
        }
        if (!valueAheadAtLevel()) {
            return true;
        }
        return kind == ENTRIES && !occursIndexed(count, ENTRY_VALUE);
    }

    /**
     * Whether field {@code field} occurs, unread, in this object, consuming nothing: an object
     * read out of order is indexed from the position, as the value method would index it.
     */
    private boolean occurs(int field) {
        if (flags != INDEXED) {
            int p = in.position;
            if (p < end && in.peekTag(p) >>> 3 == field) {
                return true;
            }
            indexFrom(p);
        }
        return occursIndexed(mark, field);
    }

    /** Whether field {@code field} has an unconsumed occurrence in the index from {@code from}. */
    private boolean occursIndexed(int from, int field) {
        final int top = index.size();
        for (int i = from; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Positions after the tag of the last occurrence of field {@code field} in this object and
     * consumes every occurrence; returns its wire type or {@link #NOT_ON_WIRE}.
     */
    final int scalar(int field) {
        if (flags != INDEXED) {
            int p = in.position;
            if (p < end) {
                int tag = in.tag();
                if (tag >>> 3 == field) {
                    return flags == IN_ORDER_RUNS ? lastOfRun(tag) : tag & 7;
                }
            }
            indexFrom(p);
        }
        return lastOccurrence(mark, field);
    }

    /** In an in-order object: moves to the last of the consecutive occurrences that begin with {@code tag}. */
    private int lastOfRun(int tag) {
        int current = tag;
        while (true) {
            int valueStart = in.position;
            in.skipValue(current);
            if (in.position >= end) {
                in.position = valueStart;
                return current & 7;
            }
            int next = in.tag();
            if (next >>> 3 != current >>> 3) {
                in.position = valueStart;
                return current & 7;
            }
            current = next;
        }
    }

    /** Through the index from {@code from}: the last unconsumed occurrence of {@code field}, consuming all of them. */
    final int lastOccurrence(int from, int field) {
        int last = -1;
        final int top = index.size();
        for (int i = from; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                index.consume(i);
                last = i;
            }
        }
        if (last < 0) {
            return NOT_ON_WIRE;
        }
        in.position = index.valueStart(last);
        return in.tag() & 7;
    }

    // ------------------------------------------------------------------ LevelReader's hooks

    /**
     * {@inheritDoc} In an object, whether a field is pending; whether it occurs is
     * {@link #nullNext()}'s question, and the object, sequence or map entered gathers its
     * occurrences. Elsewhere, as {@link #valueAtLevel()} says, moving past a sequence element's tag.
     */
    @Override
    protected final boolean at() {
        if (kind == OBJECT && found != NO_FIELD) {
            return true;
        }
        packable = false;
        return valueAtLevel();
    }

    /**
     * {@inheritDoc} Protobuf writes a null as no field: the field pending, or a map entry's value,
     * is null when it does not occur; a sequence's element and the hook's value are there.
     */
    @Override
    protected final boolean nullNext() {
        if (kind == OBJECT) {
            final int f = found;
            return f <= 0 && !occurs(-f);
        }
        return kind == ENTRIES && !occursIndexed(count, ENTRY_VALUE);
    }

    /** A sequence's next element: {@link #element} with the read's {@link #packable}. */
    @Override
    protected final void nextElement() {
        elementType = element(packable);
    }

    @Override
    protected final void enterObject() {
        switch (kind) {
            case OBJECT -> {
                final int f = found;
                found = NO_FIELD;
                if (f > 0) {
                    enterInOrder(f);
                } else {
                    enterField(-f);
                }
            }
            case SEQUENCE -> enterLengthDelimited(elementType, "an object");
            case VALUE -> enterIndexed(mark, number);
            default -> enterIndexed(count, ENTRY_VALUE);
        }
    }

    @Override
    protected final void enterSequence() {
        openContainer(SEQUENCE, "a sequence inside a sequence (a message of its elements)");
    }

    @Override
    protected final void enterMap() {
        openContainer(ENTRIES, "a map inside a sequence (a message of its entries)");
    }

    /** Enters a sequence or a map, a level walking the occurrences of one number. */
    private void openContainer(byte newKind, String wrapped) {
        switch (kind) {
            case OBJECT -> {
                final int f = found;
                found = NO_FIELD;
                if (f > 0) {
                    // The container reads its occurrences from their tags: step back onto the one field() consumed.
                    in.position--;
                    openOccurrences(newKind, f >>> 3);
                } else {
                    openOccurrences(newKind, -f);
                }
            }
            case SEQUENCE -> openWrapped(newKind, wrapped);
            case VALUE -> openIndexed(newKind, mark, number);
            default -> openIndexed(newKind, count, ENTRY_VALUE);
        }
    }

    private void openOccurrences(byte newKind, int field) {
        if (flags != INDEXED) {
            int p = in.position;
            if (p < end && in.peekTag(p) >>> 3 == field) {
                push(newKind, 0);
                number = field;
                cursor = IN_PLACE;
                resume = p;
                count = index.mark();
                return;
            }
            indexFrom(p);
        }
        openIndexed(newKind, mark, field);
    }

    /** Enters a container of the occurrences of {@code field} in the index from {@code from}. */
    private void openIndexed(byte newKind, int from, int field) {
        push(newKind, 0);
        number = field;
        cursor = from;
        count = index.mark();
    }

    /** Enters a sequence's element that is a sequence or a map: a message of its elements or entries. */
    private void openWrapped(byte newKind, String wrapped) {
        if (elementType != LEN) {
            throw mismatch(elementType, LEN, wrapped);
        }
        int length = in.length();
        int start = in.position;
        int to = start + length;
        in.scan(start, to);
        push(newKind, 0);
        flags = WRAPPED;
        number = NESTED_ELEMENTS;
        end = to;
        resume = start;
        in.position = start;
        // In place only from the first field: an encoder may put another number before the
        // elements, which in place would end them at once.
        if (in.scanClean && (start == to || in.peekTag(start) >>> 3 == NESTED_ELEMENTS)) {
            cursor = IN_PLACE;
        } else {
            cursor = mark;
            indexRange(to);
        }
        count = index.mark();
    }

    /**
     * Leaves a sequence's or a map's occurrences: drops what it indexed and, for one that is a
     * message inside a sequence, moves past that message.
     */
    private void leaveOccurrences() {
        index.release(mark);
        if ((flags & WRAPPED) != 0) {
            in.position = end;
        }
    }

    @Override
    protected final void skipRestOfSequence() {
        if (in.position < packedEnd) {
            in.position = packedEnd;
        }
        packedEnd = -1;
        while (nextOccurrence()) {
            in.skipValue(elementTag);
        }
        leaveOccurrences();
    }

    /**
     * {@inheritDoc} The next occurrence of the map's number, a length-delimited entry: the input is
     * left at its body, whose fields the key's read indexes. The entry before is passed over
     * whole, and the index entries of its fields dropped.
     */
    @Override
    protected final boolean nextMapEntry() {
        index.release(count);
        if (cursor == IN_PLACE) {
            in.position = resume;
        }
        if (!nextOccurrence()) {
            leaveOccurrences();
            return false;
        }
        int wireType = elementTag & 7;
        if (wireType != LEN) {
            // Passed over, so that reading code that catches the refusal and asks for the next
            // entry moves on.
            WireException refused = mismatch(wireType, LEN, "a map entry");
            in.skipValue(elementTag);
            resume = in.position;
            throw refused;
        }
        int length = in.length();
        resume = in.position + length;
        return true;
    }

    /**
     * Indexes the current entry's fields (it is read key first: the key's read comes before any
     * other of the entry) and finds its key. A malformed entry drops what was indexed and is
     * passed over, so its value reads as missing after a caught refusal.
     */
    final int entryKey() {
        try {
            indexRange(resume);
        } catch (WireException malformed) {
            index.release(count);
            in.position = resume;
            throw malformed;
        }
        return lastOccurrence(count, ENTRY_KEY);
    }

    /** The entry's value is read from its index entries, so it needs no skipping: the next entry passes over it. */
    @Override
    protected final void skipValue() {
    }

    /** The entry's key needs no skipping: the next entry passes over it. */
    @Override
    protected final void skipMapKey() {
    }

    private void enterInOrder(int tag) {
        if ((tag & 7) != LEN) {
            throw mismatch(tag & 7, LEN, "an object");
        }
        int length = in.length();
        int start = in.position;
        int bodyEnd = start + length;
        if (flags == IN_ORDER_RUNS && bodyEnd < end && in.peekTag(bodyEnd) >>> 3 == tag >>> 3) {
            enterMergedRun(tag >>> 3, start, bodyEnd);
            return;
        }
        pushObject(start, bodyEnd, bodyEnd);
    }

    private void enterField(int field) {
        if (flags != INDEXED) {
            int p = in.position;
            if (p < end) {
                int tag = in.tag();
                if (tag >>> 3 == field) {
                    enterInOrder(tag);
                    return;
                }
            }
            indexFrom(p);
        }
        enterIndexed(mark, field);
    }

    private void enterMergedRun(int field, int firstBody, int firstEnd) {
        int parentEnd = end;
        pushMerged();
        in.position = firstBody;
        indexRange(firstEnd);
        while (in.position < parentEnd) {
            int p = in.position;
            int next = in.tag();
            if (next >>> 3 != field) {
                in.position = p;
                break;
            }
            if ((next & 7) != LEN) {
                throw mismatch(next & 7, LEN, "an object");
            }
            int length = in.length();
            indexRange(in.position + length);
        }
        resume = in.position;
    }

    /**
     * Enters the object made of the occurrences of {@code field} in the index from {@code from}:
     * one entered in place, several merged. There is at least one: {@link #nullNext()} found it,
     * or, for the hook's value, the number was offered because it occurs unread.
     */
    private void enterIndexed(int from, int field) {
        final int top = index.size();
        int first = -1;
        int occurrences = 0;
        for (int i = from; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                if (first < 0) {
                    first = i;
                }
                occurrences++;
            }
        }
        if (occurrences == 0) {
            enterAbsent();
            return;
        }
        if (occurrences == 1) {
            index.consume(first);
            in.position = index.valueStart(first);
            enterLengthDelimited(in.tag() & 7, "an object");
            return;
        }
        pushMerged();
        for (int i = first; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                index.consume(i);
                in.position = index.valueStart(i);
                int wireType = in.tag() & 7;
                if (wireType != LEN) {
                    throw mismatch(wireType, LEN, "an object");
                }
                int length = in.length();
                indexRange(in.position + length);
            }
        }
        resume = in.position;
    }

    final void enterLengthDelimited(int wireType, String kind) {
        if (wireType != LEN) {
            throw mismatch(wireType, LEN, kind);
        }
        int length = in.length();
        int start = in.position;
        pushObject(start, start + length, start + length);
    }

    // ------------------------------------------------------------------ occurrences of a sequence

    /**
     * Moves to the next element of the current sequence: the next value of its packed run, or
     * past the tag of its next occurrence. A length-delimited occurrence read as a primitive is a
     * packed run; empty runs are passed over.
     */
    final int element(boolean packable) {
        boolean emptyRun = false;
        while (true) {
            if (in.position < packedEnd) {
                return PACKED;
            }
            packedEnd = -1;
            if (!nextOccurrence()) {
                throw in.error(emptyRun ? "another sequence element, but only empty length-delimited values were left: "
                        + "read as primitives they are empty packed runs, which are the same bytes as empty text elements"
                        : LevelKind.SEQUENCE_ENDED);
            }
            int wireType = elementTag & 7;
            if (!packable || wireType != LEN) {
                return wireType;
            }
            int length = in.length();
            packedEnd = in.position + length;
            flags |= PACKED_SEEN;
            emptyRun = length == 0;
        }
    }

    /** Moves past the tag of the sequence's next occurrence into {@link #elementTag}; false if there is none. */
    final boolean nextOccurrence() {
        if (cursor == IN_PLACE) {
            int p = in.position;
            if (p >= end) {
                return false;
            }
            int tag = in.tag();
            if (tag >>> 3 != number) {
                in.position = p;
                return false;
            }
            elementTag = tag;
            return true;
        }
        final int top = index.size();
        for (int i = cursor; i < top; i++) {
            if (index.key(i) == number && !index.isConsumed(i)) {
                index.consume(i);
                cursor = i + 1;
                in.position = index.valueStart(i);
                elementTag = in.tag();
                return true;
            }
        }
        cursor = top;
        return false;
    }

    final WireException mismatch(int wireType, int expected, String kind) {
        return in.error("a " + ProtoLayout.describe(expected) + " value for " + kind + ", found "
                + ProtoLayout.describe(wireType));
    }

    @Override
    public final boolean hasNextElement() {
        if (!LevelKind.elementsAt(kind)) {
            return false;
        }
        if (in.position < packedEnd) {
            return true;
        }
        int value = peekOccurrence();
        while (value >= 0 && (flags & PACKED_SEEN) != 0 && (peekedTag & 7) == LEN && emptyAt(value)) {
            // Once elements came packed, an empty run is just an encoder's empty list, not an element.
            nextOccurrence();
            in.length();
            packedEnd = -1;
            value = peekOccurrence();
        }
        return value >= 0;
    }

    /**
     * The offset of the value of the sequence's next occurrence, its tag in {@link #peekedTag}, or
     * -1 if there is none; moves nothing.
     */
    private int peekOccurrence() {
        int saved = in.position;
        int value = -1;
        if (cursor == IN_PLACE) {
            if (saved < end) {
                peekedTag = in.tag();
                if (peekedTag >>> 3 == number) {
                    value = in.position;
                }
            }
        } else {
            final int top = index.size();
            for (int i = cursor; i < top; i++) {
                if (index.key(i) == number && !index.isConsumed(i)) {
                    in.position = index.valueStart(i);
                    peekedTag = in.tag();
                    value = in.position;
                    break;
                }
            }
        }
        in.position = saved;
        return value;
    }

    private boolean emptyAt(int value) {
        int saved = in.position;
        in.position = value;
        boolean empty = in.varint() == 0;
        in.position = saved;
        return empty;
    }
}
