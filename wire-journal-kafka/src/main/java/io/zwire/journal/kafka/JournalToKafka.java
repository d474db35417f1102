package io.zwire.journal.kafka;

import io.zwire.WireException;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalRecord;
import io.zwire.journal.JournalTailer;
import io.zwire.journal.WaitStrategy;
import io.zwire.kafka.ZwireHeaders;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TransactionAbortedException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * Tails a {@link Journal} into a Kafka topic, each record once across restarts of the bridge, a
 * crash included. Each journal record becomes one Kafka record: its document's bytes as they are
 * (no decode), the {@link ZwireHeaders} a {@link io.zwire.kafka.ZwireSerializer} writes (the
 * journal's wire, the type's alias and its recorded schema fingerprint), so a plain
 * {@link io.zwire.kafka.ZwireDeserializer} reads it, and the {@link JournalIndexHeader}; no key, so
 * the producer's partitioner spreads records over the partitions (one partition keeps the
 * journal's order for consumers; several keep it per partition).
 *
 * <pre>{@code
 * try (JournalToKafka bridge = JournalToKafka.builder(journal, "orders", "orders-bridge-1")
 *         .kafka(Map.of("bootstrap.servers", "broker:9092"))
 *         .build()) {                                        // resumes after what the topic holds
 *     while (running) {
 *         bridge.poll(Duration.ofMillis(100));               // copies, commits a batch when due
 *     }
 * }                                                         // commits the open batch
 * }</pre>
 *
 * <p><b>How no record is lost or repeated.</b> Records are produced in transactions of the
 * producer whose {@code transactional.id} the caller gives, one batch of journal records per
 * transaction, committed when it holds {@link Builder#batch(int, Duration) the batch's count} or
 * has been open for its time. A new bridge with the same transactional id fences the previous
 * one (its {@code initTransactions} aborts the transaction it left open), then reads each
 * partition's last committed records back ({@code read_committed}, in windows growing from the
 * partition's end, never below its log start, since transaction markers take offsets too) and
 * resumes after the highest journal index found: transactions commit whole and in journal
 * order, so every record up to that one is in the topic, and none after it. A topic that never
 * held a record starts at the journal's start, or at {@link Builder#startAt(long)}; one whose
 * records were all deleted (retention, on an idle topic) is refused unless
 * {@link Builder#startAt(long)} says where to go on.
 *
 * <p><b>Limits.</b> The topic is this bridge's alone: a topic whose last committed record lacks
 * the {@link JournalIndexHeader} (another producer writes there) is refused with an
 * {@link IllegalStateException} at {@link Builder#build()}; so is a journal that no longer holds
 * the record the topic ends with (retention deleted its cycle). One transactional id per
 * journal-to-topic pair, and one bridge running for it at a time (a second fences the first).
 * A restart costs the read back (a few fetches per partition) and the records of the
 * transaction the previous bridge left open, copied again after being aborted.
 *
 * <p><b>Threads, blocking, failures.</b> The bridge starts no thread of its own (the Kafka
 * producer runs its I/O thread); the caller drives {@link #poll(Duration)}, which blocks up to
 * the time given. A record the topic refuses (too large, say) fails its transaction's commit:
 * the bridge aborts the transaction, moves the tailer back to the batch's first record and
 * throws the {@link KafkaException}; the next poll copies the batch again (a transaction that
 * failed to begin moves the tailer back to the record it was begun for, likewise). A fatal producer
 * error (fenced by another bridge, not authorized, also as the cause of a plain
 * {@link KafkaException}) closes the bridge and is thrown. A corrupted
 * journal record is the tailer's {@link WireException}, thrown by {@code poll} once the tailer has
 * moved past it: that record is not copied, and the next poll goes on after it.
 *
 * <p><b>Allocation.</b> Kafka's producer API allocates per record (the {@code ProducerRecord}, its
 * headers, the value's array, which it keeps until sent); the bridge adds the index header (its
 * object and 8-byte value) and the array of the record's four headers: the other three are made
 * once per message type and shared. Not thread-safe: one thread polls and closes.
 */
public final class JournalToKafka implements AutoCloseable {
    /** The records read back from a partition's end first; each empty window doubles. */
    static final int FIRST_RESUME_WINDOW = 16;
    /** The deepest {@link #isFatal} looks into a failure's causes. */
    private static final int MOST_CAUSES_SEEN = 16;
    /** How long one fetch of the read back waits. */
    private static final Duration RESUME_POLL = Duration.ofMillis(100);

    private final String topic;
    private final JournalTailer tailer;
    private final KafkaProducer<byte[], byte[]> producer;
    private final JournalRecord record = new JournalRecord();
    private final byte[] wireValue;
    private final int batchRecords;
    private final long batchNanos;
    /** Per journal type index: the wire, type and fingerprint headers, made on the type's first record. */
    private Header[][] typeHeaders = new Header[0][];

    /** The first failure the producer reported for a send of the open transaction, set on its I/O thread. */
    private volatile Exception sendFailure;
    /** One callback for every send, so a refused record aborts its batch at once rather than at commit. */
    private final Callback onSent = (metadata, exception) -> {
        if (exception != null && !(exception instanceof TransactionAbortedException) && sendFailure == null) {
            sendFailure = exception;
        }
    };

    private boolean inTransaction;
    private long batchStarted;
    private int batchCount;
    /** The journal index of the open batch's first record, from before its transaction begins; -1 when none is open. */
    private long batchFirstIndex = -1;
    private long lastSentIndex = -1;
    private long lastCommittedIndex;
    private boolean closed;

    private JournalToKafka(Builder builder) {
        this.topic = builder.topic;
        this.batchRecords = builder.batchRecords;
        this.batchNanos = builder.batchTime.toNanos();
        this.wireValue = ZwireHeaders.wireBytes(builder.journal.wireType());
        Map<String, Object> producerProperties = ClientProperties.with(builder.kafka, Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, builder.transactionalId,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true"));
        this.producer = new KafkaProducer<>(producerProperties, new ByteArraySerializer(), new ByteArraySerializer());
        JournalTailer opened = null;
        try {
            producer.initTransactions();
            long resumeAfter = lastIndexInTopic(builder);
            this.lastCommittedIndex = resumeAfter;
            opened = builder.journal.tailer();
            startAt(opened, resumeAfter, builder.startIndex, builder.journal, builder.topic);
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            if (opened != null) {
                opened.close();
            }
            throw e;
        }
        this.tailer = opened;
    }

    /**
     * A builder of a bridge from {@code journal} to {@code topic}. Allocates.
     *
     * @param journal         the journal to tail; the bridge does not close it
     * @param topic           the topic, which must exist; this bridge's alone
     * @param transactionalId the producer's {@code transactional.id}: the same for every run of
     *                        this journal-to-topic bridge, so a new run fences the previous one
     * @return the builder
     */
    public static Builder builder(Journal journal, String topic, String transactionalId) {
        return new Builder(journal, topic, transactionalId);
    }

    /**
     * Moves {@code tailer} to the record after {@code resumeAfter}, or to the start when the topic
     * is empty.
     *
     * @throws IllegalStateException if the topic's records were all deleted and no start index was given
     */
    private static void startAt(JournalTailer tailer, long resumeAfter, long startIndex, Journal journal, String topic) {
        if (resumeAfter == TopicEnd.RECORDS_DELETED && startIndex < 0) {
            throw new IllegalStateException("the topic " + topic + " held records, all deleted since (retention?), so"
                    + " where the copy stood is lost: build the bridge with startAt(index) to say where to go on");
        }
        if (resumeAfter < 0) {
            if (startIndex < 0) {
                tailer.toStart();
            } else if (!tailer.moveToIndex(startIndex)) {
                throw new IllegalStateException("the journal in " + journal.directory() + " holds no record of index "
                        + Long.toHexString(startIndex) + " to start at");
            }
            return;
        }
        if (!tailer.moveToIndex(resumeAfter)) {
            throw new IllegalStateException("the topic's last record is journal index " + Long.toHexString(resumeAfter)
                    + ", which the journal in " + journal.directory() + " no longer holds (retention deleted its cycle?)"
                    + ": cannot tell where to resume");
        }
        JournalRecord last = new JournalRecord();
        try {
            tailer.readRecord(last);
        } catch (WireException corrupted) {
            // The record was copied before it was corrupted here; the tailer has moved past it all the same.
            return;
        }
        if (last.index() != resumeAfter) {
            throw new IllegalStateException("moved to journal index " + Long.toHexString(resumeAfter)
                    + " to resume after it, and read " + Long.toHexString(last.index()));
        }
    }

    /**
     * {@return the highest journal index the topic's committed records carry, or
     * {@link TopicEnd#NO_RECORD} or {@link TopicEnd#RECORDS_DELETED} when it holds none}
     */
    private static long lastIndexInTopic(Builder builder) {
        Map<String, Object> properties = ClientProperties.committedReader(builder.kafka);
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            return new TopicEnd(consumer, builder.topic, builder.resumeTimeout).highestJournalIndex();
        }
    }

    /**
     * Copies the journal's new records to the topic until {@code maxWait} has passed, committing
     * the open transaction whenever its batch is full or has been open for the batch's time (a
     * batch not yet due stays open for the next poll). Blocks up to {@code maxWait}, plus the time
     * of a commit; waits for records by parking ({@link WaitStrategy#PARK}). Allocates per record
     * (see the class comment).
     *
     * @param maxWait how long to copy and wait for records
     * @return how many records were sent to the topic (committed or in the open transaction)
     * @throws KafkaException if a send or commit failed: the transaction was aborted and the
     *         tailer moved back to its first record, or, for a fatal error (another bridge fenced
     *         this one, say), this bridge is closed; a commit that timed out or was interrupted
     *         ({@link TimeoutException}, {@link InterruptException}) leaves its transaction open,
     *         and the next poll begins by committing it again (see {@link #commit()})
     * @throws WireException for a corrupted journal record, which is not copied (the tailer has moved past it)
     * @throws IllegalStateException if this bridge is closed
     */
    public int poll(Duration maxWait) {
        if (closed) {
            throw new IllegalStateException("this bridge is closed");
        }
        long deadline = System.nanoTime() + maxWait.toNanos();
        int sent = 0;
        for (int idle = 0; ; ) {
            long now = System.nanoTime();
            Exception failure = sendFailure;
            if (failure != null) {
                throw failed(failure instanceof KafkaException ? (KafkaException) failure : new KafkaException(failure));
            }
            if (inTransaction && (batchCount >= batchRecords || now - batchStarted >= batchNanos)) {
                commit();
            }
            if (tailer.readRecord(record)) {
                send(now);
                sent++;
                idle = 0;
            } else if (now - deadline >= 0 || Thread.currentThread().isInterrupted()) {
                return sent;
            } else {
                WaitStrategy.PARK.idle(idle++);
            }
        }
    }

    private void send(long now) {
        if (!inTransaction) {
            // Set first, so a failing begin moves the tailer back to this record, which it has passed.
            batchFirstIndex = record.index();
            try {
                producer.beginTransaction();
            } catch (KafkaException e) {
                throw failed(e);
            }
            inTransaction = true;
            batchStarted = now;
            batchCount = 0;
        }
        Header[] type = headersOf(record.typeIndex());
        Header[] headers = Arrays.copyOf(type, type.length + 1);
        headers[type.length] = new RecordHeader(JournalIndexHeader.KEY, JournalIndexHeader.value(record.index()));
        try {
            producer.send(new ProducerRecord<>(topic, null, null, null, record.document().toByteArray(),
                    new RecordHeaders(headers)), onSent);
        } catch (KafkaException e) {
            throw failed(e);
        }
        batchCount++;
        lastSentIndex = record.index();
    }

    /** The wire, type and fingerprint headers of the current record's type; allocates on the type's first record. */
    private Header[] headersOf(int typeIndex) {
        if (typeIndex >= typeHeaders.length) {
            typeHeaders = Arrays.copyOf(typeHeaders, typeIndex + 1);
        }
        Header[] headers = typeHeaders[typeIndex];
        if (headers == null) {
            headers = new Header[] {
                new RecordHeader(ZwireHeaders.WIRE, wireValue),
                new RecordHeader(ZwireHeaders.TYPE, record.alias().getBytes(StandardCharsets.UTF_8)),
                new RecordHeader(ZwireHeaders.FINGERPRINT, ZwireHeaders.fingerprintBytes(record.fingerprint())),
            };
            typeHeaders[typeIndex] = headers;
        }
        return headers;
    }

    /**
     * Commits the open transaction, if any, now. Blocks until the broker has it, or the producer's
     * {@code max.block.ms}. A commit whose outcome is not known, because the wait timed out or the
     * thread was interrupted, leaves the transaction open and the tailer where it is: the next
     * {@code commit()} or {@link #poll(Duration)} retries the commit, the only step Kafka allows then.
     *
     * @throws TimeoutException if the broker did not confirm the commit within {@code max.block.ms};
     *         the transaction stays open, to be committed again
     * @throws InterruptException if the thread was interrupted while waiting (its interrupt flag
     *         set again); the transaction stays open, to be committed again
     * @throws KafkaException for any other failure, as {@link #poll(Duration)}
     * @throws IllegalStateException if this bridge is closed
     */
    public void commit() {
        if (closed) {
            throw new IllegalStateException("this bridge is closed");
        }
        if (!inTransaction) {
            return;
        }
        try {
            producer.commitTransaction();
        } catch (TimeoutException | InterruptException notKnown) {
            // The commit may be completing: Kafka allows only a retry of it, not an abort.
            throw notKnown;
        } catch (KafkaException e) {
            throw failed(e);
        }
        inTransaction = false;
        batchFirstIndex = -1;
        lastCommittedIndex = lastSentIndex;
    }

    /**
     * Ends the open batch after a failure: a fatal error closes the bridge; after any other the
     * transaction, if begun, is aborted and the tailer goes back to the batch's first record (also
     * when the transaction failed to begin). {@return {@code e}, to throw}
     */
    private KafkaException failed(KafkaException e) {
        if (isFatal(e)) {
            closeQuietly();
            return e;
        }
        try {
            if (inTransaction) {
                producer.abortTransaction();
            }
        } catch (KafkaException abortFailed) {
            e.addSuppressed(abortFailed);
            closeQuietly();
            return e;
        }
        if (batchFirstIndex >= 0 && !tailer.moveToIndex(batchFirstIndex)) {
            e.addSuppressed(new IllegalStateException("the journal no longer holds index "
                    + Long.toHexString(batchFirstIndex) + ", the aborted batch's first"));
            closeQuietly();
        }
        inTransaction = false;
        batchFirstIndex = -1;
        sendFailure = null;
        return e;
    }

    /**
     * {@return whether {@code e} or one of its causes is an error after which the producer can do
     * nothing but close} The producer wraps such a cause in a plain {@link KafkaException} when it
     * rethrows it from a later call, so the causes count; the walk stops after
     * {@link #MOST_CAUSES_SEEN}, so a cycle of causes ends it.
     */
    static boolean isFatal(Throwable e) {
        Throwable cause = e;
        for (int seen = 0; cause != null && seen < MOST_CAUSES_SEEN; seen++, cause = cause.getCause()) {
            if (cause instanceof ProducerFencedException || cause instanceof OutOfOrderSequenceException
                    || cause instanceof AuthorizationException || cause instanceof UnsupportedVersionException) {
                return true;
            }
        }
        return false;
    }

    /** {@return the journal index of the last record this bridge knows committed to the topic, or -1 when none} */
    public long lastCommittedIndex() {
        return lastCommittedIndex;
    }

    /**
     * Commits the open transaction, then closes the producer and the tailer (not the journal).
     * Blocks until the commit is done and the producer has closed. Idempotent.
     *
     * @throws KafkaException if the commit failed (its records are not in the topic; a new
     *         bridge copies them) or its outcome is unknown (a timeout or an interrupt: a new
     *         bridge reads the topic back and resumes after whichever it finds); the bridge is
     *         closed all the same
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            commit();
        } finally {
            closeQuietly();
        }
    }

    private void closeQuietly() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            producer.close();
        } finally {
            tailer.close();
        }
    }

    /** Settings of a {@link JournalToKafka}; {@link #build()} connects and finds where to resume. */
    public static final class Builder {
        /** The default batch: a transaction is committed once it holds this many records... */
        public static final int DEFAULT_BATCH_RECORDS = 1000;
        /** ...or has been open this long. */
        public static final Duration DEFAULT_BATCH_TIME = Duration.ofMillis(100);
        /** The default longest wait for the read back of the topic's end at {@link #build()}. */
        public static final Duration DEFAULT_RESUME_TIMEOUT = Duration.ofSeconds(60);

        private final Journal journal;
        private final String topic;
        private final String transactionalId;
        private Map<String, ?> kafka = Map.of();
        private int batchRecords = DEFAULT_BATCH_RECORDS;
        private Duration batchTime = DEFAULT_BATCH_TIME;
        private Duration resumeTimeout = DEFAULT_RESUME_TIMEOUT;
        private long startIndex = -1;

        private Builder(Journal journal, String topic, String transactionalId) {
            this.journal = Objects.requireNonNull(journal, "journal");
            this.topic = Objects.requireNonNull(topic, "topic");
            this.transactionalId = Objects.requireNonNull(transactionalId, "transactionalId");
        }

        /**
         * The Kafka client properties ({@code bootstrap.servers}, security), given to the
         * producer and to the consumer that reads the topic's end. The bridge sets
         * {@code transactional.id}, {@code enable.idempotence}, {@code isolation.level} and
         * {@code enable.auto.commit} itself, and the serializers.
         *
         * @param properties the properties
         * @return this
         */
        public Builder kafka(Map<String, ?> properties) {
            this.kafka = Map.copyOf(properties);
            return this;
        }

        /**
         * When a transaction is committed: once it holds {@code records} records, or once it has
         * been open for {@code time} (checked while {@link JournalToKafka#poll} runs). Larger
         * batches cost fewer commits and more records copied again after a crash.
         *
         * @param records the most records per transaction, at least 1
         * @param time    the longest a transaction stays open while polled
         * @return this
         * @throws IllegalArgumentException if {@code records} is below 1 or {@code time} negative
         */
        public Builder batch(int records, Duration time) {
            if (records < 1 || time.isNegative()) {
                throw new IllegalArgumentException("a batch is at least 1 record and a time not negative, not " + records
                        + " and " + time);
            }
            this.batchRecords = records;
            this.batchTime = time;
            return this;
        }

        /**
         * The journal index to start at when the topic holds none of this bridge's records yet
         * (by default the journal's start). Ignored when the topic holds some. Required when the
         * topic held records but all were deleted (Kafka's retention expired them on an idle topic,
         * or {@code deleteRecords}): without it {@link #build()} refuses such a topic, since
         * starting at the journal's start would copy those records again.
         *
         * @param index a journal index
         * @return this
         */
        public Builder startAt(long index) {
            this.startIndex = index;
            return this;
        }

        /**
         * The longest {@link #build()} waits to read the topic's end back.
         *
         * @param timeout the wait
         * @return this
         */
        public Builder resumeTimeout(Duration timeout) {
            this.resumeTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Starts the bridge: a transactional producer, fencing any previous bridge of the same
         * transactional id and aborting the transaction it left open, then the read back of each
         * partition's last committed records, and a tailer after the highest journal index found.
         * Blocks on the broker; allocates.
         *
         * @return the bridge, ready to {@link JournalToKafka#poll poll}
         * @throws IllegalStateException if the topic's last committed record in a partition has no
         *         {@link JournalIndexHeader} (the topic is not this bridge's alone), or the journal
         *         no longer holds the record to resume after, or the start index, or the topic's
         *         records were all deleted and no {@link #startAt(long) start index} was given
         * @throws IllegalArgumentException if the properties set one the bridge needs to another value
         * @throws KafkaException if the broker cannot be reached or refuses (the topic does not
         *         exist, a timeout)
         */
        public JournalToKafka build() {
            return new JournalToKafka(this);
        }
    }
}
