package io.zwire.internal;

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
 */
public final class WriterScopes {
    private static final byte OBJECT = 0;
    private static final byte SEQUENCE = 1;
    private static final byte CLOSED = 2;

    /** The scopes around the innermost, from the document level in. */
    private byte[] outer = new byte[16];
    private int depth;
    private byte innermost = CLOSED;

    /** True when the innermost open scope is a sequence, or no document is open. */
    public boolean inSequence() {
        return innermost != OBJECT;
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
    }

    /** Closes the document level, at the end of a document. */
    public void close() {
        innermost = CLOSED;
    }

    /** Closes every scope, after a document that failed part-way. */
    public void abandon() {
        depth = 0;
        innermost = CLOSED;
    }

    /** The exception for a field {@link #inSequence()} refused: inside a sequence or outside a document. */
    public IllegalStateException misplacedField(Object field) {
        return MisplacedCalls.fieldWritten(field, innermost == CLOSED);
    }
}
