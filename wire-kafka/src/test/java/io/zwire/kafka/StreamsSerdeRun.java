package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.WireType;
import io.zwire.kafka.testkit.KraftBroker;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link ZwireSerde} given to {@code Consumed.with} in a real Kafka Streams application of two
 * stream threads over four partitions: Streams shares the serde's one deserializer between all its
 * tasks and threads, and every record, on every wire and of both schema versions, must reach the
 * application as written, once. Run by {@link KafkaTransportTest} on its broker.
 */
final class StreamsSerdeRun {
    private static final int PARTITIONS = 4;
    private static final int RECORDS = 400;
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private StreamsSerdeRun() {
    }

    /** Runs the application against {@code broker} and checks what it processed. */
    static void run(KraftBroker broker) throws Exception {
        String topic = "streams-in";
        broker.createTopic(topic, PARTITIONS);
        MixedWireSerializer mixed = new MixedWireSerializer();
        try (KafkaProducer<byte[], Marshallable> producer = new KafkaProducer<>(Map.of("bootstrap.servers",
                broker.bootstrapServers(), "acks", "all"), new ByteArraySerializer(), mixed)) {
            List<Future<RecordMetadata>> sends = new ArrayList<>(RECORDS);
            for (int seq = 0; seq < RECORDS; seq++) {
                sends.add(producer.send(new ProducerRecord<>(topic, seq % PARTITIONS, key(seq), mixed.record(seq))));
            }
            for (Future<RecordMetadata> send : sends) {
                send.get(30, TimeUnit.SECONDS);   // a lost send fails here, not as records never processed
            }
        }
        Map<Long, Trade> processed = new ConcurrentHashMap<>();
        Set<String> wrong = ConcurrentHashMap.newKeySet();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(topic, Consumed.with(Serdes.ByteArray(),
                new ZwireSerde<>(WireType.BINARY, Trade.class, Trade.TYPES))).foreach((key, trade) -> {
                    threads.add(Thread.currentThread().getName());
                    long seq = Long.parseLong(new String(key, StandardCharsets.US_ASCII));
                    if (!mixed.expected(seq).equals(trade) || processed.put(seq, trade) != null) {
                        wrong.add(seq + " read as " + trade);
                    }
                });
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "zwire-streams-serde");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 2);
        config.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory(Path.of("target").toAbsolutePath(),
                "streams-").toString());
        config.put(StreamsConfig.consumerPrefix("auto.offset.reset"), "earliest");
        try (KafkaStreams streams = new KafkaStreams(builder.build(), config)) {
            streams.start();
            long end = System.nanoTime() + DEADLINE.toNanos();
            while (processed.size() < RECORDS && wrong.isEmpty() && System.nanoTime() < end) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            streams.close(Duration.ofSeconds(30));
        }
        assertTrue(wrong.isEmpty(), "records read wrong or twice: " + wrong);
        assertEquals(RECORDS, processed.size(), "records processed before the deadline");
        assertTrue(threads.size() >= 2, "processed on stream threads " + threads + ": the serde was not shared");
    }

    private static byte[] key(int seq) {
        return Integer.toString(seq).getBytes(StandardCharsets.US_ASCII);
    }
}
