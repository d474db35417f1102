package io.zwire.journal.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A real Kafka broker in the test JVM, as wire-kafka's tests start one (a copy of its
 * {@code KraftBroker}, which is package-private in a module that ships no test jar): Kafka's KRaft
 * test kit, one combined broker and controller on ephemeral ports, with the transaction state log
 * the bridges need replicated once. A test class registers one as a static
 * {@code @RegisterExtension} field.
 */
final class KraftBroker implements BeforeAllCallback, AfterAllCallback {
    private KafkaClusterTestKit cluster;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Path target = Path.of("target");
        Files.createDirectories(target);
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .setBaseDirectory(Files.createTempDirectory(target.toAbsolutePath(), "kraft-"))
                .build();
        KafkaClusterTestKit started = new KafkaClusterTestKit.Builder(nodes)
                // One broker: the internal topics cannot be replicated, and their default 50
                // partitions would cost seconds to create on the first commit.
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("transaction.state.log.num.partitions", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setDeleteOnClose(true)
                .build();
        try {
            started.format();
            started.startup();
            started.waitForReadyBrokers();
        } catch (Exception | Error e) {
            started.close();
            throw e;
        }
        cluster = started;
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /**
     * Creates {@code topic} and waits until the broker leads each partition: a producer's first
     * requests to a partition still being created can lose records on Kafka 4.3 (KAFKA-15591;
     * wire-kafka's {@code KraftBroker} tells the story).
     */
    void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            List<TopicPartition> created = IntStream.range(0, partitions)
                    .mapToObj(partition -> new TopicPartition(topic, partition)).toList();
            admin.describeProducers(created).all().get(30, TimeUnit.SECONDS);
        }
    }

    /** Deletes every record of {@code topic}'s partitions, as retention does to an idle topic: each log then starts at its end. */
    void deleteAllRecords(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            Map<TopicPartition, OffsetSpec> latest = IntStream.range(0, partitions).boxed()
                    .collect(Collectors.toMap(partition -> new TopicPartition(topic, partition), partition -> OffsetSpec.latest()));
            Map<TopicPartition, RecordsToDelete> deletions = admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS)
                    .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                            end -> RecordsToDelete.beforeOffset(end.getValue().offset())));
            admin.deleteRecords(deletions).all().get(30, TimeUnit.SECONDS);
        }
    }
}
