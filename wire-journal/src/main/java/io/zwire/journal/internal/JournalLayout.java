package io.zwire.journal.internal;

/**
 * The journal's on-disk layout, drawn once. All numbers are little-endian.
 *
 * <p>A journal is a directory: {@value #METADATA_FILE} (the wire and the message types) and one
 * file per cycle, named {@code <cycle number, 10 digits>}{@value #CYCLE_SUFFIX} so the names sort
 * in cycle order; a process that prepares cycles ahead keeps one more file,
 * {@code <pid>-<n>}{@value #STAGED_SUFFIX}, written and mapped before its number is known, and
 * links it to a cycle's name when an appender rolls. A record's index is
 * {@code cycle << 32 | sequence}, the sequence counting the cycle's records from 0 (abandoned
 * ones included, padding excluded).
 *
 * <pre>
 * cycle file (CYCLE_SIZE bytes, every block written before it is mapped)
 *   0  MAGIC            int64  "ZWJCYCLE"
 *   8  VERSION          int32  CYCLE_VERSION (4: records carry a TIME, their SEQUENCE, and may carry a SOURCE); a cycle of another version is refused
 *  12  CYCLE_SIZE       int32  the file's length
 *  16  CYCLE_NUMBER     int64
 *  24  CREATED_MILLIS   int64  wall clock at creation
 *  32  ROLL_AT_MILLIS   int64  the first append at or after this time ends the cycle (Long.MAX_VALUE: never)
 *  40  INDEX_SPACING    int32  a power of two: slot k holds the position of the record of sequence k * spacing
 *  44  INDEX_SLOTS      int32
 *  48  reserved to 64
 *  64  INDEX            int32[INDEX_SLOTS], 0 until that record is claimed
 *  DATA_START = align8(64 + 4 * INDEX_SLOTS): records, each 8-byte aligned, to CYCLE_SIZE
 *
 * record (8-byte aligned)
 *   0  HEADER    int32  flags (bits 31..28) | length (bits 27..0: the bytes after the header)
 *   4  CHECKSUM  int32  CRC32C of [TIME, SEQUENCE) then [24, end of document) when CHECKSUMMED, else 0
 *   8  TIME      int64  nanoseconds since 1970-01-01T00:00Z when the appender wrote the record
 *  16  TYPE      int32  SOURCED (bit 31) | the message type's index in the metadata (bits 30..0)
 *  20  SEQUENCE  int32  the record's sequence in its cycle, written with the body after the claim
 *  without SOURCED:
 *  24  DOCUMENT         one document on the journal's wire, length - 20 bytes
 *  with SOURCED (a record copied from another log, e.g. by a bridge from a Kafka topic):
 *  24  SOURCE_STREAM    int32  which stream of the source (a bridge's partition), 0 or more
 *  28  reserved         int32  0
 *  32  SOURCE_POSITION  int64  the record's position in that stream (a Kafka offset), 0 or more
 *  40  DOCUMENT         one document on the journal's wire, length - 36 bytes
 *      padding to the next multiple of 8
 *
 * TIME comes from the appender's RecordClock: a wall-clock reading taken when the appender starts
 * plus System.nanoTime() since, so it grows monotonically per appender but does not follow
 * wall-clock steps (or NTP slewing) made after that appender started.
 *
 * SOURCE is written in the same record as the document and so published with it by the same
 * release: a copy that restarts finds, in the journal itself, the last position it copied
 * ({@code Journal.lastSourcePosition}), with no second file to keep in step. Only sourced records
 * pay its 16 bytes; the TYPE flag, not a header flag, marks them, since all four header flag bits
 * are taken and the length needs the rest.
 *
 * SEQUENCE tells a record's start from a position inside a record, which a corrupted length or
 * index slot can lead to: a reader checks it against its count of the cycle's records, and an
 * index slot against the slot's sequence. The checksum leaves it out, since an appender computes
 * the checksum before it claims and learns the sequence only with the claim.
 *
 * The end of what is published is the first free (0) header at a record's start; since appenders
 * claim headers in order, nothing after it is written yet. A free header with written bytes after
 * it is therefore not a record's start but a word inside a record.
 *
 * header flags
 *   NOT_COMPLETE  claimed by an appender, body not yet published
 *   PADDING       the cycle ends here: readers and appenders go on in the next cycle
 *   ABANDONED     a claim not published within the claim timeout: skipped by every reader
 *   CHECKSUMMED   CHECKSUM holds the body's CRC32C
 *
 * cycle counter file (COUNTER_FILE, created once, then changed only by compare-and-set)
 *   0  COUNTER_MAGIC    int64  "ZWJCYCNT"
 *   8  HIGHEST_CLAIMED  int64  the highest cycle number an appender has claimed: only grows, and a
 *                              cycle is created only by the appender whose claim raised it, or, when
 *                              its file has not come within the claim timeout, by an appender that
 *                              waited for it, as an ENDED CYCLE: so a number claimed gets its file
 *                              once an appender rolls to it, in number order
 *
 * ended cycle (made in place of a claim whose file never came; holds no record)
 *   a cycle file of ENDED_CYCLE_SIZE bytes whose first record header, at DATA_START, is the padding
 *
 * metadata file (written whole to a temporary file, then moved over the old one)
 *   0  MAGIC        int64  "ZWJMETA1"
 *   8  WIRE         int32  WireType.code()
 *  12  TYPE_COUNT   int32
 *  16  TYPE_COUNT times: FINGERPRINT int64, ALIAS_LENGTH int16, ALIAS UTF-8
 * </pre>
 *
 * <p>A header is 0 until an appender claims it with one compare-and-set ({@code 0 -> NOT_COMPLETE
 * | length}); the appender then writes the body and publishes with a second compare-and-set
 * ({@code NOT_COMPLETE | length -> length}), which is a release. Claims carry their length, so
 * other appenders skip a claimed record at once and never wait for it. A tailer reads a header
 * with an acquire load and reads the body only once it is published; a claim left unpublished
 * for longer than the claim timeout (its writer died, or stalled) is marked ABANDONED by the
 * tailer that waited, with a compare-and-set, so exactly one of the writer's publish and the
 * tailer's abandon wins; a writer whose publish lost appends its message again.
 */
