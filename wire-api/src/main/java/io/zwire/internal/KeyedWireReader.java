package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.RepeatedFields;
import io.zwire.ValueIn;
import io.zwire.WireException;
import io.zwire.WireKey;
import io.zwire.WireOptions;
import io.zwire.spi.WireReader;

import static io.zwire.internal.LevelKind.ABSENT;
import static io.zwire.internal.LevelKind.CLOSED;
import static io.zwire.internal.LevelKind.OBJECT;
import static io.zwire.internal.LevelKind.VALUE;

/**
 * The part of a self-describing wire reader that does not depend on the wire's encoding, above
 * {@link LevelReader}'s levels and the rules it holds for every level but an object's fields:
 * finding a field by its key, in write order or through the {@link FieldIndex}, offering the
 * fields no one read to the hook, refusing or choosing between a field's repeats, and narrowing
 * the wire's integer to int8, int16, uint16 and int32. YAML, YAML_NUMBERED, JSON and BINARY (CBOR)
 * extend it with their scanners and value codecs, through the abstract hooks here and
 * {@link LevelReader}'s, and are final classes: every method here is final (but
 * {@link #integer(long, long, String)}, which a wire may replace with its fast path), so once C2
 * inlines one into a user's readMarshallable the hooks it calls are bound to that one wire, as
 * direct calls are.
 *
 * <p>The rules it adds:
 * <ul>
 *   <li>A field is found when it is named ({@link #field(Field)}), and its value read after:
 *       a value read with no field named is refused.</li>
 *   <li>A field named and not read is skipped before the next key is read.</li>
 *   <li>A field an object carries twice is refused, or reads its first or last value
 *       ({@link RepeatedFields}): at the object's end, a key left unread that is one of the
 *       {@link FoundFields} is a repeat. For the last, {@link #indexed} is set as an object is
 *       entered, so no wire takes its in-order path, and the index is built at the first lookup.</li>
 *   <li>The entries no one read are offered to {@link Marshallable#unexpectedField}, each at a
 *       {@link LevelKind#VALUE} level of its own.</li>
 * </ul>
 *
 * <p>NUMBERED (protobuf) and RAW are on {@link LevelReader} but not on this class: which
 * occurrences make a NUMBERED field's value (the last for a scalar, all merged for a message, all
 * gathered, packed or not, for a repeated field) is known only when the value method is called,
 * where {@link #field(Field)} finds or misses the one value when the field is named; RAW reads
 * by position. docs/building.md lists each rule and the mechanism that holds it.
 *
 * <p>Hot path: {@link #field(Field)} calls the wire's {@link #find(Field)}, and a value method
 * calls {@link #at()}, which for a field found or missing is two compares and a store; every other
 * case goes out of line to {@link #valueAtLevel()}. Allocates nothing in steady state.
 */
public abstract class KeyedWireReader extends LevelReader {
    /** Whether the index holds field numbers rather than names. */
    private final boolean numberedKeys;
    /** The key handed to {@link Marshallable#unexpectedField}. */
    protected final UnexpectedKey key;
    /** The field {@link #startLookup(Field)} was last called for, for {@link #inLookup()}. */
    private Field lookingFor;
    /** The index entry whose value {@link #entryPassed()} said was passed over last, or -1. */
    private int passed = -1;

    /** The wire's cursor, if it reads through one: see {@link #readsThrough}. */
    private InputCursor cursor;

    /**
     * Makes a reader with a level stack sized by {@code limits}. Allocates.
     *
     * @param bytes   the buffer read from
     * @param options the limits of what is read ({@link WireOptions#limits()}) and what a repeated
     *                field reads as ({@link WireOptions#repeatedFields()})
     * @param key     the key to hand to the hook: {@link UnexpectedKey#named()} or {@link UnexpectedKey#numbered()}
     */
    protected KeyedWireReader(Bytes bytes, WireOptions options, UnexpectedKey key) {
        super(bytes, options);
        this.key = key;
        this.numberedKeys = key.isNumbered();
    }

