package io.zwire.internal;

import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.spi.WireReader;

/**
 * The levels a reader has entered below its innermost one, and the rules that bound them:
 * {@link ReadLimits#maxDepth} objects, sequences and maps of the input open at once, objects
 * started inside a null or missing one counted rather than stacked, and a map's entries counted
 * against {@link ReadLimits#maxSequenceLength}. A reader keeps its
 * innermost level in fields of its own (its fast path reads only those) and saves them here, as
 * {@link #width} ints, when it enters a level above; which ints they are is the reader's.
 * Allocates only when made; {@link #push} and {@link #enterInsideAbsent()} throw only past their limits.
 */
public final class LevelStack {
    /**
     * Objects a reading type may open inside a null or missing one, nested: more than any type's
     * graph of classes goes (the wire contract reads 192), and few enough for a thread's default
     * stack. A type that reads a child into a new instance whenever it has none would open them
     * without end, and meet a StackOverflowError instead of this limit's WireException.
     */
    public static final int MAX_INSIDE_ABSENT = 256;

    private final WireReader owner;
    private final int maxDepth;
    private final int maxEntries;
    /** The ints a reader saves for each level. */
    public final int width;
    /** The saved levels, {@link #width} ints each, the outermost first. */
    public final int[] slots;
    /** Levels saved. */
    private int depth;
    /** Objects, sequences and maps of the input open below the document's root: what {@link ReadLimits#maxDepth} bounds. */
    private int containers;
    /**
     * Objects started inside a null or missing one. They hold nothing to read, so they are
     * counted rather than stacked: the user's object graph, not the input, decides how
     * deep they go.
     */
    private int insideAbsent;

    /**
     * Makes a stack for {@code owner}'s levels. Allocates.
     *
     * @param owner  the reader, whose {@link WireReader#error(String)} reports nesting too deep
     * @param limits the limits it reads with
     * @param width  the ints it saves for each level
     */
    public LevelStack(WireReader owner, ReadLimits limits, int width) {
        this.owner = owner;
        this.maxDepth = limits.maxDepth();
        this.maxEntries = limits.maxSequenceLength();
        this.width = width;
        // Below the root: up to maxDepth containers, a hook's value level above each object, one
        // level for a null or missing object, sequence or map, and one for an empty sequence or
        // map started inside a missing object.
        this.slots = new int[(2 * maxDepth + 4) * width];
    }

    /** Drops every level, for a new document or after a failed one. Allocates nothing. */
    public void clear() {
        depth = 0;
        containers = 0;
        insideAbsent = 0;
    }

    /**
     * Counts an object started inside a null or missing object, which stays the
     * innermost level. They are not nesting of the input and are not bounded by
     * {@link ReadLimits#maxDepth}: the reading type's own object graph decides how deep they go,
     * up to {@link #MAX_INSIDE_ABSENT}. Allocates nothing unless it throws.
     *
     * @throws WireException from the owner, past {@link #MAX_INSIDE_ABSENT}
     */
    public void enterInsideAbsent() {
        if (insideAbsent == MAX_INSIDE_ABSENT) {
            throw owner.error("objects read inside a null or missing one nested at most " + MAX_INSIDE_ABSENT
                    + " deep: a type that reads a child into a new instance whenever it has none recurses without end"
                    + " (read it with marshallable(target, reuse, factory, setter), which sets null for a missing object)");
        }
        insideAbsent++;
    }

    /**
     * Leaves an object {@link #enterInsideAbsent() started inside} a null or missing
     * object, if one is open.
     *
     * @return false if none is open: the null or missing object itself is left, and its level is to be popped
     */
    public boolean leaveInsideAbsent() {
        if (insideAbsent > 0) {
            insideAbsent--;
            return true;
        }
        return false;
    }

    /**
     * Makes room to save the innermost level before a level is entered above it.
     *
     * @param container whether the level entered is an object or sequence of the input (a null or
     *                  missing one, or the value handed to the hook, is not nesting of the input)
     * @return where in {@link #slots} the level's {@link #width} ints go
     * @throws WireException from the owner, for an object or sequence nested deeper than {@link ReadLimits#maxDepth}
     */
    public int push(boolean container) {
        if (container) {
            if (containers == maxDepth) {
                throw owner.error("nesting no deeper than ReadLimits.maxDepth " + maxDepth);
            }
            containers++;
        }
        int at = depth * width;
        depth++;
        return at;
    }

    /**
     * Leaves the innermost level for the one saved below it.
     *
     * @param container whether the level left was an object or sequence of the input
     * @return where in {@link #slots} the level below's ints are
     */
    public int pop(boolean container) {
        if (container) {
            containers--;
        }
        depth--;
        return depth * width;
    }

    /**
     * Counts one more entry of a map against {@link ReadLimits#maxSequenceLength}, skipped entries
     * included. Allocates nothing unless it throws.
     *
     * @param entries the entries the map had before this one
     * @return {@code entries + 1}
     * @throws WireException from the owner, for an entry past the limit
     */
    public int countEntry(int entries) {
        if (entries >= maxEntries) {
            throw owner.error("a map of at most ReadLimits.maxSequenceLength " + maxEntries + " entries");
        }
        return entries + 1;
    }

    /**
     * Where the level saved last begins in {@link #slots}: the level below the innermost. Call
     * only with a level saved.
     *
     * @return its offset
     */
    public int top() {
        return (depth - 1) * width;
    }

    /**
     * Objects and sequences a value at the innermost level may still open.
     *
     * @return the nesting left under {@link ReadLimits#maxDepth}
     */
    public int room() {
        return maxDepth - containers;
    }
}
