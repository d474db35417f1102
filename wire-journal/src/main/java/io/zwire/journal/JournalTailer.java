package io.zwire.journal;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.journal.internal.ClaimCheck;
import io.zwire.journal.internal.CycleFile;
import io.zwire.journal.internal.CycleFiles;
import io.zwire.journal.internal.CycleHeaderException;
import io.zwire.journal.internal.FreeHeaderCheck;
import io.zwire.journal.internal.JournalMetadata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.zip.CRC32C;

import static io.zwire.journal.internal.JournalLayout.ABANDONED;
import static io.zwire.journal.internal.JournalLayout.CHECKSUMMED;
import static io.zwire.journal.internal.JournalLayout.CHECKSUM_FROM_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CHECKSUM_RESUME_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CHECKSUM_OFFSET;
import static io.zwire.journal.internal.JournalLayout.HEADER_SIZE;
import static io.zwire.journal.internal.JournalLayout.LENGTH_MASK;
import static io.zwire.journal.internal.JournalLayout.MIN_LENGTH;
import static io.zwire.journal.internal.JournalLayout.NOT_COMPLETE;
import static io.zwire.journal.internal.JournalLayout.PADDING;
import static io.zwire.journal.internal.JournalLayout.MIN_SOURCED_LENGTH;
import static io.zwire.journal.internal.JournalLayout.SEQUENCE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.SOURCED;
import static io.zwire.journal.internal.JournalLayout.SOURCE_POSITION_OFFSET;
import static io.zwire.journal.internal.JournalLayout.SOURCE_STREAM_OFFSET;
import static io.zwire.journal.internal.JournalLayout.TIME_OFFSET;
import static io.zwire.journal.internal.JournalLayout.TYPE_INDEX_MASK;
import static io.zwire.journal.internal.JournalLayout.TYPE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.documentOffset;
import static io.zwire.journal.internal.JournalLayout.cycleOf;
import static io.zwire.journal.internal.JournalLayout.index;
import static io.zwire.journal.internal.JournalLayout.recordSize;
import static io.zwire.journal.internal.JournalLayout.sequenceOf;

/**
 * Reads a {@link Journal}'s records in index order, each once, from its start, its end or a given
 * index; in this process or another. A record is read only once its appender has published it
 * (an acquire load of its header), so a torn record is never read.
 *
 * <pre>{@code
 * JournalTailer tailer = journal.tailer();
 * for (Marshallable message; (message = tailer.read()) != null; ) {
 *     handle(message, tailer.index());
 * }
 * }</pre>
 *
 * <p>Polls ({@link #read()}, {@link #readDocument(Marshallable)}) never block: they return
 * null or false when nothing new is published; {@link #awaitRecord} waits with a
 * {@link WaitStrategy} for callers that want to block. A claim left unpublished for the
 * configuration's claim timeout (its writer died) is checked to be a claim, then marked abandoned
 * and skipped: waiting on it costs that timeout once. A tailer of a journal opened
 * {@link JournalConfig.Builder#readOnly() read-only} never writes: it checks the claim the same
 * way and goes on waiting there ({@link #checkStop()} then says {@link Stop#STALE_CLAIM}) until
 * the writer publishes or a read-write tailer abandons it.
 *
 * <p>Bad records: a checksum that does not match, or a document the wire refuses, is a
 * {@link WireException} naming the record's offset in its cycle file, and the tailer has moved
 * past it; a header no appender writes (a lying length) or a truncated cycle file is a
 * {@link WireException} too, and the tailer goes on in the next cycle, since nothing after a bad
 * header can be found in that cycle; so is a cycle file whose header is not a cycle's, thrown once,
 * and the tailer goes on in the cycle after it. A length a corruption changed but left inside the cycle
 * leads the tailer to a position that is not a record's start: a header there whose record
 * carries another sequence than the tailer counted, or a zero word with written bytes after it
 * (which no appender leaves after a free header), is a {@link WireException} at that position,
 * and the tailer goes on at the next good index slot, or in the next cycle when no later slot is
 * written yet; the records between are skipped. Telling that zero word from the end of what is
 * published takes a wait of the claim timeout at it and a look at the rest of the cycle, repeated
 * after waits that double while a tailer waits at a true end (some milliseconds for a 64 MiB
 * cycle); a tool that does not wait looks at once with {@link #checkStop()}.
 *
 * <p>Not thread-safe: one tailer per thread. Nothing is allocated per record once each message
 * type has been read once (its instance is made then, and reused); moving to another cycle
 * allocates (the mapping, a listing of the directory), and so does waiting at the end of a cycle
 * for the next one to be created (a file-system check per poll).
 */
public final class JournalTailer implements AutoCloseable {
    /** How often a tailer at a cycle's end lists the directory for a cycle past a deleted one. */
    private static final long LISTING_INTERVAL_NANOS = 10_000_000;
    /** Retention may delete the oldest cycle between listing and mapping it: a few tries, each listing again. */
    private static final int MAP_ATTEMPTS = 4;

