package io.zwire.journal;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.journal.internal.CycleCounter;
import io.zwire.journal.internal.CycleFile;
import io.zwire.journal.internal.CycleFiles;
import io.zwire.journal.internal.CycleMappings;
import io.zwire.journal.internal.CyclePreparer;
import io.zwire.journal.internal.JournalLayout;
import io.zwire.journal.internal.JournalMetadata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel.MapMode;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * A journal: zwire documents persisted in a directory of memory-mapped cycle files, appended by
 * any number of threads and processes ({@link JournalAppender}, one per thread) and read, each
 * record once and in index order, by tailers in the same or other processes ({@link JournalTailer}).
 * The layout and the claim protocol are drawn in {@link io.zwire.journal.internal.JournalLayout}
 * and in docs/journal.md.
 *
 * <p>The wire is chosen when the journal is created and recorded in it with each message type's
 * alias and schema fingerprint. Opening with another wire is refused. A process whose type has
 * another fingerprint than the recorded one reads and writes it on a self-describing wire (fields
 * matched by key), and is refused on {@link WireType#RAW}, which reads by position.
 *
 * <p>This object holds no file handle, and one mapping: the journal's cycle counter (16 bytes),
 * which only grows, so no appender creates again a cycle retention deleted (but for the race
 * docs/journal.md names, where what it creates is an ended cycle with no record). Its appenders and
 * tailers share one mapping per cycle, counted: a cycle is mapped when the first of them moves to
 * it and dropped when the last leaves: unmapped at once on JDK 22 and later, by the garbage
 * collector on JDK 17 to 21 (docs/journal.md, "File handles and mappings"). Thread-safe; {@link #open} allocates, and so does making
 * an appender or a tailer.
 *
 * <p>While an appender is open, the journal runs a daemon thread of its own,
 * {@code zwire-journal-cycles <directory>}, that keeps the next cycle's file written and mapped
 * ahead of need, so a roll only links it (see {@link JournalConfig.Builder#createCyclesOnAppendingThread()}
 * to start none). It ends when the last appender closes, or at {@link #close()}.
 */
public final class Journal implements AutoCloseable {
    /** How often an appender looks for a cycle another appender claimed and has not linked yet. */
    private static final long CLAIMED_CYCLE_POLL_NANOS = 100_000;

    private final Path directory;
    private final JournalConfig config;
    private final CycleFiles files;
    private final Map<Class<?>, Integer> typeIndexes;
    /** This process's fingerprint per alias, for the RAW check of types other processes add. */
    private final Map<String, Long> localFingerprints;
    private volatile JournalMetadata metadata;
    /** Null when this process's appenders create their cycles themselves. */
    private final CyclePreparer preparer;
    private final CycleCounter counter;
    private final CycleMappings mappings;
    /** Serialises this process's cycle creation, so appenders rolling together create a cycle once. */
    private final Object cycleCreation = new Object();
    /** Guarded by {@link #cycleCreation}. */
    private int openAppenders;
    /** Guarded by {@link #cycleCreation}. */
    private boolean closed;

    private Journal(Path directory, JournalConfig config, JournalMetadata metadata, Map<String, Long> localFingerprints,
                    CycleFiles files, CycleCounter counter) {
        this.directory = directory;
        this.config = config;
        this.files = files;
        this.counter = counter;
        this.mappings = new CycleMappings(files);
        this.preparer = config.prepareCyclesAhead() && !config.readOnly()
                ? new CyclePreparer(files, config.cycleSize(), config.indexSpacing()) : null;
        this.metadata = metadata;
        this.localFingerprints = localFingerprints;
        this.typeIndexes = new HashMap<>();
        for (TypeRegistry.Entry entry : config.options().types().entries()) {
            // A read-only journal adds no type: one the journal lacks has no index.
            if (localFingerprints.containsKey(entry.alias()) && metadata.indexOf(entry.alias()) >= 0) {
                typeIndexes.put(entry.type(), metadata.indexOf(entry.alias()));
            }
        }
    }

    /**
     * Opens the journal in {@code directory}, creating the directory, the metadata and the first
     * cycle when there is no journal yet, and adding to its metadata the message types this
     * configuration has and it lacks. Allocates; records each type's schema (microseconds each).
     * A {@link JournalConfig.Builder#readOnly() read-only} configuration creates and adds nothing:
     * it opens an existing journal as it is.
     *
     * @param directory the journal's directory
     * @param config    the wire, message types and this process's settings
     * @return the journal
     * @throws IllegalStateException if the journal was created with another wire, or it is on
     *         {@link WireType#RAW} and one of the configuration's types has another schema
     *         fingerprint than the journal recorded for its alias (naming the type)
     * @throws UncheckedIOException if the directory, the metadata or the first cycle cannot be
     *         read or written (a full disk included), or, read-only, the directory holds no journal,
     *         or the directory holds cycles and its metadata file is missing (nothing is created)
     */
    public static Journal open(Path directory, JournalConfig config) {
        Map<String, Long> fingerprints = new HashMap<>();
        List<String> aliases = new ArrayList<>();
        TypeRegistry types = config.options().types();
        for (TypeRegistry.Entry entry : types.entries()) {
            if (entry.marshaller() == null) {
                aliases.add(entry.alias());
                fingerprints.put(entry.alias(), entry.schema(types).fingerprint());
            }
        }
        long[] ordered = new long[aliases.size()];
        for (int i = 0; i < ordered.length; i++) {
            ordered[i] = fingerprints.get(aliases.get(i));
        }
        JournalMetadata metadata;
        CycleFiles files = new CycleFiles(directory, config.readOnly() ? MapMode.READ_ONLY : MapMode.READ_WRITE);
        CycleCounter counter = null;
        try {
            if (config.readOnly()) {
                metadata = JournalMetadata.read(directory);
                if (metadata == null) {
                    throw new NoSuchFileException(directory.resolve(JournalLayout.METADATA_FILE).toString(), null,
                            "no journal to open read-only");
                }
            } else {
                Files.createDirectories(directory);
                // Cycles are created only after the metadata is written, and it is replaced by a
                // move, never removed: cycles listed before it is found missing mean it was deleted.
                long newest = files.latest();
                if (newest >= 0 && JournalMetadata.read(directory) == null) {
                    throw new NoSuchFileException(directory.resolve(JournalLayout.METADATA_FILE).toString(), null,
                            "missing, but the directory holds journal cycles: the wire and the message types of their"
                                    + " records are not known, and a new metadata file could read them as other"
                                    + " types; restore it");
                }
                metadata = JournalMetadata.include(directory, config.wire().code(), aliases, ordered);
                counter = CycleCounter.open(directory, newest);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the journal in " + directory, e);
        }
        WireType recorded = WireType.ofCode(metadata.wireCode());
        if (recorded != config.wire()) {
            throw new IllegalStateException("the journal in " + directory + " was created on "
                    + (recorded == null ? "wire code " + metadata.wireCode() : recorded)
                    + "; it cannot be opened on " + config.wire());
        }
        Journal journal = new Journal(directory, config, metadata, fingerprints, files, counter);
        for (int i = 0; i < metadata.typeCount(); i++) {
            journal.requireReadable(metadata, i);
        }
        if (config.readOnly()) {
            return journal;
        }
        files.deleteStagedFilesOfDeadProcesses();
        try {
            journal.createFirstCycle();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return journal;
    }

    /**
     * The wire the journal in {@code directory} was created with, for a tool that opens a journal
     * it did not create (its {@link JournalConfig} needs the wire). Reads the metadata file; allocates.
     *
     * @param directory a journal's directory
     * @return the wire, or empty when {@code directory} holds no journal (no metadata file)
     * @throws UncheckedIOException if the metadata file cannot be read or is not a journal's
     * @throws IllegalStateException if the metadata names a wire this process does not know
     */
    public static Optional<WireType> recordedWire(Path directory) {
        JournalMetadata metadata;
        try {
            metadata = JournalMetadata.read(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (metadata == null) {
            return Optional.empty();
        }
        WireType wire = WireType.ofCode(metadata.wireCode());
        if (wire == null) {
            throw new IllegalStateException("the journal in " + directory + " was created on wire code "
                    + metadata.wireCode() + ", which this process does not know");
        }
        return Optional.of(wire);
    }

    /**
     * The message types the journal has recorded, by any process: each alias with the schema
     * fingerprint recorded for it, in the order they were added (a record's type index). Reads the
     * metadata file again; allocates.
     *
     * @return alias to fingerprint, in type index order
     * @throws UncheckedIOException if the metadata cannot be read
     */
    public Map<String, Long> recordedTypes() {
        JournalMetadata read = refreshMetadata();
        Map<String, Long> types = new LinkedHashMap<>();
        for (int i = 0; i < read.typeCount(); i++) {
            types.put(read.alias(i), read.fingerprint(i));
        }
        return types;
    }

    /**
     * The journal's cycle files present now, oldest first. Lists the directory; allocates.
     *
     * @return the cycle files' paths
     * @throws UncheckedIOException if the directory cannot be listed
     */
    public List<Path> cycleFiles() {
        List<Path> paths = new ArrayList<>();
        for (long number : files.numbers()) {
            paths.add(files.path(number));
        }
        return paths;
    }

    /**
     * The last position of {@code sourceStream} in this journal: the {@code sourcePosition} of its
     * last published record appended with {@link JournalAppender#append(Marshallable, int, long)}
     * for that stream, or -1 when there is none. A copy from another log (a bridge) calls it when
     * it starts, to go on after the last record it copied: since a record and its source are
     * published together, a copy that died mid-append finds either both or neither.
     *
     * <p>Reads cycles from the newest back until one holds a record of the stream (so a restart
     * reads about one cycle; a stream never written reads them all). Waits at a claim not yet
     * published until it is, or is abandoned after the claim timeout, since records after it may
     * be the stream's: blocks up to that timeout per such claim. Skips bad records. Allocates (a
     * tailer). Meant to be called before this stream's appender appends again: records of the
     * stream appended meanwhile may or may not count.
     *
     * @param sourceStream the stream, 0 or more
     * @return the stream's last position, or -1
     * @throws IllegalArgumentException if {@code sourceStream} is negative
     * @throws IllegalStateException if this journal is closed, or a claim stays neither published
     *         nor abandoned for twice the claim timeout (a writer stalled that long, or this
     *         journal is {@link JournalConfig.Builder#readOnly() read-only} and so never abandons)
     * @throws UncheckedIOException if a cycle cannot be mapped
     */
    public long lastSourcePosition(int sourceStream) {
        if (sourceStream < 0) {
            throw new IllegalArgumentException("a source stream of 0 or more, but found " + sourceStream);
        }
        return SourcePositions.last(this, sourceStream);
    }

    /**
     * A new appender, for one thread. Maps the newest cycle, and starts the thread that prepares
     * cycles ahead when none runs. Allocates.
     *
     * @return the appender
     * @throws IllegalStateException if this journal is closed or opened read-only
     * @throws UncheckedIOException if the newest cycle cannot be mapped or created
     */
    public JournalAppender appender() {
        if (config.readOnly()) {
            throw new IllegalStateException("the journal in " + directory + " is open read-only: it takes no appender");
        }
        synchronized (cycleCreation) {
            requireOpen();
            openAppenders++;
            if (preparer != null) {
                preparer.start();
            }
        }
        try {
            return new JournalAppender(this);
        } catch (RuntimeException e) {
            appenderClosed();
            throw e;
        }
    }

    /**
     * A new tailer, for one thread, at the start of the journal (its oldest cycle). Allocates.
     *
     * @return the tailer
     * @throws IllegalStateException if this journal is closed
     * @throws UncheckedIOException if the oldest cycle cannot be mapped (one whose file is not a
     *         cycle is passed, as {@link JournalTailer#toStart()} says)
     */
    public JournalTailer tailer() {
        synchronized (cycleCreation) {
            requireOpen();
        }
        return new JournalTailer(this);
    }

    /**
     * Stops the thread that prepares cycles ahead (waiting for it) and deletes the file it had
     * ready; appenders and tailers already made go on, and an appender that rolls then creates
     * the cycle on its own thread. Making another appender or tailer afterwards throws. Blocks;
     * idempotent.
     */
    @Override
    public void close() {
        synchronized (cycleCreation) {
            closed = true;
        }
        if (preparer != null) {
            preparer.stop();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the journal in " + directory + " is closed");
        }
    }

    /** {@return the journal's directory} */
    public Path directory() {
        return directory;
    }

    /** {@return the journal's wire} */
    public WireType wireType() {
        return config.wire();
    }

    /** {@return this process's configuration} */
    public JournalConfig config() {
        return config;
    }

    /**
     * {@return the index of a record, from its cycle and its sequence in the cycle} Allocates nothing.
     *
     * @param cycle    the cycle number, from 0
     * @param sequence the record's position among the cycle's records, from 0
     */
    public static long index(long cycle, int sequence) {
        return JournalLayout.index(cycle, sequence);
    }

    /**
     * {@return the cycle of the record of {@code index}} Allocates nothing.
     *
     * @param index a record's index
     */
    public static long cycleOf(long index) {
        return JournalLayout.cycleOf(index);
    }

    CycleFiles files() {
        return files;
    }

    /** {@return this process's shared mappings of the journal's cycles} */
    CycleMappings mappings() {
        return mappings;
    }

    /** {@return the preparer of cycles ahead, or null when this process creates them on the appending thread} */
    CyclePreparer preparer() {
        return preparer;
    }

    /** An appender closed: the last one stops the thread that prepares cycles. Blocks while it stops. */
    void appenderClosed() {
        // Stopped under the lock that appender() starts it under, so an appender opened meanwhile
        // never finds the thread about to stop and goes on without it.
        synchronized (cycleCreation) {
            if (--openAppenders == 0 && preparer != null) {
                preparer.stop();
            }
        }
    }

    /** Creates cycle 0 of a new journal, or waits (up to the claim timeout) for the process that claimed it to. */
    private void createFirstCycle() throws IOException {
        if (files.latest() >= 0) {
            return;
        }
        if (counter.highestClaimed() < 0 && files.createIfAbsent(0, config.cycleSize(), config.indexSpacing(),
                config.rollPeriodMillis(), counter::claim)) {
            return;
        }
        long deadline = System.nanoTime() + config.claimTimeoutNanos();
        while (files.latest() < 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(CLAIMED_CYCLE_POLL_NANOS);
        }
    }

    /** {@return the highest cycle number an appender of any process has claimed, or -1 for none} Allocates nothing. */
    long highestCycleClaimed() {
        return counter.highestClaimed();
    }

    /**
     * Acquires the shared mapping of cycle {@code wanted} for an appender (release it with
     * {@link CycleMappings#release}), or of the cycle after it present when retention deleted it;
     * creates it when no appender of any process has claimed it (the cycle counter), so a deleted
     * cycle is never created again. A number is claimed only once its file is written, just
     * before the link that names it; a cycle claimed and not yet present is waited for, up to the
     * claim timeout, and then created here as an ended cycle, which holds no record
     * ({@link CycleFiles#createEndedIfAbsent}): its creator died or stalled between claim and
     * link. Creation uses the file the preparer has ready when there is one (a link, no block written,
     * no page faulted here), else happens on this thread. One creation at a time in this process,
     * so appenders that roll together create a cycle once. Allocates; blocks for the creation or
     * the wait.
     *
     * @throws IOException if the cycle cannot be created (a full disk) or mapped
     * @throws IllegalStateException if the cycle number is past {@link JournalLayout#MAX_CYCLE_NUMBER}
     */
    CycleFile cycleForAppending(long wanted) throws IOException {
        synchronized (cycleCreation) {
            long waitingSince = 0;
            long number = wanted;
            while (true) {
                if (number > JournalLayout.MAX_CYCLE_NUMBER) {
                    throw new IllegalStateException("cycle " + number + " is past the highest a record's index can hold ("
                            + JournalLayout.MAX_CYCLE_NUMBER + "): the journal has used up its cycle numbers, or its cycle"
                            + " counter " + directory.resolve(JournalLayout.COUNTER_FILE) + " is corrupt (it holds "
                            + counter.highestClaimed() + ")");
                }
                CycleFile present = mappings.acquireIfPresent(number);
                if (present != null) {
                    return present;
                }
                if (counter.highestClaimed() < number) {
                    CycleFile created = create(number);
                    if (created != null) {
                        return created;
                    }
                    continue;
                }
                long after = files.after(number);
                long highest = counter.highestClaimed();
                if (after >= 0 || highest > number) {
                    number = after >= 0 ? after : highest;
                    waitingSince = 0;
                    continue;
                }
                long now = System.nanoTime();
                if (waitingSince == 0) {
                    waitingSince = now;
                } else if (now - waitingSince >= config.claimTimeoutNanos()) {
                    // Claiming the next number instead would leave this one to a creator that may
                    // still link it and append there after tailers went past. Filled, the number
                    // has its file and cycles are linked in number order, which a tailer's listing
                    // relies on (CycleFiles.after). Filled only while no later number is claimed:
                    // past that, another appender has moved on and retention may have deleted it.
                    files.createEndedIfAbsent(number, config.indexSpacing(), filled -> counter.highestClaimed() == filled);
                    waitingSince = 0;
                    continue;
                }
                LockSupport.parkNanos(CLAIMED_CYCLE_POLL_NANOS);
            }
        }
    }

    /**
     * Creates cycle {@code number} if this thread's claim of it succeeds once a file is ready, and
     * acquires its shared mapping; a file already under its name (a process of an earlier version
     * made it) is mapped as it is.
     *
     * @return the cycle, or null when another appender claimed the number first or the cycle was
     *         deleted at once: the caller looks again
     */
    private CycleFile create(long number) throws IOException {
        CycleFiles.Staged staged = preparer == null || closed ? null : preparer.take();
        if (staged != null) {
            if (!counter.claim(number)) {
                preparer.giveBack(staged);
                return null;
            }
            CycleFile published;
            try {
                published = mappings.publishAndAdopt(staged, number, config.rollPeriodMillis());
            } catch (IOException | RuntimeException e) {
                preparer.giveBack(staged);
                throw e;
            }
            if (published != null) {
                return published;
            }
            preparer.giveBack(staged);
        } else if (!files.createIfAbsent(number, config.cycleSize(), config.indexSpacing(), config.rollPeriodMillis(),
                counter::claim)) {
            return null;
        }
        return mappings.acquireIfPresent(number);
    }

    /** {@return the metadata index of {@code type}, or -1 when it is not one of this configuration's message types} */
    int typeIndex(Class<?> type) {
        Integer index = typeIndexes.get(type);
        return index == null ? -1 : index;
    }

    /** {@return the metadata as last read} */
    JournalMetadata metadata() {
        return metadata;
    }

    /**
     * Reads the metadata again, for a tailer that met a type index beyond what it knew (another
     * process added a type). Allocates.
     */
    JournalMetadata refreshMetadata() {
        try {
            JournalMetadata read = JournalMetadata.read(directory);
            if (read != null) {
                metadata = read;
            }
            return metadata;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the journal's metadata in " + directory, e);
        }
    }

    /**
     * Refuses, on RAW, a type of this process whose schema differs from the one the journal recorded.
     *
     * @throws IllegalStateException naming the alias and both fingerprints
     */
    void requireReadable(JournalMetadata recorded, int index) {
        Long local = localFingerprints.get(recorded.alias(index));
        if (config.wire() == WireType.RAW && local != null && local != recorded.fingerprint(index)) {
            throw new IllegalStateException("message type '" + recorded.alias(index) + "' has schema fingerprint "
                    + Long.toHexString(local) + " here and " + Long.toHexString(recorded.fingerprint(index))
                    + " in the journal in " + directory + ": RAW reads by position, so it needs the same schema;"
                    + " a journal on a self-describing wire reads another version of a type");
        }
    }

    /** {@return the sample instance a tailer reads messages of {@code alias} into, or null when this process has no such type} */
    Marshallable newInstance(String alias) {
        TypeRegistry.Entry entry = config.options().types().byAlias(alias);
        return entry == null || entry.marshaller() != null ? null : entry.create();
    }

}
