package io.zwire.journal.kafka;

import io.zwire.Schema;
import io.zwire.WireType;
import io.zwire.WireException;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalAppender;
import io.zwire.journal.JournalConfig;
import io.zwire.journal.JournalRecord;
import io.zwire.journal.JournalTailer;
import io.zwire.kafka.testkit.KraftBroker;
import io.zwire.kafka.ZwireHeaders;
import io.zwire.kafka.ZwireSerializer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link JournalToKafka} against a real KRaft broker in this JVM: copies, clean restarts and a
 * crash mid-batch. The default build copies a journal into a topic (and on into a journal, the
 * example of docs/journal.md); the clean restart, the crash, the start points, the refusals and
 * the failed commits are tagged {@code long}, each a transactional producer's start and more, the
 * broker started once for them in {@code -Plong}.
 */
class JournalToKafkaTest {
    @RegisterExtension
    static final KraftBroker BROKER = new KraftBroker();

    @TempDir
    Path directory;

    @Test
    void copiesEveryRecordInJournalOrderWithTheHeadersAPlainZwireDeserializerReads() throws Exception {
        BROKER.createTopic("copy", 1);
        try (Journal journal = Bridges.journal(directory)) {
            long last = Bridges.append(journal, 0, 500);
            copyThrough(bridge(journal, "copy", "copy-1").batch(64, Duration.ofMillis(50)), last);
        }
        List<ConsumerRecord<byte[], Trade>> read = Bridges.readTopic(BROKER, "copy", 500);
        assertEquals(500, read.size());
        long fingerprint = Schema.of(Trade::new).fingerprint();
        long previousIndex = -1;
        for (int i = 0; i < read.size(); i++) {
            ConsumerRecord<byte[], Trade> record = read.get(i);
            assertEquals(i, record.value().seq, "record " + i);
            assertTrue(record.value().isIntact(), record.value().toString());
            assertArrayEquals(new byte[] {(byte) WireType.BINARY.code()}, record.headers().lastHeader(ZwireHeaders.WIRE).value());
            assertArrayEquals("Trade".getBytes(StandardCharsets.UTF_8), record.headers().lastHeader(ZwireHeaders.TYPE).value());
            assertEquals(fingerprint, ZwireHeaders.fingerprint(record.headers().lastHeader(ZwireHeaders.FINGERPRINT).value()));
            long index = JournalIndexHeader.index(record.headers());
            assertTrue(index > previousIndex, "journal index " + Long.toHexString(index) + " after "
                    + Long.toHexString(previousIndex));
            previousIndex = index;
        }
    }

    /** The example docs/journal.md shows: a journal copied into a topic, and from it into a second journal. */
    @Test
    void aJournalCopiedToATopicAndFromItToAnotherJournalHoldsEveryMessageOnceAndInOrder() throws Exception {
        BROKER.createTopic("orders", 1);
        Map<String, Object> kafka = Map.of("bootstrap.servers", BROKER.bootstrapServers());
        try (Journal journal = Bridges.journal(directory.resolve("here"));
             Journal copy = Bridges.journal(directory.resolve("there"))) {
            long last = Bridges.append(journal, 0, 100);
            int appended = 0;
            try (JournalToKafka out = JournalToKafka.builder(journal, "orders", "orders-out")  // one id per journal and topic
                         .kafka(kafka)
                         .batch(1000, Duration.ofMillis(100))    // a transaction per 1000 records or 100 ms
                         .build();                               // resumes after what the topic holds
                 KafkaToJournal in = KafkaToJournal.builder(copy, "orders")
                         .kafka(kafka)
                         .build()) {                             // each partition after what the journal holds
                for (int polls = 0; polls < 2000 && (out.lastCommittedIndex() != last || appended < 100); polls++) {
                    out.poll(Duration.ofMillis(10));             // copies, commits a batch when due
                    appended += in.poll(Duration.ofMillis(10));  // appends what the consumer returns
                }
                assertEquals(last, out.lastCommittedIndex(), "all committed to the topic");
            }
            assertEquals(100, appended);
            // The topic is written in transactions, whose commit markers take offsets between them.
            KafkaToJournalTest.assertExactlyOnceFromTransactions(copy, 1, 100);
        }
    }