    private final Journal journal;
    private final CycleFiles files;
    private final long claimTimeoutNanos;
    private final CRC32C crc = new CRC32C();
    private final Bytes document = Bytes.region();
    private final Wire wire;
    /** Per metadata type index: the instance {@link #read()} reuses, made on first sight. */
    private Marshallable[] instances = new Marshallable[0];
    /** Per metadata type index: checked against this process's schema (RAW only). */
    private boolean[] checked = new boolean[0];

    private CycleFile cycle;
    /** A view of {@link #cycle}'s buffer whose position and limit the checksum moves. */
    private ByteBuffer checksumView;
    /** A read-only view of {@link #cycle}'s buffer for {@link JournalRecord#document()}, made on first use. */
    private ByteBuffer recordView;
    private Path nextCyclePath;
    private long lastListing;
    /** The next header to read. */
    private int position;
    private int sequence;
    /** True when nothing more can be read in {@link #cycle}: a bad header or a truncated file was met. */
    private boolean cycleBroken;
    /** The highest cycle number after {@link #cycle} passed because its file is not a cycle, or -1. */
    private long passedCycle = -1;
    /** A cycle passed by {@link #toStart()} because its file is not a cycle: thrown by the next read. */
    private WireException passedAtStart;
    /** What the last {@link #mapPresent} passed, or null. */
    private WireException mapPassed;

    /** The record found by {@link #findRecord()} and not yet consumed: its position, or -1. */
    private int recordPosition = -1;
    private int recordHeader;
    private long recordIndex;
    private long lastIndex = -1;
    private long lastTime = -1;
    private int lastSourceStream = -1;
    private long lastSourcePosition = -1;
    /** The offset in its record of the last record's document. */
    private int lastDocumentOffset;
    /** The offset in its cycle of the last record read. */
    private int lastRecordOffset;

    /** How many polls of one free header pass between two reads of the clock. */
    private static final int FREE_POLLS_PER_CLOCK_READ = 1024;
    /** The longest wait between two scans at one free header, in claim timeouts. */
    private static final int MAX_FREE_SCAN_BACKOFF = 64;
    /** A free header being polled: where, how often, and since when (from its first clock read). */
    private long freeCycle = -1;
    private int freePosition = -1;
    private int freePolls;
    private long freeSince;
    /** How long to wait before the next scan at the same free header: doubles after each scan that finds nothing. */
    private long freeScanAfterNanos;
    private final FreeHeaderCheck freeHeader = new FreeHeaderCheck();

    /** A claim being waited on: where and since when. */
    private long stallCycle = -1;
    private int stallPosition = -1;
    private long stallSince;
    /** Whether the claim being waited on has been checked to be one ({@link ClaimCheck}). */
    private boolean stallChecked;
    private boolean closed;
    /** True for a journal opened {@link JournalConfig.Builder#readOnly()}: a stale claim is waited on, never abandoned. */
    private final boolean readOnly;

    JournalTailer(Journal journal) {
        this.journal = journal;
        this.files = journal.files();
        this.claimTimeoutNanos = journal.config().claimTimeoutNanos();
        this.readOnly = journal.config().readOnly();
        this.wire = journal.wireType().apply(document, journal.config().options());
        toStart();
    }

    /**
     * Moves to the journal's first record (in its oldest cycle). Allocates (the mapping, unless an
     * appender or tailer of this journal in this process is on that cycle).
     *
     * @return this
     * @throws UncheckedIOException if the oldest cycle cannot be mapped; one whose file is not a
     *         cycle is passed instead, and the next read throws its {@link WireException}, unless
     *         no cycle follows it
     * @throws IllegalStateException if this tailer is closed
     */
    public JournalTailer toStart() {
        requireOpen();
        CycleFile first = mapPresent(files::earliest);
        enter(first);
        passedAtStart = mapPassed;
        return this;
    }

    /**
     * Moves to the first record of cycle {@code number}, whatever that record's state (its index
     * slot is not needed, unlike {@link #moveToIndex}). Allocates, as {@link #toStart()}.
     *
     * @return false, moving nothing, when that cycle is not in the directory
     */
    boolean moveToCycle(long number) {
        requireOpen();
        return enterIfPresent(number);
    }

    /** Moves to the start of cycle {@code number}; {@return false, moving nothing, when it is not in the directory} */
    private boolean enterIfPresent(long number) {
        CycleFile mapped;
        try {
            mapped = mapForReading(number);
        } catch (CycleHeaderException e) {
            throw notACycle(e, "this tailer has not moved");
        }
        return enterIfMapped(mapped);
    }

    /** Moves to {@code mapped} unless it is null; {@return true when it moved} */
    private boolean enterIfMapped(CycleFile mapped) {
        if (mapped == null) {
            return false;
        }
        enter(mapped);
        return true;
    }