    /**
     * For a wire that reads through an {@link InputCursor}, called once from its constructor: the
     * input's position, moves and errors are then the cursor's, and the wire need not implement
     * {@link #position()}, {@link #moveTo(int)} and {@link #error(int, String)}.
     *
     * @param input the wire's cursor
     */
    protected final void readsThrough(InputCursor input) {
        this.cursor = input;
    }

    // ------------------------------------------------------------------ hooks

    /**
     * In an object: positions at {@code field}'s value and returns true, or returns false if the
     * object does not carry it. The wire's fast path compares the next key; on a mismatch it calls
     * {@link #skipUnreadValue()}, reads the next key, and if that is another field's, calls
     * {@link #startLookup(Field)}, indexes the rest of the object (each entry added before its
     * value is passed over, then {@link #entryPassed()}) and calls {@link #findInIndex(Field)},
     * which also finds every field of an object already {@link #indexed}.
     *
     * @param field the field named
     * @return whether the field is on the wire
     */
    protected abstract boolean find(Field field);

    /**
     * Indexes the entries left in the innermost object, moves past its end and sets
     * {@link #end} and {@link #indexed}.
     */
    protected abstract void buildIndex();

    /**
     * In an object not indexed: if no entry is left, moves past the object's end and returns true;
     * else moves nothing and returns false.
     *
     * @return whether the object had no entry left
     */
    protected abstract boolean closeIfNoEntries();

    /**
     * Moves the input to {@code offset}: the {@link #readsThrough cursor}'s position, unless the
     * wire reads otherwise and overrides this.
     *
     * @param offset where reading goes on
     */
    protected void moveTo(int offset) {
        cursor.position = offset;
    }

    /**
     * Puts the name of index entry {@code entry} in {@code name}, for the hook.
     *
     * @param entry an entry of {@link #index}
     * @param name  the key's emptied name buffer
     */
    protected abstract void nameEntry(int entry, StringBuilder name);

    /**
     * After an object was left and its level popped: moves past whatever closes it besides its own
     * end (a typed object's wrapper).
     *
     * @param leftFlags the {@link #flags} of the object left
     */
    protected abstract void afterObject(int leftFlags);

    /** After a document's last object was finished: moves the buffer's read position after the document. */
    protected abstract void afterDocument();

    /**
     * Reads the integer at the input's position (a null reads as 0).
     *
     * @param expected what was expected, for errors
     * @return the integer
     */
    protected abstract long readInteger(String expected);

    /**
     * The input's position: the {@link #readsThrough cursor}'s, unless the wire reads otherwise
     * and overrides this.
     *
     * @return the offset read next
     */
    protected int position() {
        return cursor.position;
    }

    /**
     * {@inheritDoc} At the input's {@link #position()}.
     */
    @Override
    public final WireException error(String expected) {
        return error(position(), expected);
    }

    /**
     * Where the value just read begins, for an error about it: its first byte, past what the wire
     * lets stand between {@link #position()} and a value. Called on the error path only. The
     * default suits a wire whose position is at the value once the field is found.
     *
     * @param before the {@link #position()} taken before the value was read
     * @return the offset of the value's first byte
     */
    protected int valueStart(int before) {
        return before;
    }

    /**
     * An exception for bad input at {@code offset}, worded by the {@link #readsThrough cursor}
     * unless the wire reads otherwise and overrides this. Allocates; for the error path only.
     *
     * @param offset   where the bad input is
     * @param expected what was expected
     * @return the exception to throw
     */
    protected WireException error(int offset, String expected) {
        return cursor.error(offset, expected);
    }

    // ------------------------------------------------------------------ fields

    @Override
    public final void field(Field field) {
        if (kind == OBJECT) {
            if (find(field)) {
                expect = FOUND;
                found.add(field);
            } else {
                expect = MISSING;
            }
        } else if (kind != ABSENT) {
            throw LevelKind.fieldRefused(kind, field);
        }
    }

