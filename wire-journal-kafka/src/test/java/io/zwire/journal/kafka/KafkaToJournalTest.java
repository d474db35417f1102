package io.zwire.journal.kafka;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalTailer;
import io.zwire.journal.WaitStrategy;
import io.zwire.kafka.testkit.KraftBroker;
import io.zwire.kafka.ZwireSerializer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link KafkaToJournal} against a real KRaft broker in this JVM: copies, clean restarts, a crash,
 * a refused record. In the long profile: a broker of its own and nine copies take some 15 s, and
 * the default build copies a topic into a journal in {@code JournalToKafkaTest} already.
 */
@Tag("long")
class KafkaToJournalTest {
    @RegisterExtension
    static final KraftBroker BROKER = new KraftBroker();

    @TempDir
    Path directory;

    @Test
    void copiesEveryRecordInOrderWithItsPartitionAndOffsetAsTheSource() throws Exception {
        BROKER.createTopic("to-journal", 1);
        produce("to-journal", 1, 0, 500);
        try (Journal journal = Bridges.journal(directory)) {
            runBridge(journal, "to-journal", 500);
            assertExactlyOnce(journal, 1, 500);
        }
    }

    @Test
    void aRestartAfterACleanStopResumesAfterTheJournalsLastSourcePositionRepeatingAndLosingNothing() throws Exception {
        BROKER.createTopic("to-journal-restart", 1);
        produce("to-journal-restart", 1, 0, 200);
        try (Journal journal = Bridges.journal(directory)) {
            runBridge(journal, "to-journal-restart", 200);
            produce("to-journal-restart", 1, 200, 400);
            runBridge(journal, "to-journal-restart", 200);
            assertExactlyOnce(journal, 1, 400);
        }
    }

    @Test
    void aBridgeAbandonedWithoutClosingIsFollowedByOneThatAppendsEachRecordOnce() throws Exception {
        BROKER.createTopic("to-journal-crash", 3);
        produce("to-journal-crash", 3, 0, 600);
        Map<String, Object> grouped = grouped("to-journal-crash");
        grouped.put("max.poll.records", "50");
        try (Journal journal = Bridges.journal(directory)) {
            KafkaToJournal crashed = KafkaToJournal.builder(journal, "to-journal-crash").kafka(grouped).build();
            int appended = 0;
            long deadline = System.nanoTime() + Bridges.DEADLINE.toNanos();
            while (appended < 200 && System.nanoTime() - deadline < 0) {
                appended += crashed.poll(Duration.ofMillis(100));
            }
            assertTrue(appended >= 200 && appended < 600, appended + " appended before the crash");
            try (KafkaToJournal successor = KafkaToJournal.builder(journal, "to-journal-crash").kafka(grouped).build()) {
                copy(successor, 600 - appended);
            } finally {
                crashed.close();
            }
            assertExactlyOnce(journal, 3, 600);
        }
    }

    @Test
    void aRecordTheJournalRefusesIsThrownWithItsOffsetAfterThoseBeforeItAndMetAgainByTheNextPoll() throws Exception {
        BROKER.createTopic("to-journal-refused", 1);
        produce("to-journal-refused", 1, 0, 3);
        produceUnknownType("to-journal-refused", 0);
        produce("to-journal-refused", 1, 4, 5);
        try (Journal journal = Bridges.journal(directory);
             KafkaToJournal bridge = bridge(journal, "to-journal-refused").build()) {
            for (int attempt = 0; attempt < 2; attempt++) {
                IllegalStateException refused = assertThrows(IllegalStateException.class, () -> copy(bridge, 5));
                assertTrue(refused.getMessage().contains("refused record 3 of to-journal-refused-0"), refused.getMessage());
            }
            assertExactlyOnce(journal, 1, 3);
        }
    }

    @Test
    void aRefusedRecordInOnePartitionHoldsUpNoOtherPartitionOfItsPoll() throws Exception {
        BROKER.createTopic("to-journal-refused-two", 2);
        produce("to-journal-refused-two", 2, 0, 20);
        for (int partition = 0; partition < 2; partition++) {
            produceUnknownType("to-journal-refused-two", partition);
        }
        produce("to-journal-refused-two", 2, 20, 100);
        try (Journal journal = Bridges.journal(directory);
             KafkaToJournal bridge = bridge(journal, "to-journal-refused-two").build()) {
            // One poll returns both partitions (the records are all there before the bridge starts): the
            // one iterated first refuses its offset 10, and the other's records must still be appended.
            int refusals = 0;
            for (int polls = 0; polls < 100 && (refusals < 2 || journalSize(journal) < 20); polls++) {
                try {
                    bridge.poll(Duration.ofMillis(100));
                } catch (IllegalStateException refused) {
                    assertTrue(refused.getMessage().contains("refused record 10 of to-journal-refused-two-"),
                            refused.getMessage());
                    refusals++;
                }
            }
            assertExactlyOnce(journal, 2, 20);
        }
    }

