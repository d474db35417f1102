package io.zwire.journal;

import io.zwire.Bytes;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import io.zwire.test.AllocationMeter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

import static io.zwire.test.GarbageAssertions.THRESHOLD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each record's time, the raw record view tools read, and the refusal of a cycle of another layout version. */
class JournalRecordTest {
    /** A time drawn from nanoTime may run ahead of the wall clock by what NTP slews it during the test: far below this. */
    private static final long SLEW_ALLOWANCE_NANOS = 1_000_000;

    @TempDir
    Path directory;

    @Test
    void eachRecordsTimeGrowsPerAppenderAndLiesWithinTheWallClockOfTheAppends() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        long start = epochNanos(Instant.now());
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < 1_000; i++) {
                appender.append(new Trade(1, i, "EURUSD", Trade.priceOf(i)));
            }
        }
        long end = epochNanos(Instant.now());
        try (JournalTailer tailer = journal.tailer()) {
            assertEquals(-1, tailer.time(), "no time before the first record");
            long previous = start;
            for (int i = 0; i < 1_000; i++) {
                assertTrue(tailer.read() != null);
                long time = tailer.time();
                assertTrue(time >= previous, "record " + i + " at " + time + " before the one ahead of it, " + previous);
                assertTrue(time <= end + SLEW_ALLOWANCE_NANOS, "record " + i + " at " + time + " after the appends ended, " + end);
                previous = time;
            }
            assertTrue(previous > start, "1,000 appends took no time at all");
        }
    }

    @Test
    void aRecordIsReadAsStoredWithoutItsMessageClass() {
        Journal writer = Journal.open(directory, Journals.config(WireType.BINARY).checksums().build());
        long first;
        try (JournalAppender appender = writer.appender()) {
            first = appender.append(new Trade(3, 4, "EURUSD", 1.5));
            appender.append(new Heartbeat());
        }
        assertEquals(WireType.BINARY, Journal.recordedWire(directory).orElseThrow());
        Journal tool = Journal.open(directory, JournalConfig.builder(WireType.BINARY, TypeRegistry.builder().build())
                .cycleSize(1 << 20).build());
        assertEquals(List.of("Trade", "Heartbeat"), List.copyOf(tool.recordedTypes().keySet()));
        assertEquals(List.of(directory.resolve("0000000000.cycle")), tool.cycleFiles());
        long tradeTime;
        try (JournalTailer typed = writer.tailer()) {
            typed.read();
            tradeTime = typed.time();
        }
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = tool.tailer()) {
            assertTrue(tailer.readRecord(record));
            assertEquals(first, record.index());
            assertEquals(first, tailer.index());
            assertEquals(tradeTime, record.time());
            assertEquals(tradeTime, tailer.time());
            assertEquals("Trade", record.alias());
            assertEquals(0, record.typeIndex());
            assertEquals(Schema.of(Trade::new).fingerprint(), record.fingerprint());
            assertTrue(record.checksummed());
            assertEquals(directory.resolve("0000000000.cycle"), record.cycleFile());
            Wire encoded = WireType.BINARY.apply(Bytes.elastic(256));
            encoded.writeDocument(new Trade(3, 4, "EURUSD", 1.5));
            assertArrayEquals(encoded.bytes().toByteArray(), record.document().toByteArray());
            assertEquals(record.documentLength(), record.document().readRemaining());
            assertEquals(JournalLayout.recordSize(JournalLayout.MIN_LENGTH + record.documentLength()), record.size());
            assertTrue(tailer.readRecord(record));
            assertEquals("Heartbeat", record.alias());
            assertFalse(tailer.readRecord(record), "nothing more is published");
        }
    }

    @Test
    void aRecordWhoseChecksumFailsIsReportedAtItsOffsetAndTheRawReadGoesOn() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).checksums().build());
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < 3; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1.5));
            }
        }
        Path cycle = Journals.onlyCycle(directory, 0);
        int second = Journals.records(cycle).get(1)[0];
        rewriteLong(cycle, second + JournalLayout.TIME_OFFSET, 42);
        JournalRecord record = new JournalRecord();
        try (JournalTailer tailer = journal.tailer()) {
            assertTrue(tailer.readRecord(record));
            WireException bad = assertThrows(WireException.class, () -> tailer.readRecord(record));
            assertEquals(second, bad.offset(), bad.getMessage());
            assertTrue(tailer.readRecord(record), "the record after the bad one");
            assertEquals(Journal.index(0, 2), record.index());
        }
    }

    @Test
    void readingRecordsRawAllocatesNothingPerRecord() {
        int warmUp = 100_000;
        int records = 200_000;
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).checksums()
                .cycleSize((warmUp + records) * 128 + (1 << 20)).build());
        Trade trade = new Trade();
        JournalRecord record = new JournalRecord();
        long[] sum = new long[1];
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            double bytes = AllocationMeter.bytesPerOperation(() -> {
                appender.append(trade.set(1, 2, "EURUSD", 1.5));
                tailer.readRecord(record);
                sum[0] += record.time() + record.documentLength() + record.alias().length() + tailer.time();
            }, warmUp, records);
            System.out.printf("journal BINARY append and readRecord: %.4f bytes per record (in process, Java %s)%n",
                    bytes, Runtime.version());
            assertTrue(bytes < THRESHOLD, bytes + " bytes per record");
            assertEquals(Journal.index(0, warmUp + records - 1), record.index(), "every record was read");
        }
    }

    @Test
    void aCycleOfAnotherLayoutVersionIsRefusedNamingTheFileAndBothVersions() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        Path cycle = Journals.onlyCycle(directory, 0);
        try (FileChannel channel = FileChannel.open(cycle, StandardOpenOption.WRITE)) {
            ByteBuffer version = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 1);
            channel.write(version, JournalLayout.VERSION_OFFSET);
        }
        for (Runnable open : List.<Runnable>of(journal::tailer, journal::appender)) {
            UncheckedIOException refused = assertThrows(UncheckedIOException.class, open::run);
            String message = refused.getMessage();
            assertTrue(message.contains(cycle.toString()) && message.contains("layout version 1")
                    && message.contains("reads " + JournalLayout.CYCLE_VERSION), message);
        }
    }

    private static long epochNanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

    private static void rewriteLong(Path file, int offset, long value) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value), offset);
        }
    }
}
