package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.Field;

import java.util.Arrays;

/**
 * The fields a keyed reader found in each object open, for telling a key the object repeats from
 * an unknown one when the object ends ({@link io.zwire.RepeatedFields}). Levels stack as the {@link FieldIndex}'s do: a level begins
 * at {@link #mark()} and is dropped with {@link #release(int)}, so this holds at most the fields
 * found along one path from the document's root, each one a key of the input.
 *
 * <p>Allocates only to grow, the first time more fields are found along one path than before.
 */
public final class FoundFields {
    private Field[] fields = new Field[32];
    private int size;
    /** The field {@link #repeatedEntry} found repeated last. */
    private Field repeated;

    /**
     * Where the next level's fields begin.
     *
     * @return the current size
     */
    public int mark() {
        return size;
    }

    /**
     * Drops every field from {@code mark} on. Allocates nothing.
     *
     * @param mark a {@link #mark()} taken before
     */
    public void release(int mark) {
        size = mark;
    }

    /**
     * The number of fields held, across all levels.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * A field added before.
     *
     * @param at its place, below {@link #size()}
     * @return the field
     */
    public Field get(int at) {
        return fields[at];
    }

    /**
     * Adds a field found. Allocates only to grow.
     *
     * @param field the field
     */
    public void add(Field field) {
        final int at = size;
        if (at == fields.length) {
            fields = Arrays.copyOf(fields, at * 2);
        }
        // A type finds the same fields at the same places document after document: comparing
        // first spares the reference store, and its GC write barrier, in steady state.
        if (fields[at] != field) {
            fields[at] = field;
        }
        size = at + 1;
    }

    /**
     * The first entry of an object's index left unread whose key is one of the object's fields
     * found: a repeat of it. Allocates nothing; runs only for an object with keys beyond the ones
     * read, for each such key against each field found.
     *
     * @param index      the index, built to the object's end
     * @param indexMark  where the object's entries begin in it
     * @param fieldsMark where the object's fields found begin here
     * @param input      the buffer the index's names are in
     * @param numbered   whether the index holds field numbers
     * @return the entry, or -1 if no field is repeated; its field is then {@link #repeated()}
     */
    public int repeatedEntry(FieldIndex index, int indexMark, int fieldsMark, Bytes input, boolean numbered) {
        final int fieldsEnd = size;
        for (int entry = indexMark; entry < index.size(); entry++) {
            if (!index.isConsumed(entry)) {
                for (int f = fieldsMark; f < fieldsEnd; f++) {
                    if (index.isKeyOf(entry, fields[f], input, numbered)) {
                        repeated = fields[f];
                        return entry;
                    }
                }
            }
        }
        return -1;
    }

    /**
     * The field of the entry {@link #repeatedEntry} returned last.
     *
     * @return the field
     */
    public Field repeated() {
        return repeated;
    }

    /**
     * What the reader expected where {@link #repeated()} came again, for its error. Allocates.
     *
     * @return the words, following "expected"
     */
    public String refusal() {
        return "each field once, but " + repeated + " is repeated: this is its second value"
                + " (WireOptions.withRepeatedFields picks the first or the last instead)";
    }
}
