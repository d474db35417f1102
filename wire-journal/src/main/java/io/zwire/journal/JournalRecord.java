package io.zwire.journal;

import io.zwire.Bytes;

import io.zwire.journal.internal.CycleFiles;

import java.nio.file.Path;

/**
 * One record as a tool sees it, without the message's class: its index, time, message type
 * (alias and recorded schema fingerprint), flags and document bytes, filled by
 * {@link JournalTailer#readRecord(JournalRecord)}. For dumps, statistics and copies; a program
 * that reads messages uses {@link JournalTailer#read()}.
 *
 * <p>Reusable and mutable: each {@code readRecord} overwrites it, and {@link #document()} is a
 * view of the tailer's mapping, valid until that tailer reads again, moves or closes. Not
 * thread-safe. Filling it allocates nothing; {@link #cycleFile()} allocates.
 */
public final class JournalRecord {
    private final Bytes document = Bytes.region();
    private long index = -1;
    private long time;
    private int typeIndex;
    private String alias;
    private long fingerprint;
    private boolean checksummed;
    private int offset;
    private int size;
    private int sourceStream = -1;
    private long sourcePosition = -1;
    private CycleFiles files;

    /** An empty record, to pass to {@link JournalTailer#readRecord(JournalRecord)}. Allocates. */
    public JournalRecord() {
    }

    void fill(long recordIndex, long recordTime, int type, String typeAlias, long typeFingerprint,
              boolean hasChecksum, int recordOffset, int recordSize, CycleFiles cycleFiles) {
        this.index = recordIndex;
        this.time = recordTime;
        this.typeIndex = type;
        this.alias = typeAlias;
        this.fingerprint = typeFingerprint;
        this.checksummed = hasChecksum;
        this.offset = recordOffset;
        this.size = recordSize;
        this.files = cycleFiles;
    }

    void fillSource(int stream, long position) {
        this.sourceStream = stream;
        this.sourcePosition = position;
    }

    /** {@return the region {@link #document()} views, for the tailer to point at the document} */
    Bytes region() {
        return document;
    }

    /**
     * {@return the record's source stream, when its appender gave one
     * ({@link JournalAppender#append(io.zwire.Marshallable, int, long)}), else -1}
     */
    public int sourceStream() {
        return sourceStream;
    }

    /** {@return the record's position in its source stream, when its appender gave one, else -1} */
    public long sourcePosition() {
        return sourcePosition;
    }

    /** {@return the record's index ({@link Journal#index(long, int)}), or -1 before the first fill} */
    public long index() {
        return index;
    }

    /**
     * {@return when the record was written: nanoseconds since 1970-01-01T00:00Z, by its appender's
     * clock (see {@link JournalAppender})}
     */
    public long time() {
        return time;
    }

    /** {@return the message type's index in the journal's metadata} */
    public int typeIndex() {
        return typeIndex;
    }

    /** {@return the message type's alias, as the journal recorded it} */
    public String alias() {
        return alias;
    }

    /** {@return the schema fingerprint the journal recorded for the message type} */
    public long fingerprint() {
        return fingerprint;
    }

    /** {@return whether the record carries a CRC32C, which the tailer checked before filling this} */
    public boolean checksummed() {
        return checksummed;
    }

    /** {@return the record's offset in its cycle file (where its header is)} */
    public int offset() {
        return offset;
    }

    /** {@return the bytes the record takes in its cycle file: header, body and alignment padding} */
    public int size() {
        return size;
    }

    /** {@return the document's length in bytes} */
    public int documentLength() {
        return document.readRemaining();
    }

    /**
     * {@return the document on the journal's wire: a view of the mapping, read-only, from the
     * document's first byte (read position 0) to its end (the write position)} Valid until the
     * tailer that filled this record reads again, moves or is closed.
     */
    public Bytes document() {
        return document;
    }

    /** {@return the cycle file holding the record} Allocates the path. */
    public Path cycleFile() {
        return files.path(Journal.cycleOf(index));
    }
}
