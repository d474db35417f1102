package io.zwire.kafka;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.kafka.testkit.KraftBroker;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Produce and consume throughput of the README's {@code Order} per wire through the in-JVM
 * broker, printed as a table (docs/transports.md, "Kafka"). One partition, one producer
 * ({@code acks=1}, {@code linger.ms=5}), one consumer reading each value in place into a reused
 * instance at processing time. The row "byte[]" sends the BINARY encoding as ready-made bytes
 * through Kafka's own ByteArraySerializer/Deserializer: Kafka's cost with no codec at all.
 * Broker, producer and consumer share the machine, so the figures are of the whole setup.
 *
 * <p>{@code -Dkafka.bench.messages=N} sets the messages per wire (default 200,000). Tagged
 * {@code benchmark}, so no build runs it unless asked:
 * {@code ./mvnw -o -q -pl wire-kafka -am verify -Dtests.groups=benchmark -Dtests.excludedGroups= -Dtest=KafkaThroughputBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@Tag("benchmark")
class KafkaThroughputBenchmark {
    @RegisterExtension
    static final KraftBroker BROKER = new KraftBroker();

    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    private static final int MESSAGES = Integer.getInteger("kafka.bench.messages", 200_000);
    private static final int WARM_UP = 50_000;
    private static final double MB = 1e6;

    @Test
    void produceAndConsumeThroughputPerWire() throws Exception {
        Order order = Order.sample();
        run("warm-up", new ZwireSerializer<>(WireType.BINARY, TYPES), order, WARM_UP);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%nKafka throughput, %,d Orders per wire, 1 partition, in-JVM KRaft broker (Java %s, %d CPUs)%n"
                + "| wire | bytes/msg | produce msg/s | produce MB/s | consume msg/s | consume MB/s |%n"
                + "|---|---:|---:|---:|---:|---:|%n", MESSAGES, Runtime.version(), Runtime.getRuntime().availableProcessors()));
        for (WireType wire : WireType.available()) {
            table.append(run(wire.name(), new ZwireSerializer<>(wire, TYPES), order, MESSAGES));
        }
        RecordHeaders headers = new RecordHeaders();
        byte[] encoded = new ZwireSerializer<>(WireType.BINARY, TYPES).serialize("bench", headers, order);
        table.append(runBytes(encoded));
        System.out.println(table);
    }

    /** Produces {@code messages} copies of {@code order}, then consumes them into a reused instance; one table row. */
    private static String run(String name, Serializer<Order> serializer, Order order, int messages) throws Exception {
        String topic = "bench-" + name.toLowerCase(Locale.ROOT);
        BROKER.createTopic(topic, 1);
        long produceNanos;
        try (KafkaProducer<byte[], Order> producer = new KafkaProducer<>(producerConfig(), new ByteArraySerializer(), serializer)) {
            AtomicInteger failed = new AtomicInteger();
            long start = System.nanoTime();
            for (int i = 0; i < messages; i++) {
                producer.send(new ProducerRecord<>(topic, order), (metadata, e) -> {
                    if (e != null) {
                        failed.incrementAndGet();
                    }
                });
            }
            producer.flush();
            produceNanos = System.nanoTime() - start;
            assertEquals(0, failed.get(), "failed sends");
        }
        ZwireDeserializer<Order> zwire = new ZwireDeserializer<>(Order.class, TYPES, Instances.REUSED);
        long valueBytes = 0;
        long consumeNanos;
        try (KafkaConsumer<byte[], ByteBuffer> consumer = consumer(topic, new ByteBufferDeserializer())) {
            int read = 0;
            long start = System.nanoTime();
            long end = start + TimeUnit.MINUTES.toNanos(5);
            while (read < messages && System.nanoTime() < end) {
                for (ConsumerRecord<byte[], ByteBuffer> record : consumer.poll(Duration.ofMillis(100))) {
                    valueBytes += record.value().remaining();
                    Order copy = zwire.deserialize(record.topic(), record.headers(), record.value());
                    if (copy.id() != order.id()) {
                        throw new AssertionError("read " + copy);
                    }
                    read++;
                }
            }
            consumeNanos = System.nanoTime() - start;
            assertEquals(messages, read, "records consumed within 5 minutes");
        }
        return row(name, valueBytes / messages, messages, produceNanos, consumeNanos);
    }

    /** As {@link #run}, for ready-made bytes through Kafka's byte-array serializers. */
    private static String runBytes(byte[] encoded) throws Exception {
        String topic = "bench-bytes";
        BROKER.createTopic(topic, 1);
        long produceNanos;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig(), new ByteArraySerializer(),
                new ByteArraySerializer())) {
            long start = System.nanoTime();
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(new ProducerRecord<>(topic, encoded));
            }
            producer.flush();
            produceNanos = System.nanoTime() - start;
        }
        long consumeNanos;
        try (KafkaConsumer<byte[], byte[]> consumer = consumer(topic, new ByteArrayDeserializer())) {
            int read = 0;
            long start = System.nanoTime();
            long end = start + TimeUnit.MINUTES.toNanos(5);
            while (read < MESSAGES && System.nanoTime() < end) {
                read += consumer.poll(Duration.ofMillis(100)).count();
            }
            consumeNanos = System.nanoTime() - start;
            assertEquals(MESSAGES, read, "records consumed within 5 minutes");
        }
        return row("byte[]", encoded.length, MESSAGES, produceNanos, consumeNanos);
    }

    private static String row(String name, long bytesPerMessage, int messages, long produceNanos, long consumeNanos) {
        double produceRate = messages / (produceNanos / 1e9);
        double consumeRate = messages / (consumeNanos / 1e9);
        return String.format(Locale.ROOT, "| %s | %d | %,.0f | %.1f | %,.0f | %.1f |%n", name, bytesPerMessage, produceRate,
                produceRate * bytesPerMessage / MB, consumeRate, consumeRate * bytesPerMessage / MB);
    }

    private static <V> KafkaConsumer<byte[], V> consumer(String topic, org.apache.kafka.common.serialization.Deserializer<V> values) {
        KafkaConsumer<byte[], V> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", BROKER.bootstrapServers(),
                "enable.auto.commit", "false", "auto.offset.reset", "earliest", "max.poll.records", "2000"),
                new ByteArrayDeserializer(), values);
        consumer.assign(List.of(new TopicPartition(topic, 0)));
        consumer.seekToBeginning(consumer.assignment());
        return consumer;
    }

    private static Map<String, Object> producerConfig() {
        return Map.of("bootstrap.servers", BROKER.bootstrapServers(), "acks", "1", "linger.ms", "5",
                "batch.size", "262144");
    }
}
