package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.RepeatedFields;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.spi.WireReader;

import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.ENTRIES;
import static io.zwire.internal.LevelKind.NO_ELEMENTS;
import static io.zwire.internal.LevelKind.NO_ENTRIES;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.SEQUENCE;
import static io.zwire.internal.LevelKind.VALUE;

/**
 * The state machine the six wires read through: the levels (the innermost one kept in
 * fields, which a wire's fast path reads, and those below it saved in a {@link LevelStack} in the
 * layout drawn below), entering and leaving them, and what a read gets at each level but an
 * object's fields: the elements of a sequence, the entries of a map (one key read, one value
 * read, per entry), a null or missing object, sequence or map, the value handed to
 * {@link io.zwire.Marshallable#unexpectedField}, and no document at all. A wire supplies the
 * scanning through the abstract hooks below, and how an object's field is found:
 * {@link KeyedWireReader} by its key when the field is named (YAML, YAML_NUMBERED, JSON, CBOR),
 * RAW by its position, which needs no finding, and NUMBERED when the field's value method runs,
 * since only then is it known which occurrences make the value (docs/building.md, "The readers
 * and the rules they share"). A wire that keeps ints of its own per level has them saved after
 * this class's in the same stack ({@link #saveWireLevel}).
 *
 * <p>The rules written here once:
 * <ul>
 *   <li>{@link ReadLimits#maxDepth} bounds the objects, sequences and maps open in the input
 *       ({@link LevelStack}). A null or missing object, the objects and sequences a user's code
 *       starts inside one, and the value handed to the hook are not nesting of the input and are
 *       not counted: inside a missing object the reading type's own object graph decides how deep
 *       its reads go, up to {@link LevelStack#MAX_INSIDE_ABSENT}.</li>
 *   <li>A null or missing sequence is an empty one, also inside a missing object:
 *       {@code hasNextElement()} is false, and a value read from it is refused as it is past the
 *       end of any sequence.</li>
 *   <li>A map is a level of its own: {@link #hasNextEntry()}, one key read, one value read, per
 *       entry. A null or missing map, also inside a missing object, has no entries. A key read
 *       anywhere but after {@link #hasNextEntry()} found an entry, and a value read in a map
 *       without its key, are refused ({@link MisplacedCalls}); a value left unread, and the
 *       entries left when the map ends, are skipped, or refused by a wire that cannot skip. Maps
 *       count against {@link ReadLimits#maxDepth} as objects do, and their entries, skipped ones
 *       included, against {@link ReadLimits#maxSequenceLength}.</li>
 *   <li>The elements or entries taken from the innermost sequence or map, for the path an error
 *       names ({@link #elementsTaken()}).</li>
 *   <li>After a document ends or fails, every call is refused ({@link LevelKind#CLOSED}).</li>
 * </ul>
 *
 * <p>Every method here but the hooks is final, so once C2 inlines one into a user's
 * readMarshallable the hooks it calls are bound to that one wire, as direct calls are. Allocates
 * only when made.
 */
public abstract class LevelReader extends WireReader {
    /** Saved with a level's kind when the level was {@link #indexed}. */
    private static final int INDEXED_BIT = 0x100;
    /** Saved with a level's kind when its index is {@link #indexPending}. */
    private static final int PENDING_BIT = 0x200;

    /** {@link #expect}: no field was named since the last value read. */
    protected static final byte NONE = 0;
    /** {@link #expect}: the field named is on the wire and the input is at its value. */
    protected static final byte FOUND = 1;
    /** {@link #expect}: the field named is not in the object; its value reads as the default. */
    protected static final byte MISSING = 2;
    /*
     * In a map, expect says where the current entry stands: NONE before hasNextEntry() found one,
     * ENTRY at its key, FOUND at its value (the key read, so a wire's fast path that checks for
     * FOUND reads a map value as it reads a field's), ENDED once the map's end was consumed.
     */
    /** {@link #expect} in a map: {@link #hasNextEntry()} found an entry, whose key is next. */
    static final byte ENTRY = 3;
    /** {@link #expect} in a map: the map's end was consumed. */
    static final byte ENDED = 4;
    /**
     * {@link #expect} in an object: a field is being looked for in the entries after the next one
     * (see {@link KeyedWireReader#startLookup}), until {@link KeyedWireReader#field} stores what
     * was found. In a map: {@link #hasNextEntry()} is looking for the next entry,
     * which {@link #elementsTaken()} then counts. Left there when the search fails,
     * for the path of the error; every state treats it as {@link #NONE}.
     */
    static final byte LOOKING = 5;
    /**
     * {@link #expect} at a {@link LevelKind#VALUE} level: an object, sequence or map the hook read
     * as the value was left ({@link #unexpectedValueLeft()}).
     */
    static final byte LEFT = 6;