    /**
     * {@return cycle {@code number}, acquired for this tailer, or null when its file does not exist}
     *
     * @throws CycleHeaderException if its file is not a cycle (damage that stays)
     * @throws UncheckedIOException if it cannot be opened or mapped
     */
    private CycleFile mapForReading(long number) throws CycleHeaderException {
        try {
            return journal.mappings().acquireForReading(number);
        } catch (CycleHeaderException e) {
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@return true when the last poll found no record because it stopped at a claim not yet
     * published, which a later poll passes once it is published or abandoned}
     */
    boolean waitingAtClaim() {
        return recordPosition < 0 && cycle != null && stallPosition == position && stallCycle == cycle.number();
    }

    /**
     * Moves past every record published so far: the next record read is the first one published
     * after (or, in the newest cycle, not yet published at) this call. Allocates (the mapping, as
     * {@link #toStart()}).
     *
     * @return this
     * @throws UncheckedIOException if the newest cycle cannot be mapped
     * @throws IllegalStateException if this tailer is closed
     */
    public JournalTailer toEnd() {
        requireOpen();
        CycleFile newest = mapPresent(files::latest);
        int slot = newest.lastIndexedSlot();
        enter(newest);
        position = newest.indexedPosition(slot);
        sequence = slot * newest.indexSpacing();
        while (position + HEADER_SIZE <= newest.mappedSize()) {
            int header = newest.headerAcquire(position);
            int length = header & LENGTH_MASK;
            if (header == 0 || (header & (NOT_COMPLETE | PADDING)) != 0 || !newest.startsRecord(position, header, sequence)) {
                break;
            }
            position += recordSize(length);
            sequence++;
        }
        return this;
    }

    /**
     * Moves to the record of {@code index}, so the next read returns it (or, when that record was
     * abandoned, the one after it). Finds it from the cycle's sparse index and walks at most the
     * index spacing's records. Allocates (the mapping, as {@link #toStart()}) when the index is in
     * another cycle.
     *
     * @param index a record's index, as {@link JournalAppender#append} returned it
     * @return false, moving nothing, when the journal holds no record of that index (its cycle
     *         is gone or not yet created, or the record is not yet claimed), or a corrupted
     *         record lies between it and the index slot the walk starts from
     * @throws WireException if an index slot met holds a position where its record is not (a
     *         corrupted slot), naming the slot's offset in the cycle file: the walk started from
     *         the previous good slot instead, and the tailer has moved to {@code index} if that
     *         walk found it (the message says whether)
     * @throws UncheckedIOException if the cycle exists but cannot be mapped
     * @throws IllegalStateException if this tailer is closed
     */
    public boolean moveToIndex(long index) {
        requireOpen();
        long number = cycleOf(index);
        int wanted = sequenceOf(index);
        if (wanted < 0) {
            return false;
        }
        CycleFile target;
        if (cycle != null && cycle.number() == number) {
            target = cycle;
        } else {
            try {
                target = journal.mappings().acquireForReading(number);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (target == null) {
                return false;
            }
        }
        try {
            return moveWithin(target, wanted);
        } finally {
            if (target != cycle) {
                // Not moved there: this tailer's use of the other cycle ends here.
                journal.mappings().release(target);
            }
        }
    }

    /** Moves to the record of sequence {@code wanted} in {@code target}; {@return false, moving nothing, when it is not there} */
    private boolean moveWithin(CycleFile target, int wanted) {
        int slot = Math.min(wanted / target.indexSpacing(), target.indexSlots() - 1);
        int at = target.indexedPosition(slot);
        int badSlot = -1;
        while (at <= 0) {
            if (at == CycleFile.BAD_SLOT && badSlot < 0) {
                badSlot = slot;
            }
            at = target.indexedPosition(--slot);
        }
        boolean found = walkTo(target, at, slot * target.indexSpacing(), wanted);
        if (badSlot >= 0) {
            throw new WireException(journal.wireType().name(), CycleFile.slotOffset(badSlot), "index slot " + badSlot
                    + " of " + files.path(target.number()) + " to hold the position of record " + Long.toHexString(
                    Journal.index(target.number(), badSlot * target.indexSpacing())) + ", but its position holds"
                    + " no such record; walking from slot " + slot + (found ? " moved to record " : " found no record ")
                    + Long.toHexString(Journal.index(target.number(), wanted)));
        }
        return found;
    }

    /**
     * Walks {@code target} from the record of sequence {@code seq} at {@code at} to the one of
     * sequence {@code wanted}, checking each published record's sequence, and moves there.
     * {@return false, moving nothing, when the walk meets the cycle's end or a corrupted record}
     */
    private boolean walkTo(CycleFile target, int at, int seq, int wanted) {
        while (true) {
            if (at + HEADER_SIZE > target.mappedSize()) {
                return false;
            }
            int header = target.headerAcquire(at);
            int length = header & LENGTH_MASK;
            if (header == 0 || (header & PADDING) != 0 || !target.startsRecord(at, header, seq)) {
                return false;
            }
            if (seq == wanted) {
                break;
            }
            at += recordSize(length);
            seq++;
        }
        if (target != cycle) {
            enter(target);
        }
        position = at;
        sequence = seq;
        recordPosition = -1;
        // Moving back before a bad header met earlier in this cycle reads the good records again.
        cycleBroken = false;
        return true;
    }

    /**
     * Reads the next record into the instance this tailer keeps for its type, and returns that
     * instance: the same object for every record of one type, overwritten by the next read of
     * that type. Never blocks; allocates nothing per record once the type has been read once.
     *
     * @return the message, or null when no record is published past the last one read
     * @throws WireException for a bad record (see the class comment); the tailer has moved past it
     * @throws IllegalStateException if this tailer is closed, or the journal is on RAW and this
     *         process's version of the record's type has another schema than the journal's
     */
    public Marshallable read() {
        if (!findRecord()) {
            return null;
        }
        int type = recordType();
        Marshallable into = instances[type];
        if (into == null) {
            into = journal.newInstance(journal.metadata().alias(type));
            instances[type] = into;
        }
        decode(into);
        return into;
    }

    /**
     * Reads the next record into {@code into}, which must be of the record's type. Never blocks;
     * allocates nothing per record.
     *
     * @param into the object whose fields are set
     * @return false, reading nothing, when no record is published past the last one read
     * @throws IllegalArgumentException if the next record is of another type (naming it): the
     *         record stays next, for {@link #read()} or a read into an object of its type
     * @throws WireException for a bad record (see the class comment); the tailer has moved past it
     * @throws IllegalStateException as {@link #read()}
     */
    public boolean readDocument(Marshallable into) {
        if (!findRecord()) {
            return false;
        }
        int type = recordType();
        if (journal.typeIndex(into.getClass()) != type) {
            throw new IllegalArgumentException("record " + Long.toHexString(recordIndex) + " is a '"
                    + journal.metadata().alias(type) + "', not a " + into.getClass().getName());
        }
        decode(into);
        return true;
    }

    /**
     * Waits until a record is published past the last one read, polling and calling
     * {@code wait} between polls, or until {@code timeout} has passed. Blocks; allocates nothing
     * while it waits within a cycle.
     *
     * @param wait    what to do between polls
     * @param timeout the longest wait
     * @param unit    the timeout's unit
     * @return true when a read will now return a record, false on timeout or interrupt
     * @throws WireException as a read does, for a bad header or a truncated cycle met while waiting
     */
    public boolean awaitRecord(WaitStrategy wait, long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (int idle = 0; ; idle++) {
            if (findRecord()) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0 || Thread.currentThread().isInterrupted()) {
                return false;
            }
            wait.idle(idle);
        }
    }

    /** What lies where a tailer's polls found nothing new, as {@link #checkStop()} tells it. */
    public enum Stop {
        /** A record is published there after all: the next poll returns it. */
        RECORD,
        /** Nothing is claimed there yet: the end of what is published (or a cycle's end, before the next exists). */
        END,
        /** The next record is claimed and not yet published: its appender is writing it. */
        CLAIM,
        /**
         * The next record is claimed and this tailer has waited on it for the claim timeout: its
         * writer died or stalled. A tailer of a read-write journal marks it abandoned at its next
         * poll; a read-only one goes on waiting, for the writer or for another process's tailer.
         */
        STALE_CLAIM
    }

    /**
     * Tells what lies where the last poll found nothing, checked now rather than after the claim
     * timeout a waiting poll takes: for a tool that reads what is published and stops (a dump),
     * which would otherwise stop without a report where a corrupted length leads it. A zero word
     * with bytes written after it, or a word that looks like a claim but cannot be one (see the
     * class comment), is reported as a waiting poll reports it. Never writes to the journal;
     * reads up to the rest of the cycle (some milliseconds for 64 MiB), so not for every poll;
     * allocates nothing unless it reports.
     *
     * @return what is there
     * @throws WireException as a read does, and for a position that is not a record's start
     *         (naming it): the tailer has moved past it, so the next poll reads on where the
     *         format allows
     * @throws IllegalStateException if this tailer is closed
     */
    public Stop checkStop() {
        if (findRecord()) {
            return Stop.RECORD;
        }
        CycleFile current = cycle;
        if (cycleBroken || position + HEADER_SIZE > current.mappedSize()) {
            return Stop.END;
        }
        int header = current.headerAcquire(position);
        if (header == 0) {
            int written = freeHeader.writtenPast(position);
            if (written >= 0) {
                throw zeroWordInsideARecord(current, written);
            }
            return Stop.END;
        }
        if ((header & NOT_COMPLETE) == 0) {
            // Padding, or a record published since the poll above.
            return findRecord() ? Stop.RECORD : Stop.END;
        }
        String problem = ClaimCheck.problem(current, freeHeader, position, header, sequence);
        if (problem != null) {
            throw notAClaim(current, header, problem);
        }
        boolean waited = stallPosition == position && stallCycle == current.number()
                && System.nanoTime() - stallSince >= claimTimeoutNanos;
        return waited ? Stop.STALE_CLAIM : Stop.CLAIM;
    }

    /** {@return the index of the last record read, or -1 before the first} Allocates nothing. */
    public long index() {
        return lastIndex;
    }

    /**
     * {@return when the last record read was written, in nanoseconds since 1970-01-01T00:00Z by
     * its appender's clock (a wall-clock base plus {@link System#nanoTime()}, see
     * {@link JournalAppender}), or -1 before the first} Allocates nothing.
     */
    public long time() {
        return lastTime;
    }

    /**
     * {@return the source stream of the last record read, when its appender gave one
     * ({@link JournalAppender#append(Marshallable, int, long)}), else -1} Allocates nothing.
     */
    public int sourceStream() {
        return lastSourceStream;
    }

    /**
     * {@return the position in its source stream of the last record read, when its appender gave
     * one ({@link JournalAppender#append(Marshallable, int, long)}), else -1} Allocates nothing.
     */
    public long sourcePosition() {
        return lastSourcePosition;
    }

    /**
     * Reads the next record as it is stored, without its message class, into {@code into}: for
     * tools (a dump, statistics, a copy to another journal). Needs no type of this process's
     * registry and no schema check; the record's checksum, when it has one, is checked. Never
     * blocks; allocates nothing per record (the first call after moving to another cycle makes a
     * read-only view of its mapping).
     *
     * @param into the record to fill; its document is valid until this tailer reads again, moves
     *             or is closed
     * @return false, filling nothing, when no record is published past the last one read
     * @throws WireException for a checksum that does not match or a type index the metadata lacks
     *         (naming the record's offset; the tailer has moved past it), or for a bad header or
     *         a truncated cycle (see the class comment)
     * @throws IllegalStateException if this tailer is closed
     */
    public boolean readRecord(JournalRecord into) {
        if (!findRecord()) {
            return false;
        }
        int type = recordTypeIndex();
        int at = recordPosition;
        int length = recordHeader & LENGTH_MASK;
        boolean checksummed = (recordHeader & CHECKSUMMED) != 0;
        consume();
        if (checksummed) {
            verifyChecksum(at, length);
        }
        if (recordView == null) {
            recordView = cycle.buffer().asReadOnlyBuffer();
        }
        JournalMetadata metadata = journal.metadata();
        into.region().readRegion(recordView, at + lastDocumentOffset, HEADER_SIZE + length - lastDocumentOffset);
        into.fill(lastIndex, lastTime, type, metadata.alias(type), metadata.fingerprint(type), checksummed, at,
                recordSize(length), files);
        into.fillSource(lastSourceStream, lastSourcePosition);
        return true;
    }

    /**
     * Leaves this tailer's cycle (the last user of a cycle drops its mapping: unmapped at once on
     * JDK 22 and later, when the buffer is collected on earlier JDKs, see {@link Journal}); reading afterwards throws. Idempotent; allocates nothing.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (cycle != null) {
            journal.mappings().release(cycle);
        }
        cycle = null;
        checksumView = null;
        recordView = null;
        freeHeader.release();
    }

    /**
     * Maps the cycle {@code which} names, listing again when retention deleted it in between.
     *
     * @param which lists the directory for a cycle number: {@link CycleFiles#earliest} or {@link CycleFiles#latest}
     * @return the cycle, or the first after it whose file is a cycle, when its file is not (the
     *         exception naming it kept in {@link #mapPassed})
     * @throws UncheckedIOException if no cycle could be mapped, or the one found is not a cycle and
     *         none follows it
     */
    private CycleFile mapPresent(LongSupplier which) {
        mapPassed = null;
        for (int attempt = 0; attempt < MAP_ATTEMPTS; attempt++) {
            long number = Math.max(0, which.getAsLong());
            CycleHeaderException firstPassed = null;
            int passed = 0;
            while (true) {
                try {
                    CycleFile mapped = mapForReading(number);
                    if (mapped != null) {
                        if (firstPassed != null) {
                            mapPassed = notACycle(firstPassed, "reading goes on in cycle " + number
                                    + (passed > 1 ? ", past " + (passed - 1) + " more cycle files that are not cycles" : ""));
                        }
                        return mapped;
                    }
                    break;
                } catch (CycleHeaderException e) {
                    long after = files.after(number);
                    if (after < 0) {
                        throw new UncheckedIOException(e);
                    }
                    if (firstPassed == null) {
                        firstPassed = e;
                    }
                    passed++;
                    number = after;
                }
            }
        }
        throw new UncheckedIOException(new IOException("no journal cycle could be mapped in " + journal.directory()
                + ": each one listed was gone when mapped"));
    }

    /** Moves to {@code next}, acquired for this tailer, and leaves the cycle it was on. */
    private void enter(CycleFile next) {
        CycleFile left = cycle;
        cycle = next;
        if (left != null) {
            journal.mappings().release(left);
        }
        checksumView = next.buffer().duplicate();
        recordView = null;
        freeHeader.bind(next);
        nextCyclePath = files.path(next.number() + 1);
        passedCycle = -1;
        passedAtStart = null;
        position = next.dataStart();
        sequence = 0;
        cycleBroken = false;
        recordPosition = -1;
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("this tailer is closed");
        }
    }

