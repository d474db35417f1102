package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.RepeatedFields;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.spi.WireReader;

import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.VALUE;

/**
 * The levels of {@link KeyedWireReader}: the innermost one kept in fields, which a wire's fast
 * path reads, and those below it saved in a {@link LevelStack} in the layout drawn below; entering
 * and leaving them, a null or missing object's nesting, and opening and closing a document. What
 * each level's state means to a read (what {@link #expect} says, what a value read or a map key
 * gets) is {@link KeyedWireReader}'s. NUMBERED's levels are {@code ProtoLevels}, RAW's its reader's.
 * Every method is final; allocates only when made.
 */
public abstract class KeyedLevels extends WireReader {
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
    /** {@link #expect} in a map: {@link KeyedWireReader#hasNextEntry()} found an entry, whose key is next. */
    static final byte ENTRY = 3;
    /** {@link #expect} in a map: the map's end was consumed. */
    static final byte ENDED = 4;
    /**
     * {@link #expect} in an object: a field is being looked for in the entries after the next one
     * (see {@link KeyedWireReader#startLookup}), until {@link KeyedWireReader#field} stores what
     * was found. In a map: {@link KeyedWireReader#hasNextEntry()} is looking for the next entry,
     * which {@link KeyedWireReader#elementsTaken()} then counts. Left there when the search fails,
     * for the path of the error; every state treats it as {@link #NONE}.
     */
    static final byte LOOKING = 5;
    /**
     * {@link #expect} at a {@link LevelKind#VALUE} level: an object, sequence or map the hook read
     * as the value was left ({@link KeyedWireReader#unexpectedValueLeft()}).
     */
    static final byte LEFT = 6;

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
    /** Where the innermost object's entries in {@link #index} begin. */
    protected int mark;
    /** Where the innermost object's fields in {@link #found} begin. */
    int foundMark;
    /** For {@link RepeatedFields#LAST}: the innermost object is {@link #indexed}, its index not built yet. */
    boolean indexPending;
    /** For an indexed object: the offset just past it. */
    protected int end;
    /** The wire's own counter for the innermost level (entries or elements read, or left). */
    protected int count;
    /** The wire's own flags for the innermost level. */
    protected int flags;
    /** For a {@link LevelKind#VALUE} level: whether the value was read. */
    protected boolean valueTaken;
    /** In an object: what the last {@link KeyedWireReader#field} found, for the value read that follows. */
    protected byte expect;
    /**
     * In a map: the entries found so far, bounded by {@link ReadLimits#maxSequenceLength}. In a
     * sequence: the elements taken, for {@link KeyedWireReader#elementsTaken()} (-1 while the rest
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
    // The stack keeps the reader only to word its errors, which it raises during reads, never
    // while the subclass is still being constructed.
    @SuppressWarnings("this-escape")
    KeyedLevels(Bytes bytes, WireOptions options) {
        super(bytes);
        this.limits = options.limits();
        this.repeats = options.repeatedFields();
        this.levels = new LevelStack(this, limits, LEVEL_WIDTH);
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

    /** Closes the document: every call is refused until the next one opens. */
    protected final void closeLevels() {
        kind = CLOSED;
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
        setLevel(newKind, newCount);
    }

    final void pop() {
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
    final boolean enterInsideAbsent() {
        if (kind == ABSENT) {
            levels.enterInsideAbsent();
            return true;
        }
        return false;
    }

    /** Leaves a null or missing object, or an object started inside one, which {@link #enterInsideAbsent()} counted. */
    final void leaveAbsent() {
        if (!levels.leaveInsideAbsent()) {
            pop();
        }
    }

    /** Counts a map entry found, against {@link ReadLimits#maxSequenceLength}. */
    final void countEntry() {
        entries = levels.countEntry(entries);
    }
}
