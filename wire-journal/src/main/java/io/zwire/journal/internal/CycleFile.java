package io.zwire.journal.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static io.zwire.journal.internal.JournalLayout.ABANDONED;
import static io.zwire.journal.internal.JournalLayout.CREATED_MILLIS_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CYCLE_MAGIC;
import static io.zwire.journal.internal.JournalLayout.CYCLE_NUMBER_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CYCLE_SIZE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.CYCLE_VERSION;
import static io.zwire.journal.internal.JournalLayout.HEADER_SIZE;
import static io.zwire.journal.internal.JournalLayout.INDEX_OFFSET;
import static io.zwire.journal.internal.JournalLayout.INDEX_SLOTS_OFFSET;
import static io.zwire.journal.internal.JournalLayout.INDEX_SLOT_SIZE;
import static io.zwire.journal.internal.JournalLayout.INDEX_SPACING_OFFSET;
import static io.zwire.journal.internal.JournalLayout.LENGTH_MASK;
import static io.zwire.journal.internal.JournalLayout.MAGIC_OFFSET;
import static io.zwire.journal.internal.JournalLayout.MAX_CYCLE_SIZE;
import static io.zwire.journal.internal.JournalLayout.MIN_LENGTH;
import static io.zwire.journal.internal.JournalLayout.NOT_COMPLETE;
import static io.zwire.journal.internal.JournalLayout.PADDING;
import static io.zwire.journal.internal.JournalLayout.RECORD_ALIGNMENT;
import static io.zwire.journal.internal.JournalLayout.ROLL_AT_MILLIS_OFFSET;
import static io.zwire.journal.internal.JournalLayout.SEQUENCE_OFFSET;
import static io.zwire.journal.internal.JournalLayout.VERSION_OFFSET;
import static io.zwire.journal.internal.JournalLayout.dataStart;
import static io.zwire.journal.internal.JournalLayout.indexSlots;
import static io.zwire.journal.internal.JournalLayout.recordSize;

/**
 * One cycle file, mapped read-write (read-only for a journal opened to be read only, whose
 * mapping then refuses every write): its header fields and atomic access to record headers and
 * index slots ({@link JournalLayout}). The file's channel is closed as soon as the mapping is made,
 * so a cycle holds no file handle; the mapping is released by {@link #unmap()} at once on JDK 22
 * and later, and on JDK 17 to 21 when the garbage collector frees its buffer ({@link CycleMapping}).
 *
 * <p>A mapping for appending faults every page in ({@link CycleMapping#load()}), so appends never
 * wait on a page fault; one a tailer makes faults each page when first read ({@link PageFaulting}).
 *
 * <p>A file shorter than its header declares (truncated) is mapped as far as it goes:
 * {@link #mappedSize()} is then below {@link #declaredSize()} and readers report the cut.
 * Appenders never write to such a cycle. Allocates only when mapped; accessors allocate nothing.
 *
 * <p>One object, and so one buffer, is shared by every appender and tailer of the process on the
 * cycle ({@link CycleMappings}): its buffer is read and written by absolute index only, and its
 * position and limit are never moved (a reader that needs them takes a duplicate).
 */
public final class CycleFile {
    /** What {@link #indexedPosition} returns for a slot that holds a position where its record is not. */
    public static final int BAD_SLOT = -1;
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final long number;
    private final CycleMapping mapping;
    private final ByteBuffer buffer;
    private final int mappedSize;
    private final int declaredSize;
    private final long rollAtMillis;
    private final int indexSpacing;
    private final int indexSlots;
    private final int dataStart;

    private CycleFile(long number, CycleMapping mapping, int mappedSize) {
        this.number = number;
        this.mapping = mapping;
        this.buffer = mapping.buffer();
        this.mappedSize = mappedSize;
        this.declaredSize = buffer.getInt(CYCLE_SIZE_OFFSET);
        this.rollAtMillis = buffer.getLong(ROLL_AT_MILLIS_OFFSET);
        this.indexSpacing = buffer.getInt(INDEX_SPACING_OFFSET);
        this.indexSlots = buffer.getInt(INDEX_SLOTS_OFFSET);
        this.dataStart = JournalLayout.dataStart(indexSlots);
    }