    /** The ints a wire keeps per level after this class's, saved by {@link #saveWireLevel}. */
    private final int wireSlots;
    /** The limits the reader was made with. */
    protected final ReadLimits limits;
    /** Where fields read out of order are found. */
    protected final FieldIndex index = new FieldIndex();
    /** What a field repeated in one object reads as. */
    final RepeatedFields repeats;
    /** The fields found in the objects open, for telling a repeated key from an unknown one. */
    final FoundFields found = new FoundFields();
    /** The levels below the innermost: kind and indexed, mark, end, count, flags, entries, found mark. */
    private final LevelStack levels;

    // The innermost level, kept in fields: the fast path reads only these.
    /** The innermost level's kind. */
    protected byte kind = CLOSED;
    /** Whether the innermost object was indexed: its fields are found in {@link #index}, its end is {@link #end}. */
    protected boolean indexed;
    /**
     * Where the innermost object's entries in {@link #index} begin (NUMBERED: also a sequence's or
     * map's, which it releases when the level is left).
     */
    protected int mark;
    /** Where the innermost object's fields in {@link #found} begin. */
    int foundMark;
    /** For {@link RepeatedFields#LAST}: the innermost object is {@link #indexed}, its index not built yet. */
    boolean indexPending;
    /**
     * For an indexed object: the offset just past it (NUMBERED: every object's, -1 for one merged
     * from several occurrences, and where a sequence's or map's occurrences walked in place end).
     */
    protected int end;
    /**
     * The wire's own counter for the innermost level: the elements or entries left (RAW, CBOR's
     * definite lengths); NUMBERED's index mark of a map's current entry.
     */
    protected int count;
    /** The wire's own flags for the innermost level. */
    protected int flags;
    /** For a {@link LevelKind#VALUE} level: whether the value was read. */
    protected boolean valueTaken;
    /** In an object: what the last {@link KeyedWireReader#field} found, for the value read that follows. */
    protected byte expect;
    /**
     * In a map: the entries found so far, bounded by {@link ReadLimits#maxSequenceLength}. In a
     * sequence: the elements taken, for {@link #elementsTaken()} (-1 while the rest
     * are passed over).
     */
    int entries;

    /**
     * Makes the levels, their stack sized by {@code options}' limits. Allocates.
     *
     * @param bytes   the buffer read from
     * @param options the limits of what is read ({@link WireOptions#limits()}) and what a repeated
     *                field reads as ({@link WireOptions#repeatedFields()})
     */
    protected LevelReader(Bytes bytes, WireOptions options) {
        this(bytes, options, 0);
    }

    /**
     * Makes the levels of a wire that keeps {@code wireSlots} ints of its own per level, which
     * {@link #saveWireLevel} and {@link #restoreWireLevel} save and restore. Allocates.
     *
     * @param bytes     the buffer read from
     * @param options   the limits of what is read and what a repeated field reads as
     * @param wireSlots the wire's own ints per level
     */
    // The stack keeps the reader only to word its errors, which it raises during reads, never
    // while the subclass is still being constructed.
    @SuppressWarnings("this-escape")
    protected LevelReader(Bytes bytes, WireOptions options, int wireSlots) {
        super(bytes);
        this.limits = options.limits();
        this.repeats = options.repeatedFields();
        this.wireSlots = wireSlots;
        this.levels = new LevelStack(this, limits, LEVEL_WIDTH + wireSlots);
    }

