package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.kafka.testkit.KraftBroker;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A consumer group reading a topic that mixes every wire and both versions of {@link Trade}
 * while it is rebalanced: two members start, a third joins after a third of the records is
 * produced, the first leaves after two thirds. Each member processes a whole poll, then commits
 * synchronously, and commits again in {@code onPartitionsRevoked}, so a partition changes hands
 * only at a committed offset.
 *
 * <p>"Read twice" here means handed to the application twice by the group: with at-least-once
 * delivery that happens only when a member dies between processing and committing, which this
 * run does not do (members leave cleanly), so the run requires every sequence number exactly once,
 * with its exact value, and then checks that a new member of the group is given nothing: every
 * processed record was committed.
 */
final class ScaleOutRun {
    private static final Duration POLL = Duration.ofMillis(100);

    private final KraftBroker broker;
    private final String topic;
    private final int messages;
    private final MixedWireSerializer serializer = new MixedWireSerializer();
    private final AtomicIntegerArray seen;
    private final AtomicInteger distinct = new AtomicInteger();
    private final AtomicInteger duplicates = new AtomicInteger();
    private final Queue<String> errors = new ConcurrentLinkedQueue<>();

    ScaleOutRun(KraftBroker broker, String topic, int messages) {
        this.broker = broker;
        this.topic = topic;
        this.messages = messages;
        this.seen = new AtomicIntegerArray(messages);
    }

    /** Produces and consumes every record, rebalancing as described, and asserts the outcome. */
    void runAndAssert(int partitions, Duration deadline) throws Exception {
        broker.createTopic(topic, partitions);
        long start = System.nanoTime();
        long end = start + deadline.toNanos();
        Member first = Member.start(this, "first");
        Member second = Member.start(this, "second");
        Member joiner = null;
        try {
            try (KafkaProducer<byte[], Marshallable> producer = new KafkaProducer<>(Map.of(
                    "bootstrap.servers", broker.bootstrapServers(), "acks", "all", "linger.ms", "5",
                    "request.timeout.ms", "10000", "delivery.timeout.ms", "20000"),
                    new ByteArraySerializer(), serializer)) {
                AtomicInteger failed = new AtomicInteger();
                int third = messages / 3;
                produce(producer, partitions, 0, third, failed);
                Member joining = Member.start(this, "joiner");
                joiner = joining;
                awaitTrue(() -> joining.assignments.get() > 0, end, "the joining member was given partitions");
                produce(producer, partitions, third, 2 * third, failed);
                first.leave();
                produce(producer, partitions, 2 * third, messages, failed);
                assertEquals(0, failed.get(), "sends failed");
            }
            awaitTrue(() -> distinct.get() == messages, end, "all " + messages + " records were consumed");
        } finally {
            first.leave();
            second.leave();
            if (joiner != null) {
                joiner.leave();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("scale-out: %,d records over %d partitions in %.1f s; members processed first %,d, second %,d,"
                + " joiner %,d; assignments first %d, second %d, joiner %d%n", messages, partitions, seconds,
                first.processed.get(), second.processed.get(), joiner.processed.get(), first.assignments.get(),
                second.assignments.get(), joiner.assignments.get());
        assertTrue(errors.isEmpty(), "errors: " + errors);
        assertEquals(0, duplicates.get(), "records handed to the application twice");
        for (int seq = 0; seq < messages; seq++) {
            assertEquals(1, seen.get(seq), "times record " + seq + " was processed");
        }
        assertTrue(first.processed.get() > 0 && second.processed.get() > 0 && joiner.processed.get() > 0,
                "every member processed records");
        assertTrue(second.assignments.get() >= 2, "the second member was reassigned when the group changed");
        assertEquals(0, Member.drainNewMember(this, partitions), "records a new member was given after all were committed");
    }

    /**
     * Sends records {@code from} to {@code to}, record {@code seq} to partition {@code seq % partitions}:
     * the default partitioner sticks to one partition per batch, so a third of the records could
     * all land on partitions the joining member does not own, and it would process none.
     */
    private void produce(KafkaProducer<byte[], Marshallable> producer, int partitions, int from, int to,
                         AtomicInteger failed) {
        for (int seq = from; seq < to; seq++) {
            int sent = seq;
            producer.send(new ProducerRecord<>(topic, seq % partitions, null, serializer.record(seq)), (metadata, e) -> {
                if (e != null && failed.getAndIncrement() == 0) {
                    errors.add("record " + sent + " was not sent: " + e);
                }
            });
        }
        producer.flush();
    }

    private void process(ConsumerRecord<byte[], Trade> record) {
        Trade trade = record.value();
        if (trade.seq < 0 || trade.seq >= messages) {
            errors.add("sequence out of range: " + trade);
            return;
        }
        int seq = (int) trade.seq;
        Trade expected = serializer.expected(seq);
        if (!expected.equals(trade)) {
            errors.add("record " + seq + " on " + serializer.wireOf(seq) + " read as " + trade + ", expected " + expected);
        }
        int times = seen.incrementAndGet(seq);
        if (times == 1) {
            distinct.incrementAndGet();
        } else {
            duplicates.incrementAndGet();
        }
    }

    private Map<String, Object> consumerConfig() {
        return Map.of("bootstrap.servers", broker.bootstrapServers(), "group.id", topic + "-group",
                "auto.offset.reset", "earliest", "enable.auto.commit", "false", "max.poll.records", "500",
                "session.timeout.ms", "10000", "heartbeat.interval.ms", "500");
    }

    private void awaitTrue(java.util.function.BooleanSupplier condition, long endNanos, String what)
            throws InterruptedException {
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > endNanos || !errors.isEmpty()) {
                throw new AssertionError("stopped waiting until " + what + " (consumed " + distinct.get() + " of "
                        + messages + "), errors: " + errors);
            }
            Thread.sleep(20);
        }
    }

