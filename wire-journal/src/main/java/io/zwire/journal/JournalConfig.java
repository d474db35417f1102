package io.zwire.journal;

import io.zwire.TypeRegistry;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;

import java.time.Duration;
import java.util.Objects;

/**
 * How a journal is opened: its wire and message types, and how this process rolls, indexes,
 * checks and keeps cycles. The wire and the types' aliases and fingerprints are recorded in the
 * journal when it is created; everything else is this process's choice, recorded per cycle where
 * readers need it (the cycle's size and index spacing), so processes with other settings share a
 * journal safely. Immutable; built once, allocates nothing after.
 *
 * <pre>{@code
 * JournalConfig config = JournalConfig.builder(WireType.BINARY, types)
 *         .cycleSize(64 << 20).rollEvery(Duration.ofHours(1)).retainCycles(24).checksums().build();
 * }</pre>
 */
public final class JournalConfig {
    /** The default cycle size: 64 MiB. */
    public static final int DEFAULT_CYCLE_SIZE = 64 << 20;
    /** The default spacing of the sparse index: one slot per this many records. */
    public static final int DEFAULT_INDEX_SPACING = 64;
    /** The default claim timeout. */
    public static final Duration DEFAULT_CLAIM_TIMEOUT = Duration.ofSeconds(1);
    /** The smallest cycle size accepted. */
    public static final int MIN_CYCLE_SIZE = JournalLayout.MIN_CYCLE_SIZE;

    private final WireType wire;
    private final WireOptions options;
    private final int cycleSize;
    private final long rollPeriodMillis;
    private final int indexSpacing;
    private final int retainCycles;
    private final boolean checksums;
    private final long claimTimeoutNanos;
    private final boolean prepareCyclesAhead;
    private final boolean readOnly;

    private JournalConfig(Builder builder) {
        this.wire = builder.wire;
        this.options = builder.options;
        this.cycleSize = builder.cycleSize;
        this.rollPeriodMillis = builder.rollPeriodMillis;
        this.indexSpacing = builder.indexSpacing;
        this.retainCycles = builder.retainCycles;
        this.checksums = builder.checksums;
        this.claimTimeoutNanos = builder.claimTimeoutNanos;
        this.prepareCyclesAhead = builder.prepareCyclesAhead;
        this.readOnly = builder.readOnly;
    }

    /**
     * A builder for a journal on {@code wire} whose message types are the {@link io.zwire.Marshallable}
     * types of {@code types} (a type registered with a {@link io.zwire.Marshaller} is not a message type).
     *
     * @param wire  the wire a new journal is created with; an existing journal must have been created with it
     * @param types the message types, by alias
     * @return a builder with the defaults
     */
    public static Builder builder(WireType wire, TypeRegistry types) {
        return new Builder(Objects.requireNonNull(wire, "wire"), Objects.requireNonNull(types, "types"));
    }

    /** {@return the journal's wire} */
    public WireType wire() {
        return wire;
    }

    /** {@return the wire options: the message types and the read limits} */
    public WireOptions options() {
        return options;
    }

    /** {@return the size in bytes of each new cycle file} */
    public int cycleSize() {
        return cycleSize;
    }

    /** {@return how long a new cycle takes appends, in milliseconds, or 0 for as long as it has room} */
    public long rollPeriodMillis() {
        return rollPeriodMillis;
    }

    /** {@return records between two slots of a new cycle's sparse index} */
    public int indexSpacing() {
        return indexSpacing;
    }

    /** {@return how many of the newest cycles an appender keeps when it rolls, or 0 for all} */
    public int retainCycles() {
        return retainCycles;
    }

    /** {@return true when this process's appenders write a CRC32C per record} */
    public boolean checksums() {
        return checksums;
    }

    /** {@return how long a tailer waits on a claimed, unpublished record before marking it abandoned} */
    public long claimTimeoutNanos() {
        return claimTimeoutNanos;
    }

    /**
     * {@return true when a thread of the journal's own prepares each next cycle (the default), false
     * when the appender that rolls creates it}
     */
    public boolean prepareCyclesAhead() {
        return prepareCyclesAhead;
    }

    /** {@return true when the journal is opened only to be read ({@link Builder#readOnly()})} */
    public boolean readOnly() {
        return readOnly;
    }

    /** Builds a {@link JournalConfig}. Not thread-safe. */
    public static final class Builder {
        private final WireType wire;
        private WireOptions options;
        private int cycleSize = DEFAULT_CYCLE_SIZE;
        private long rollPeriodMillis;
        private int indexSpacing = DEFAULT_INDEX_SPACING;
        private int retainCycles;
        private boolean checksums;
        private long claimTimeoutNanos = DEFAULT_CLAIM_TIMEOUT.toNanos();
        private boolean prepareCyclesAhead = true;
        private boolean readOnly;

        private Builder(WireType wire, TypeRegistry types) {
            this.wire = wire;
            this.options = WireOptions.defaults().withTypes(types);
        }