    /** Finds the next published record and keeps it as the pending one; {@return false when there is none yet} */
    private boolean findRecord() {
        requireOpen();
        if (recordPosition >= 0) {
            return true;
        }
        if (passedAtStart != null) {
            WireException passed = passedAtStart;
            passedAtStart = null;
            throw passed;
        }
        while (true) {
            CycleFile current = cycle;
            if (cycleBroken || position + HEADER_SIZE > current.mappedSize()) {
                if (current.isTruncated() && !cycleBroken) {
                    throw breakCycle(current, ", but the file ends at " + current.mappedSize() + " of the "
                            + current.declaredSize() + " bytes its header declares (truncated)");
                }
                if (!nextCycle()) {
                    return false;
                }
                continue;
            }
            int header = current.headerAcquire(position);
            if (header == 0) {
                int written = writtenPastAFreeHeader(current);
                if (written < 0) {
                    return false;
                }
                throw zeroWordInsideARecord(current, written);
            }
            if ((header & PADDING) != 0) {
                int padding = current.paddingHeader(position);
                if (header != padding && !current.isTruncated()) {
                    throw breakCycle(current, " or the padding that ends the cycle (0x" + Integer.toHexString(padding)
                            + " here), but found 0x" + Integer.toHexString(header)
                            + ", a padding flag on a header that does not reach the cycle's end; the rest of this"
                            + " cycle is skipped");
                }
                if (!nextCycle()) {
                    return false;
                }
                continue;
            }
            int length = header & LENGTH_MASK;
            if (!current.holdsRecord(position, length)) {
                throw breakCycle(current, " (a length from " + MIN_LENGTH + " to the "
                        + (current.mappedSize() - position - HEADER_SIZE) + " bytes left"
                        + (current.isTruncated() ? " in a file truncated to " + current.mappedSize() + " of "
                                + current.declaredSize() + " bytes" : "")
                        + "), but found 0x" + Integer.toHexString(header) + "; the rest of this cycle is skipped");
            }
            if ((header & NOT_COMPLETE) != 0) {
                if (!abandonIfStale(current, header)) {
                    return false;
                }
                continue;
            }
            if ((header & ABANDONED) == 0) {
                int recorded = current.sequenceAt(position);
                if (recorded != sequence) {
                    int at = position;
                    throw new WireException(journal.wireType().name(), at, "record " + Long.toHexString(
                            Journal.index(current.number(), sequence)) + " in " + files.path(current.number())
                            + ", but the header there is of a record of sequence " + recorded + ": this is inside a"
                            + " record (a corrupted length) or its sequence was rewritten; " + resumeAfter(current, at));
                }
                recordPosition = position;
                recordHeader = header;
                recordIndex = Journal.index(current.number(), sequence);
                return true;
            }
            position += recordSize(length);
            sequence++;
        }
    }