    /**
     * Opens a document whose root object's level gets {@code rootCount} as its {@link #count}.
     *
     * @param rootCount the wire's counter for the root object
     */
    protected final void openDocument(int rootCount) {
        resetLevels();
        setLevel(OBJECT, rootCount);
    }

    /**
     * Opens a document for a wire that reads an object's fields by position (RAW), resetting the
     * stack and the root level's kind, count, map state and entries. The rest of a level is not
     * read at such a wire's levels: it adds nothing to the index or the found fields (so their
     * marks stay 0), never enters a {@link LevelKind#VALUE} level (so {@link #valueTaken} is not
     * asked), and keeps no {@link #flags}; a level it pushes is set whole by {@link #push}. This
     * runs inlined into every document's read, ahead of the user's readMarshallable, where the
     * whole of {@link #openDocument} crowded the last fields of a wide type out of C2's inlining
     * budget.
     */
    protected final void openPositionalDocument() {
        levels.clear();
        kind = OBJECT;
        count = 0;
        expect = NONE;
        entries = 0;
    }

    /**
     * Closes the document: every call is refused until the next one opens. The flags go too, so
     * that no wire's fast path keyed on them (NUMBERED's order of an object) reads past the end.
     */
    protected final void closeLevels() {
        kind = CLOSED;
        flags = 0;
        resetLevels();
    }

    private void resetLevels() {
        levels.clear();
        index.release(0);
        found.release(0);
    }

    private void setLevel(byte newKind, int newCount) {
        kind = newKind;
        count = newCount;
        indexPending = newKind == OBJECT && repeats == RepeatedFields.LAST;
        indexed = indexPending;
        flags = 0;
        mark = index.mark();
        foundMark = found.mark();
        valueTaken = false;
        expect = NONE;
        entries = 0;
    }

    /*
     * A level saved in the LevelStack, one int each:
     *   KIND_SLOT        kind | INDEXED_BIT | PENDING_BIT
     *   MARK_SLOT        mark
     *   END_SLOT         end
     *   COUNT_SLOT       count
     *   FLAGS_SLOT       flags
     *   ENTRIES_SLOT     entries
     *   FOUND_MARK_SLOT  foundMark
     *   LEVEL_WIDTH ...  the wire's own ints, wireSlots of them (saveWireLevel)
     */
    private static final int KIND_SLOT = 0;
    private static final int MARK_SLOT = 1;
    private static final int END_SLOT = 2;
    private static final int COUNT_SLOT = 3;
    private static final int FLAGS_SLOT = 4;
    private static final int ENTRIES_SLOT = 5;
    private static final int FOUND_MARK_SLOT = 6;
    /** The ints a level takes in the stack. */
    private static final int LEVEL_WIDTH = 7;

    /**
     * Enters a level above the current one.
     *
     * @param newKind  its kind
     * @param newCount the wire's counter for it
     * @throws WireException for an object or sequence nested deeper than {@link ReadLimits#maxDepth}
     */
    protected final void push(byte newKind, int newCount) {
        int at = levels.push(LevelKind.container(newKind));
        int[] saved = levels.slots;
        saved[at + KIND_SLOT] = kind | (indexed ? INDEXED_BIT : 0) | (indexPending ? PENDING_BIT : 0);
        saved[at + MARK_SLOT] = mark;
        saved[at + END_SLOT] = end;
        saved[at + COUNT_SLOT] = count;
        saved[at + FLAGS_SLOT] = flags;
        saved[at + ENTRIES_SLOT] = entries;
        saved[at + FOUND_MARK_SLOT] = foundMark;
        if (wireSlots != 0) {
            saveWireLevel(saved, at + LEVEL_WIDTH);
        }
        setLevel(newKind, newCount);
    }

