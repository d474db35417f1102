package io.zwire.kafka.testkit;

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
import java.util.stream.Stream;

/**
 * A real Kafka broker in the test JVM: Kafka's own KRaft test kit, one combined broker and
 * controller on ephemeral ports of localhost, its logs in a temporary directory under target/
 * (deleted when it stops). A test class registers one as a static {@code @RegisterExtension}
 * field: it starts before the class's first test and stops after its last, since starting takes
 * seconds of CPU. The internal topics (consumer offsets, transaction state) have one partition and
 * one replica, so groups and transactions work at once. wire-kafka's test jar ships it, and
 * wire-journal-kafka's tests start theirs from there: it has a package of its own, since the test
 * jar is read on the class path, where a class in the package of the module {@code io.zwire.kafka}
 * would be hidden by the module's own.
 */
public final class KraftBroker implements BeforeAllCallback, AfterAllCallback {
    private KafkaClusterTestKit cluster;

    /** A broker not yet started: JUnit starts it before the registering class's first test. */
    public KraftBroker() {
    }

    /**
     * Formats and starts a one-node cluster, blocking until its broker is ready, and prints the
     * time taken.
     *
     * @throws Exception when the cluster cannot start (it is closed first)
     */
    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        long started = System.nanoTime();
        Path target = Path.of("target");
        Files.createDirectories(target);
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .setBaseDirectory(Files.createTempDirectory(target.toAbsolutePath(), "kraft-"))
                .build();
        KafkaClusterTestKit starting = new KafkaClusterTestKit.Builder(nodes)
                // One broker: the internal topics cannot be replicated, and their default 50
                // partitions would cost seconds to create on the first commit or transaction.
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("transaction.state.log.num.partitions", "1")
                // A group forms as soon as its first member joins, rather than after 3 s.
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setDeleteOnClose(true)
                .build();
        try {
            starting.format();
            starting.startup();
            starting.waitForReadyBrokers();
        } catch (Exception | Error e) {
            starting.close();
            throw e;
        }
        cluster = starting;
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        System.out.printf("KRaft broker started in %,d ms at %s (Java %s)%n", millis, cluster.bootstrapServers(),
                Runtime.version());
    }

    /**
     * Stops the broker, blocking until it has, and deletes its logs.
     *
     * @throws Exception when the cluster fails to close
     */
    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    /** {@return the broker's {@code host:port}, for a client's {@code bootstrap.servers}}; only while it runs. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /**
     * Creates {@code topic} with {@code partitions} partitions and blocks (up to 30 s a step) until
     * the broker leads every one of them, so a producer's first requests cannot race the
     * partition's creation.
     *
     * <p>That race loses records on Kafka 4.3 (KAFKA-15591, also filed as KAFKA-14312 and
     * KAFKA-19880): an idempotent producer with several requests in flight sends A and B to a
     * partition the broker is still creating; A fails with {@code NOT_LEADER_OR_FOLLOWER}, B
     * lands, and every retry of A is {@code OUT_OF_ORDER_SEQUENCE_NUMBER} until
     * {@code delivery.timeout.ms} drops its records. Topic creation completes before the broker
     * has applied it, so waiting for {@code createTopics} is not enough. {@code describeProducers}
     * is answered by a partition's leader only (the admin client retries until it is), the same
     * check a produce request passes.
     *
     * @throws Exception when the topic exists already, or a step fails or times out
     */
    public void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            admin.describeProducers(partitions(topic, partitions).toList()).all().get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Deletes every record of {@code topic}'s partitions, as retention does to an idle topic: each
     * log then starts at its end. Blocks (up to 30 s a step) until the broker has.
     *
     * @throws Exception when a step fails or times out
     */
    public void deleteAllRecords(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            Map<TopicPartition, OffsetSpec> latest = partitions(topic, partitions)
                    .collect(Collectors.toMap(partition -> partition, partition -> OffsetSpec.latest()));
            Map<TopicPartition, RecordsToDelete> deletions = admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS)
                    .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                            end -> RecordsToDelete.beforeOffset(end.getValue().offset())));
            admin.deleteRecords(deletions).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static Stream<TopicPartition> partitions(String topic, int partitions) {
        return IntStream.range(0, partitions).mapToObj(partition -> new TopicPartition(topic, partition));
    }
}