    /**
     * Gives up on the rest of {@code current}: nothing after the header at {@link #position} can
     * be found in it (a truncated file, a lying length), so the next poll goes on in the next cycle.
     *
     * @param expected what was expected at the header and what was found, after "a record header in FILE"
     * @return the exception to throw, naming the header's offset
     */
    private WireException breakCycle(CycleFile current, String expected) {
        cycleBroken = true;
        return new WireException(journal.wireType().name(), position, "a record header in " + files.path(current.number())
                + expected);
    }

    /**
     * Checks, once a free header at {@link #position} has been polled for the claim timeout (and
     * again after waits that double, up to {@value #MAX_FREE_SCAN_BACKOFF} timeouts), whether bytes are written after it, which no appender
     * does before claiming it: a corrupted length led here, inside a record. Reads the clock once
     * every {@value #FREE_POLLS_PER_CLOCK_READ} polls and the rest of the cycle at each check;
     * allocates nothing.
     *
     * @return the offset of a written byte past the free header, or -1 (not checked yet, or none)
     */
    private int writtenPastAFreeHeader(CycleFile current) {
        if (freePosition != position || freeCycle != current.number()) {
            freePosition = position;
            freeCycle = current.number();
            freePolls = 0;
            freeScanAfterNanos = claimTimeoutNanos;
            return -1;
        }
        if (++freePolls % FREE_POLLS_PER_CLOCK_READ != 0) {
            return -1;
        }
        long now = System.nanoTime();
        if (freePolls == FREE_POLLS_PER_CLOCK_READ) {
            freeSince = now;
            return -1;
        }
        if (now - freeSince < freeScanAfterNanos) {
            return -1;
        }
        freeSince = now;
        // An idle tailer at a true end would otherwise read the rest of its cycle once per claim
        // timeout: after each scan that finds nothing the next waits twice as long, up to
        // MAX_FREE_SCAN_BACKOFF timeouts, so idling costs one scan in about a minute at the default.
        freeScanAfterNanos = Math.min(freeScanAfterNanos * 2, claimTimeoutNanos * MAX_FREE_SCAN_BACKOFF);
        return freeHeader.writtenPast(position);
    }