    /** Leaves the innermost level for the one saved below it. */
    protected final void pop() {
        found.release(foundMark);
        int at = levels.pop(LevelKind.container(kind));
        int[] saved = levels.slots;
        int kindAndBits = saved[at + KIND_SLOT];
        kind = (byte) kindAndBits;
        indexed = (kindAndBits & INDEXED_BIT) != 0;
        indexPending = (kindAndBits & PENDING_BIT) != 0;
        mark = saved[at + MARK_SLOT];
        end = saved[at + END_SLOT];
        count = saved[at + COUNT_SLOT];
        flags = saved[at + FLAGS_SLOT];
        entries = saved[at + ENTRIES_SLOT];
        foundMark = saved[at + FOUND_MARK_SLOT];
        if (wireSlots != 0) {
            restoreWireLevel(saved, at + LEVEL_WIDTH);
        }
        // Only reading a value can push a level above it, so on return it was taken: a VALUE
        // level's value, an object's field, or a map entry's value (whose entry is then done).
        valueTaken = true;
        expect = kind == VALUE ? LEFT : NONE;
    }

    /**
     * Objects and sequences a value at this level may still open.
     *
     * @return the nesting left under {@link ReadLimits#maxDepth}
     */
    protected final int room() {
        return levels.room();
    }

    /**
     * In a null or missing object: counts an object started inside it.
     *
     * @return true if the innermost level is {@link LevelKind#ABSENT} (the start is then counted)
     */
    protected final boolean enterInsideAbsent() {
        if (kind == ABSENT) {
            levels.enterInsideAbsent();
            return true;
        }
        return false;
    }

    /** Leaves a null or missing object, or an object started inside one, which {@link #enterInsideAbsent()} counted. */
    protected final void leaveAbsent() {
        if (!levels.leaveInsideAbsent()) {
            pop();
        }
    }

    /** Counts a map entry found, against {@link ReadLimits#maxSequenceLength}. */
    final void countEntry() {
        entries = levels.countEntry(entries);
    }

    // ------------------------------------------------------------------ hooks

    /**
     * For a wire made with wire slots: saves its own ints of the innermost level at
     * {@code slots[at]} onwards, as a level above it is entered, and sets them as a new level
     * starts. Called by {@link #push}, also for the null or missing levels this class enters.
     * Does nothing by default.
     *
     * @param slots the stack's ints
     * @param at    where the wire's ints of the level go
     */
    protected void saveWireLevel(int[] slots, int at) {
    }

    /**
     * For a wire made with wire slots: restores its own ints of the level {@link #pop} returns
     * to, from {@code slots[at]} onwards. Does nothing by default.
     *
     * @param slots the stack's ints
     * @param at    where the wire's ints of the level are
     */
    protected void restoreWireLevel(int[] slots, int at) {
    }

    /**
     * True when the value to read is on the wire, false when it reads as the default: in an
     * object, as the wire finds fields (what the field named found, or the next value by
     * position); elsewhere {@link #valueAtLevel()}. NUMBERED, whose field is found by the value
     * method, answers true in an object when a field is pending and leaves to {@link #nullNext()}
     * whether it occurs, so on NUMBERED true means "look further", not "at the value" (hence
     * {@link #typedObjectMissing()} is for the other wires).
     *
     * @return whether the value is at the input's position
     */
    protected abstract boolean at();

    /**
     * Skips the one value at the input's position, its nesting bounded by {@link #room()}; a wire
     * that reads a map entry's value from the entry's own fields (NUMBERED) has nothing to skip,
     * since the next entry passes over the whole entry. A wire that cannot skip (RAW) refuses it,
     * here a map entry's value left unread, having moved nothing: it sets {@link #expect} back to
     * {@link #FOUND} first, so the value stays due and reading code that catches the refusal is
     * refused again, never handed the value's bytes as the next key.
     */
    protected abstract void skipValue();

    /** In a sequence: moves to its next element, or throws {@link #sequenceEnded()} if none is left. */
    protected abstract void nextElement();

    /**
     * Consumes a null if one is next. NUMBERED writes a null as no field: it consumes nothing and
     * answers whether the field pending, or a map entry's value, does not occur.
     *
     * @return whether a null was consumed, or the value is not there
     */
    protected abstract boolean nullNext();

    /** At an object's value, not null: moves past its head and calls {@link #push(byte, int)} with {@link LevelKind#OBJECT}. */
    protected abstract void enterObject();

    /** At a sequence's value, not null: moves past its head and calls {@link #push(byte, int)} with {@link LevelKind#SEQUENCE}. */
    protected abstract void enterSequence();

