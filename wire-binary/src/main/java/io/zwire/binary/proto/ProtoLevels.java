package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireKey;
import io.zwire.internal.FieldIndex;
import io.zwire.internal.LevelKind;
import io.zwire.internal.LevelStack;
import io.zwire.internal.UnexpectedKey;
import io.zwire.spi.WireReader;

import static io.zwire.binary.proto.ProtoLayout.LEN;
import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.NO_ELEMENTS;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;
import static io.zwire.internal.LevelKind.VALUE;

/**
 * Where {@link ProtoWireReader}'s values are: the levels (messages read in order or through the
 * {@link FieldIndex}, the occurrences of a repeated field, a null or missing message, the value
 * handed to the hook), finding the field {@link #field(Field)} asked for when its value method is
 * called, and offering the fields no one read. The value codecs are the subclass's.
 *
 * <p>Shared with the other keyed readers: the stack the levels are saved on and its nesting
 * limit ({@link LevelStack}), the level kinds and what each refuses ({@link LevelKind}), the field
 * index and the hook's key. Not shared, because protobuf's semantics do not fit
 * {@link io.zwire.internal.KeyedWireReader}'s step of finding a field when it is named:
 * <ul>
 *   <li>Which occurrences a field's value is made of is known only when its value method is
 *       called: the last one for a scalar, all of them merged for a message, all of them in order
 *       for a repeated field, packed or not and wherever they are in the message. So
 *       {@link #field(Field)} only consumes a one-byte tag of a field that occurs once, and
 *       otherwise leaves the number pending in {@link #found}; {@code KeyedWireReader}'s final {@code field}
 *       decides found or missing and positions at the one value there and then.</li>
 *   <li>The index holds a number's every occurrence, and the hook is offered each unread number
 *       once (its {@code ValueIn} then reads that number as a field), where {@code KeyedWireReader} offers each
 *       unread entry at its position.</li>
 *   <li>A sequence walks the occurrences of one number, through a packed run's elements, in place
 *       or through the index; {@link io.zwire.internal.LevelReader}'s walks the consecutive elements of one container.</li>
 *   <li>A level carries what those need besides {@code LevelReader}'s: where the enclosing message
 *       continues, the number read, the end of a packed run and the index cursor.</li>
 * </ul>
 */
abstract class ProtoLevels extends WireReader {
    /*
     * Level states: LevelKind's kinds (SEQUENCE walks the occurrences of one field; ENTRIES, a map,
     * the occurrences of its field, each entry read as a message of its own, pushed above the map
     * as an INDEXED level flagged ENTRY, where the key is field 1 and the value field 2), with
     * LevelKind.OBJECT refined into IN_ORDER (which is OBJECT), IN_ORDER_RUNS and INDEXED. kind()
     * maps every state back to its kind for the rules LevelKind holds.
     */
    /** An object read in order, in which each field occurs once so far. */
    static final byte IN_ORDER = OBJECT;
    /** An object read in order, with runs of one field's occurrences to take the last of. */
    static final byte IN_ORDER_RUNS = CLOSED + 1;
    /** An object read through the index. */
    static final byte INDEXED = CLOSED + 2;

    /** Positioning result: the field is not on the wire. */
    static final int MISSING = -1;
    /** Positioning result: the next element of a packed run follows, with no tag of its own. */
    static final int PACKED = 8;
    /** A sequence's {@link #cursor} when its elements are read at the position rather than through the index. */
    static final int IN_PLACE = -1;