public final class JournalLayout {
    /** Name of the metadata file in the journal's directory. */
    public static final String METADATA_FILE = "metadata.zwj";
    /** Suffix of a cycle file's name. */
    public static final String CYCLE_SUFFIX = ".cycle";
    /**
     * Suffix of a file a process prepared for its next cycle before the cycle's number is known
     * ({@code <pid>-<n>.staged}): linked to the cycle's name when an appender rolls to it.
     */
    public static final String STAGED_SUFFIX = ".staged";
    /** Digits of the cycle number in a cycle file's name. */
    public static final int CYCLE_NAME_DIGITS = 10;
    /**
     * The highest cycle number: up to it a record's index ({@code cycle << 32 | sequence}) stays
     * positive, so no index is -1 or sorts before another cycle's. A file named above it is not a
     * cycle's, and an appender refuses to roll past it.
     */
    public static final long MAX_CYCLE_NUMBER = Integer.MAX_VALUE;

    /** "ZWJCYCLE", little-endian. */
    public static final long CYCLE_MAGIC = 0x454C_4359_434A_575AL;
    /** The cycle layout's version. */
    public static final int CYCLE_VERSION = 4;
    /** Offset of the cycle file's magic. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the layout version. */
    public static final int VERSION_OFFSET = 8;
    /** Offset of the cycle file's length. */
    public static final int CYCLE_SIZE_OFFSET = 12;
    /** Offset of the cycle number. */
    public static final int CYCLE_NUMBER_OFFSET = 16;
    /** Offset of the creation time. */
    public static final int CREATED_MILLIS_OFFSET = 24;
    /** Offset of the time at or after which the next append ends the cycle. */
    public static final int ROLL_AT_MILLIS_OFFSET = 32;
    /** Offset of the sparse index's spacing. */
    public static final int INDEX_SPACING_OFFSET = 40;
    /** Offset of the number of index slots. */
    public static final int INDEX_SLOTS_OFFSET = 44;
    /** Offset of the first index slot. */
    public static final int INDEX_OFFSET = 64;
    /** Bytes of one index slot. */
    public static final int INDEX_SLOT_SIZE = 4;