    @Test
    void aPartitionsFirstEverRecordRefusedIsMetAgainByTheNextPollWithTheRestOfItsBatch() throws Exception {
        BROKER.createTopic("to-journal-refused-first", 1);
        produceUnknownType("to-journal-refused-first", 0);
        produce("to-journal-refused-first", 1, 1, 5);
        try (Journal journal = Bridges.journal(directory);
             KafkaToJournal bridge = bridge(journal, "to-journal-refused-first").build()) {
            for (int attempt = 0; attempt < 3; attempt++) {
                IllegalStateException refused = assertThrows(IllegalStateException.class, () -> copy(bridge, 4),
                        "attempt " + attempt);
                assertTrue(refused.getMessage().contains("refused record 0 of to-journal-refused-first-0"),
                        refused.getMessage());
            }
            assertEquals(0, journalSize(journal));
        }
    }

    @Test
    void recordsOfAnAbortedTransactionNeverReachTheJournal() throws Exception {
        BROKER.createTopic("to-journal-aborted", 1);
        Map<String, Object> transactional = new HashMap<>(Bridges.kafka(BROKER));
        transactional.put("transactional.id", "to-journal-aborted");
        try (KafkaProducer<byte[], Trade> producer = new KafkaProducer<>(transactional, new ByteArraySerializer(),
                new ZwireSerializer<>(WireType.BINARY, Trade.TYPES))) {
            producer.initTransactions();
            long[][] transactions = {{0, 1}, {100, 101, 102}, {2, 3}};
            for (int t = 0; t < transactions.length; t++) {
                producer.beginTransaction();
                for (long seq : transactions[t]) {
                    producer.send(new ProducerRecord<>("to-journal-aborted", new Trade().set(seq)));
                }
                if (t == 1) {
                    producer.abortTransaction();
                } else {
                    producer.commitTransaction();
                }
            }
        }
        try (Journal journal = Bridges.journal(directory)) {
            runBridge(journal, "to-journal-aborted", 4);
            assertEquals(List.of(0L, 1L, 2L, 3L), sequenceNumbers(journal));
        }
    }

