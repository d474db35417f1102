package io.zwire.journal.internal;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * Tells a free header at the end of what is published from a zero word inside a record, which a
 * corrupted length or index slot can lead a reader or an appender to: appenders claim headers in
 * order, so nothing after a true end is written yet, and a zero word with written bytes after it
 * is inside a record ({@link JournalLayout}).
 *
 * <p>The check compares the rest of the cycle with zeros, in chunks, with the JDK's vectorized
 * {@link ByteBuffer#mismatch}: some milliseconds for a 64 MiB cycle, so callers make it only
 * when a cycle is entered for appending, or after a free header has been waited on for a while,
 * never per message. Each caller owns one (its views' positions move); not thread-safe.
 */
public final class FreeHeaderCheck {
    private static final int CHUNK = 64 << 10;
    /** Never written: every instance's {@link #zeros} view reads it. */
    private static final byte[] ZEROS = new byte[CHUNK];

    private final ByteBuffer zeros = ByteBuffer.wrap(ZEROS);
    private CycleFile cycle;
    private ByteBuffer view;

    /**
     * Makes the checks read {@code cycle}. Allocates a view of its mapping.
     *
     * @param cycle the cycle the next checks read
     */
    public void bind(CycleFile cycle) {
        this.cycle = cycle;
        this.view = cycle.buffer().duplicate();
    }

    /** Drops the views of the bound cycle, so that they keep its mapping no longer. Allocates nothing. */
    public void release() {
        cycle = null;
        view = null;
    }

    /**
     * Finds a written byte past the free header at {@code position} of the bound cycle. Reads up
     * to the rest of the cycle; allocates nothing; does not block.
     *
     * @param position a record's start, whose header the caller read as 0
     * @return the offset of the first non-zero byte after that header, or -1 when none is written
     *         or the header has been claimed meanwhile (it is a true end after all)
     */
    public int writtenPast(int position) {
        int end = cycle.mappedSize();
        for (int at = position + JournalLayout.HEADER_SIZE; at < end; at += CHUNK) {
            int length = Math.min(CHUNK, end - at);
            view.limit(at + length).position(at);
            zeros.limit(length).position(0);
            int mismatch = view.mismatch(zeros);
            if (mismatch >= 0) {
                // The bytes after a true end become non-zero only after its header is claimed (a
                // compare-and-set that precedes them): loading the header again after them tells
                // a claim made during the scan from a word inside a record.
                VarHandle.acquireFence();
                return cycle.headerAcquire(position) == 0 ? at + mismatch : -1;
            }
        }
        return -1;
    }
}