    /** Records start and end on multiples of this. */
    public static final int RECORD_ALIGNMENT = 8;
    /** Bytes of a record header. */
    public static final int HEADER_SIZE = 4;
    /** Offset in a record of its checksum. */
    public static final int CHECKSUM_OFFSET = 4;
    /** Offset in a record of the time it was written, in nanoseconds since the epoch. */
    public static final int TIME_OFFSET = 8;
    /** Where the first run of bytes the checksum covers starts: time and type, up to the sequence. */
    public static final int CHECKSUM_FROM_OFFSET = TIME_OFFSET;
    /** Offset in a record of its TYPE word: the {@link #SOURCED} flag and the message type's index. */
    public static final int TYPE_OFFSET = 16;
    /** TYPE flag: a SOURCE (stream and position) precedes the document. */
    public static final int SOURCED = 1 << 31;
    /** The TYPE word's bits holding the message type's index in the metadata. */
    public static final int TYPE_INDEX_MASK = ~SOURCED;
    /** Offset in a record of its sequence in its cycle; the checksum's first run ends here. */
    public static final int SEQUENCE_OFFSET = 20;
    /** Offset in a record of the checksum's second run: what follows the sequence, to the document's end. */
    public static final int CHECKSUM_RESUME_OFFSET = SEQUENCE_OFFSET + Integer.BYTES;
    /**
     * Offset in a record without a source of its document: 8-byte aligned, so a RAW document's
     * int64 fields are aligned in the mapping.
     */
    public static final int DOCUMENT_OFFSET = CHECKSUM_RESUME_OFFSET;
    /** Offset in a sourced record of its source stream. */
    public static final int SOURCE_STREAM_OFFSET = CHECKSUM_RESUME_OFFSET;
    /** Offset in a sourced record of its position in the source stream. */
    public static final int SOURCE_POSITION_OFFSET = SOURCE_STREAM_OFFSET + 2 * Integer.BYTES;
    /** Offset in a sourced record of its document, 8-byte aligned as {@link #DOCUMENT_OFFSET}. */
    public static final int SOURCED_DOCUMENT_OFFSET = SOURCE_POSITION_OFFSET + Long.BYTES;
    /** The smallest record length (the bytes after the header): checksum, time, type and sequence. */
    public static final int MIN_LENGTH = DOCUMENT_OFFSET - HEADER_SIZE;
    /** The smallest length of a sourced record: a record's fixed fields and its source. */
    public static final int MIN_SOURCED_LENGTH = SOURCED_DOCUMENT_OFFSET - HEADER_SIZE;

    /** Header flag: claimed, not yet published. */
    public static final int NOT_COMPLETE = 1 << 31;
    /** Header flag: the cycle ends here. */
    public static final int PADDING = 1 << 30;
    /** Header flag: a claim that was never published; skipped. */
    public static final int ABANDONED = 1 << 29;
    /** Header flag: the checksum field holds the body's CRC32C. */
    public static final int CHECKSUMMED = 1 << 28;
    /** The header's length bits. */
    public static final int LENGTH_MASK = (1 << 28) - 1;

