package io.zwire.journal.kafka;

import io.zwire.Marshallable;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.kafka.ZwireDeserializer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Appends a Kafka topic's records to a {@link Journal}, each record once across restarts of the
 * bridge, a crash included. Each record, written by a {@link io.zwire.kafka.ZwireSerializer} (or a
 * {@link JournalToKafka}), is read by a {@link ZwireDeserializer} into an instance reused per type
 * and appended with its partition as the record's source stream and its offset as the source
 * position ({@link JournalAppender#append(Marshallable, int, long)}).
 *
 * <pre>{@code
 * try (KafkaToJournal bridge = KafkaToJournal.builder(journal, "orders")
 *         .kafka(Map.of("bootstrap.servers", "broker:9092"))
 *         .build()) {                                     // each partition after what the journal holds
 *     while (running) {
 *         bridge.poll(Duration.ofMillis(100));            // appends what one consumer poll returns
 *     }
 * }
 * }</pre>
 *
 * <p><b>How no record is lost or repeated.</b> The journal itself is where the bridge's position
 * is kept: a record and its source position are published in one journal record, so after any
 * stop the journal holds, for each partition, every record up to its last source position and
 * none after. At {@link Builder#build()} the bridge takes every partition of the topic
 * ({@code assign}, no consumer group rebalancing) and seeks each to
 * {@link Journal#lastSourcePosition(int) lastSourcePosition(partition)} + 1; a partition the
 * journal holds nothing of starts where the consumer's committed offset (with a {@code group.id})
 * or its {@code auto.offset.reset} puts it, {@code earliest} unless the properties say otherwise.
 * The consumer reads {@code read_committed}, so a transaction a producer aborts never reaches the
 * journal. Without a {@code group.id} it commits no offset: nothing but the journal holds the
 * position. With one, it also commits the group's offsets ({@code commitSync}) after each poll
 * whose records were all appended, as a fallback for a partition the journal no longer holds
 * anything of (see the limits); the journal's position wins wherever it has one.
 *
 * <p><b>Limits.</b> One journal takes one topic through this bridge: partitions of two topics
 * would share the source stream numbers. One bridge runs for a journal and topic at a time (two
 * would both append each record). Partitions added to the topic after {@code build()} are not
 * read until the bridge is built again. A restart costs {@code lastSourcePosition} per partition:
 * a read of the journal's newest cycle back to the last record of each partition (all cycles for
 * a partition the journal holds nothing of). Journal retention must keep each partition's last
 * record: when it deleted the cycle holding it, {@code lastSourcePosition} finds none, and the
 * partition restarts at the group's committed offset, repeating the records appended since that
 * commit (those of a poll whose commit a crash prevented), or, without a {@code group.id}, where
 * {@code auto.offset.reset} puts it, repeating (or, with {@code latest}, skipping) far more.
 *
 * <p><b>Threads, blocking, failures.</b> The bridge starts no thread; the caller drives
 * {@link #poll(Duration)}, which blocks in the consumer's poll up to the time given. A record the
 * journal refuses (a type the journal's registry lacks, bytes that are not one document, a
 * message larger than a cycle) is thrown, naming its partition and offset, once the poll's records
 * of its partition before it and those of the poll's other partitions were appended; its
 * partition is moved back to it, so the next poll meets the refused record again (and the records
 * after it in its partition), and the caller decides: give the journal the type, or stop. Refusals
 * in several partitions of one poll are thrown as one, the later ones suppressed. A null value (a tombstone) carries no message and
 * is skipped.
 *
 * <p><b>Allocation.</b> Kafka's consumer allocates per record (the record, its headers' keys and
 * values, the value's bytes); the bridge reads into reused instances and appends without
 * allocating (RecordAppenderGarbageTest). Not thread-safe: one thread polls and closes.
 */
public final class KafkaToJournal implements AutoCloseable {
    private final Journal journal;
    private final String topic;
    private final KafkaConsumer<ByteBuffer, ByteBuffer> consumer;
    private final RecordAppender appender;
    /** Whether the consumer has a group to commit its offsets to, after the journal has the records. */
    private final boolean commitsToGroup;
    private boolean closed;

    private KafkaToJournal(Builder builder) {
        this.journal = builder.journal;
        this.topic = builder.topic;
        Map<String, Object> properties = ClientProperties.committedReader(builder.kafka);
        properties.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        this.consumer = new KafkaConsumer<>(properties, new ByteBufferDeserializer(), new ByteBufferDeserializer());
        Object group = properties.get(ConsumerConfig.GROUP_ID_CONFIG);
        this.commitsToGroup = group != null && !String.valueOf(group).isEmpty();
        RecordAppender opened = null;
        try {
            List<TopicPartition> partitions = TopicEnd.partitions(consumer, topic, builder.startTimeout);
            consumer.assign(partitions);
            seekAfterJournal(partitions);
            opened = new RecordAppender(journal, topic);
        } catch (RuntimeException e) {
            consumer.close();
            throw e;
        }
        this.appender = opened;
    }

    /**
     * A builder of a bridge from {@code topic} to {@code journal}. Allocates.
     *
     * @param journal the journal to append to, opened with the types the topic's records hold;
     *                the bridge does not close it
     * @param topic   the topic, which must exist; the only one this journal takes through a bridge
     * @return the builder
     */
    public static Builder builder(Journal journal, String topic) {
        return new Builder(journal, topic);
    }

    /** Moves each of {@code partitions} to the offset after the last the journal holds, when it holds one. */
    private void seekAfterJournal(Collection<TopicPartition> partitions) {
        for (TopicPartition partition : partitions) {
            long last = journal.lastSourcePosition(partition.partition());
            if (last >= 0) {
                consumer.seek(partition, last + 1);
            }
        }
    }

    /**
     * Appends to the journal every record one poll of the consumer returns. Blocks up to
     * {@code timeout} when no record is ready, and, with a {@code group.id}, in the commit of the
     * group's offsets once the poll's records are appended (a round trip to the group
     * coordinator, skipped after a poll that returned nothing). Allocates nothing itself per
     * record (Kafka's consumer does, see the class comment).
     *
     * @param timeout the longest the consumer's poll waits for records
     * @return how many records were appended
     * @throws IllegalStateException if the journal refused a record (its cause the refusal;
     *         its partition is moved back to it, see the class comment), or this bridge is closed
     * @throws KafkaException if the consumer fails (Kafka's exceptions of {@code poll} and
     *         {@code commitSync}); a failed commit comes after the poll's records were appended,
     *         which the journal's position keeps
     */
    public int poll(Duration timeout) {
        if (closed) {
            throw new IllegalStateException("this bridge is closed");
        }
        ConsumerRecords<ByteBuffer, ByteBuffer> records = consumer.poll(timeout);
        int appended = 0;
        IllegalStateException refusal = null;
        // Partition by partition, so a refusal stops its own partition only: the others' records of
        // this poll are appended, rather than moved back and met again behind the same refusal.
        for (TopicPartition partition : records.partitions()) {
            for (ConsumerRecord<ByteBuffer, ByteBuffer> record : records.records(partition)) {
                try {
                    if (appender.append(record)) {
                        appended++;
                    }
                } catch (RuntimeException refused) {
                    consumer.seek(partition, record.offset());
                    IllegalStateException thrown = refusal(record, refused);
                    if (refusal == null) {
                        refusal = thrown;
                    } else {
                        refusal.addSuppressed(thrown);
                    }
                    break;
                }
            }
        }
        if (refusal != null) {
            throw refusal;
        }
        if (commitsToGroup && !records.isEmpty()) {
            consumer.commitSync();
        }
        return appended;
    }

    private IllegalStateException refusal(ConsumerRecord<?, ?> record, RuntimeException refused) {
        return new IllegalStateException("the journal in " + journal.directory() + " refused record " + record.offset()
                + " of " + topic + "-" + record.partition() + ": " + refused.getMessage() + "; the next poll reads it again",
                refused);
    }

    /** Closes the consumer and the appender (not the journal); commits nothing more, since the journal holds the position. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            consumer.close();
        } finally {
            appender.close();
        }
    }

    /** Settings of a {@link KafkaToJournal}; {@link #build()} connects and seeks. */
    public static final class Builder {
        /** The default longest wait at {@link #build()} for the topic's partitions. */
        public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);

        private final Journal journal;
        private final String topic;
        private Map<String, ?> kafka = Map.of();
        private Duration startTimeout = DEFAULT_START_TIMEOUT;

        private Builder(Journal journal, String topic) {
            this.journal = Objects.requireNonNull(journal, "journal");
            this.topic = Objects.requireNonNull(topic, "topic");
        }

        /**
         * The consumer's properties ({@code bootstrap.servers}, security, {@code group.id} if
         * wanted, so that a partition the journal holds nothing of restarts at its committed
         * offset, {@code auto.offset.reset}: {@code earliest} when not given). The bridge sets
         * {@code isolation.level=read_committed} and {@code enable.auto.commit=false} itself, and
         * the deserializers.
         *
         * @param properties the properties
         * @return this
         */
        public Builder kafka(Map<String, ?> properties) {
            this.kafka = Map.copyOf(properties);
            return this;
        }

        /**
         * The longest {@link #build()} waits for the topic's partitions.
         *
         * @param timeout the wait
         * @return this
         */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Starts the bridge: a consumer on every partition of the topic, each moved after the last
         * record the journal holds of it, and an appender. Blocks on the broker and reads the
         * journal back (see the class comment); allocates.
         *
         * @return the bridge, ready to {@link KafkaToJournal#poll poll}
         * @throws IllegalStateException if the topic does not exist
         * @throws IllegalArgumentException if the properties set one the bridge needs to another value
         * @throws KafkaException if the broker cannot be reached in time
         */
        public KafkaToJournal build() {
            return new KafkaToJournal(this);
        }
    }
}
