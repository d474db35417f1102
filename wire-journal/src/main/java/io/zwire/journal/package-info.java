/**
 * The journal: zwire documents persisted in a directory of memory-mapped cycle files
 * ({@link io.zwire.journal.Journal}), appended by threads and processes
 * ({@link io.zwire.journal.JournalAppender}) and read in index order by tailers in the same or
 * other processes ({@link io.zwire.journal.JournalTailer}).
 *
 * <p>Across the package: appenders and tailers are not thread-safe (one per thread), a
 * {@link io.zwire.journal.Journal} is; appending and reading allocate nothing per message in
 * steady state and never block (a tailer's {@code awaitRecord} waits by choice); a bad record is
 * a {@link io.zwire.WireException} naming its offset in its cycle file; a file that cannot be
 * created or mapped (a full disk) is an {@link java.io.UncheckedIOException}, never a JVM crash.
 * The layout is drawn in docs/journal.md and in the module's internal layout class.
 */
package io.zwire.journal;