    /**
     * Moves past the bad record start at {@code bad} to the first good index slot after it, or
     * marks the rest of the cycle skipped when no such slot is written yet (then reading goes on
     * in the next cycle). {@return what was done, for the exception's message}
     */
    private String resumeAfter(CycleFile current, int bad) {
        int spacing = current.indexSpacing();
        // Slot 0 is the data start, unchecked: it never leads past a bad position.
        for (int slot = Math.max(1, (sequence + spacing - 1) / spacing); slot < current.indexSlots(); slot++) {
            int at = current.indexedPosition(slot);
            // A slot's record is checked (its sequence is the slot's), so one at the bad position
            // itself is that record: only the sequence the tailer counted there was wrong.
            if (at >= bad) {
                position = at;
                sequence = slot * spacing;
                return "reading goes on at index slot " + slot + ", record "
                        + Long.toHexString(Journal.index(current.number(), sequence));
            }
        }
        cycleBroken = true;
        return "no later index slot is written, so the rest of this cycle is skipped";
    }

    /**
     * Marks the claim at {@link #position} abandoned once it has been waited on for the claim
     * timeout, after checking it is a claim ({@link ClaimCheck}); a read-only tailer checks it
     * and goes on waiting, writing nothing. {@return true when the header changed (abandoned here,
     * or published meanwhile)}
     *
     * @throws WireException when the word is not a claim but a word inside a record a corrupted
     *         length led to: reading goes on as {@link #resumeAfter} says
     */
    private boolean abandonIfStale(CycleFile current, int header) {
        long now = System.nanoTime();
        if (stallPosition != position || stallCycle != current.number()) {
            stallPosition = position;
            stallCycle = current.number();
            stallSince = now;
            stallChecked = false;
            return false;
        }
        if (now - stallSince < claimTimeoutNanos) {
            return false;
        }
        if (!stallChecked) {
            String problem = ClaimCheck.problem(current, freeHeader, position, header, sequence);
            if (problem != null) {
                stallPosition = -1;
                throw notAClaim(current, header, problem);
            }
            stallChecked = true;
        }
        if (readOnly) {
            return false;
        }
        current.exchangeHeader(position, header, (header & ~NOT_COMPLETE) | ABANDONED);
        stallPosition = -1;
        return true;
    }

