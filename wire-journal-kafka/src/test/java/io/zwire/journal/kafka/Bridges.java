package io.zwire.journal.kafka;

import io.zwire.WireType;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.journal.JournalConfig;
import io.zwire.kafka.Instances;
import io.zwire.kafka.testkit.KraftBroker;
import io.zwire.kafka.ZwireDeserializer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/** The bridge tests' journals, topics and deadlines. */
final class Bridges {
    /** The longest any copy in a test may take: generous, for a CPU-starved machine. */
    static final Duration DEADLINE = Duration.ofSeconds(60);

    private Bridges() {
    }

    /**
     * How long a claim a killed bridge left unpublished holds up tailers and
     * {@link Journal#lastSourcePosition}: short, so a test meets several.
     */
    static final Duration CLAIM_TIMEOUT = Duration.ofMillis(200);

    static Journal journal(Path directory) {
        return Journal.open(directory, JournalConfig.builder(WireType.BINARY, Trade.TYPES).cycleSize(256 << 10)
                .claimTimeout(CLAIM_TIMEOUT).build());
    }

    /** Appends trades {@code from} to {@code to} (exclusive); {@return the index of the last} */
    static long append(Journal journal, long from, long to) {
        long last = -1;
        Trade trade = new Trade();
        try (JournalAppender appender = journal.appender()) {
            for (long i = from; i < to; i++) {
                last = appender.append(trade.set(i));
            }
        }
        return last;
    }

    static Map<String, Object> kafka(KraftBroker broker) {
        return Map.of("bootstrap.servers", broker.bootstrapServers());
    }

    /** Polls {@code step} until {@code done} holds {@code wanted}; fails past the deadline. */
    static void await(Runnable step, LongSupplier done, long wanted) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (done.getAsLong() != wanted) {
            if (System.nanoTime() - deadline >= 0) {
                throw new AssertionError("waited " + DEADLINE + " for " + wanted + ", have " + done.getAsLong());
            }
            step.run();
        }
    }

    /**
     * Reads every committed record of {@code topic} from its start with a plain
     * {@link ZwireDeserializer}, until {@code count} have arrived and a quiet second passed (so
     * a record too many shows), or the deadline. {@return the records, partition by partition, each in offset order}
     */
    static List<ConsumerRecord<byte[], Trade>> readTopic(KraftBroker broker, String topic, int count) {
        try (KafkaConsumer<byte[], Trade> consumer = new KafkaConsumer<>(Map.of(
                "bootstrap.servers", broker.bootstrapServers(), "isolation.level", "read_committed"),
                new ByteArrayDeserializer(), new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW))) {
            List<TopicPartition> partitions = TopicEnd.partitions(consumer, topic, DEADLINE);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<byte[], Trade>> read = new ArrayList<>();
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            long quietSince = System.nanoTime();
            while (System.nanoTime() - deadline < 0
                    && (read.size() < count || System.nanoTime() - quietSince < Duration.ofSeconds(1).toNanos())) {
                int before = read.size();
                consumer.poll(Duration.ofMillis(100)).forEach(read::add);
                if (read.size() != before) {
                    quietSince = System.nanoTime();
                }
            }
            read.sort((a, b) -> a.partition() != b.partition() ? Integer.compare(a.partition(), b.partition())
                    : Long.compare(a.offset(), b.offset()));
            return read;
        }
    }
}
