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
 *   8  VERSION          int32  CYCLE_VERSION (2: records carry a TIME); a cycle of another version is refused
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
 *   4  CHECKSUM  int32  CRC32C of [TIME, end of document) when CHECKSUMMED, else 0
 *   8  TIME      int64  nanoseconds since 1970-01-01T00:00Z when the appender wrote the record
 *  16  TYPE      int32  the message type's index in the metadata
 *  20  reserved  int32  0; keeps the document 8-byte aligned
 *  24  DOCUMENT  one document on the journal's wire, length - 20 bytes
 *      padding to the next multiple of 8
 *
 * TIME comes from the appender's RecordClock: a wall-clock reading taken when the appender starts
 * plus System.nanoTime() since, so it grows monotonically per appender but does not follow
 * wall-clock steps (or NTP slewing) made after that appender started.
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
 *                              cycle is created only by the appender whose claim raised it
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

    /** "ZWJCYCLE", little-endian. */
    public static final long CYCLE_MAGIC = 0x454C_4359_434A_575AL;
    /** The cycle layout's version. */
    public static final int CYCLE_VERSION = 2;
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
    /** Where the bytes the checksum covers start: time, type and document. */
    public static final int CHECKSUM_FROM_OFFSET = TIME_OFFSET;
    /** Offset in a record of its message type. */
    public static final int TYPE_OFFSET = 16;
    /** Offset in a record of four reserved bytes, 0. */
    public static final int RESERVED_OFFSET = 20;
    /**
     * Offset in a record of its document: 8-byte aligned, so a RAW document's int64 fields are
     * aligned in the mapping, for the price of the four reserved bytes before it.
     */
    public static final int DOCUMENT_OFFSET = 24;
    /** The smallest record length (the bytes after the header): checksum, time, type and reserved. */
    public static final int MIN_LENGTH = DOCUMENT_OFFSET - HEADER_SIZE;

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