    /** SEQUENCE flags: the sequence is an element of another, inside a wrapper message to leave with it. */
    static final int WRAPPED = 1;
    /** SEQUENCE flags: an element came from a packed run, so empty runs are not elements. */
    static final int PACKED_SEEN = 2;
    /** VALUE flags: the hook's value was read. */
    static final int TAKEN = 4;
    /**
     * Object flags: the object is a map entry. Always {@link #INDEXED}, so that {@link #field}
     * never takes its fast path there, and not nesting of the input: the map counts, once.
     */
    static final int ENTRY = 8;
    /** ENTRY flags: the key was read; the value is field 2. */
    static final int KEYED = 16;
    /**
     * VALUE flags: a message or sequence the hook read as the value was left
     * ({@link #unexpectedValueLeft()}).
     */
    static final int LEFT = 32;

    /** {@link #found}: no field is pending (a sequence element or the hook's value is read instead). */
    static final int NONE = Integer.MIN_VALUE;

    final ProtoInput in;
    final ReadLimits limits;
    final FieldIndex index = new FieldIndex();
    final UnexpectedKey key = UnexpectedKey.numbered();

    /** The levels below the innermost: state, end, mark, resume, number, packedEnd, cursor, flags, entries. */
    final LevelStack levels;

    // The innermost level, kept in fields: the fast path reads only state, end and the cursor.
    byte state = CLOSED;
    /** Objects: the end of the message body (-1 for merged occurrences). Sequences: of the enclosing message. */
    int end;
    /** The index entries of this object (and, for SEQUENCE and VALUE, of the enclosing object) begin here. */
    int mark;
    /** Where the enclosing message continues when this object is left. */
    int resume;
    /** SEQUENCE, VALUE: the field number read. */
    int number;
    /** SEQUENCE: the end of the packed run being read, or -1. */
    int packedEnd;
    /** SEQUENCE: the next index entry to look at, or {@link #IN_PLACE}. */
    int cursor;
    int flags;
    /**
     * ENTRIES: the entries entered, bounded by {@link ReadLimits#maxSequenceLength}. SEQUENCE: the
     * elements taken, for {@link #elementsTaken()}.
     */
    int entries;
    /** SEQUENCE: the tag of the occurrence last moved past, and of the one last peeked at. */
    int elementTag;
    int peekedTag;
    /**
     * The field {@link #field(Field)} asked for, until its value is read: a one-byte tag (8 to
     * 127) just consumed, in an object read in order where each number occurs once, so the value
     * is at the position; the negated field number, to be found by the value method; or
     * {@link #NONE}.
     */
    int found = NONE;

    // The stack keeps the reader only to word its errors, which it raises during reads, never
    // while the subclass is still being constructed.
    @SuppressWarnings("this-escape")
    ProtoLevels(Bytes bytes, ReadLimits limits) {
        super(bytes);
        this.limits = limits;
        this.in = new ProtoInput(bytes, limits, ProtoLayout.WIRE);
        this.levels = new LevelStack(this, limits, LEVEL_WIDTH);
    }

    /** Drops every level and index entry, for a new document or after a failed one. */
    final void resetLevels() {
        levels.clear();
        found = NONE;
        // A document that failed inside a map entry leaves the entry's flags on the innermost level,
        // which becomes the next document's root: they would refuse its fields as read in an entry.
        flags = 0;
        index.release(0);
    }

    // ------------------------------------------------------------------ levels

    /**
     * Enters a level of {@code newState}; messages, sequences and maps count against
     * {@link ReadLimits#maxDepth}, as {@link LevelKind#container} says.
     */
    final void push(byte newState) {
        push(newState, LevelKind.container(kindOf(newState)));
    }

    /**
     * The {@link LevelKind} of the innermost level, for the rules written there: a map entry's
     * message is part of its map ({@link LevelKind#ENTRIES}), read key first.
     */
    final byte kind() {
        return (flags & ENTRY) != 0 ? ENTRIES : kindOf(state);
    }

    private static byte kindOf(byte state) {
        return state > CLOSED ? OBJECT : state;
    }

