package io.zwire.testkit;

import io.zwire.Wire;
import io.zwire.testkit.model.LeavesValuesUnread.Unread;
import io.zwire.testkit.model.LeavesValuesUnread.Written;
import io.zwire.testkit.model.LeavesValuesUnread.WrittenOuter;
import io.zwire.testkit.model.LeavesValuesUnread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the self-describing wires do with a value named and left unread
 * ({@link LeavesValuesUnread}): skip it, whatever it is, and read on. The text wires' tests also
 * write documents in their own syntax: a stream of a flat document, then a document holding one
 * as {@code inner} with an unexpected field {@code x} before {@code n}; {@link #readsWhatItWrote}
 * has the wire write them.
 */
public final class UnreadValuesCheck {
    private UnreadValuesCheck() {
    }

    /** Reads the next document, flat: {@code b}, {@code c} and no unexpected field. */
    public static void readsFlat(Wire wire, long b, String c, String document) {
        LeavesValuesUnread read = new LeavesValuesUnread();
        assertTrue(wire.readDocument(read), document);
        assertEquals(b, read.b, document);
        assertEquals(c, read.c, document);
        assertEquals(0, read.unexpected, document);
    }

    /** Reads the next document, nested: {@code inner}'s {@code b} and {@code c}, {@code x} offered, then {@code n}. */
    public static void readsNested(Wire wire, long b, String c, long n, String document) {
        LeavesValuesUnread.Outer read = new LeavesValuesUnread.Outer();
        assertTrue(wire.readDocument(read), document);
        assertEquals(b, read.inner.b, document);
        assertEquals(c, read.inner.c, document);
        assertEquals(0, read.inner.unexpected, document);
        assertEquals(n, read.n, document);
        assertEquals(1, read.unexpected, document);
    }

    /**
     * Has the wire write a flat document, a nested one, a flat one in reverse field order (read
     * through an index) and a flat one again, with values of {@code kind} left unread, and reads
     * all four: a field named and left unread is never offered as unexpected.
     */
    public static void readsWhatItWrote(Wire wire, Unread kind) {
        wire.writeDocument(Written.inOrder(kind, 5, "five"));
        wire.writeDocument(new WrittenOuter(Written.inOrder(kind, 6, "six"), 8));
        wire.writeDocument(Written.reversed(kind, 7, "seven"));
        wire.writeDocument(Written.inOrder(kind, 9, "nine"));
        String what = kind + " values left unread over " + wire.type();
        readsFlat(wire, 5, "five", what + ", first document");
        readsNested(wire, 6, "six", 8, what + ", nested document");
        readsFlat(wire, 7, "seven", what + ", reversed document");
        readsFlat(wire, 9, "nine", what + ", last document");
        assertEquals(0, wire.bytes().readRemaining(), what);
    }
}