    /**
     * In a sequence on the wire: skips the elements left and moves past its end (the level is
     * popped after); a wire that cannot skip (RAW) refuses elements left unread.
     */
    protected abstract void skipRestOfSequence();

    /** At a map's value, not null: moves past its head and calls {@link #push(byte, int)} with {@link LevelKind#ENTRIES}. */
    protected abstract void enterMap();

    /**
     * In a map, after the previous entry's key and value (or at its start): moves to the next
     * entry's key and returns true, or, when no entry is left, moves past the map's end and returns
     * false. Called once per entry and once at the end; this class counts the entries.
     *
     * @return whether an entry follows
     */
    protected abstract boolean nextMapEntry();

    /**
     * At a map entry's key: reads it as text, interned, and leaves the input at its value.
     *
     * @return the key
     * @throws WireException if the key is not text (where the wire has other kinds of keys)
     */
    protected abstract String mapKeyText();

    /**
     * At a map entry's key: appends it, as text, to {@code target} (already cleared) and leaves
     * the input at its value.
     *
     * @param target where the key goes
     * @throws WireException if the key is not text
     */
    protected abstract void mapKeyTo(StringBuilder target);

    /**
     * At a map entry's key: reads it as an integer (on a text wire, its decimal text) and leaves the
     * input at its value.
     *
     * @return the key
     * @throws WireException if the key is not an integer within 64 bits
     */
    protected abstract long mapKeyInteger();

    /**
     * At a map entry's key: skips it, whatever its kind, leaving the input at its value; a wire
     * that cannot skip (RAW) refuses it, as the entries left when the map ends.
     */
    protected abstract void skipMapKey();

    // ------------------------------------------------------------------ values at a level

    /**
     * The value to read at a level other than an object's fields: the next element of a sequence,
     * which the wire steps to; the hook's value; a map entry's value; or the default inside a null
     * or missing object. Refuses, as {@link LevelKind#valueOnWire} says, a read that cannot be
     * made. The slow path of every value read.
     *
     * @return whether the value is at the input's position
     * @throws WireException         past a sequence's last element, or in a null or missing one
     * @throws IllegalStateException for a read the reading code should not make
     */
    protected final boolean valueAtLevel() {
        if (kind == SEQUENCE) {
            entries++;
            nextElement();
            return true;
        }
        if (kind == NO_ELEMENTS) {
            // Counted as a sequence on the wire counts it, so that the refusal names the element
            // asked for, [0], whether the sequence was empty, null or missing.
            entries++;
        }
        boolean ahead = valueAheadAtLevel();
        valueTaken = true;
        expect = NONE;
        return ahead;
    }

    /**
     * What {@link #valueAtLevel()} would answer, consuming nothing. For {@code isNull()}.
     *
     * @return whether the value is on the wire
     */
    protected final boolean valueAheadAtLevel() {
        boolean ready = kind == SEQUENCE ? hasNextElement() : kind == VALUE ? !valueTaken : expect == FOUND;
        return LevelKind.valueOnWire(kind, ready, this);
    }

    /**
     * {@inheritDoc} At a {@link LevelKind#VALUE} level, after an object, sequence or map read as
     * its value was left.
     */
    @Override
    public final boolean unexpectedValueLeft() {
        return kind == VALUE && expect == LEFT;
    }

    /**
     * The error for a value read past a sequence's last element.
     *
     * @return the exception to throw
     */
    protected final WireException sequenceEnded() {
        return error(LevelKind.SEQUENCE_ENDED);
    }

    /**
     * {@inheritDoc} Counted as {@link #at()} steps to an element (or is refused one, in a null or
     * missing sequence), and as {@link #hasNextEntry()}
     * finds an entry; the entry it is looking for counts while it looks; -1 while the elements or
     * entries left are passed over at the end.
     */
    @Override
    public final int elementsTaken() {
        if (kind == SEQUENCE || kind == NO_ELEMENTS) {
            return entries;
        }
        if (kind != ENTRIES) {
            return 0;
        }
        return expect == LOOKING ? entries + 1 : expect == ENDED ? -1 : entries;
    }

