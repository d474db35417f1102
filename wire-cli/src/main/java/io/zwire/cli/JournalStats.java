package io.zwire.cli;

import io.zwire.WireException;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalRecord;
import io.zwire.journal.JournalTailer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code zwire journal stats}: a journal's wire, message types (alias and schema fingerprint),
 * cycle files and their sizes, then, from reading every record, the first and last index, the
 * number of records and the bytes they take; corrupt records are counted and reported.
 */
final class JournalStats {
    private final Journal journal;
    private final Console console;

    JournalStats(Journal journal, Console console) {
        this.journal = journal;
        this.console = console;
    }

    /** Prints the statistics. {@return OK, or FAILED when a record was corrupt} */
    int run() {
        PrintStream out = console.out();
        out.println("journal  " + journal.directory());
        out.println("wire     " + WireNames.display(journal.wireType()));
        for (Map.Entry<String, Long> type : journal.recordedTypes().entrySet()) {
            out.printf("type     %s, schema fingerprint %016x%n", type.getKey(), type.getValue());
        }
        for (Path cycle : journal.cycleFiles()) {
            out.printf("cycle    %s, %,d bytes%n", cycle.getFileName(), size(cycle));
        }
        long records = 0;
        long bytes = 0;
        long first = -1;
        long last = -1;
        int corrupt = 0;
        JournalTailer.Stop stop;
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            while (true) {
                try {
                    if (!tailer.readRecord(record)) {
                        stop = tailer.checkStop();
                        if (stop == JournalTailer.Stop.RECORD) {
                            continue;
                        }
                        break;
                    }
                } catch (WireException e) {
                    corrupt++;
                    console.err().println("zwire journal: corrupt record: " + e.getMessage());
                    continue;
                }
                first = records == 0 ? record.index() : first;
                last = record.index();
                records++;
                bytes += record.size();
            }
        }
        out.printf("records  %,d%s, %,d bytes%n", records, records == 0 ? "" : ", indexes " + first + " to " + last, bytes);
        if (stop != JournalTailer.Stop.END) {
            out.println("pending  " + JournalDump.claimNote(stop, last));
        }
        out.println("corrupt  " + corrupt);
        out.flush();
        return corrupt == 0 ? Command.OK : Command.FAILED;
    }

    /** {@return the file's size, or -1 when it cannot be read (deleted since the listing)} */
    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