    /**
     * Maps the existing cycle file {@code file}. Allocates the mapping.
     *
     * @param file   the cycle file
     * @param number the cycle number its name gives
     * @param mode   {@link FileChannel.MapMode#READ_WRITE}, or {@link FileChannel.MapMode#READ_ONLY}
     *               for a journal opened to be read only (the file is then opened for reading only)
     * @param faulting when the mapping's pages are faulted in
     * @return the mapped cycle
     * @throws IOException if the file cannot be opened or mapped; a {@link CycleHeaderException}
     *                     if its header is not a cycle's (too short, wrong magic, version or number,
     *                     a size or index that does not fit), the mapping then unmapped
     */
    public static CycleFile map(Path file, long number, FileChannel.MapMode mode, PageFaulting faulting)
            throws IOException {
        CycleMapping mapping = mapFile(file, mode, faulting);
        try {
            return of(file, mapping, number);
        } catch (IOException e) {
            mapping.unmap();
            throw e;
        }
    }

    /**
     * Maps {@code file} read-write, as far as it goes, and faults every page in; allocates the
     * mapping and holds no file handle after.
     *
     * @param file a cycle file, or a new one not yet stamped with its number
     * @return the mapping, little-endian
     * @throws IOException if the file cannot be opened or mapped, or is shorter than a cycle header
     */
    static CycleMapping mapAndLoad(Path file) throws IOException {
        return mapFile(file, FileChannel.MapMode.READ_WRITE, PageFaulting.AT_MAPPING);
    }