    /*
     * A level saved in the LevelStack, one int each, in the order of the fields they save:
     * STATE_SLOT, END_SLOT, MARK_SLOT, RESUME_SLOT, NUMBER_SLOT, PACKED_END_SLOT, CURSOR_SLOT,
     * FLAGS_SLOT, ENTRIES_SLOT.
     */
    private static final int STATE_SLOT = 0;
    private static final int END_SLOT = 1;
    private static final int MARK_SLOT = 2;
    private static final int RESUME_SLOT = 3;
    private static final int NUMBER_SLOT = 4;
    private static final int PACKED_END_SLOT = 5;
    private static final int CURSOR_SLOT = 6;
    private static final int FLAGS_SLOT = 7;
    private static final int ENTRIES_SLOT = 8;
    /** The ints a level takes in the stack. */
    private static final int LEVEL_WIDTH = 9;

    /** Saves the innermost level and enters one of {@code newState}, nesting of the input if {@code container}. */
    private void push(byte newState, boolean container) {
        int at = levels.push(container);
        int[] saved = levels.slots;
        saved[at + STATE_SLOT] = state;
        saved[at + END_SLOT] = end;
        saved[at + MARK_SLOT] = mark;
        saved[at + RESUME_SLOT] = resume;
        saved[at + NUMBER_SLOT] = number;
        saved[at + PACKED_END_SLOT] = packedEnd;
        saved[at + CURSOR_SLOT] = cursor;
        saved[at + FLAGS_SLOT] = flags;
        saved[at + ENTRIES_SLOT] = entries;
        state = newState;
        flags = 0;
        entries = 0;
        packedEnd = -1;
        found = NONE;
    }

    final void pop() {
        // A map entry's message is not nesting of the input: its map counts, once (pushEntry).
        int at = levels.pop((flags & ENTRY) == 0 && LevelKind.container(kindOf(state)));
        int[] saved = levels.slots;
        state = (byte) saved[at + STATE_SLOT];
        end = saved[at + END_SLOT];
        mark = saved[at + MARK_SLOT];
        resume = saved[at + RESUME_SLOT];
        number = saved[at + NUMBER_SLOT];
        packedEnd = saved[at + PACKED_END_SLOT];
        cursor = saved[at + CURSOR_SLOT];
        flags = state == VALUE ? saved[at + FLAGS_SLOT] | LEFT : saved[at + FLAGS_SLOT];
        entries = saved[at + ENTRIES_SLOT];
        found = NONE;
    }

    /**
     * Leaves a null or missing message, or an object started inside one, which
     * {@link LevelStack#enterInsideAbsent()} counted rather than stacked.
     */
    final void leaveAbsent() {
        if (!levels.leaveInsideAbsent()) {
            pop();
        }
    }

    /** Makes the current level the message {@code [start, to)}: scans it and picks in-order or indexed reading. */
    final void enterObject(int start, int to, int after) {
        in.scan(start, to);
        end = to;
        resume = after;
        mark = index.mark();
        if (!in.scanClean) {
            indexFrom(start);
        } else {
            state = in.scanRuns ? IN_ORDER_RUNS : IN_ORDER;
        }
    }

    final void pushObject(int start, int to, int after) {
        push(IN_ORDER);
        enterObject(start, to, after);
    }

    /** Enters the map entry {@code [start, to)}: indexed whole, as {@link #ENTRY} says why. */
    final void pushEntry(int start, int to) {
        push(INDEXED, false);
        flags = ENTRY;
        end = to;
        resume = to;
        mark = index.mark();
        indexFrom(start);
    }

    /**
     * {@inheritDoc} In a map entry's message, its map's count: the entries
     * {@link #hasNextEntry()} entered. ({@link #inLookup()} keeps its default: a message's every
     * field is checked when it is entered, by {@link ProtoInput#scan} or {@link #indexFrom}, so a
     * field's lookup meets no bytes it could refuse.)
     */
    @Override
    public final int elementsTaken() {
        if ((flags & ENTRY) != 0) {
            return levels.slots[levels.top() + ENTRIES_SLOT];
        }
        return state == SEQUENCE || state == ENTRIES || state == NO_ELEMENTS ? entries : 0;
    }

