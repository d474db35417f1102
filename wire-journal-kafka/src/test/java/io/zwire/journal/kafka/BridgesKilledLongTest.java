package io.zwire.journal.kafka;

import io.zwire.WireType;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.kafka.testkit.KraftBroker;
import io.zwire.kafka.ZwireSerializer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each bridge in a JVM of its own, killed with SIGKILL at random moments while records flow into
 * its source, several times; a last bridge in this JVM then finishes the copy, which must hold
 * every record exactly once.
 */
@Tag("long")
class BridgesKilledLongTest {
    private static final int KILLS = 6;
    private static final int RECORDS = 20_000;
    /** Records written between two pauses of a millisecond: a flow of some seconds. */
    private static final int RECORDS_PER_PAUSE = 4;

    @RegisterExtension
    static final KraftBroker BROKER = new KraftBroker();

    @TempDir
    Path directory;

    @Test
    void aJournalToKafkaBridgeKilledAtRandomSeveralTimesCopiesEveryRecordOnce() throws Exception {
        BROKER.createTopic("killed-to-kafka", 3);
        long seed = System.nanoTime();
        try (Journal journal = Bridges.journal(directory)) {
            long[] last = {-1};
            Thread writer = new Thread(() -> {
                Trade trade = new Trade();
                try (JournalAppender appender = journal.appender()) {
                    for (int i = 0; i < RECORDS; i++) {
                        last[0] = appender.append(trade.set(i));
                        pace(i);
                    }
                }
            }, "journal writer");
            writer.start();
            killRepeatedly(seed, () -> true, "journal-to-kafka", BROKER.bootstrapServers(), directory.toString(),
                    "killed-to-kafka", "killed-to-kafka-1");
            writer.join(TimeUnit.MILLISECONDS.convert(Bridges.DEADLINE));
            assertTrue(!writer.isAlive() && last[0] >= 0, "the writer appended them all");
            try (JournalToKafka bridge = JournalToKafka.builder(journal, "killed-to-kafka", "killed-to-kafka-1")
                    .kafka(Bridges.kafka(BROKER)).build()) {
                assertTrue(bridge.lastCommittedIndex() >= 0, "the killed bridges committed records: this one resumes");
                Bridges.await(() -> bridge.poll(Duration.ofMillis(50)), bridge::lastCommittedIndex, last[0]);
            }
        }
        JournalToKafkaTest.assertExactlyOnce(Bridges.readTopic(BROKER, "killed-to-kafka", RECORDS), RECORDS);
        System.out.printf("journal to Kafka: %d kills (seed %d), %d records each once%n", KILLS, seed, RECORDS);
    }

    @Test
    void aKafkaToJournalBridgeKilledAtRandomSeveralTimesAppendsEveryRecordOnce() throws Exception {
        BROKER.createTopic("killed-to-journal", 3);
        long seed = System.nanoTime();
        Thread producing = new Thread(() -> {
            try (KafkaProducer<byte[], Trade> producer = new KafkaProducer<>(Bridges.kafka(BROKER),
                    new ByteArraySerializer(), new ZwireSerializer<>(WireType.BINARY, Trade.TYPES))) {
                Trade trade = new Trade();
                for (int i = 0; i < RECORDS; i++) {
                    producer.send(new ProducerRecord<>("killed-to-journal", i % 3, null, trade.set(i)));
                    pace(i);
                }
            }
        }, "producer");
        producing.start();
        try (Journal journal = Bridges.journal(directory)) {
            killRepeatedly(seed, () -> appendedAny(journal), "kafka-to-journal", BROKER.bootstrapServers(),
                    directory.toString(), "killed-to-journal");
            producing.join(TimeUnit.MILLISECONDS.convert(Bridges.DEADLINE));
            assertTrue(!producing.isAlive(), "the producer sent them all");
            assertTrue(appendedAny(journal), "the killed bridges appended records: the last one resumes");
            try (KafkaToJournal bridge = KafkaToJournal.builder(journal, "killed-to-journal")
                    .kafka(Bridges.kafka(BROKER)).build()) {
                long[] partitionsDone = {0};
                Bridges.await(() -> {
                    bridge.poll(Duration.ofMillis(50));
                    partitionsDone[0] = 0;
                    for (int partition = 0; partition < 3; partition++) {
                        // Trade i is offset i / 3 of partition i % 3.
                        partitionsDone[0] += journal.lastSourcePosition(partition) == lastOffset(partition) ? 1 : 0;
                    }
                }, () -> partitionsDone[0], 3);
            }
            KafkaToJournalTest.assertExactlyOnce(journal, 3, RECORDS);
        }
        System.out.printf("Kafka to journal: %d kills (seed %d), %d records each once%n", KILLS, seed, RECORDS);
    }

    /** {@return the offset of the last of {@link #RECORDS} trades sent to {@code partition}, trade i to i % 3} */
    private static long lastOffset(int partition) {
        return (RECORDS - 1 - partition) / 3;
    }

    private static void pace(int record) {
        if (record % RECORDS_PER_PAUSE == 0) {
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** {@return whether a bridge has appended a record of any of the three partitions} */
    private static boolean appendedAny(Journal journal) {
        for (int partition = 0; partition < 3; partition++) {
            if (journal.lastSourcePosition(partition) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Starts the bridge process {@link #KILLS} times, each killed with SIGKILL after a random 0.1 to
     * 1.5 s; the last one only once {@code underWay} holds (within a minute), so that at least one
     * killed bridge has done some work for the next to resume, however slowly a loaded machine
     * starts a JVM and joins the consumer group.
     */
    private static void killRepeatedly(long seed, BooleanSupplier underWay, String... args) throws Exception {
        Random random = new Random(seed);
        List<Process> started = new ArrayList<>();
        try {
            for (int kill = 0; kill < KILLS; kill++) {
                Process bridge = BridgeProcess.start(args);
                started.add(bridge);
                if (kill == KILLS - 1) {
                    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                    while (!underWay.getAsBoolean() && bridge.isAlive() && System.nanoTime() < deadline) {
                        Thread.sleep(50);
                    }
                }
                Thread.sleep(100 + random.nextInt(1400));
                bridge.destroyForcibly();
                assertTrue(bridge.waitFor(30, TimeUnit.SECONDS), "killed");
                assertEquals(137, bridge.exitValue(), "killed by SIGKILL, not ended by itself");
            }
        } finally {
            started.forEach(Process::destroyForcibly);
        }
    }
}