    /** {@return the report of a word that looks like a claim but is not one ({@code problem}); reading goes on past it} */
    private WireException notAClaim(CycleFile current, int header, String problem) {
        int at = position;
        return new WireException(journal.wireType().name(), at, "the claim of record " + Long.toHexString(
                Journal.index(current.number(), sequence)) + " in " + files.path(current.number()) + ", found 0x"
                + Integer.toHexString(header) + ", but " + problem + ": this is inside a record, whose length a"
                + " corruption changed; " + resumeAfter(current, at));
    }

    /** {@return the report of a zero word at {@link #position} with bytes {@code written} after it; reading goes on past it} */
    private WireException zeroWordInsideARecord(CycleFile current, int written) {
        int at = position;
        return new WireException(journal.wireType().name(), at, "a record header in " + files.path(current.number())
                + ", or a free one with nothing written after it, but found 0 with bytes written at " + written
                + ": this is inside a record, whose length a corruption lowered; " + resumeAfter(current, at));
    }

    /**
     * {@return the exception for a cycle file whose header is not a cycle's}
     *
     * @param then what this tailer does now, after "; "
     */
    private WireException notACycle(CycleHeaderException e, String then) {
        return new WireException(journal.wireType().name(), e.offset(), "a journal cycle in " + e.file()
                + ", but its header is not one (" + e.problem() + "); " + then, e);
    }

    /**
     * Moves to the next cycle: the next number once its file exists, else the lowest number listed
     * above it (a gap, which {@link CycleFiles#after} confirms with a second listing). A file
     * there that is not a cycle is a {@link WireException}, and the next call goes on after it.
     *
     * @return true when it moved
     */
    private boolean nextCycle() {
        long last = Math.max(cycle.number(), passedCycle);
        long next;
        if (Files.exists(passedCycle < 0 ? nextCyclePath : files.path(last + 1))) {
            next = last + 1;
        } else {
            long now = System.nanoTime();
            if (now - lastListing < LISTING_INTERVAL_NANOS) {
                return false;
            }
            lastListing = now;
            next = files.after(last);
            if (next < 0) {
                return false;
            }
        }
        CycleFile mapped;
        try {
            mapped = mapForReading(next);
        } catch (CycleHeaderException e) {
            passedCycle = next;
            throw notACycle(e, "reading goes on in the next cycle");
        }
        return enterIfMapped(mapped);
    }

