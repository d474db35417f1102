package io.zwire.internal;

import java.util.Arrays;

/**
 * Whether a writer is inside a sequence, at any nesting depth: a value written there is the
 * sequence's next element, and {@code out.write(field)} there is a mistake caught at once rather
 * than a malformed document. A stack of one flag per open object or sequence; grows (allocating)
 * only the first time a document nests deeper than any before.
 */
public final class WriterScopes {
    private boolean[] sequences = new boolean[16];
    private int depth;
    private boolean inSequence;

    /** True when the innermost open scope is a sequence. */
    public boolean inSequence() {
        return inSequence;
    }

    /** Enters an object ({@code sequence} false) or a sequence. */
    public void push(boolean sequence) {
        if (depth == sequences.length) {
            sequences = Arrays.copyOf(sequences, depth * 2);
        }
        sequences[depth++] = inSequence;
        inSequence = sequence;
    }

    /** Leaves the innermost scope. */
    public void pop() {
        inSequence = sequences[--depth];
    }

    /** Back to the document level, after a failed document. */
    public void reset() {
        depth = 0;
        inSequence = false;
    }

    /** The exception for a field written inside a sequence. */
    public static IllegalStateException fieldInSequence(Object field) {
        return new IllegalStateException("out.write(" + field + ") inside a sequence: write its elements through the"
                + " sequence's ValueOut, or wrap them in objects");
    }
}