    @Test
    void aPartitionTheJournalHoldsNothingOfStartsAtItsGroupsCommittedOffset() throws Exception {
        BROKER.createTopic("to-journal-group", 1);
        produce("to-journal-group", 1, 0, 10);
        Map<String, Object> grouped = grouped("to-journal-group");
        try (KafkaConsumer<byte[], byte[]> committer = new KafkaConsumer<>(grouped, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            committer.commitSync(Map.of(new TopicPartition("to-journal-group", 0), new OffsetAndMetadata(6)));
        }
        try (Journal journal = Bridges.journal(directory)) {
            try (KafkaToJournal bridge = KafkaToJournal.builder(journal, "to-journal-group").kafka(grouped).build()) {
                copy(bridge, 4);
            }
            assertEquals(List.of(6L, 7L, 8L, 9L), sequenceNumbers(journal));
        }
    }

    @Test
    void withAGroupIdAPartitionTheJournalHoldsNothingOfRestartsAtTheOffsetTheLastPollCommitted() throws Exception {
        BROKER.createTopic("to-journal-committed", 1);
        produce("to-journal-committed", 1, 0, 10);
        Map<String, Object> grouped = grouped("to-journal-committed");
        try (Journal first = Bridges.journal(directory.resolve("first"))) {
            try (KafkaToJournal bridge = KafkaToJournal.builder(first, "to-journal-committed").kafka(grouped).build()) {
                copy(bridge, 10);
            }
        }
        produce("to-journal-committed", 1, 10, 15);
        // A journal that holds nothing of the partition, as one whose retention deleted the cycle of its last record.
        try (Journal emptied = Bridges.journal(directory.resolve("emptied"))) {
            try (KafkaToJournal bridge = KafkaToJournal.builder(emptied, "to-journal-committed").kafka(grouped).build()) {
                copy(bridge, 5);
            }
            assertEquals(List.of(10L, 11L, 12L, 13L, 14L), sequenceNumbers(emptied));
        }
    }

    /** {@return the broker's client properties with {@code group.id} set to {@code group}, modifiable} */
    private static Map<String, Object> grouped(String group) {
        Map<String, Object> properties = new HashMap<>(Bridges.kafka(BROKER));
        properties.put("group.id", group);
        return properties;
    }

    /** Sends one trade under an alias the journal's registry lacks to {@code partition}, waiting for its ack. */
    private static void produceUnknownType(String topic, int partition) throws Exception {
        TypeRegistry unknown = TypeRegistry.builder().add("Quote", Trade.class, Trade::new).build();
        try (KafkaProducer<byte[], Trade> producer = new KafkaProducer<>(Bridges.kafka(BROKER), new ByteArraySerializer(),
                new ZwireSerializer<>(WireType.BINARY, unknown))) {
            producer.send(new ProducerRecord<>(topic, partition, null, new Trade().set(-1))).get(60, TimeUnit.SECONDS);
        }
    }

    private static int journalSize(Journal journal) {
        return sequenceNumbers(journal).size();
    }

    /** {@return the sequence numbers of the trades the journal holds, in its order} */
    private static List<Long> sequenceNumbers(Journal journal) {
        List<Long> read = new ArrayList<>();
        try (JournalTailer tailer = journal.tailer()) {
            for (Trade trade; (trade = (Trade) tailer.read()) != null; ) {
                read.add(trade.seq);
            }
        }
        return read;
    }

    private static KafkaToJournal.Builder bridge(Journal journal, String topic) {
        return KafkaToJournal.builder(journal, topic).kafka(Bridges.kafka(BROKER));
    }

    /** Builds a bridge, has it append {@code count} records (see {@link #copy}) and closes it. */
    private static void runBridge(Journal journal, String topic, int count) {
        try (KafkaToJournal bridge = bridge(journal, topic).build()) {
            copy(bridge, count);
        }
    }

    /** Polls until {@code count} records were appended, then polls a little more, which must append none. */
    private static void copy(KafkaToJournal bridge, int count) {
        long[] appended = {0};
        Bridges.await(() -> appended[0] += bridge.poll(Duration.ofMillis(100)), () -> Math.min(appended[0], count), count);
        for (int i = 0; i < 5; i++) {
            appended[0] += bridge.poll(Duration.ofMillis(100));
        }
        assertEquals(count, appended[0], "records appended");
    }

    /** Sends trades {@code from} to {@code to} (exclusive), trade i to partition i % partitions. */
    private static void produce(String topic, int partitions, long from, long to) throws Exception {
        try (KafkaProducer<byte[], Trade> producer = new KafkaProducer<>(Bridges.kafka(BROKER), new ByteArraySerializer(),
                new ZwireSerializer<>(WireType.BINARY, Trade.TYPES))) {
            Trade trade = new Trade();
            for (long i = from; i < to; i++) {
                producer.send(new ProducerRecord<>(topic, (int) (i % partitions), null, trade.set(i)));
            }
            producer.flush();
        }
    }

    /**
     * Asserts the journal holds trades 0 to {@code count} - 1 each once, each carrying its
     * partition (i % partitions) and offset (i / partitions) as its source, each partition's in
     * offset order, for a topic a plain producer wrote (a partition's offsets are consecutive).
     * Blocks until no record comes for twice the claim timeout.
     */
    static void assertExactlyOnce(Journal journal, int partitions, int count) {
        assertExactlyOnce(journal, partitions, count, Offsets.CONSECUTIVE);
    }

    /**
     * As {@link #assertExactlyOnce(Journal, int, int)}, for a topic a transactional producer
     * wrote: each committed transaction leaves a commit marker that takes an offset of its own, so
     * a partition's records carry rising offsets with a gap after each transaction, as many
     * transactions as the writer's batches happened to make.
     */
    static void assertExactlyOnceFromTransactions(Journal journal, int partitions, int count) {
        assertExactlyOnce(journal, partitions, count, Offsets.RISING);
    }

    /** What a partition's offsets are expected to be. */
    private enum Offsets {
        /** Record i of a partition at offset i. */
        CONSECUTIVE,
        /** Each record at a higher offset than the one before it in its partition. */
        RISING
    }

    private static void assertExactlyOnce(Journal journal, int partitions, int count, Offsets offsets) {
        int[] seen = new int[count];
        long[] nextOffset = new long[partitions];
        long[] readOfPartition = new long[partitions];
        int read = 0;
        try (JournalTailer tailer = journal.tailer()) {
            // Waits past the claim timeout, so a claim a killed bridge left is stepped over, not taken for the end.
            while (tailer.awaitRecord(WaitStrategy.PARK, 2 * Bridges.CLAIM_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                Trade trade = (Trade) tailer.read();
                read++;
                assertTrue(trade.seq >= 0 && trade.seq < count && trade.isIntact(), trade.toString());
                seen[(int) trade.seq]++;
                int partition = (int) (trade.seq % partitions);
                assertEquals(partition, tailer.sourceStream(), trade + "'s source stream");
                assertEquals(readOfPartition[partition]++, trade.seq / partitions, trade + " in its partition's order");
                long position = tailer.sourcePosition();
                if (offsets == Offsets.CONSECUTIVE) {
                    assertEquals(nextOffset[partition], position, trade + "'s source position");
                } else {
                    assertTrue(position >= nextOffset[partition], trade + "'s source position " + position
                            + ", after " + (nextOffset[partition] - 1));
                }
                nextOffset[partition] = position + 1;
            }
        }
        for (int i = 0; i < count; i++) {
            assertEquals(1, seen[i], "trade " + i + " copies");
        }
        assertEquals(count, read);
    }
}
