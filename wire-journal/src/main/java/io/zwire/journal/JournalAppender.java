package io.zwire.journal;

import io.zwire.Bytes;
import io.zwire.BytesCapacityException;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.journal.internal.CycleFile;
import io.zwire.journal.internal.CycleFiles;
import io.zwire.journal.internal.FreeHeaderCheck;
import io.zwire.journal.internal.RecordClock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.CRC32C;

import static io.zwire.journal.internal.JournalLayout.CHECKSUMMED;
import static io.zwire.journal.internal.JournalLayout.CHECKSUM_FROM_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CHECKSUM_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CHECKSUM_RESUME_OFFSET;
import static io.zwire.journal.internal.JournalLayout.DOCUMENT_OFFSET;
import static io.zwire.journal.internal.JournalLayout.HEADER_SIZE;
import static io.zwire.journal.internal.JournalLayout.LENGTH_MASK;
import static io.zwire.journal.internal.JournalLayout.NOT_COMPLETE;
import static io.zwire.journal.internal.JournalLayout.PADDING;
import static io.zwire.journal.internal.JournalLayout.SEQUENCE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.SOURCED;
import static io.zwire.journal.internal.JournalLayout.SOURCED_DOCUMENT_OFFSET;
import static io.zwire.journal.internal.JournalLayout.SOURCE_POSITION_OFFSET;
import static io.zwire.journal.internal.JournalLayout.SOURCE_STREAM_OFFSET;
import static io.zwire.journal.internal.JournalLayout.TIME_OFFSET;
import static io.zwire.journal.internal.JournalLayout.TYPE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.align;
import static io.zwire.journal.internal.JournalLayout.dataStart;
import static io.zwire.journal.internal.JournalLayout.index;
import static io.zwire.journal.internal.JournalLayout.indexSlots;
import static io.zwire.journal.internal.JournalLayout.recordSize;

/**
 * Appends messages to a {@link Journal}, one record each; any number of appenders in any number
 * of threads and processes append to one journal safely (the claim protocol is drawn in
 * {@link io.zwire.journal.internal.JournalLayout}).
 *
 * <p>A message is first written into this appender's own buffer; the appender then claims a
 * record of exactly that length with one compare-and-set on the header at the end of the
 * journal, copies the record in, and publishes it with a second compare-and-set. So a claim is
 * held for the time of a copy, and other appenders skip a claimed record without waiting.
 *
 * <p>Each record carries the time it was written, in nanoseconds since the epoch
 * ({@link JournalTailer#time()}): a wall-clock reading taken when this appender is made plus
 * {@link System#nanoTime()} since, so an appender's times never go back but do not follow steps
 * of the wall clock made after it was made. The same time decides whether the record ends its
 * cycle by time ({@code rollEvery}): one clock read per record, and a record's time always lies
 * within its cycle's time span as its appender counts it.
 *
 * <p>Not thread-safe: one appender per thread. Nothing is allocated per message once the
 * message's type has been appended once and the buffer has grown to the largest message (a
 * larger one grows it, which allocates); rolling to a new cycle allocates (the mapping, and the
 * file when this appender creates it).
 *
 * <p>A new appender, and one that rolls, finds the cycle's end by walking from its last good
 * index slot, checking each published record's sequence, and compares the rest of the cycle with
 * zeros (some milliseconds for a 64 MiB cycle). When a corrupted length or index slot leads it
 * inside a record, it appends in the next cycle instead of claiming inside a published record.
 */