        /**
         * The size of each new cycle file: a record that does not fit in what is left of a cycle
         * ends it and goes into the next.
         *
         * @param bytes a multiple of 8 from {@link #MIN_CYCLE_SIZE} to 256 MiB
         * @return this
         * @throws IllegalArgumentException if out of range
         */
        public Builder cycleSize(int bytes) {
            if (bytes < MIN_CYCLE_SIZE || bytes > JournalLayout.MAX_CYCLE_SIZE || bytes % JournalLayout.RECORD_ALIGNMENT != 0) {
                throw new IllegalArgumentException("a cycle size is a multiple of " + JournalLayout.RECORD_ALIGNMENT + " from "
                        + MIN_CYCLE_SIZE + " to " + JournalLayout.MAX_CYCLE_SIZE + " bytes, not " + bytes);
            }
            this.cycleSize = bytes;
            return this;
        }

        /**
         * Ends each new cycle at the first append once {@code period} has passed since it was
         * created, as well as when it is full.
         *
         * @param period at least a millisecond
         * @return this
         * @throws IllegalArgumentException if shorter than a millisecond
         */
        public Builder rollEvery(Duration period) {
            if (period.toMillis() < 1) {
                throw new IllegalArgumentException("a roll period is at least 1 ms, not " + period);
            }
            this.rollPeriodMillis = period.toMillis();
            return this;
        }

        /**
         * One index slot per {@code records} records in each new cycle: {@link JournalTailer#moveToIndex}
         * walks at most that many records from a slot.
         *
         * @param records a power of two from 1 to 65536
         * @return this
         * @throws IllegalArgumentException otherwise
         */
        public Builder indexSpacing(int records) {
            if (records < 1 || records > 1 << 16 || Integer.bitCount(records) != 1) {
                throw new IllegalArgumentException("an index spacing is a power of two from 1 to 65536, not " + records);
            }
            this.indexSpacing = records;
            return this;
        }

        /**
         * When an appender of this process rolls, it deletes every cycle but the newest
         * {@code cycles}. A tailer still reading a deleted cycle reads it to its end.
         *
         * @param cycles at least 1
         * @return this
         * @throws IllegalArgumentException if below 1
         */
        public Builder retainCycles(int cycles) {
            if (cycles < 1) {
                throw new IllegalArgumentException("at least one cycle is retained, not " + cycles);
            }
            this.retainCycles = cycles;
            return this;
        }

        /**
         * This process's appenders write a CRC32C of each record's type and document, which every
         * tailer checks.
         *
         * @return this
         */
        public Builder checksums() {
            this.checksums = true;
            return this;
        }

        /**
         * How long a tailer waits on a claimed record that is not published before it marks the
         * claim abandoned and reads on. A writer that was only slow, not dead, then appends its
         * message again, later in the journal.
         *
         * @param timeout longer than any pause a live writer takes between claiming and publishing
         * @return this
         * @throws IllegalArgumentException if not positive
         */
        public Builder claimTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("a claim timeout is positive, not " + timeout);
            }
            this.claimTimeoutNanos = timeout.toNanos();
            return this;
        }

        /**
         * Starts no thread: the appender that rolls to a cycle this process creates writes its
         * every block and faults its pages in itself, about 0.1 s per 64 MiB on its own thread.
         * By default a journal with an appender open runs a daemon thread,
         * {@code zwire-journal-cycles <directory>}, that keeps the next cycle's file written and
         * mapped ahead of need (one cycle's size of disk, or of memory on tmpfs), so a roll only
         * links it; the thread ends when the journal's last appender closes, or at
         * {@link Journal#close()}.
         *
         * @return this
         */
        public Builder createCyclesOnAppendingThread() {
            this.prepareCyclesAhead = false;
            return this;
        }

        /**
         * Opens the journal only to read it, for a tool that inspects it: {@link Journal#open}
         * then creates, adds, prepares and deletes nothing (no directory, metadata entry, cycle
         * counter, cycle or staged file) and needs the journal to exist; cycles are mapped
         * read-only; {@link Journal#appender()} is refused; and its tailers never write: at a
         * claim left unpublished past the claim timeout they check it is one (a word a corrupted
         * length leads to is reported as elsewhere) and wait, where a read-write tailer marks it
         * abandoned. The message types are still those a tailer's {@link JournalTailer#read()} makes.
         *
         * @return this
         */
        public Builder readOnly() {
            this.readOnly = true;
            return this;
        }

        /**
         * The wire options (read limits, text cache); their {@link WireOptions#types()} become the
         * message types, in place of the registry given to {@link JournalConfig#builder}.
         *
         * @param wireOptions the options
         * @return this
         */
        public Builder options(WireOptions wireOptions) {
            this.options = Objects.requireNonNull(wireOptions, "wireOptions");
            return this;
        }

        /** {@return the configuration} */
        public JournalConfig build() {
            return new JournalConfig(this);
        }
    }
}
