package io.zwire.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
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
import java.util.stream.IntStream;

/**
 * A real Kafka broker in the test JVM: Kafka's own KRaft test kit, one combined broker and
 * controller on ephemeral ports of localhost, its logs in a temporary directory under target/.
 * A test class registers one as a static {@code @RegisterExtension} field: it starts before the
 * class's first test and stops after its last, since starting takes seconds of CPU.
 */
final class KraftBroker implements BeforeAllCallback, AfterAllCallback {
    private KafkaClusterTestKit cluster;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        cluster = start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    /** Formats and starts a one-node cluster and waits until its broker is ready; prints the time taken. */
    private static KafkaClusterTestKit start() throws Exception {
        long started = System.nanoTime();
        Path target = Path.of("target");
        Files.createDirectories(target);
        Path logs = Files.createTempDirectory(target.toAbsolutePath(), "kraft-");
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .setBaseDirectory(logs)
                .build();
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes)
                // One broker: the internal topics cannot be replicated, and 50 offsets partitions
                // would cost seconds to create on the first commit.
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                // A group forms as soon as its first member joins, rather than after 3 s.
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setDeleteOnClose(true)
                .build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        System.out.printf("KRaft broker started in %,d ms at %s (Java %s)%n", millis, cluster.bootstrapServers(),
                Runtime.version());
        return cluster;
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /**
     * Creates {@code topic} with {@code partitions} partitions and waits until the broker leads
     * every one of them, so a producer's first requests cannot race the partition's creation.
     *
     * <p>That race loses records on Kafka 4.3 (KAFKA-15591, also filed as KAFKA-14312 and
     * KAFKA-19880): an idempotent producer with several requests in flight sends A and B to a
     * partition the broker is still creating; A fails with {@code NOT_LEADER_OR_FOLLOWER}, B
     * lands, and every retry of A is {@code OUT_OF_ORDER_SEQUENCE_NUMBER} until
     * {@code delivery.timeout.ms} drops its records. Topic creation completes before the broker
     * has applied it, so waiting for {@code createTopics} is not enough. {@code describeProducers}
     * is answered by a partition's leader only (the admin client retries until it is), the same
     * check a produce request passes.
     */
    void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            List<TopicPartition> created = IntStream.range(0, partitions)
                    .mapToObj(partition -> new TopicPartition(topic, partition)).toList();
            admin.describeProducers(created).all().get(30, TimeUnit.SECONDS);
        }
    }
}
