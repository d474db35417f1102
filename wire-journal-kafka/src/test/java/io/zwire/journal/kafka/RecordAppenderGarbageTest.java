package io.zwire.journal.kafka;

import io.zwire.WireType;
import io.zwire.journal.Journal;
import io.zwire.journal.JournalConfig;
import io.zwire.journal.JournalTailer;
import io.zwire.kafka.ZwireSerializer;
import io.zwire.test.AllocationMeter;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link KafkaToJournal}'s own work per record, reading a consumer record into a reused instance
 * and appending it with its source, allocates nothing, measured with the per-thread counter on a
 * record made once (Kafka's consumer allocates each record it returns, which this leaves out). The
 * default build's tests run on C1, which does no escape analysis, so no allocation is hidden.
 */
class RecordAppenderGarbageTest {
    private static final int WARM_UP = 50_000;
    private static final int RECORDS = 100_000;
    /** Bytes per record above which the check fails: under one byte per hundred records. */
    private static final double THRESHOLD = 0.01;

    @TempDir
    Path directory;

    @Test
    void appendingAConsumerRecordToTheJournalAllocatesNothingPerRecord() {
        RecordHeaders headers = new RecordHeaders();
        byte[] value = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES).serialize("t", headers, new Trade().set(7));
        ConsumerRecord<byte[], ByteBuffer> record = new ConsumerRecord<>("t", 2, 41, 0, TimestampType.CREATE_TIME,
                0, value.length, null, ByteBuffer.wrap(value), headers, Optional.empty());
        // Room for every record in one cycle: moving to another cycle allocates by design.
        try (Journal journal = Journal.open(directory, JournalConfig.builder(WireType.BINARY, Trade.TYPES)
                .cycleSize(64 << 20).build());
             RecordAppender appender = new RecordAppender(journal, "t")) {
            double bytes = AllocationMeter.bytesPerOperation(() -> appender.append(record), WARM_UP, RECORDS);
            System.out.printf("KafkaToJournal's append of a record: %.4f bytes/record (Java %s)%n", bytes,
                    Runtime.version());
            assertTrue(bytes < THRESHOLD, bytes + " bytes per record");
            assertEquals(41, journal.lastSourcePosition(2), "appended with its source");
            assertEquals(WARM_UP + RECORDS, count(journal), "each append is a record");
        }
    }

    private static long count(Journal journal) {
        long records = 0;
        try (JournalTailer tailer = journal.tailer()) {
            while (tailer.read() != null) {
                records++;
            }
        }
        return records;
    }
}