public final class JournalAppender implements AutoCloseable {
    /** The encoding buffer's first size; it grows by doubling up to the largest record a cycle holds. */
    private static final int INITIAL_BUFFER = 4096;
    /**
     * Rolls an append may make for reasons of its own (a cycle full, past its roll time, truncated
     * or corrupt) before it gives up: each is to a cycle with room, so one or two suffice. Moving
     * on from a cycle ended where this appender would claim (a padding header, which another
     * appender wrote, or a corruption) is counted only against {@link #MAX_MOVES}: an appender
     * that keeps arriving late at the newest cycle, under rolls every millisecond, is slow, not
     * stuck, and catches up, since a roll goes straight to the newest number claimed.
     */
    private static final int MAX_ROLLS = 64;
    /**
     * Cycles an append may move through in all before it gives up: the bound on moving on from
     * cycles ended under it, which a peer whose clock runs ahead of the others' (its records'
     * times past every new cycle's roll time) could make endless.
     */
    private static final int MAX_MOVES = 4096;
    /** Appends of one message whose claims were all abandoned before it gives up. */
    private static final int MAX_ABANDONED_CLAIMS = 16;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final Journal journal;
    private final JournalConfig config;
    private final CycleFiles files;
    private final CRC32C crc = new CRC32C();
    private final RecordClock clock = new RecordClock();
    private final FreeHeaderCheck freeHeader = new FreeHeaderCheck();
    private byte[] record;
    private Bytes recordBytes;
    private Wire wire;
    private CycleFile cycle;
    /** The next header this appender has not seen claimed, in {@link #cycle}. */
    private int position;
    /** The time stamped on the record being appended, in epoch milliseconds: what its roll check reads. */
    private long recordMillis;
    /** The sequence of the record at {@link #position}. */
    private int sequence;
    /**
     * True when {@link #moveTo} landed inside a record of {@link #cycle} (a corrupted length or
     * index slot), so its end cannot be told: appending goes on in the next cycle.
     */
    private boolean endLost;
    private boolean closed;
    /**
     * Runs between a claim and its publish: null, but in the test that pauses a writer there for
     * longer than the claim timeout, which no thread can be made to do at a chosen moment otherwise.
     */
    Runnable afterClaim;
    /**
     * Runs when a roll has chosen its next cycle and not yet moved to it: null, but in the test
     * that has another appender roll twice there, a race no thread can be made to lose otherwise.
     */
    Runnable beforeRoll;
    /** Cycles the append under way has moved through ({@link #MAX_MOVES}). */
    private int movesThisAppend;

    JournalAppender(Journal journal) {
        this.journal = journal;
        this.config = journal.config();
        this.files = journal.files();
        newBuffer(INITIAL_BUFFER);
        long latest = files.latest();
        moveTo(latest < 0 ? 0 : latest);
    }

    /**
     * Appends {@code message} as one record and returns its index. Does not block on other
     * appenders (it skips their claims); allocates nothing per message in steady state (see the
     * class comment).
     *
     * @param message an instance of one of the configuration's message types
     * @return the record's index ({@link Journal#index(long, int)}): larger than every index this
     *         appender returned before
     * @throws IllegalArgumentException if the message's class is not a message type of the
     *         configuration, or the message is larger than a cycle holds
     * @throws IllegalStateException if this appender is closed, or the message's write method is
     *         wrong (as {@link Wire#writeDocument} says); or if no record could be claimed: the
     *         next cycle number is past the last an index holds (a corrupt cycle counter says
     *         so), 64 rolls of its own or 4096 in all found no room, or 16 claims in a row were
     *         abandoned (a claim timeout shorter than this appender's pauses); nothing is appended
     * @throws UncheckedIOException if a new cycle cannot be created or mapped (a full disk): the
     *         message is not appended and the journal is as it was
     */
    public long append(Marshallable message) {
        int length = encode(message, messageType(message), DOCUMENT_OFFSET);
        return claimUntilPublished(length);
    }

    /**
     * Appends {@code message} as one record that also carries where it was copied from: position
     * {@code sourcePosition} of stream {@code sourceStream} of another log (a Kafka partition and
     * offset, for a bridge). The source is published in the same record as the message, so the
     * record and its source are both in the journal or neither is: {@link Journal#lastSourcePosition}
     * finds, after a crash, the last one that is. A tailer gives it with
     * {@link JournalTailer#sourcePosition()}. The record takes 16 bytes more than one
     * {@link #append(Marshallable)} writes. Otherwise as {@link #append(Marshallable)}: does not
     * block on other appenders, allocates nothing per message in steady state.
     *
     * @param message        an instance of one of the configuration's message types
     * @param sourceStream   the stream of the source log, 0 or more
     * @param sourcePosition the message's position in that stream, 0 or more
     * @return the record's index, as {@link #append(Marshallable)}
     * @throws IllegalArgumentException if the stream or position is negative, or as
     *         {@link #append(Marshallable)}
     * @throws IllegalStateException as {@link #append(Marshallable)}
     * @throws UncheckedIOException as {@link #append(Marshallable)}
     */
    public long append(Marshallable message, int sourceStream, long sourcePosition) {
        if (sourceStream < 0 || sourcePosition < 0) {
            throw new IllegalArgumentException("a source stream and position of 0 or more, but found stream "
                    + sourceStream + " and position " + sourcePosition);
        }
        int length = encode(message, messageType(message) | SOURCED, SOURCED_DOCUMENT_OFFSET);
        recordBytes.writeInt32At(SOURCE_STREAM_OFFSET, sourceStream);
        recordBytes.writeInt32At(SOURCE_STREAM_OFFSET + Integer.BYTES, 0);
        recordBytes.writeInt64At(SOURCE_POSITION_OFFSET, sourcePosition);
        writeChecksum(length);
        return claimUntilPublished(length);
    }