    /** The smallest cycle. */
    public static final int MIN_CYCLE_SIZE = 4096;
    /** Bytes of an ended cycle: the smallest cycle, since it holds only its padding. */
    public static final int ENDED_CYCLE_SIZE = MIN_CYCLE_SIZE;
    /** The largest cycle: a padding header must be able to state what it covers. */
    public static final int MAX_CYCLE_SIZE = LENGTH_MASK + 1;

    /** Name of the cycle counter file in the journal's directory. */
    public static final String COUNTER_FILE = "cycles.zwj";
    /** "ZWJCYCNT", little-endian. */
    public static final long COUNTER_MAGIC = 0x544E_4359_434A_575AL;
    /** Offset of the cycle counter file's magic. */
    public static final int COUNTER_MAGIC_OFFSET = 0;
    /** Offset of the highest cycle number claimed. */
    public static final int HIGHEST_CLAIMED_OFFSET = 8;
    /** Bytes of the cycle counter file. */
    public static final int COUNTER_FILE_SIZE = 16;

    /** "ZWJMETA1", little-endian. */
    public static final long METADATA_MAGIC = 0x3141_5445_4D4A_575AL;
    /** Offset of the metadata's magic. */
    public static final int METADATA_MAGIC_OFFSET = 0;
    /** Offset of the metadata's wire code. */
    public static final int METADATA_WIRE_OFFSET = 8;
    /** Offset of the metadata's type count. */
    public static final int METADATA_TYPE_COUNT_OFFSET = 12;
    /** Offset of the metadata's first type entry. */
    public static final int METADATA_TYPES_OFFSET = 16;
    /** Bytes of a metadata type entry before its alias: FINGERPRINT int64 and ALIAS_LENGTH int16. */
    public static final int METADATA_TYPE_ENTRY_FIXED = Long.BYTES + Short.BYTES;
    /** The longest alias a metadata type entry holds: ALIAS_LENGTH is an unsigned 16-bit number. */
    public static final int METADATA_MAX_ALIAS_BYTES = 0xFFFF;

    private JournalLayout() {
    }

    /** {@return the offset in its record of the document of a record whose TYPE word is {@code typeWord}} */
    public static int documentOffset(int typeWord) {
        return (typeWord & SOURCED) != 0 ? SOURCED_DOCUMENT_OFFSET : DOCUMENT_OFFSET;
    }

    /** {@return the bytes a record of body {@code length} takes, header and alignment included} */
    public static int recordSize(int length) {
        return align(HEADER_SIZE + length);
    }

    /** {@return {@code value} rounded up to the record alignment} */
    public static int align(int value) {
        return (value + RECORD_ALIGNMENT - 1) & -RECORD_ALIGNMENT;
    }

    /** {@return the number of index slots a cycle of {@code cycleSize} bytes needs at {@code spacing}} */
    public static int indexSlots(int cycleSize, int spacing) {
        int maxRecords = cycleSize / RECORD_ALIGNMENT / 2;
        return Math.max(1, (maxRecords + spacing - 1) / spacing);
    }

    /**
     * {@return the padding header an appender ends a cycle of {@code cycleSize} bytes with at
     * {@code position}: its length is the rest of the cycle, capped at {@link #LENGTH_MASK}}
     */
    public static int paddingHeader(int cycleSize, int position) {
        return PADDING | Math.min(cycleSize - position - HEADER_SIZE, LENGTH_MASK);
    }

    /** {@return where records start in a cycle with {@code slots} index slots} */
    public static int dataStart(int slots) {
        return align(INDEX_OFFSET + INDEX_SLOT_SIZE * slots);
    }

    /** {@return the index of the record of {@code sequence} in {@code cycle}} */
    public static long index(long cycle, int sequence) {
        return cycle << 32 | (sequence & 0xFFFF_FFFFL);
    }

    /** {@return the cycle of {@code index}} */
    public static long cycleOf(long index) {
        return index >>> 32;
    }

    /** {@return the sequence in its cycle of {@code index}} */
    public static int sequenceOf(long index) {
        return (int) index;
    }
}
