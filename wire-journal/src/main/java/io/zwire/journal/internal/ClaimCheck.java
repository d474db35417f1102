package io.zwire.journal.internal;

import static io.zwire.journal.internal.JournalLayout.ABANDONED;
import static io.zwire.journal.internal.JournalLayout.HEADER_SIZE;
import static io.zwire.journal.internal.JournalLayout.LENGTH_MASK;
import static io.zwire.journal.internal.JournalLayout.NOT_COMPLETE;
import static io.zwire.journal.internal.JournalLayout.PADDING;
import static io.zwire.journal.internal.JournalLayout.recordSize;

/**
 * Tells a claim (a header with {@code NOT_COMPLETE} set, its body perhaps unwritten) from a word
 * inside a record that a corrupted length leads a reader to and that happens to have that bit
 * set, before a reader marks it abandoned, which would write into the record. A claim's body may
 * be unwritten yet, so only what its appender and those after it write is checked: its SEQUENCE
 * field (0 until the body is written, then its sequence), the index slots around it (a slot's
 * record lies before the claim, at it, or past the bytes it claims, by its sequence), and what
 * follows those bytes (a published record of the next sequence, a claim, padding, or a free
 * header with nothing written after it). A word inside the last records, whose claimed bytes end
 * where nothing is written and no slot is due, passes: it is taken for a claim.
 */
public final class ClaimCheck {
    private ClaimCheck() {
    }

    /**
     * {@return why the header at {@code position} cannot be the claim of the record of
     * {@code sequence}, or null when it can} Reads up to the rest of the cycle (the free-header
     * scan); allocates only the returned text; writes nothing.
     *
     * @param cycle     the cycle read
     * @param free      a check bound to {@code cycle}, for the bytes after a free header
     * @param position  where the header is
     * @param header    the header, {@code NOT_COMPLETE} set, its length one {@link CycleFile#holdsRecord} accepts
     * @param sequence  the sequence the reader counted for a record there
     */
    public static String problem(CycleFile cycle, FreeHeaderCheck free, int position, int header, int sequence) {
        int end = position + recordSize(header & LENGTH_MASK);
        int recorded = cycle.sequenceAt(position);
        if (recorded != 0 && recorded != sequence) {
            return "its sequence field holds " + recorded;
        }
        int spacing = cycle.indexSpacing();
        int before = sequence / spacing;
        int indexed = cycle.indexedPosition(before);
        boolean atSlot = before * spacing == sequence;
        if (indexed > 0 && (atSlot ? indexed != position : indexed >= position)) {
            return "index slot " + before + " puts record " + before * spacing + " at " + indexed;
        }
        int after = before + 1;
        indexed = after < cycle.indexSlots() ? cycle.indexedPosition(after) : 0;
        if (indexed > 0 && indexed < end) {
            return "index slot " + after + " puts record " + after * spacing + " at " + indexed
                    + ", inside the bytes it claims up to " + end;
        }
        if (end + HEADER_SIZE > cycle.mappedSize()) {
            return null;
        }
        int next = cycle.headerAcquire(end);
        if (next == 0) {
            int written = free.writtenPast(end);
            return written < 0 ? null : "the free header after the bytes it claims, at " + end
                    + ", has bytes written after it, at " + written;
        }
        if ((next & (NOT_COMPLETE | ABANDONED | PADDING)) == 0 && !cycle.startsRecord(end, next, sequence + 1)) {
            return "the header after the bytes it claims, at " + end + ", is not record " + (sequence + 1) + "'s";
        }
        return null;
    }
}