    /** {@return the index in the metadata of {@code message}'s type} Throws as {@link #append(Marshallable)}. */
    private int messageType(Marshallable message) {
        if (closed) {
            throw new IllegalStateException("this appender is closed");
        }
        int type = journal.typeIndex(message.getClass());
        if (type < 0) {
            throw new IllegalArgumentException(message.getClass().getName()
                    + " is not a message type of this journal's configuration (a Marshallable in its TypeRegistry)");
        }
        return type;
    }

    /** Claims, copies and publishes the record encoded in {@link #record}; {@return its index} */
    private long claimUntilPublished(int length) {
        for (int attempt = 0; attempt < MAX_ABANDONED_CLAIMS; attempt++) {
            long index = claimCopyAndPublish(length);
            if (index >= 0) {
                return index;
            }
        }
        throw new IllegalStateException(MAX_ABANDONED_CLAIMS + " claims in a row were marked abandoned before this appender"
                + " published them: the claim timeout (" + config.claimTimeoutNanos() + " ns) is shorter than its pauses");
    }

    /**
     * Writes the record's body (time, type word, document at {@code documentOffset}) after its
     * header in {@link #record}, and its checksum when the document follows the sequence at once
     * (a sourced record's is written once its source is); {@return the body's length}
     */
    private int encode(Marshallable message, int typeWord, int documentOffset) {
        while (true) {
            recordBytes.clear().writePosition(documentOffset);
            try {
                wire.writeDocument(message);
                break;
            } catch (BytesCapacityException e) {
                int largest = largestRecord();
                if (record.length >= largest) {
                    throw new IllegalArgumentException("a " + message.getClass().getName() + " takes more than the "
                            + largest + " bytes a record of a " + config.cycleSize() + "-byte cycle holds", e);
                }
                newBuffer((int) Math.min((long) record.length * 2, largest));
            }
        }
        int end = recordBytes.writePosition();
        long nanos = clock.nanos();
        recordBytes.writeInt64At(TIME_OFFSET, nanos);
        recordMillis = nanos / NANOS_PER_MILLI;
        recordBytes.writeInt32At(TYPE_OFFSET, typeWord);
        int length = end - HEADER_SIZE;
        if (documentOffset == DOCUMENT_OFFSET) {
            writeChecksum(length);
        }
        return length;
    }

    /** Writes the CRC32C of the encoded record of body {@code length}, or 0 without checksums. */
    private void writeChecksum(int length) {
        int checksum = 0;
        if (config.checksums()) {
            crc.reset();
            crc.update(record, CHECKSUM_FROM_OFFSET, SEQUENCE_OFFSET - CHECKSUM_FROM_OFFSET);
            crc.update(record, CHECKSUM_RESUME_OFFSET, HEADER_SIZE + length - CHECKSUM_RESUME_OFFSET);
            checksum = (int) crc.getValue();
        }
        recordBytes.writeInt32At(CHECKSUM_OFFSET, checksum);
    }

    private int largestRecord() {
        return align(config.cycleSize()) - dataStart(indexSlots(config.cycleSize(), config.indexSpacing()));
    }

    private void newBuffer(int size) {
        record = new byte[size];
        recordBytes = Bytes.wrap(record);
        wire = config.wire().apply(recordBytes, config.options());
    }

    /** {@return the index of the published record, or -1 when a tailer marked the claim abandoned first} */
    private long claimCopyAndPublish(int length) {
        int flags = config.checksums() ? CHECKSUMMED : 0;
        int size = recordSize(length);
        if (size > largestRecord()) {
            throw new IllegalArgumentException("a record of " + size + " bytes does not fit a cycle of " + config.cycleSize());
        }
        int claim = NOT_COMPLETE | flags | length;
        movesThisAppend = 0;
        for (int rolls = 0; rolls < MAX_ROLLS && movesThisAppend < MAX_MOVES; ) {
            CycleFile current = cycle;
            boolean full = position + size > current.mappedSize();
            if (full || endLost || current.isTruncated() || recordMillis >= current.rollAtMillis()) {
                if (endCycle(current)) {
                    rolls++;
                }
                continue;
            }
            int witness = current.exchangeHeader(position, 0, claim);
            if (witness != 0) {
                if (!skip(current, witness) && !endedByAnother(witness)) {
                    rolls++;
                }
                continue;
            }
            recordBytes.writeInt32At(SEQUENCE_OFFSET, sequence);
            current.buffer().put(position + HEADER_SIZE, record, HEADER_SIZE, length);
            current.index(sequence, position);
            if (afterClaim != null) {
                afterClaim.run();
            }
            int published = current.exchangeHeader(position, claim, flags | length);
            long index = index(current.number(), sequence);
            position += size;
            sequence++;
            return published == claim ? index : -1;
        }
        throw new IllegalStateException("rolled through " + movesThisAppend + " cycles without finding room for one"
                + " record (at most " + MAX_ROLLS + " rolls of its own, " + MAX_MOVES + " in all)");
    }