    /**
     * In an indexed object: positions at {@code field}'s value, consuming its entry: the first
     * unread one, or, for {@link RepeatedFields#LAST}, the last, consuming every one. By name, or
     * by number on a wire whose keys are field numbers.
     *
     * @param field the field named
     * @return whether the object carries the field, unread
     */
    protected final boolean findInIndex(Field field) {
        if (indexPending) {
            startLookup(field);
            buildPendingIndex();
        }
        final boolean numbered = numberedKeys;
        int entry = index.find(mark, field, bytes, numbered);
        if (entry < 0) {
            return false;
        }
        index.consume(entry);
        moveTo(index.valueStart(repeats == RepeatedFields.LAST ? index.consumeRepeats(entry, field, bytes, numbered) : entry));
        return true;
    }

    /** Builds the index of an object entered {@link #indexPending}, which no field was looked up in yet. */
    private void buildPendingIndex() {
        if (indexPending) {
            indexPending = false;
            buildIndex();
        }
    }

    /**
     * For a wire's {@link #find(Field)}, before it indexes the entries after the next one to find
     * {@code field}: input refused from here until the field is found or missed is in other
     * entries' bytes, and reported as the object's ({@link #inLookup()}), but for the field's own
     * value. Once per object indexed, not per field.
     *
     * @param field the field looked for
     */
    protected final void startLookup(Field field) {
        expect = LOOKING;
        lookingFor = field;
        passed = -1;
    }

    /**
     * For a wire's {@link #find(Field)}, when what stands before the field's value is refused (a
     * value found before and left unread, or the next key): the bytes are not known to be the
     * field's, so the refusal is the object's, as in a lookup ({@link #inLookup()}). Costs nothing
     * until something is refused.
     *
     * @param field   the field looked for
     * @param refused the refusal
     * @return {@code refused}, for the caller to throw
     */
    protected final WireException objectsRefusal(Field field, WireException refused) {
        startLookup(field);
        return refused;
    }

    /**
     * For a wire's {@link #buildIndex()}: the value of the entry added last was passed over, so
     * what is refused next (a separator, the next key) is no longer in that entry's value. One
     * int store per entry indexed.
     */
    protected final void entryPassed() {
        passed = index.size() - 1;
    }

    /**
     * {@inheritDoc} A lookup {@link #startLookup(Field) marked} and not ended, unless the refusal
     * was in the value of the field's own entry: the one indexed last, not yet passed over.
     */
    @Override
    public final boolean inLookup() {
        if (kind != OBJECT || expect != LOOKING) {
            return false;
        }
        int last = index.size() - 1;
        return last < mark || last == passed || !index.isKeyOf(last, lookingFor, bytes, numberedKeys);
    }

    /** {@inheritDoc} At a {@link LevelKind#VALUE} level, the key handed to the hook with it. */
    @Override
    public final WireKey unexpectedKey() {
        return kind == VALUE ? key : null;
    }

    /**
     * When the field named before was found and its value not read (a readMarshallable that reads
     * conditionally): in order, skips the value, so that the next key is read as a key; an indexed
     * object finds each value from its entry, and leaves the object from its end.
     */
    protected final void skipUnreadValue() {
        if (expect == FOUND) {
            expect = NONE;
            if (!indexed) {
                skipValue();
            }
        }
    }

    /**
     * True when the value to read is on the wire: the field {@link #field(Field)} found, the next
     * element of a sequence, or the hook's value; false when it reads as the default.
     *
     * @return whether the value is at the input's position
     */
    @Override
    protected final boolean at() {
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
        return valueAtLevel();
    }

    /**
     * What {@link #at()} would answer, consuming nothing: whether a value is there to read,
     * refusing a read that cannot be made. For {@link #isNull()}.
     *
     * @return whether the value is on the wire
     */
    protected final boolean valueAhead() {
        if (kind == OBJECT && (expect == FOUND || expect == MISSING)) {
            return expect == FOUND;
        }
        return valueAheadAtLevel();
    }

