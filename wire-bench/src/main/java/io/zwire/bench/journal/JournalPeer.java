package io.zwire.bench.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One journal implementation under the latency harness: what it takes to open a journal in a
 * directory, append a {@link JournalMessage} and tail it. The harness runs every peer in JVMs it
 * forks with {@link #jvmOptions}, so a peer that needs flags (Chronicle Queue does) gets them and one
 * that needs none (zwire's journal) runs without; adding a peer is one class and a line in
 * {@link JournalPeers}.
 */
public interface JournalPeer {
    /** {@return the peer's name on the command line and in the report, e.g. {@code chronicle-queue}} */
    String name();

    /** {@return the name of the row in the report, e.g. {@code Chronicle Queue 5.27ea0}} */
    String title();

    /**
     * The JVM options the peer needs on a given JDK, added to every JVM the harness forks for it.
     *
     * @param javaFeatureVersion the feature version of the forked JVM's JDK, e.g. 17 or 25
     * @return the options, empty when the peer needs none; allocates
     */
    List<String> jvmOptions(int javaFeatureVersion);

    /**
     * Opens (creating if needed) the peer's journal in {@code directory}; several processes may open
     * the same directory. Allocates; does not block beyond file creation.
     *
     * @param directory an existing directory the journal owns
     * @return the open journal, to close when done
     * @throws IOException if the journal cannot be created or opened
     */
    Journal open(Path directory) throws IOException;

    /** An open journal of one peer. */
    interface Journal extends AutoCloseable {
        /**
         * {@return an appender for the calling thread} Call it on the thread that appends: some
         * peers tie an appender to its thread. Allocates.
         */
        Appender appender();

        /**
         * {@return a tailer that reads from the first message, for the calling thread} Call it on
         * the thread that reads. Allocates.
         */
        Tailer tailer();

        /** Releases the journal's files and mappings; the files themselves stay. Does not throw. */
        @Override
        void close();
    }

    /** Appends {@link JournalMessage}s; used by one thread. */
    interface Appender {
        /**
         * Appends one {@link JournalMessage#LENGTH}-byte message carrying {@code sequence} and
         * {@code intendedNanos}, visible to tailers once this returns. Allocates nothing in steady
         * state; does not block beyond the peer's own locking.
         *
         * @param sequence      the message's sequence number
         * @param intendedNanos the {@link System#nanoTime} at which the message was scheduled
         */
        void append(long sequence, long intendedNanos);
    }

    /** Reads {@link JournalMessage}s in order; used by one thread. */
    interface Tailer {
        /**
         * Reads the next message into {@code into} if one is complete. Never blocks; allocates
         * nothing in steady state.
         *
         * @param into where the message's fields go
         * @return true if a message was read, false if none is new ({@code into} is then unchanged)
         * @throws IllegalStateException if the next message is not {@link JournalMessage#LENGTH} bytes
         */
        boolean poll(ReadMessage into);
    }
}