    /**
     * Ends {@code current} with a padding record at {@link #position} and moves to the next cycle;
     * when another appender claimed that header first, steps over its record instead.
     *
     * @return true when this appender moved to another cycle for a reason of its own (see
     *         {@link #MAX_ROLLS}), false when it stayed or moved on from a cycle another appender ended
     */
    private boolean endCycle(CycleFile current) {
        if (endLost || current.isTruncated() || position + HEADER_SIZE > current.mappedSize()) {
            roll(current);
            return true;
        }
        int witness = current.exchangeHeader(position, 0, current.paddingHeader(position));
        if (witness == 0) {
            roll(current);
            return true;
        }
        return !skip(current, witness) && !endedByAnother(witness);
    }

    /** {@return true when {@code header}, met where this appender would claim, is the padding another appender ended the cycle with} */
    private static boolean endedByAnother(int header) {
        return (header & PADDING) != 0;
    }

    /**
     * Steps over the record whose header is {@code header}, or rolls when it is the cycle's end, a
     * header no appender writes, or a published record that is not the one of the sequence this
     * appender counted (a corrupted cycle: appending goes on in the next one, never inside a record).
     *
     * @return true when this appender stayed in {@code current}
     */
    private boolean skip(CycleFile current, int header) {
        int length = header & LENGTH_MASK;
        if ((header & PADDING) != 0 || !current.startsRecord(position, header, sequence)) {
            roll(current);
            return false;
        }
        position += recordSize(length);
        sequence++;
        return true;
    }

    /**
     * Moves to the cycle after {@code current}, or to the newest number claimed when other
     * appenders are already past it (one read of the cycle counter: listing the directory instead
     * costs each roll time that grows with the cycles kept); the journal never hands out a cycle
     * retention deleted ({@link Journal#cycleForAppending}).
     */
    private void roll(CycleFile current) {
        movesThisAppend++;
        long next = Math.max(current.number() + 1, journal.highestCycleClaimed());
        if (beforeRoll != null) {
            beforeRoll.run();
        }
        moveTo(next);
        if (config.retainCycles() > 0) {
            files.deleteBelow(cycle.number() - config.retainCycles() + 1);
        }
    }

    /**
     * Maps (creating it if need be) cycle {@code number} and finds its end by walking from the
     * last good index slot. Allocates (the mapping) and reads up to the rest of the cycle.
     */
    private void moveTo(long number) {
        CycleFile mapped;
        try {
            mapped = journal.cycleForAppending(number);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int slot = mapped.lastIndexedSlot();
        CycleFile left = cycle;
        cycle = mapped;
        if (left != null) {
            journal.mappings().release(left);
        }
        freeHeader.bind(mapped);
        position = mapped.indexedPosition(slot);
        sequence = slot * mapped.indexSpacing();
        endLost = !walkToEnd(mapped, slot > 0);
    }

    /**
     * Steps from {@link #position} over the records already there to the first free header (or
     * the padding, or the cycle's end), checking each published record's sequence.
     *
     * @param fromAnIndexSlot whether the walk starts at an index slot past the cycle's first record
     * @return false when the walk lands inside a record (a corrupted length or sequence), where a
     *         claim would overwrite a published record: the cycle's end cannot be told
     */
    private boolean walkToEnd(CycleFile current, boolean fromAnIndexSlot) {
        // A free header met at a cycle's first record, before any record was stepped over, is a
        // new cycle's (or an empty one's): no length can have led there, and scanning the rest of
        // the cycle would stall every roll for milliseconds. Anywhere else the scan tells it from
        // a zero word inside a record.
        boolean scan = fromAnIndexSlot;
        while (position + HEADER_SIZE <= current.mappedSize()) {
            int header = current.headerAcquire(position);
            if (header == 0) {
                if (scan && freeHeader.writtenPast(position) >= 0) {
                    return false;
                }
                if (current.headerAcquire(position) == 0) {
                    return true;
                }
                continue;
            }
            if ((header & PADDING) != 0) {
                return true;
            }
            if (!current.startsRecord(position, header, sequence)) {
                return false;
            }
            position += recordSize(header & LENGTH_MASK);
            sequence++;
            scan = true;
        }
        return true;
    }

    /**
     * Leaves this appender's cycle (the last user of a cycle drops its mapping: unmapped at once on
     * JDK 22 and later, when the buffer is collected on earlier JDKs, see {@link Journal}); appending afterwards throws. The journal's last appender to close stops
     * the thread that prepares cycles, and waits for it. Idempotent; allocates nothing.
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
        freeHeader.release();
        journal.appenderClosed();
    }
}
