package io.zwire.bench.journal;

import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.journal.JournalTailer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A zwire journal opened for the harness, whichever message a zwire peer writes: it hands out the
 * journal's appenders and tailers wrapped in the peer's message adapters, and closes them all,
 * then the journal, at the end.
 */
final class OpenZwireJournal implements JournalPeer.Journal {
    private final Journal journal;
    private final Function<JournalAppender, JournalPeer.Appender> appenders;
    private final Function<JournalTailer, JournalPeer.Tailer> tailers;
    private final List<AutoCloseable> opened = new ArrayList<>();

    /**
     * Wraps {@code journal}.
     *
     * @param journal   the open journal
     * @param appenders the peer's adapter of an appender, called once per {@link #appender()}
     * @param tailers   the peer's adapter of a tailer, called once per {@link #tailer()}
     */
    OpenZwireJournal(Journal journal, Function<JournalAppender, JournalPeer.Appender> appenders,
                     Function<JournalTailer, JournalPeer.Tailer> tailers) {
        this.journal = journal;
        this.appenders = appenders;
        this.tailers = tailers;
    }

    @Override
    public synchronized JournalPeer.Appender appender() {
        JournalAppender appender = journal.appender();
        opened.add(appender);
        return appenders.apply(appender);
    }

    @Override
    public synchronized JournalPeer.Tailer tailer() {
        JournalTailer tailer = journal.tailer();
        opened.add(tailer);
        return tailers.apply(tailer);
    }

    @Override
    public synchronized void close() {
        for (AutoCloseable each : opened) {
            try {
                each.close();
            } catch (Exception e) {
                // Closing releases mappings; a failure here leaves them to the GC, which the harness can live with.
                assert e != null;
            }
        }
        journal.close();
    }
}
