package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.kafka.testkit.KraftBroker;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.ByteBufferDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zwire records through a real Kafka broker started in this JVM (KRaft, one node), once for the
 * class: every wire, the headers, schema evolution, refusals a consumer can skip, configuration
 * by name, and a consumer group rebalanced mid-run. The default build runs the round trips on
 * every wire and configuration by name; the rest (reused instances, schema versions, refusals,
 * Kafka Streams, the rebalance) are tagged {@code long}, the broker started once for them in
 * {@code -Plong}.
 */
class KafkaTransportTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    @RegisterExtension
    static final KraftBroker BROKER = new KraftBroker();

    @Test
    void everyWireRoundTripsThroughTheBrokerWithTheWireTypeAndFingerprintInHeaders() throws Exception {
        long fingerprint = Schema.of(Trade::new).fingerprint();
        for (WireType wire : WireType.available()) {
            String topic = "round-trip-" + wire.name().toLowerCase(java.util.Locale.ROOT);
            List<Trade> sent = List.of(Trade.of(1), Trade.of(2), Trade.of(3));
            produce(topic, new ZwireSerializer<>(wire, Trade.TYPES), sent);
            List<ConsumerRecord<byte[], Trade>> read = consume(topic,
                    new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW), sent.size());
            for (int i = 0; i < sent.size(); i++) {
                ConsumerRecord<byte[], Trade> record = read.get(i);
                assertEquals(sent.get(i), record.value(), wire + " record " + i);
                assertArrayEquals(new byte[] {(byte) wire.code()},
                        record.headers().lastHeader(ZwireHeaders.WIRE).value(), wire + " header");
                assertArrayEquals(Trade.ALIAS.getBytes(StandardCharsets.UTF_8),
                        record.headers().lastHeader(ZwireHeaders.TYPE).value(), wire + " type header");
                assertEquals(fingerprint, ZwireHeaders.fingerprint(record.headers().lastHeader(ZwireHeaders.FINGERPRINT).value()),
                        wire + " fingerprint header");
            }
        }
    }

    @Test
    @Tag("long")
    void aReusedInstanceReadAtProcessingTimeHoldsEachRecordInTurn() throws Exception {
        String topic = "reused-at-processing";
        produce(topic, new ZwireSerializer<>(WireType.BINARY, Trade.TYPES), List.of(Trade.of(7), Trade.of(8), Trade.of(9)));
        ZwireDeserializer<Trade> zwire = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.REUSED);
        List<ConsumerRecord<byte[], ByteBuffer>> read = new ArrayList<>();
        List<Trade> instances = new ArrayList<>();
        List<Trade> values = new ArrayList<>();
        try (KafkaConsumer<byte[], ByteBuffer> consumer = assignedConsumer(topic, new ByteBufferDeserializer())) {
            pollUntil(consumer, read, 3, record -> {
                Trade trade = zwire.deserialize(record.topic(), record.headers(), record.value());
                instances.add(trade);
                values.add(copy(trade));
            });
        }
        assertSame(instances.get(0), instances.get(2), "one instance per type");
        assertEquals(List.of(Trade.of(7), Trade.of(8), Trade.of(9)), values, "each record in turn, until the next is read");
    }

    @Test
    @Tag("long")
    void aReusedInstanceAsTheConsumersDeserializerIsOverwrittenByEachRecordOfAPoll() throws Exception {
        String topic = "reused-in-consumer";
        produce(topic, new ZwireSerializer<>(WireType.BINARY, Trade.TYPES), List.of(Trade.of(17), Trade.of(18)));
        List<ConsumerRecord<byte[], Trade>> read = new ArrayList<>();
        try (KafkaConsumer<byte[], Trade> consumer = assignedConsumer(topic,
                new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.REUSED))) {
            long end = System.nanoTime() + DEADLINE.toNanos();
            while (read.size() < 2 && System.nanoTime() < end) {
                ConsumerRecords<byte[], Trade> records = consumer.poll(Duration.ofMillis(100));
                records.forEach(read::add);
                for (ConsumerRecord<byte[], Trade> record : records) {
                    assertSame(records.iterator().next().value(), record.value(),
                            "KafkaConsumer deserializes a whole poll before returning it: one instance for all");
                }
            }
        }
        assertEquals(Trade.of(18), read.get(read.size() - 1).value());
    }

    @Test
    @Tag("long")
    void aConsumerOfAnotherSchemaVersionReadsOnEverySelfDescribingWire() throws Exception {
        for (WireType wire : WireType.available()) {
            if (!wire.isSelfDescribing()) {
                continue;
            }
            String topic = "evolution-" + wire.name().toLowerCase(java.util.Locale.ROOT);
            produce(topic, new ZwireSerializer<>(wire, Trade.TYPES), List.of(Trade.of(11)));
            produce(topic, new ZwireSerializer<>(wire, TradeV2.TYPES), List.of(TradeV2.of(12)));
            List<ConsumerRecord<byte[], TradeV2>> asVersion2 = consume(topic,
                    new ZwireDeserializer<>(TradeV2.class, TradeV2.TYPES, Instances.NEW), 2);
            Trade v1 = Trade.of(11);
            assertEquals(new TradeV2(11, v1.symbol, v1.price, null), asVersion2.get(0).value(),
                    wire + ": the removed qty is skipped, the added venue is its default");
            assertEquals(TradeV2.of(12), asVersion2.get(1).value(), wire.name());
            List<ConsumerRecord<byte[], Trade>> asVersion1 = consume(topic,
                    new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW), 2);
            assertEquals(Trade.of(11), asVersion1.get(0).value(), wire.name());
            Trade v2 = Trade.of(12);
            assertEquals(new Trade(12, v2.symbol, v2.price, 0), asVersion1.get(1).value(),
                    wire + ": the unknown venue is skipped, the missing qty is 0");
        }
    }

    @Test
    @Tag("long")
    void rawAcrossSchemaVersionsIsRefusedAndTheConsumerSeeksPastIt() throws Exception {
        String topic = "raw-across-versions";
        produce(topic, new ZwireSerializer<>(WireType.RAW, Trade.TYPES), List.of(Trade.of(21)));
        produce(topic, new ZwireSerializer<>(WireType.RAW, TradeV2.TYPES), List.of(TradeV2.of(22)));
        List<RecordDeserializationException> refused = new ArrayList<>();
        List<TradeV2> read = readSkippingBadRecords(topic,
                new ZwireDeserializer<>(TradeV2.class, TradeV2.TYPES, Instances.NEW), 1, refused);
        assertEquals(List.of(TradeV2.of(22)), read, "the matching RAW record after the refused one");
        assertEquals(1, refused.size());
        assertEquals(0, refused.get(0).offset(), "the refused record's offset");
        assertTrue(refused.get(0).getCause().getMessage().contains("RAW"), refused.get(0).getCause().getMessage());
        assertInstanceOf(WireException.class, refused.get(0).getCause().getCause());
    }

    @Test
    @Tag("long")
    void badRecordsAreRecordDeserializationExceptionsTheConsumerSkips() throws Exception {
        String topic = "bad-records";
        BROKER.createTopic(topic, 1);   // six sends in flight at once: see KraftBroker.createTopic
        byte[] good = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES).serialize(topic, new RecordHeaders(), Trade.of(31));
        RecordHeaders headers = new RecordHeaders();
        byte[] encoded = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES).serialize(topic, headers, Trade.of(32));
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig(), new ByteArraySerializer(),
                new ByteArraySerializer())) {
            // garbage bytes under valid headers, then a valid record's bytes with no headers, then a valid record cut short,
            // then trailing bytes after a whole document, then a header naming no wire, then a good record
            producer.send(new ProducerRecord<>(topic, 0, (byte[]) null, new byte[] {(byte) 0xFF, 0x13, 0x37}, headers));
            producer.send(new ProducerRecord<>(topic, 0, null, good));
            producer.send(new ProducerRecord<>(topic, 0, (byte[]) null, java.util.Arrays.copyOf(encoded, encoded.length - 3), headers));
            byte[] trailing = java.util.Arrays.copyOf(encoded, encoded.length + 2);
            producer.send(new ProducerRecord<>(topic, 0, (byte[]) null, trailing, headers));
            RecordHeaders noWire = new RecordHeaders(headers.toArray());
            noWire.add(ZwireHeaders.WIRE, "CORBA".getBytes(StandardCharsets.US_ASCII));
            producer.send(new ProducerRecord<>(topic, 0, (byte[]) null, encoded, noWire));
            producer.send(new ProducerRecord<>(topic, 0, (byte[]) null, encoded, headers));
            producer.flush();
        }
        List<RecordDeserializationException> refused = new ArrayList<>();
        List<Trade> read = readSkippingBadRecords(topic, new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW),
                1, refused);
        assertEquals(List.of(Trade.of(32)), read);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), refused.stream().map(RecordDeserializationException::offset).toList());
        assertInstanceOf(WireException.class, refused.get(0).getCause().getCause(), "garbage bytes");
        assertTrue(refused.get(1).getCause().getMessage().contains("no " + ZwireHeaders.WIRE + " header"),
                refused.get(1).getCause().getMessage());
        assertInstanceOf(WireException.class, refused.get(2).getCause().getCause(), "a record cut short");
        assertTrue(refused.get(3).getCause().getMessage().contains("2 more bytes"), refused.get(3).getCause().getMessage());
        assertTrue(refused.get(4).getCause().getMessage().contains("holds no wire code"), refused.get(4).getCause().getMessage());
        for (RecordDeserializationException e : refused) {
            assertInstanceOf(SerializationException.class, e.getCause());
        }
    }

    @Test
    void serializerAndDeserializerAreConfiguredByNameThroughProperties() throws Exception {
        String topic = "by-name";
        Map<String, Object> producer = new HashMap<>(producerConfig());
        producer.put("key.serializer", ByteArraySerializer.class.getName());
        producer.put("value.serializer", ZwireSerializer.class.getName());
        producer.put(ZwireKafkaConfig.WIRE, "numbered");
        producer.put(ZwireKafkaConfig.TYPE, Trade.class.getName());
        try (KafkaProducer<byte[], Trade> kafka = new KafkaProducer<>(producer)) {
            kafka.send(new ProducerRecord<>(topic, Trade.of(41))).get(30, TimeUnit.SECONDS);
        }
        Map<String, Object> consumer = new HashMap<>(consumerConfig());
        consumer.put("key.deserializer", ByteArrayDeserializer.class.getName());
        consumer.put("value.deserializer", ZwireDeserializer.class.getName());
        consumer.put(ZwireKafkaConfig.TYPE, Trade.class.getName());
        consumer.put(ZwireKafkaConfig.INSTANCES, "new");
        List<ConsumerRecord<byte[], Marshallable>> read = new ArrayList<>();
        try (KafkaConsumer<byte[], Marshallable> kafka = new KafkaConsumer<>(consumer)) {
            kafka.assign(List.of(new TopicPartition(topic, 0)));
            kafka.seekToBeginning(kafka.assignment());
            pollUntil(kafka, read, 1, record -> { });
        }
        assertEquals(Trade.of(41), read.get(0).value());
        assertArrayEquals(new byte[] {(byte) WireType.NUMBERED.code()}, read.get(0).headers().lastHeader(ZwireHeaders.WIRE).value());
    }

    @Test
    @Tag("long")
    void aSerdeSharedByTheThreadsOfAKafkaStreamsApplicationReadsEveryRecordAsWritten() throws Exception {
        StreamsSerdeRun.run(BROKER);
    }

    @Test
    void aSerdeWritesAndReadsAsItsHalvesDo() {
        ZwireSerde<Trade> serde = new ZwireSerde<>(WireType.JSON, Trade.class, Trade.TYPES);
        RecordHeaders headers = new RecordHeaders();
        byte[] bytes = serde.serializer().serialize("serde", headers, Trade.of(51));
        assertEquals(Trade.of(51), serde.deserializer().deserialize("serde", headers, ByteBuffer.wrap(bytes)));
        assertNull(serde.serializer().serialize("serde", headers, null), "a tombstone stays null");
    }

    @Test
    @Tag("long")
    void aConsumerGroupRebalancedMidRunProcessesEveryRecordExactlyOnce() throws Exception {
        new ScaleOutRun(BROKER, "scale-out-small", 3_000).runAndAssert(6, Duration.ofSeconds(90));
    }

    private static <T extends Marshallable> void produce(String topic, Serializer<T> serializer, List<? extends T> records)
            throws Exception {
        try (KafkaProducer<byte[], T> producer = new KafkaProducer<>(producerConfig(), new ByteArraySerializer(), serializer)) {
            for (T record : records) {
                producer.send(new ProducerRecord<>(topic, 0, null, record)).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static <T> List<ConsumerRecord<byte[], T>> consume(String topic, Deserializer<T> deserializer, int count) {
        List<ConsumerRecord<byte[], T>> read = new ArrayList<>();
        try (KafkaConsumer<byte[], T> consumer = assignedConsumer(topic, deserializer)) {
            pollUntil(consumer, read, count, record -> { });
        }
        return read;
    }

    /** Reads {@code count} good records, seeking past each record the deserializer refuses and keeping its exception. */
    private static <T> List<T> readSkippingBadRecords(String topic, Deserializer<T> deserializer, int count,
                                                      List<RecordDeserializationException> refused) {
        List<T> read = new ArrayList<>();
        long end = System.nanoTime() + DEADLINE.toNanos();
        try (KafkaConsumer<byte[], T> consumer = assignedConsumer(topic, deserializer)) {
            while (read.size() < count) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("read " + read + " and refused " + refused + " before the deadline");
                }
                try {
                    consumer.poll(Duration.ofMillis(100)).forEach(record -> read.add(record.value()));
                } catch (RecordDeserializationException e) {
                    refused.add(e);
                    consumer.seek(e.topicPartition(), e.offset() + 1);
                }
            }
        }
        return read;
    }

    private static <T> KafkaConsumer<byte[], T> assignedConsumer(String topic, Deserializer<T> deserializer) {
        KafkaConsumer<byte[], T> consumer = new KafkaConsumer<>(consumerConfig(), new ByteArrayDeserializer(), deserializer);
        consumer.assign(List.of(new TopicPartition(topic, 0)));
        consumer.seekToBeginning(consumer.assignment());
        return consumer;
    }

    private static <T> void pollUntil(KafkaConsumer<byte[], T> consumer, List<ConsumerRecord<byte[], T>> read, int count,
                                      java.util.function.Consumer<ConsumerRecord<byte[], T>> onRecord) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (read.size() < count) {
            if (System.nanoTime() > end) {
                throw new AssertionError("read " + read.size() + " of " + count + " records before the deadline");
            }
            for (ConsumerRecord<byte[], T> record : consumer.poll(Duration.ofMillis(100))) {
                onRecord.accept(record);
                read.add(record);
            }
        }
    }

    private static Trade copy(Trade trade) {
        return new Trade(trade.seq, trade.symbol, trade.price, trade.qty);
    }

    private static Map<String, Object> producerConfig() {
        return Map.of("bootstrap.servers", BROKER.bootstrapServers(), "acks", "all");
    }

    private static Map<String, Object> consumerConfig() {
        return Map.of("bootstrap.servers", BROKER.bootstrapServers(), "enable.auto.commit", "false",
                "auto.offset.reset", "earliest");
    }
}