    /**
     * Each committed transaction leaves a commit marker that takes an offset, so a topic written
     * in many transactions holds its records at rising offsets with gaps. Copied on into a
     * journal, each record carries its own offset as its source position. How many transactions
     * a bridge makes depends on its batch's size and timeout and on the machine's speed, so the
     * docs example above may make one or several of its 100 records.
     */
    @Test
    void aTopicWrittenInManyTransactionsCopiesIntoAJournalWithEachRecordsOwnOffset() throws Exception {
        BROKER.createTopic("batches", 1);
        try (Journal journal = Bridges.journal(directory.resolve("here"));
             Journal copy = Bridges.journal(directory.resolve("there"))) {
            long last = Bridges.append(journal, 0, 100);
            copyThrough(bridge(journal, "batches", "batches-1").batch(10, Duration.ofMillis(50)), last);
            try (KafkaToJournal in = KafkaToJournal.builder(copy, "batches").kafka(Bridges.kafka(BROKER)).build()) {
                long[] appended = {0};
                Bridges.await(() -> appended[0] += in.poll(Duration.ofMillis(20)), () -> appended[0], 100);
            }
            // At most 10 records a transaction: 10 transactions or more, so 9 markers or more before the last record.
            assertTrue(copy.lastSourcePosition(0) >= 108, "last offset " + copy.lastSourcePosition(0));
            KafkaToJournalTest.assertExactlyOnceFromTransactions(copy, 1, 100);
        }
    }

    @Test
    @Tag("long")
    void aRestartAfterACleanStopResumesAfterTheTopicsLastRecordRepeatingAndLosingNothing() throws Exception {
        BROKER.createTopic("restart", 1);
        try (Journal journal = Bridges.journal(directory)) {
            long first = Bridges.append(journal, 0, 200);
            copyThrough(bridge(journal, "restart", "restart-1"), first);
            long second = Bridges.append(journal, 200, 400);
            try (JournalToKafka bridge = bridge(journal, "restart", "restart-1").build()) {
                assertEquals(first, bridge.lastCommittedIndex(), "found where the first run ended");
                Bridges.await(() -> bridge.poll(Duration.ofMillis(20)), bridge::lastCommittedIndex, second);
            }
        }
        assertExactlyOnce(Bridges.readTopic(BROKER, "restart", 400), 400);
    }

    @Test
    @Tag("long")
    void aBridgeAbandonedMidTransactionIsFencedAndItsSuccessorCopiesEachRecordOnce() throws Exception {
        BROKER.createTopic("crash", 3);
        try (Journal journal = Bridges.journal(directory)) {
            Bridges.append(journal, 0, 230);
            JournalToKafka crashed = bridge(journal, "crash", "crash-1").batch(50, Duration.ofHours(1)).build();
            int sent = 0;
            long deadline = System.nanoTime() + Bridges.DEADLINE.toNanos();
            while (sent < 230 && System.nanoTime() - deadline < 0) {
                sent += crashed.poll(Duration.ofMillis(20));
            }
            assertEquals(230, sent, "sent: 200 committed in 4 batches, 30 in the transaction left open");
            long lastCommitted = crashed.lastCommittedIndex();
            long last = Bridges.append(journal, 230, 300);
            try (JournalToKafka successor = bridge(journal, "crash", "crash-1").batch(50, Duration.ofHours(1)).build()) {
                assertEquals(lastCommitted, successor.lastCommittedIndex(), "resumed after the last committed record of"
                        + " three partitions");
                // Trades 200 to 299 again and on: two whole batches, each committed when full.
                Bridges.await(() -> successor.poll(Duration.ofMillis(20)), successor::lastCommittedIndex, last);
            }
            assertThrows(ProducerFencedException.class, crashed::close, "the fenced bridge's commit is refused");
            assertThrows(IllegalStateException.class, () -> crashed.poll(Duration.ZERO), "and the bridge is closed");
        }
        assertExactlyOnce(Bridges.readTopic(BROKER, "crash", 300), 300);
    }