    /** {@return the pending record's type index, checked to be one this tailer can read} */
    private int recordType() {
        int type = recordTypeIndex();
        if (type >= instances.length) {
            instances = Arrays.copyOf(instances, journal.metadata().typeCount());
            checked = Arrays.copyOf(checked, journal.metadata().typeCount());
        }
        if (!checked[type]) {
            JournalMetadata metadata = journal.metadata();
            journal.requireReadable(metadata, type);
            if (journal.newInstance(metadata.alias(type)) == null) {
                consume();
                throw new WireException(journal.wireType().name(), lastRecordOffset, "a message type of this"
                        + " process's TypeRegistry, but record " + Long.toHexString(recordIndex) + " is a '"
                        + metadata.alias(type) + "'");
            }
            checked[type] = true;
        }
        return type;
    }

    /**
     * {@return the pending record's type index, checked to be one the metadata names (read again
     * if need be), in a record long enough for its source when it is sourced}
     */
    private int recordTypeIndex() {
        int typeWord = cycle.buffer().getInt(recordPosition + TYPE_OFFSET);
        int type = typeWord & TYPE_INDEX_MASK;
        if ((typeWord & SOURCED) != 0 && (recordHeader & LENGTH_MASK) < MIN_SOURCED_LENGTH) {
            consume();
            throw new WireException(journal.wireType().name(), lastRecordOffset, "a record of at least "
                    + MIN_SOURCED_LENGTH + " bytes after its header, since its type word says it carries a source, in record "
                    + Long.toHexString(recordIndex) + ", but its length is " + (recordHeader & LENGTH_MASK));
        }
        JournalMetadata metadata = journal.metadata();
        if (type >= metadata.typeCount()) {
            metadata = journal.refreshMetadata();
        }
        if (type >= metadata.typeCount()) {
            consume();
            throw new WireException(journal.wireType().name(), lastRecordOffset, "a message type index below "
                    + metadata.typeCount() + " in record " + Long.toHexString(recordIndex) + ", but found " + type);
        }
        return type;
    }

    /** Moves past the pending record. */
    private void consume() {
        lastRecordOffset = recordPosition;
        lastIndex = recordIndex;
        ByteBuffer buffer = cycle.buffer();
        lastTime = buffer.getLong(recordPosition + TIME_OFFSET);
        int typeWord = buffer.getInt(recordPosition + TYPE_OFFSET);
        lastDocumentOffset = documentOffset(typeWord);
        // A length too short for a source is reported by recordTypeIndex, which consumes the
        // record first: nothing past the record's end is read here.
        if ((typeWord & SOURCED) != 0 && (recordHeader & LENGTH_MASK) >= MIN_SOURCED_LENGTH) {
            lastSourceStream = buffer.getInt(recordPosition + SOURCE_STREAM_OFFSET);
            lastSourcePosition = buffer.getLong(recordPosition + SOURCE_POSITION_OFFSET);
        } else {
            lastSourceStream = -1;
            lastSourcePosition = -1;
        }
        position = recordPosition + recordSize(recordHeader & LENGTH_MASK);
        sequence++;
        recordPosition = -1;
    }

    /** Checks and reads the pending record's document into {@code into}, consuming the record either way. */
    private void decode(Marshallable into) {
        int at = recordPosition;
        int length = recordHeader & LENGTH_MASK;
        ByteBuffer buffer = cycle.buffer();
        boolean checksummed = (recordHeader & CHECKSUMMED) != 0;
        consume();
        if (checksummed) {
            verifyChecksum(at, length);
        }
        int documentAt = at + lastDocumentOffset;
        document.readRegion(buffer, documentAt, at + HEADER_SIZE + length - documentAt);
        try {
            if (!wire.readDocument(into)) {
                throw new WireException(journal.wireType().name(), documentAt, "a document in record "
                        + Long.toHexString(lastIndex) + ", but it is empty");
            }
        } catch (WireException e) {
            throw new WireException(e.wire(), documentAt + Math.max(0, e.offset()), -1, -1, e.path(),
                    e.expected() + " (record " + Long.toHexString(lastIndex) + " in " + files.path(cycleOf(lastIndex))
                    + ")", e);
        }
    }

    /** Checks the CRC32C of the record at {@code at}, of body {@code length}, already consumed. */
    private void verifyChecksum(int at, int length) {
        crc.reset();
        checksumView.limit(at + SEQUENCE_OFFSET).position(at + CHECKSUM_FROM_OFFSET);
        crc.update(checksumView);
        checksumView.limit(at + HEADER_SIZE + length).position(at + CHECKSUM_RESUME_OFFSET);
        crc.update(checksumView);
        int expected = cycle.buffer().getInt(at + CHECKSUM_OFFSET);
        if ((int) crc.getValue() != expected) {
            throw new WireException(journal.wireType().name(), at, "a record whose CRC32C is 0x"
                    + Integer.toHexString(expected) + " (record " + Long.toHexString(lastIndex) + " in "
                    + files.path(cycleOf(lastIndex)) + "), but its bytes give 0x"
                    + Integer.toHexString((int) crc.getValue()));
        }
    }
}
