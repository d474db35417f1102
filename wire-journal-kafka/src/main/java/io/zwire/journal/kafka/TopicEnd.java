package io.zwire.journal.kafka;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Finds the journal index a topic's committed records end with, reading back from each
 * partition's end with a {@code read_committed} consumer. The last record of a partition is not
 * at its end offset - 1: transaction markers take offsets, and aborted records are skipped, so it
 * reads windows that double from the end until one holds a committed record.
 */
final class TopicEnd {
    /** What {@link #highestJournalIndex()} returns for a topic that never held a committed record. */
    static final long NO_RECORD = -1;
    /**
     * What {@link #highestJournalIndex()} returns for a topic whose every partition is empty though
     * some held records (their end offset is above 0): retention or {@code deleteRecords} removed
     * them all, so where the copy stood is lost.
     */
    static final long RECORDS_DELETED = -2;
    private static final Duration FETCH = Duration.ofMillis(100);

    private final Consumer<byte[], byte[]> consumer;
    private final String topic;
    private final Duration timeout;
    private final long deadline;

    TopicEnd(Consumer<byte[], byte[]> consumer, String topic, Duration timeout) {
        this.consumer = consumer;
        this.topic = topic;
        this.timeout = timeout;
        this.deadline = System.nanoTime() + timeout.toNanos();
    }

    /** The partitions of {@code topic}, as {@code consumer} finds them. Blocks up to {@code timeout}. */
    static List<TopicPartition> partitions(Consumer<?, ?> consumer, String topic, Duration timeout) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException("the topic " + topic + " does not exist (it has no partitions)");
        }
        return infos.stream().map(info -> new TopicPartition(topic, info.partition())).toList();
    }

    /**
     * {@return the highest journal index the last committed record of each partition carries,
     * {@link #NO_RECORD} when no partition holds a committed record, or {@link #RECORDS_DELETED}
     * when every partition is empty and one held records} Expects {@code consumer} to reset no
     * offset ({@code auto.offset.reset=none}): a deletion that passes a window while it is read
     * then fails the read back rather than emptying the window.
     *
     * @throws org.apache.kafka.clients.consumer.InvalidOffsetException if records of a window were
     *         deleted while it was read
     * @throws IllegalStateException if a partition's last committed record has no
     *         {@link JournalIndexHeader}, naming it
     * @throws TimeoutException if the read back takes longer than the timeout
     */
    long highestJournalIndex() {
        List<TopicPartition> partitions = partitions(consumer, topic, timeout);
        // Under read_committed the end offsets are the last stable offsets: nothing past them is committed.
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
        Map<TopicPartition, Long> begins = consumer.beginningOffsets(partitions, timeout);
        long highest = NO_RECORD;
        boolean held = false;
        boolean holds = false;
        for (TopicPartition partition : partitions) {
            long begin = begins.get(partition);
            long end = ends.get(partition);
            held |= end > 0;
            holds |= end > begin;
            highest = Math.max(highest, lastIndex(partition, begin, end));
        }
        return held && !holds ? RECORDS_DELETED : highest;
    }

    /** {@return the journal index of the last committed record of {@code partition} in [begin, end), or {@link #NO_RECORD}} */
    private long lastIndex(TopicPartition partition, long begin, long end) {
        consumer.assign(List.of(partition));
        long window = JournalToKafka.FIRST_RESUME_WINDOW;
        for (long to = end; to > begin; window *= 2) {
            long from = Math.max(begin, to - window);
            consumer.seek(partition, from);
            ConsumerRecord<byte[], byte[]> last = null;
            while (consumer.position(partition, timeout) < to) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new TimeoutException("reading back " + partition + " from offset " + from + " to " + to
                            + " took over " + timeout);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(FETCH).records(partition)) {
                    if (record.offset() < to) {
                        last = record;
                    }
                }
            }
            if (last != null) {
                long index = JournalIndexHeader.index(last.headers());
                if (index < 0) {
                    throw new IllegalStateException("the last committed record of " + partition + ", at offset "
                            + last.offset() + ", has no " + JournalIndexHeader.KEY + " header: the topic holds records"
                            + " this bridge did not write, so it cannot tell where to resume");
                }
                return index;
            }
            to = from;
        }
        return NO_RECORD;
    }
}