    @Test
    @Tag("long")
    void aTopicWhoseLastRecordHasNoJournalIndexIsRefusedAtStart() throws Exception {
        BROKER.createTopic("foreign", 1);
        Trade trade = new Trade().set(1);
        try (KafkaProducer<byte[], Trade> producer = new KafkaProducer<>(Map.of("bootstrap.servers",
                BROKER.bootstrapServers()), new ByteArraySerializer(), new ZwireSerializer<>(WireType.BINARY, Trade.TYPES))) {
            producer.send(new ProducerRecord<>("foreign", trade)).get(60, TimeUnit.SECONDS);
        }
        try (Journal journal = Bridges.journal(directory)) {
            Bridges.append(journal, 0, 1);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> bridge(journal, "foreign", "foreign-1").build());
            assertTrue(refused.getMessage().contains("has no " + JournalIndexHeader.KEY + " header"), refused.getMessage());
        }
    }

    @Test
    @Tag("long")
    void theResumePointIsFoundBehindAnAbortedTransactionLongerThanTheFirstWindow() throws Exception {
        BROKER.createTopic("aborted-tail", 1);
        int aborted = 5 * JournalToKafka.FIRST_RESUME_WINDOW;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of("bootstrap.servers",
                BROKER.bootstrapServers(), "transactional.id", "aborted-tail"), new ByteArraySerializer(),
                new ByteArraySerializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(indexed(7));
            producer.commitTransaction();
            producer.beginTransaction();
            for (int i = 0; i < aborted; i++) {
                producer.send(indexed(100 + i));
            }
            producer.abortTransaction();
        }
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers",
                BROKER.bootstrapServers(), "isolation.level", "read_committed"), new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            assertEquals(7, new TopicEnd(consumer, "aborted-tail", Bridges.DEADLINE).highestJournalIndex(),
                    "the committed record behind " + aborted + " aborted ones and two markers");
        }
    }

    private static ProducerRecord<byte[], byte[]> indexed(long journalIndex) {
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>("aborted-tail", new byte[] {1});
        record.headers().add(JournalIndexHeader.KEY, JournalIndexHeader.value(journalIndex));
        return record;
    }

    @Test
    @Tag("long")
    void aBatchTheTopicRefusesIsAbortedAndSentAgainByTheNextPollWhileTheBatchesBeforeItStay() throws Exception {
        BROKER.createTopic("too-large", 1);
        try (Journal journal = Bridges.journal(directory)) {
            long committed = Bridges.append(journal, 0, 10);
            Trade large = new Trade().set(10);
            large.symbol = "X".repeat(4096);
            try (JournalAppender appender = journal.appender()) {
                appender.append(large);
            }
            Map<String, Object> small = new HashMap<>(Bridges.kafka(BROKER));
            small.put("max.request.size", "2048");
            try (JournalToKafka bridge = JournalToKafka.builder(journal, "too-large", "too-large-1").kafka(small)
                    .batch(10, Duration.ofHours(1)).build()) {
                for (int attempt = 0; attempt < 2; attempt++) {
                    assertThrows(KafkaException.class, () -> bridge.poll(Duration.ofMillis(100)), "attempt " + attempt);
                    assertEquals(committed, bridge.lastCommittedIndex(), "the first batch of ten committed, attempt " + attempt);
                }
            }
        }
        assertExactlyOnce(Bridges.readTopic(BROKER, "too-large", 10), 10);
    }

    @Test
    @Tag("long")
    void aCorruptedJournalRecordIsThrownAndLeftOutAndTheCopyGoesOnAfterIt() throws Exception {
        BROKER.createTopic("corrupted", 1);
        try (Journal journal = Journal.open(directory, JournalConfig.builder(WireType.BINARY, Trade.TYPES)
                .cycleSize(256 << 10).checksums().build())) {
            long last = Bridges.append(journal, 0, 10);
            flipFirstDocumentByte(journal, 5);
            try (JournalToKafka bridge = bridge(journal, "corrupted", "corrupted-1").build()) {
                assertThrows(WireException.class, () -> bridge.poll(Duration.ofMillis(100)), "record 5's checksum");
                Bridges.await(() -> bridge.poll(Duration.ofMillis(20)), bridge::lastCommittedIndex, last);
            }
        }
        List<ConsumerRecord<byte[], Trade>> read = Bridges.readTopic(BROKER, "corrupted", 9);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 6L, 7L, 8L, 9L), read.stream().map(r -> r.value().seq).toList());
    }

    @Test
    @Tag("long")
    void anEmptyTopicStartsAtTheConfiguredIndex() throws Exception {
        BROKER.createTopic("start-at", 1);
        try (Journal journal = Bridges.journal(directory)) {
            Bridges.append(journal, 0, 5);
            long fifth = Bridges.append(journal, 5, 6);
            long last = Bridges.append(journal, 6, 10);
            copyThrough(bridge(journal, "start-at", "start-at-1").startAt(fifth), last);
        }
        assertEquals(List.of(5L, 6L, 7L, 8L, 9L),
                Bridges.readTopic(BROKER, "start-at", 5).stream().map(r -> r.value().seq).toList());
    }

    @Test
    @Tag("long")
    void aTopicWhoseRecordsWereAllDeletedIsRefusedAtStartUnlessTheStartIndexIsGiven() throws Exception {
        BROKER.createTopic("deleted", 2);
        try (Journal journal = Bridges.journal(directory)) {
            long copied = Bridges.append(journal, 0, 10);
            copyThrough(bridge(journal, "deleted", "deleted-1"), copied);
            BROKER.deleteAllRecords("deleted", 2);
            long tenth = Bridges.append(journal, 10, 11);
            long last = Bridges.append(journal, 11, 15);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> bridge(journal, "deleted", "deleted-1").build(), "the journal's start would copy 0 to 9 again");
            assertTrue(refused.getMessage().contains("startAt"), refused.getMessage());
            copyThrough(bridge(journal, "deleted", "deleted-1").startAt(tenth), last);
        }
        assertEquals(List.of(10L, 11L, 12L, 13L, 14L),
                Bridges.readTopic(BROKER, "deleted", 5).stream().map(r -> r.value().seq).sorted().toList());
    }

    @Test
    @Tag("long")
    void aJournalThatNoLongerHoldsTheTopicsLastRecordIsRefusedAtStart() throws Exception {
        BROKER.createTopic("gone", 1);
        try (Journal journal = Bridges.journal(directory.resolve("first"))) {
            long last = Bridges.append(journal, 0, 10);
            copyThrough(bridge(journal, "gone", "gone-1"), last);
        }
        try (Journal emptied = Bridges.journal(directory.resolve("second"))) {
            Bridges.append(emptied, 0, 3);
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> bridge(emptied, "gone", "gone-1").build());
            assertTrue(refused.getMessage().contains("no longer holds"), refused.getMessage());
        }
    }

    @Test
    @Tag("long")
    void aCommitInterruptedWhileWaitingKeepsItsTransactionOpenAndTheNextCommitCompletesIt() throws Exception {
        BROKER.createTopic("interrupted", 1);
        try (Journal journal = Bridges.journal(directory)) {
            long last = Bridges.append(journal, 0, 10);
            try (JournalToKafka bridge = bridge(journal, "interrupted", "interrupted-1").batch(100, Duration.ofHours(1))
                    .build()) {
                assertEquals(10, bridge.poll(Duration.ofMillis(100)), "all ten sent in the open transaction");
                // The commit is queued, then its wait for the broker is interrupted at once: Kafka allows
                // only a retry of the commit then, and an abort would throw.
                Thread.currentThread().interrupt();
                try {
                    assertThrows(InterruptException.class, bridge::commit);
                } finally {
                    Thread.interrupted();
                }
                bridge.commit();
                assertEquals(last, bridge.lastCommittedIndex());
            }
        }
        assertExactlyOnce(Bridges.readTopic(BROKER, "interrupted", 10), 10);
    }

    @Test
    void aFatalErrorIsKnownAlsoAsTheCauseOfAPlainKafkaException() {
        ProducerFencedException fenced = new ProducerFencedException("fenced by a newer bridge");
        assertTrue(JournalToKafka.isFatal(fenced));
        assertTrue(JournalToKafka.isFatal(new KafkaException("Cannot execute transactional method", fenced)));
        assertTrue(JournalToKafka.isFatal(new KafkaException(new KafkaException(new TransactionalIdAuthorizationException("no")))));
        assertFalse(JournalToKafka.isFatal(new KafkaException("refused", new RecordTooLargeException("too large"))));
    }

    /** Flips the first byte of the document of the journal's record number {@code ordinal} in its cycle file. */
    private static void flipFirstDocumentByte(Journal journal, int ordinal) throws IOException {
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i <= ordinal; i++) {
                assertTrue(tailer.readRecord(record));
            }
            byte[] document = record.document().toByteArray();
            try (FileChannel file = FileChannel.open(record.cycleFile(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ByteBuffer stored = ByteBuffer.allocate(record.size());
                file.read(stored, record.offset());
                byte[] bytes = stored.array();
                int at = Collections.indexOfSubList(toList(bytes), toList(document));
                assertTrue(at > 0, "the document is inside its record");
                file.write(ByteBuffer.wrap(new byte[] {(byte) ~bytes[at]}), record.offset() + at);
            }
        }
    }

    private static List<Byte> toList(byte[] bytes) {
        List<Byte> list = new ArrayList<>(bytes.length);
        for (byte b : bytes) {
            list.add(b);
        }
        return list;
    }

    /** Builds a bridge, polls it until it has committed journal index {@code last}, and closes it. */
    private static void copyThrough(JournalToKafka.Builder builder, long last) {
        try (JournalToKafka bridge = builder.build()) {
            Bridges.await(() -> bridge.poll(Duration.ofMillis(20)), bridge::lastCommittedIndex, last);
        }
    }

    private static JournalToKafka.Builder bridge(Journal journal, String topic, String transactionalId) {
        return JournalToKafka.builder(journal, topic, transactionalId).kafka(Bridges.kafka(BROKER));
    }

    /**
     * Asserts the topic holds trades 0 to {@code count} - 1 each once, each partition in journal
     * order.
     */
    static void assertExactlyOnce(List<ConsumerRecord<byte[], Trade>> read, int count) {
        int[] seen = new int[count];
        long previousIndex = -1;
        int previousPartition = -1;
        for (ConsumerRecord<byte[], Trade> record : read) {
            Trade trade = record.value();
            assertTrue(trade.seq >= 0 && trade.seq < count && trade.isIntact(), trade.toString());
            seen[(int) trade.seq]++;
            long index = JournalIndexHeader.index(record.headers());
            if (record.partition() == previousPartition) {
                assertTrue(index > previousIndex, "partition " + record.partition() + " in journal order");
            }
            previousPartition = record.partition();
            previousIndex = index;
        }
        for (int i = 0; i < count; i++) {
            assertEquals(1, seen[i], "trade " + i + " copies");
        }
        assertEquals(count, read.size());
    }
}
