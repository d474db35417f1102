package io.zwire.internal;

import io.zwire.Field;

import java.util.Arrays;

/**
 * Whether a writer is inside a sequence, at any nesting depth: a value written there is the
 * sequence's next element, and {@code out.write(field)} there is a mistake caught at once rather
 * than a malformed document. A stack of the scopes open around the innermost; grows (allocating)
 * only the first time a document nests deeper than any before.
 *
 * <p>Between documents the scopes are closed, which {@link #inSequence()} reports as a sequence:
 * the check a writer makes of every field anyway then also refuses a field written through a
 * {@link io.zwire.WireOut} kept past its document, at the cost of one store at each end of a
 * document and none per field, and {@link #misplacedField} says which mistake it was.
 *
 * <p>For a wire that writes each key as it is named, or no key at all, and keeps nothing of the
 * field while its value is awaited, it also catches a field named and given no value:
 * {@link #checkField} and {@link #named}, then {@link #checkLastValue} where an object or the
 * document ends. Such a wire writes at least one byte for every value (a null, an object and a
 * sequence included), so a field is still waiting for its value exactly when the output is still
 * where that value would start: a compare with the position, where a flag would need a store from
 * every value method as well as from the field.
 *
 * <p>A map is a sequence whose every value comes after a key, and is checked the same way: the
 * writer calls {@link #checkKey} and {@link #keyed} around each key, {@link #checkMapValue} before
 * each value inside a map (which {@link #inSequence()} already sends down its slow path), and
 * {@link #checkMapEnd} before the map closes.
 */
public final class WriterScopes {
    private static final byte OBJECT = 0;
    private static final byte SEQUENCE = 1;
    private static final byte CLOSED = 2;
    private static final byte MAP = 3;
    /** {@link #named} when no field of this document has been named: its position half is -1, which no output reaches. */
    private static final long NOTHING_NAMED = -1L;

    /** The scopes around the innermost, from the document level in. */
    private byte[] outer = new byte[16];
    private int depth;
    private byte innermost = CLOSED;
    /**
     * The field named last: where its value starts, in the low half, and its number, in the high
     * half, so that one store keeps both (the number names the field in the error; the field itself,
     * kept per field, would cost a GC write barrier).
     */
    private long named = NOTHING_NAMED;
    /** Where the value of the map key written last is to start; -1 when no key is waiting. */
    private int keyed = -1;

    /** True when the innermost open scope is a sequence or a map, or no document is open. */
    public boolean inSequence() {
        return innermost != OBJECT;
    }

    /** True when the innermost open scope is a map. */
    public boolean inMap() {
        return innermost == MAP;
    }

    /** Enters a map. */
    public void pushMap() {
        push(false);
        innermost = MAP;
    }

    /**
     * Checks that a map key can be written with the output at {@code position}.
     *
     * @throws IllegalStateException outside a map, or when the key before it has had no value
     */
    public void checkKey(int position) {
        if (innermost != MAP) {
            throw MisplacedCalls.keyOutsideMap(true);
        }
        if (keyed == position) {
            throw MisplacedCalls.keyWithoutValue();
        }
    }

    /** Notes a map key written: its value is to start at {@code valueStart}. */
    public void keyed(int valueStart) {
        keyed = valueStart;
    }

    /**
     * Checks, for a value about to be written at {@code position} inside a map, that a key was
     * written just before it.
     *
     * @throws IllegalStateException if not
     */
    public void checkMapValue(int position) {
        if (keyed != position) {
            throw MisplacedCalls.valueWithoutKey(true);
        }
    }

    /**
     * Checks, where a map ends with the output at {@code position}, that its last key was given a value.
     *
     * @throws IllegalStateException if it was not
     */
    public void checkMapEnd(int position) {
        if (keyed == position) {
            throw MisplacedCalls.keyWithoutValue();
        }
    }

    /** Enters an object ({@code sequence} false) or a sequence. */
    public void push(boolean sequence) {
        if (depth == outer.length) {
            outer = Arrays.copyOf(outer, depth * 2);
        }
        outer[depth++] = innermost;
        innermost = sequence ? SEQUENCE : OBJECT;
    }

    /** Leaves the innermost scope. */
    public void pop() {
        innermost = outer[--depth];
    }

    /** Opens the document level, at the start of a document (every scope of the last one is closed). */
    public void open() {
        innermost = OBJECT;
        named = NOTHING_NAMED;
        keyed = -1;
    }

    /** Closes the document level, at the end of a document. */
    public void close() {
        innermost = CLOSED;
    }

    /** Closes every scope, after a document that failed part-way. */
    public void abandon() {
        depth = 0;
        innermost = CLOSED;
        named = NOTHING_NAMED;
        keyed = -1;
    }

    /**
     * Checks that {@code field} can be named with the output at {@code position}, before its key
     * is written.
     *
     * @throws IllegalStateException inside a sequence, outside a document, or when the field named
     *         before it has had no value
     */
    public void checkField(Field field, int position) {
        if (innermost != OBJECT || (int) named == position) {
            throw refusedField(field);
        }
    }

    /** Notes a field named, after its key: its value is to start at {@code valueStart}. */
    public void named(Field field, int valueStart) {
        named = (long) field.number() << 32 | valueStart;
    }

    /**
     * Checks, where an object ({@code document} false) or the document ends with the output at
     * {@code position}, that the field named last in it was given its value.
     *
     * @throws IllegalStateException if it was not
     */
    public void checkLastValue(int position, boolean document) {
        if ((int) named == position) {
            throw MisplacedCalls.fieldWithoutValue((int) (named >>> 32), null, document);
        }
    }

    private IllegalStateException refusedField(Field field) {
        if (innermost == OBJECT) {
            return MisplacedCalls.fieldWithoutValue((int) (named >>> 32), field, false);
        }
        return misplacedField(field);
    }

    /** The exception for a field {@link #inSequence()} refused: inside a sequence or map, or outside a document. */
    public IllegalStateException misplacedField(Object field) {
        if (innermost == MAP) {
            return MisplacedCalls.fieldWrittenInMap(field);
        }
        return MisplacedCalls.fieldWritten(field, innermost == CLOSED);
    }
}