    /** {@inheritDoc} At a {@link LevelKind#VALUE} level, the key handed to the hook with it: a field number. */
    @Override
    public final WireKey unexpectedKey() {
        return state == VALUE ? key : null;
    }

    @Override
    public final boolean unexpectedValueLeft() {
        return state == VALUE && (flags & LEFT) != 0;
    }

    /** Indexes the fields from {@code from} to the end of this message and reads it through the index from now on. */
    final void indexFrom(int from) {
        in.position = from;
        indexRange(end);
        state = INDEXED;
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
        if (found != NONE) {
            skip();
        }
        if (state != INDEXED) {
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
        push(VALUE);
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
        if (state == IN_ORDER && p < end && found == NONE) {
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
        final byte kind = kind();
        if (kind == ABSENT) {
            found = NONE;
        } else if (kind != OBJECT) {
            throw LevelKind.fieldRefused(kind, field);
        } else if (found != NONE) {
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
     * {@link #MISSING}: the field {@link #field(Field)} asked for (the last occurrence), the next
     * element of a sequence, or the hook's value.
     */
    final int at(boolean packable) {
        final int f = found;
        found = NONE;
        if (f > 0) {
            return f & 7;
        }
        return atSlow(f, packable);
    }

    private int atSlow(int f, boolean packable) {
        if (f != NONE) {
            return scalar(-f);
        }
        switch (valueSource()) {
            case SEQUENCE -> {
                return element(packable);
            }
            case VALUE -> {
                return lastOccurrence(number);
            }
            default -> {
                return MISSING;
            }
        }
    }

    /**
     * Where a value read goes when no field is pending, as {@link LevelKind#valueOnWire} says:
     * {@link LevelKind#SEQUENCE} (its next element), {@link LevelKind#VALUE} (the hook's value,
     * which this takes) or {@link LevelKind#ABSENT} (the default). A map's value is never read
     * here: its key's read makes it a pending field.
     *
     * @throws IllegalStateException for a read the reading code should not make
     */
    final byte valueSource() {
        final byte kind = kind();
        if (kind == NO_ELEMENTS) {
            // Counted as element() counts, so that the refusal names the element asked for, [0].
            entries++;
        }
        // A sequence's element is looked for as it is stepped to (element()), which refuses it
        // past the last, with what it found on the way.
        if (!LevelKind.valueOnWire(kind, kind == SEQUENCE || hookValueUnread(kind), this)) {
            return ABSENT;
        }
        if (kind == VALUE) {
            flags |= TAKEN;
        }
        return kind;
    }

    /** Whether a level of {@code kind} is the hook's value, unread. */
    private boolean hookValueUnread(byte kind) {
        return kind == VALUE && (flags & TAKEN) == 0;
    }

    /**
     * Protobuf has no null: a null value is written as no field, so null is absent. The field
     * {@link #field(Field)} asked for is looked for as its value method would look, which may
     * index an object read out of order, and nothing is consumed.
     */
    @Override
    public final boolean isNull() {
        final int f = found;
        if (f > 0) {
            return false;
        }
        if (f != NONE) {
            return !occurs(-f);
        }
        final byte kind = kind();
        return !LevelKind.valueOnWire(kind, kind == SEQUENCE ? hasNextElement() : hookValueUnread(kind), this);
    }

    /**
     * Whether field {@code field} occurs, unread, in this object, consuming nothing: an object
     * read out of order is indexed from the position, as the value method would index it.
     */
    private boolean occurs(int field) {
        if (state != INDEXED) {
            int p = in.position;
            if (p < end && in.peekTag(p) >>> 3 == field) {
                return true;
            }
            indexFrom(p);
        }
        final int top = index.size();
        for (int i = mark; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Positions after the tag of the last occurrence of field {@code field} in this object and
     * consumes every occurrence; returns its wire type or {@link #MISSING}.
     */
    final int scalar(int field) {
        if (state != INDEXED) {
            int p = in.position;
            if (p < end) {
                int tag = in.tag();
                if (tag >>> 3 == field) {
                    return state == IN_ORDER_RUNS ? lastOfRun(tag) : tag & 7;
                }
            }
            indexFrom(p);
        }
        return lastOccurrence(field);
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

    /** Through the index: the last unconsumed occurrence of {@code field}, consuming all of them. */
    final int lastOccurrence(int field) {
        int last = -1;
        final int top = index.size();
        for (int i = mark; i < top; i++) {
            if (index.key(i) == field && !index.isConsumed(i)) {
                index.consume(i);
                last = i;
            }
        }
        if (last < 0) {
            return MISSING;
        }
        in.position = index.valueStart(last);
        return in.tag() & 7;
    }

    /**
     * Moves to the next element of the current sequence: the next value of its packed run, or
     * past the tag of its next occurrence. A length-delimited occurrence read as a primitive is a
     * packed run; empty runs are passed over.
     */
    final int element(boolean packable) {
        entries++;
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

    /**
     * After a varint read from a packed run: it must not run past the run. A value that does is
     * refused, and the rest of the run passed over ({@link #passOverRun}).
     */
    final void endOfPackedValue() {
        if (in.position > packedEnd) {
            throw pastTheRun();
        }
    }

    /** Before a value of {@code width} bytes is read from a packed run: refused as {@link #endOfPackedValue} if it would run past the run. */
    final void requirePackedBytes(int width) {
        if (packedEnd - in.position < width) {
            throw pastTheRun();
        }
    }

    private WireException pastTheRun() {
        int runEnd = packedEnd;
        passOverRun();
        return in.error(runEnd, "a packed element within its run, which ends at offset " + runEnd);
    }

    /**
     * Moves to the end of the packed run after a value of it was refused: a run carries no kinds
     * to find its next value by, and reading code that catches the refusal and reads on must find
     * the next occurrence, never the bytes after the run read as a tag (a loop over
     * hasNextElement never ended).
     */
    final void passOverRun() {
        in.position = packedEnd;
    }

    /**
     * The refusal of a scalar value of another wire type than {@code kind} is written as, at the
     * position: the value is passed over first (an element of a packed run: the rest of the run;
     * a group: to its end-group tag), so reading code that catches the refusal and reads on finds
     * the next field or occurrence, never the value's bytes read as a tag. A stray end-group tag,
     * or a value cut off, cannot be passed over: the reader moves to the end of the innermost
     * message, where every later read of it is refused or missing.
     */
    final WireException refusedValue(int wireType, int expected, String kind) {
        if (wireType == PACKED) {
            WireException refused = in.error("a " + ProtoLayout.describe(expected) + " value for " + kind
                    + ", found an element of a packed run of primitives");
            passOverRun();
            return refused;
        }
        WireException refused = mismatch(wireType, expected, kind);
        if (wireType == ProtoLayout.EGROUP) {
            toEndOfMessage();
        } else {
            try {
                in.skipValue(ProtoInput.UNKNOWN_GROUP << 3 | wireType);
            } catch (WireException cutOff) {
                toEndOfMessage();
            }
        }
        return refused;
    }

    /** Moves to the end of the innermost message, where it has one in place (merged occurrences are read through the index). */
    private void toEndOfMessage() {
        if (end >= 0) {
            in.position = end;
        }
    }

    final WireException mismatch(int wireType, int expected, String kind) {
        return in.error("a " + ProtoLayout.describe(expected) + " value for " + kind + ", found "
                + ProtoLayout.describe(wireType));
    }

    // ------------------------------------------------------------------ occurrences of a sequence

    @Override
    public final boolean hasNextElement() {
        if (!LevelKind.elementsAt(state)) {
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