    // ------------------------------------------------------------------ objects, sequences and maps

    @Override
    public final boolean startMarshallable() {
        if (enterInsideAbsent()) {
            return false;
        }
        if (!at() || nullNext()) {
            push(ABSENT, 0);
            return false;
        }
        enterObject();
        return true;
    }

    /**
     * Enters a null or missing object: every field read until its end reads as its default.
     * For a wire's {@link #startTyped()}.
     */
    protected final void enterAbsent() {
        push(ABSENT, 0);
    }

    /**
     * For a wire's {@link #startTyped()}: when the typed object has no value on the wire (it is
     * inside a null or missing object, or its field is missing), enters it as a missing object and
     * returns true; else returns false with the input at its value.
     *
     * @return whether the typed object reads as null
     */
    protected final boolean typedObjectMissing() {
        if (enterInsideAbsent()) {
            return true;
        }
        if (!at()) {
            push(ABSENT, 0);
            return true;
        }
        return false;
    }

    @Override
    public final void startSequence() {
        if (kind == ABSENT || !at() || nullNext()) {
            push(NO_ELEMENTS, 0);
            return;
        }
        enterSequence();
    }

    @Override
    public final void endSequence() {
        if (kind == SEQUENCE) {
            // The elements passed over are not counted one by one: a failure among them names
            // the sequence, not the element taken last.
            entries = -1;
            skipRestOfSequence();
        }
        pop();
    }

    // ------------------------------------------------------------------ maps

    @Override
    public final void startMap() {
        if (kind == ABSENT || !at() || nullNext()) {
            push(NO_ENTRIES, 0);
            return;
        }
        enterMap();
    }

    /**
     * {@inheritDoc} Outside a map, and in a null or missing one, false; outside a document,
     * refused. The value of the entry before, when its key was read and the value not, is skipped
     * first; asked again before the key is read, the answer is the same.
     *
     * @throws WireException past {@link ReadLimits#maxSequenceLength} entries, or for malformed input
     */
    @Override
    public final boolean hasNextEntry() {
        if (!LevelKind.entriesAt(kind)) {
            return false;
        }
        byte state = expect;
        if (state == ENTRY) {
            return true;
        }
        if (state == ENDED) {
            return false;
        }
        if (state == FOUND) {
            // Forgotten before the skip: a keyed wire whose skip is refused has moved into the
            // value, so a caught refusal must not leave the rest of it due as the value. A wire
            // that cannot skip refuses with nothing consumed and keeps it due (skipValue).
            expect = NONE;
            skipValue();
        }
        expect = LOOKING;
        if (!nextEntry()) {
            expect = ENDED;
            return false;
        }
        expect = ENTRY;
        return true;
    }

    /** The wire's {@link #nextMapEntry()}, with the entries counted against {@link ReadLimits#maxSequenceLength}. */
    private boolean nextEntry() {
        if (!nextMapEntry()) {
            return false;
        }
        countEntry();
        return true;
    }

    /** Refuses a key read anywhere but right after {@link #hasNextEntry()} found an entry. */
    private void atKey() {
        if (kind != ENTRIES || expect != ENTRY) {
            throw LevelKind.keyRefused(kind);
        }
        expect = FOUND;
    }

    @Override
    public final String textKey() {
        atKey();
        return mapKeyText();
    }

    @Override
    public final void keyTo(StringBuilder target) {
        target.setLength(0);
        atKey();
        mapKeyTo(target);
    }

    @Override
    public final long int64Key() {
        atKey();
        return mapKeyInteger();
    }

    /** Leaves the map: the value of an entry whose key was read is skipped, then every entry left. */
    @Override
    public final void endMap() {
        if (kind == ENTRIES) {
            byte state = expect;
            if (state != ENDED) {
                if (state == ENTRY) {
                    skipMapKey();
                }
                if (state == ENTRY || state == FOUND) {
                    skipValue();
                }
                // The entries passed over are not named: a failure among them names the map.
                expect = ENDED;
                while (nextEntry()) {
                    skipMapKey();
                    skipValue();
                }
            }
        }
        pop();
    }
}
