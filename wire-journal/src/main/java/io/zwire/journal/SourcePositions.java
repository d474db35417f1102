package io.zwire.journal;

import io.zwire.WireException;
import io.zwire.journal.internal.CycleFiles;

import java.util.concurrent.locks.LockSupport;

/**
 * Finds the last position a source stream reached in a journal ({@link Journal#lastSourcePosition}),
 * reading cycles from the newest back until one holds a record of that stream.
 *
 * <p>Reading back a cycle at a time, not the whole journal forward, because a copy restarts near
 * where it stopped: its last record is almost always in the newest cycle, so a restart reads one
 * cycle. A stream the journal never saw costs a read of every cycle, once.
 */
final class SourcePositions {
    /** How long the scan sleeps while a claim it met is neither published nor abandoned yet. */
    private static final long CLAIM_POLL_NANOS = 1_000_000;

    private SourcePositions() {
    }

    /** See {@link Journal#lastSourcePosition(int)}. */
    static long last(Journal journal, int sourceStream) {
        CycleFiles files = journal.files();
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            // Cycles at or after this one were read already: the scan of an older cycle stops there.
            long readFrom = Long.MAX_VALUE;
            long earliest = Math.max(0, files.earliest());
            for (long cycle = files.latest(); cycle >= earliest; cycle--) {
                try {
                    if (!tailer.moveToCycle(cycle)) {
                        continue;
                    }
                } catch (WireException notACycle) {
                    // Its file is not a cycle: it holds no record to find, and a scan of an older
                    // cycle passes it with the same exception.
                    readFrom = cycle;
                    continue;
                }
                long found = lastIn(journal, tailer, record, sourceStream, readFrom);
                if (found >= 0) {
                    return found;
                }
                readFrom = cycle;
            }
            return -1;
        }
    }

    /**
     * Reads from the tailer's place to the end of what is published, or to cycle {@code readFrom};
     * {@return the last position of {@code sourceStream} met, or -1}
     */
    private static long lastIn(Journal journal, JournalTailer tailer, JournalRecord record, int sourceStream,
                               long readFrom) {
        long found = -1;
        // A writable journal's tailer abandons a claim after the claim timeout; a read-only one's
        // never does, and a claim whose writer lives but stalls may outlast it: give up past twice it.
        long claimPatienceNanos = 2 * journal.config().claimTimeoutNanos();
        long waitingSince = 0;
        while (true) {
            boolean read;
            try {
                read = tailer.readRecord(record);
            } catch (WireException e) {
                // A bad record: the tailer has moved past it, and a record whose source cannot be
                // read cannot be the last one copied either way.
                continue;
            }
            if (!read) {
                // A claim left by a copy that died before publishing is published or abandoned
                // within the claim timeout; records past it may be the stream's.
                if (tailer.waitingAtClaim()) {
                    long now = System.nanoTime();
                    if (waitingSince == 0) {
                        waitingSince = now;
                    } else if (now - waitingSince > claimPatienceNanos) {
                        throw new IllegalStateException("a claim in " + journal.directory() + " after record "
                                + Long.toHexString(tailer.index()) + " is neither published nor abandoned after "
                                + claimPatienceNanos / 1_000_000 + " ms" + (journal.config().readOnly()
                                ? " (this journal is open read-only, so its tailers never abandon a claim)" : "")
                                + ": the records after it cannot be read yet");
                    }
                    LockSupport.parkNanos(CLAIM_POLL_NANOS);
                    continue;
                }
                return found;
            }
            waitingSince = 0;
            if (Journal.cycleOf(record.index()) >= readFrom) {
                return found;
            }
            if (record.sourceStream() == sourceStream) {
                found = record.sourcePosition();
            }
        }
    }
}