    private static CycleMapping mapFile(Path file, FileChannel.MapMode mode, PageFaulting faulting) throws IOException {
        CycleMapping mapping;
        boolean writing = mode == FileChannel.MapMode.READ_WRITE;
        try (FileChannel channel = writing ? FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < INDEX_OFFSET) {
                throw new CycleHeaderException(file, (int) size, size + " bytes, shorter than a cycle header ("
                        + INDEX_OFFSET + ")");
            }
            // Never past the file's end: mapping beyond it would grow a sparse file whose blocks a
            // full disk could not supply, and touching them would crash the JVM (SIGBUS).
            mapping = CycleMapping.map(channel, mode, Math.min(size, MAX_CYCLE_SIZE));
        }
        // Faulting every page in now moves the cost of first touching a page from the records to
        // the moment the cycle is mapped, where it is cheaper per page and paid once per mapping,
        // on the cycle-preparing thread for a cycle this process creates (CyclePreparer), else by
        // the first user in this process to move to the cycle (figures, and the command that
        // measures them: docs/journal.md, "Page faults").
        try {
            if (faulting == PageFaulting.AT_MAPPING) {
                mapping.load();
            }
        } catch (RuntimeException | Error e) {
            mapping.unmap();
            throw e;
        }
        return mapping;
    }

    /**
     * The cycle {@code number} in a mapping {@link #mapAndLoad} made of {@code file}.
     *
     * @throws IOException if the mapping's header is not cycle {@code number}'s
     */
    static CycleFile of(Path file, CycleMapping mapping, long number) throws IOException {
        requireCycleHeader(file, mapping.buffer(), number);
        return new CycleFile(number, mapping, mapping.buffer().capacity());
    }

    private static void requireCycleHeader(Path file, ByteBuffer buffer, long number) throws CycleHeaderException {
        if (buffer.getLong(MAGIC_OFFSET) != CYCLE_MAGIC) {
            throw new CycleHeaderException(file, MAGIC_OFFSET, "wrong magic");
        }
        if (buffer.getInt(VERSION_OFFSET) != CYCLE_VERSION) {
            throw new CycleHeaderException(file, VERSION_OFFSET, "layout version " + buffer.getInt(VERSION_OFFSET)
                    + ", this build reads " + CYCLE_VERSION);
        }
        if (buffer.getLong(CYCLE_NUMBER_OFFSET) != number) {
            throw new CycleHeaderException(file, CYCLE_NUMBER_OFFSET, "its header names cycle "
                    + buffer.getLong(CYCLE_NUMBER_OFFSET) + ", its name " + number);
        }
        int size = buffer.getInt(CYCLE_SIZE_OFFSET);
        int spacing = buffer.getInt(INDEX_SPACING_OFFSET);
        int slots = buffer.getInt(INDEX_SLOTS_OFFSET);
        if (size <= INDEX_OFFSET || size > MAX_CYCLE_SIZE || size % RECORD_ALIGNMENT != 0
                || spacing <= 0 || Integer.bitCount(spacing) != 1 || slots <= 0
                || slots > (size - INDEX_OFFSET) / INDEX_SLOT_SIZE - MIN_LENGTH) {
            throw new CycleHeaderException(file, CYCLE_SIZE_OFFSET, "a size of " + size + " bytes with " + slots
                    + " index slots every " + spacing + " records");
        }
        // The slot count places the first record: another count than a cycle of this size and
        // spacing is made with would lead readers and appenders to a start inside the index.
        int made = JournalLayout.indexSlots(size, spacing);
        if (slots != made) {
            throw new CycleHeaderException(file, INDEX_SLOTS_OFFSET, slots + " index slots, where a cycle of " + size
                    + " bytes with a slot every " + spacing + " records has " + made);
        }
    }

    /**
     * Writes the part of a new cycle's header that does not depend on its number or its time
     * (magic, version, size, index) into {@code header}, from offset 0, for {@link CycleFiles}.
     *
     * @param header       a buffer of at least {@link JournalLayout#INDEX_OFFSET} bytes, little-endian
     * @param size         the file's length
     * @param indexSpacing records between index slots, a power of two
     */
    static void writeLayout(ByteBuffer header, int size, int indexSpacing) {
        header.putLong(MAGIC_OFFSET, CYCLE_MAGIC)
                .putInt(VERSION_OFFSET, CYCLE_VERSION)
                .putInt(CYCLE_SIZE_OFFSET, size)
                .putInt(INDEX_SPACING_OFFSET, indexSpacing)
                .putInt(INDEX_SLOTS_OFFSET, JournalLayout.indexSlots(size, indexSpacing));
    }

    /**
     * Writes a cycle's number and times into {@code header}, the rest of a header
     * {@link #writeLayout} began: done when the cycle is given its name, so a cycle prepared ahead
     * takes the number and roll time of the moment it is used.
     *
     * @param header        the cycle's first bytes, little-endian
     * @param number        the cycle number
     * @param createdMillis the creation time
     * @param rollAtMillis  the time at or after which the cycle ends, or {@link Long#MAX_VALUE}
     */
    static void writeIdentity(ByteBuffer header, long number, long createdMillis, long rollAtMillis) {
        header.putLong(CYCLE_NUMBER_OFFSET, number)
                .putLong(CREATED_MILLIS_OFFSET, createdMillis)
                .putLong(ROLL_AT_MILLIS_OFFSET, rollAtMillis);
    }

    /** {@return the cycle number} */
    public long number() {
        return number;
    }

    /**
     * {@return the mapped buffer: records are read from it in place} Once {@link #unmap()} has run
     * on JDK 22 or later, it and every view of it throw {@link IllegalStateException} on access.
     */
    public ByteBuffer buffer() {
        return buffer;
    }

    /**
     * Lets the mapping go: unmapped at once on JDK 22 and later, by the collector on earlier JDKs
     * ({@link CycleMapping#unmap()}). Only the last user of the cycle calls it
     * ({@link CycleMappings#release}). Idempotent; allocates nothing.
     */
    void unmap() {
        mapping.unmap();
    }

    /** {@return the bytes mapped: the file's length, below {@link #declaredSize()} when the file was truncated} */
    public int mappedSize() {
        return mappedSize;
    }

    /** {@return the length the cycle's header declares} */
    public int declaredSize() {
        return declaredSize;
    }

    /** {@return true when the file is shorter than its header declares} */
    public boolean isTruncated() {
        return mappedSize < declaredSize;
    }

    /** {@return the time at or after which the next append ends this cycle} */
    public long rollAtMillis() {
        return rollAtMillis;
    }

    /** {@return where the first record starts} */
    public int dataStart() {
        return dataStart;
    }

    /** {@return records between index slots} */
    public int indexSpacing() {
        return indexSpacing;
    }

    /**
     * {@return whether a record of {@code length} (a header's length bits) at {@code position} is
     * one an appender could have written here: at least {@link JournalLayout#MIN_LENGTH} bytes,
     * ending within the mapped bytes} A header that fails this is corrupt (a lying length).
     */
    public boolean holdsRecord(int position, int length) {
        return length >= MIN_LENGTH && position + recordSize(length) <= mappedSize;
    }

    /**
     * {@return the padding header an appender ends the cycle with at {@code position}: its length
     * is the rest of the mapped cycle (capped at {@link JournalLayout#LENGTH_MASK})} A header with
     * the padding flag and another length is corrupt: a flag set on a record mid-cycle, say.
     */
    public int paddingHeader(int position) {
        return JournalLayout.paddingHeader(mappedSize, position);
    }

    /** {@return the record header at {@code position}, read with acquire semantics} */
    public int headerAcquire(int position) {
        return (int) INT.getAcquire(buffer, position);
    }

    /**
     * Compares and sets the record header at {@code position}, with volatile semantics.
     *
     * @return the header that was there: {@code expected} when the exchange happened
     */
    public int exchangeHeader(int position, int expected, int next) {
        return (int) INT.compareAndExchange(buffer, position, expected, next);
    }

    /**
     * The position of the record of sequence {@code slot * spacing}, checked: 0 when that record
     * has not been claimed yet or the slot is past the index, {@link #BAD_SLOT} when the slot
     * holds a position where that record is not (a corrupted slot). Allocates nothing.
     *
     * <p>An appender writes a slot after the record's body, so the record found there must carry
     * the slot's sequence whether it is published, still claimed or abandoned; a slot pointing
     * inside the records at anything else would make a reader read the wrong record and an
     * appender claim inside a published one.
     */
    public int indexedPosition(int slot) {
        if (slot == 0) {
            return dataStart;
        }
        if (!slotMapped(slot)) {
            return 0;
        }
        int position = (int) INT.getAcquire(buffer, slotOffset(slot));
        if (position == 0) {
            return 0;
        }
        if (position < dataStart || position > mappedSize - MIN_LENGTH - HEADER_SIZE
                || position % RECORD_ALIGNMENT != 0) {
            return BAD_SLOT;
        }
        int header = headerAcquire(position);
        boolean record = header != 0 && (header & PADDING) == 0 && holdsRecord(position, header & LENGTH_MASK)
                && sequenceAt(position) == slot * indexSpacing;
        return record ? position : BAD_SLOT;
    }

    /** {@return the offset in the file of index slot {@code slot}} Allocates nothing. */
    public static int slotOffset(int slot) {
        return INDEX_OFFSET + slot * INDEX_SLOT_SIZE;
    }


    /**
     * {@return whether {@code header}, read at {@code position}, starts the record of
     * {@code sequence}: its length fits and, when it is published, its sequence field holds
     * {@code sequence} (a claim's or an abandoned record's body may be unwritten)} Allocates nothing.
     */
    public boolean startsRecord(int position, int header, int sequence) {
        return holdsRecord(position, header & LENGTH_MASK)
                && ((header & (NOT_COMPLETE | ABANDONED)) != 0 || sequenceAt(position) == sequence);
    }

    /**
     * {@return the sequence field of the record at {@code position}}: its sequence in the cycle
     * once its body is written, which the caller orders by an acquire load of its header (a
     * published record) or of the index slot pointing at it. Allocates nothing.
     */
    public int sequenceAt(int position) {
        return buffer.getInt(position + SEQUENCE_OFFSET);
    }

    /** {@return the number of index slots} */
    public int indexSlots() {
        return indexSlots;
    }

    /** Records {@code position} as the position of the record of sequence {@code sequence}, when an index slot is due. */
    public void index(int sequence, int position) {
        if ((sequence & (indexSpacing - 1)) == 0) {
            int slot = sequence / indexSpacing;
            if (slot > 0 && slotMapped(slot)) {
                INT.setRelease(buffer, slotOffset(slot), position);
            }
        }
    }

    /** {@return whether index slot {@code slot} exists and lies in the mapped bytes (a truncated file may end inside its index)} */
    private boolean slotMapped(int slot) {
        return slot < indexSlots && INDEX_OFFSET + (long) (slot + 1) * INDEX_SLOT_SIZE <= mappedSize;
    }

    /** {@return the last index slot that holds a good position (corrupted ones are passed over), found from the end; 0 at least} */
    public int lastIndexedSlot() {
        for (int slot = indexSlots - 1; slot > 0; slot--) {
            if (indexedPosition(slot) > 0) {
                return slot;
            }
        }
        return 0;
    }
}
