package io.zwire.cli;

import io.zwire.WireException;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalRecord;
import io.zwire.journal.JournalTailer;
import io.zwire.journal.WaitStrategy;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * {@code zwire journal dump} and {@code tail}: the records of a journal, each shown by a
 * {@link JournalRecordText}; a corrupt record is reported on standard error and the reading goes
 * on after it, as the tailer allows. {@code dump} stops at the last record published,
 * {@code tail} waits for more.
 */
final class JournalDump {
    /** How long tail waits for a record between its checks of the timeout and of an interrupt. */
    private static final long POLL_MILLIS = 100;
    private static final double NANOS_PER_SECOND = 1e9;

    private final Journal journal;
    private final Arguments arguments;
    private final Console console;

    JournalDump(Journal journal, Arguments arguments, Console console) {
        this.journal = journal;
        this.arguments = arguments;
        this.console = console;
    }

    /**
     * Shows the records from {@code --from} (or the start; for tail, the end) up to {@code --count}.
     * Blocks while it follows.
     *
     * @param follow true for tail: wait for new records until --count, --timeout or an interrupt
     * @return OK, or FAILED when a record was corrupt or the start index is not in the journal
     * @throws UsageException for a malformed --from, --count or --timeout, or a --type that cannot be loaded
     */
    int run(boolean follow) throws UsageException {
        long from = JournalCommand.fromIndex(arguments);
        long count = arguments.longValue("count", Long.MAX_VALUE, 1);
        long timeoutNanos = (long) (arguments.doubleValue("timeout", Double.POSITIVE_INFINITY) * NANOS_PER_SECOND);
        PrintStream out = console.out();
        PrintStream err = console.err();
        try (JournalRecordText text = JournalRecordText.of(journal.wireType(), arguments);
             JournalTailer tailer = journal.tailer()) {
            if (from >= 0) {
                if (!tailer.moveToIndex(from)) {
                    err.println("zwire journal: " + journal.directory() + " holds no record of index " + from
                            + " (0x" + Long.toHexString(from) + ")");
                    return Command.FAILED;
                }
            } else if (follow) {
                tailer.toEnd();
            }
            JournalRecord record = new JournalRecord();
            long shown = 0;
            int corrupt = 0;
            long lastNews = System.nanoTime();
            while (shown < count) {
                try {
                    if (tailer.readRecord(record)) {
                        corrupt += show(text, record) ? 0 : 1;
                        shown++;
                        lastNews = System.nanoTime();
                        continue;
                    }
                    if (!follow || System.nanoTime() - lastNews >= timeoutNanos || Thread.currentThread().isInterrupted()) {
                        JournalTailer.Stop stop = tailer.checkStop();
                        if (stop == JournalTailer.Stop.RECORD) {
                            continue;
                        }
                        if (stop != JournalTailer.Stop.END) {
                            err.println("zwire journal: " + claimNote(stop, tailer.index()));
                        }
                        break;
                    }
                    tailer.awaitRecord(WaitStrategy.PARK, POLL_MILLIS, TimeUnit.MILLISECONDS);
                } catch (WireException e) {
                    corrupt++;
                    err.println("zwire journal: corrupt record: " + e.getMessage());
                }
            }
            if (corrupt > 0) {
                err.println("zwire journal: " + shown + (shown == 1 ? " record" : " records") + " shown, " + corrupt
                        + " corrupt");
                return Command.FAILED;
            }
            return Command.OK;
        }
    }

    /**
     * {@return what to say of a claim where reading stopped, {@code stop} being
     * {@link JournalTailer.Stop#CLAIM} or {@link JournalTailer.Stop#STALE_CLAIM}}: an append in
     * progress, not a corruption.
     *
     * @param lastIndex the index of the last record read, or -1
     */
    static String claimNote(JournalTailer.Stop stop, long lastIndex) {
        String which = lastIndex < 0 ? "the next record" : "the record after index " + lastIndex;
        return which + (stop == JournalTailer.Stop.STALE_CLAIM
                ? " is claimed and was not published within the claim timeout: its writer died or stalled (an"
                        + " appending process's tailer marks it abandoned; zwire journal writes nothing)"
                : " is claimed and not yet published: an append in progress");
    }

    /** Prints {@code record}; {@return false when its document could not be read, which is reported} */
    private boolean show(JournalRecordText text, JournalRecord record) {
        console.out().print(text.header(record));
        try {
            console.out().print(text.body(record));
            return true;
        } catch (WireException e) {
            console.out().println("# unreadable: see standard error");
            console.err().println("zwire journal: corrupt record " + record.index() + " at offset " + record.offset()
                    + " of " + record.cycleFile() + ": " + e.getMessage());
            return false;
        } finally {
            console.out().flush();
        }
    }
}