    /** One member of the group, polling on a thread of its own until asked to leave. */
    private static final class Member implements Runnable {
        private final ScaleOutRun run;
        private final AtomicBoolean leaving = new AtomicBoolean();
        private final AtomicInteger processed = new AtomicInteger();
        private final AtomicInteger assignments = new AtomicInteger();
        private final Thread thread;

        private Member(ScaleOutRun run, String name) {
            this.run = run;
            this.thread = new Thread(this, "kafka-member-" + name);
            this.thread.setDaemon(true);
        }

        static Member start(ScaleOutRun run, String name) {
            Member member = new Member(run, name);
            member.thread.start();
            return member;
        }

        /** Asks the member to leave and waits until it has; leaving twice is leaving once. */
        void leave() throws InterruptedException {
            leaving.set(true);
            thread.join(TimeUnit.SECONDS.toMillis(60));
            if (thread.isAlive()) {
                thread.interrupt();
                throw new AssertionError(thread.getName() + " did not leave the group within 60 s");
            }
        }

        @Override
        public void run() {
            try (KafkaConsumer<byte[], Trade> consumer = new KafkaConsumer<>(run.consumerConfig(),
                    new ByteArrayDeserializer(), new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW))) {
                consumer.subscribe(List.of(run.topic), new ConsumerRebalanceListener() {
                    @Override
                    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                        consumer.commitSync();
                    }

                    @Override
                    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                        assignments.incrementAndGet();
                    }
                });
                while (!leaving.get()) {
                    ConsumerRecords<byte[], Trade> records = consumer.poll(POLL);
                    for (ConsumerRecord<byte[], Trade> record : records) {
                        run.process(record);
                        processed.incrementAndGet();
                    }
                    if (!records.isEmpty()) {
                        commitAfterProcessing(consumer);
                    }
                }
            } catch (RuntimeException | Error e) {
                java.io.StringWriter trace = new java.io.StringWriter();
                e.printStackTrace(new java.io.PrintWriter(trace));
                run.errors.add(thread.getName() + ": " + trace);
            }
        }

        /**
         * Commits what this poll returned, all of it processed. A commit refused because the group
         * is rebalancing is not lost: the next poll revokes the partitions first, and
         * {@code onPartitionsRevoked} commits the same offsets under the old generation.
         */
        private static void commitAfterProcessing(KafkaConsumer<byte[], Trade> consumer) {
            try {
                consumer.commitSync();
            } catch (RebalanceInProgressException e) {
                // left to onPartitionsRevoked, which the next poll runs before it fetches
                assert e != null;
            }
        }

        /**
         * Joins the group after everyone left and returns how many records it is given in the
         * second after it holds every partition (within 30 s of joining).
         */
        static int drainNewMember(ScaleOutRun run, int partitions) {
            try (KafkaConsumer<byte[], Trade> consumer = new KafkaConsumer<>(run.consumerConfig(),
                    new ByteArrayDeserializer(), new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW))) {
                consumer.subscribe(List.of(run.topic));
                int given = 0;
                long joinedBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (consumer.assignment().size() < partitions) {
                    if (System.nanoTime() > joinedBy) {
                        throw new AssertionError("a new member was not given the topic's partitions within 30 s");
                    }
                    given += consumer.poll(POLL).count();
                }
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                while (System.nanoTime() < end) {
                    given += consumer.poll(POLL).count();
                }
                return given;
            }
        }
    }
}