    // ------------------------------------------------------------------ objects and sequences

    @Override
    public final void endMarshallable(Marshallable target, ValueIn unexpected) {
        if (kind == ABSENT) {
            leaveAbsent();
            return;
        }
        finishObject(target, unexpected);
        int leftFlags = flags;
        pop();
        afterObject(leftFlags);
    }

    /**
     * Finishes the document: offers its unread fields and closes it (see {@link WireReader#endDocument}).
     */
    @Override
    public final void endDocument(Marshallable target, ValueIn unexpected) {
        finishObject(target, unexpected);
        afterDocument();
        kind = CLOSED;
    }

    @Override
    public final void skip() {
        if (at()) {
            skipValue();
        }
    }

    /** Offers the unread entries to the hook, drops this level's index entries and moves past the object. */
    private void finishObject(Marshallable target, ValueIn unexpected) {
        skipUnreadValue();
        buildPendingIndex();
        if (!indexed) {
            if (closeIfNoEntries()) {
                return;
            }
            buildIndex();
        }
        if (repeats == RepeatedFields.REFUSE) {
            refuseRepeatedFields();
        }
        if (target != null) {
            for (int entry = mark; entry < index.size(); entry++) {
                if (!index.isConsumed(entry)) {
                    offer(target, unexpected, entry);
                }
            }
        }
        index.release(mark);
        moveTo(end);
    }

    /** Refuses the object if a key left unread in it is one of the fields found in it. */
    private void refuseRepeatedFields() {
        int repeat = found.repeatedEntry(index, mark, foundMark, bytes, numberedKeys);
        if (repeat >= 0) {
            moveTo(index.valueStart(repeat));
            throw error(found.refusal());
        }
    }

    private void offer(Marshallable target, ValueIn unexpected, int entry) {
        nameEntry(entry, key.clearName());
        moveTo(index.valueStart(entry));
        push(VALUE, 0);
        target.unexpectedField(key, unexpected);
        pop();
    }

    // ------------------------------------------------------------------ integers

    // The JIT inlines a kind's read into every field of a user's readMarshallable, so that code
    // must stay small, or it is compiled on its own "into a big method" and never inlined, or the
    // last fields fall off the inlining budget. Hence each narrowing below is one call to the
    // wire's integer(min, max, expected), whose fast path is the wire's and whose slow path is
    // out of line.

    @Override
    public final byte int8() {
        return (byte) integer(Byte.MIN_VALUE, Byte.MAX_VALUE, "an int8");
    }

    @Override
    public final short int16() {
        return (short) integer(Short.MIN_VALUE, Short.MAX_VALUE, "an int16");
    }

    @Override
    public final int uint16() {
        return (int) integer(0, 0xFFFF, "a uint16");
    }

    @Override
    public final int int32() {
        return (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE, "an int32");
    }

    @Override
    public final long int64() {
        return integer(Long.MIN_VALUE, Long.MAX_VALUE, "an int64");
    }

    /**
     * The integer value to read, within {@code [min, max]}, or 0 when it reads as the default. A
     * wire with a fast path of its own overrides this and falls back to it.
     *
     * @param min      the least value the kind holds
     * @param max      the greatest value the kind holds
     * @param expected the kind, for errors ("an int8")
     * @return the value
     * @throws WireException if the wire's integer is outside {@code [min, max]}
     */
    protected long integer(long min, long max, String expected) {
        return at() ? ranged(min, max, expected) : 0;
    }

    /**
     * The integer at the input's position, checked to be within {@code [min, max]}.
     *
     * @param min      the least value the kind holds
     * @param max      the greatest value the kind holds
     * @param expected the kind, for errors
     * @return the value
     * @throws WireException if it is outside {@code [min, max]}
     */
    protected final long ranged(long min, long max, String expected) {
        int before = position();
        long value = readInteger(expected);
        if (value < min || value > max) {
            throw error(valueStart(before), expected + " in " + min + ".." + max + ", found " + value);
        }
        return value;
    }
}
