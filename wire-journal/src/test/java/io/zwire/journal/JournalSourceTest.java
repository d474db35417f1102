package io.zwire.journal;

import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import io.zwire.test.AllocationMeter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import static io.zwire.test.GarbageAssertions.THRESHOLD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Records that carry where they were copied from, and finding the last one of a stream after a crash. */
class JournalSourceTest {
    @TempDir
    Path directory;

    @Test
    void aSourcedRecordGivesItsMessageStreamAndPositionAndAnUnsourcedOneGivesNone() {
        for (WireType wire : WireType.values()) {
            Path under = directory.resolve(wire.name());
            Journal journal = Journal.open(under, Journals.config(wire).checksums().build());
            try (JournalAppender appender = journal.appender()) {
                appender.append(new Trade(1, 0, "EURUSD", 1.5), 7, 1L << 40);
                appender.append(new Trade(1, 1, "EURUSD", 1.25));
                appender.append(new Heartbeat(), 0, 0);
            }
            try (JournalTailer tailer = journal.tailer()) {
                assertEquals(-1, tailer.sourceStream(), "nothing before the first read");
                assertEquals(new Trade(1, 0, "EURUSD", 1.5), tailer.read(), wire.name());
                assertEquals(7, tailer.sourceStream());
                assertEquals(1L << 40, tailer.sourcePosition());
                assertEquals(new Trade(1, 1, "EURUSD", 1.25), tailer.read(), wire.name());
                assertEquals(-1, tailer.sourceStream());
                assertEquals(-1, tailer.sourcePosition());
                assertTrue(tailer.read() instanceof Heartbeat);
                assertEquals(0, tailer.sourceStream());
                assertEquals(0, tailer.sourcePosition());
            }
            JournalRecord record = new JournalRecord();
            try (JournalTailer tailer = journal.tailer()) {
                assertTrue(tailer.readRecord(record));
                assertEquals(7, record.sourceStream());
                assertEquals(1L << 40, record.sourcePosition());
                assertEquals(JournalLayout.recordSize(JournalLayout.MIN_SOURCED_LENGTH + record.documentLength()),
                        record.size(), "the source takes 16 bytes more");
                assertTrue(tailer.readRecord(record));
                assertEquals(-1, record.sourcePosition());
            }
            journal.close();
        }
    }

    @Test
    void theChecksumCoversTheSource() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).checksums().build());
        try (JournalAppender appender = journal.appender()) {
            appender.append(new Trade(1, 0, "EURUSD", 1.5), 2, 10);
            appender.append(new Trade(1, 1, "EURUSD", 1.5), 2, 11);
        }
        Path cycle = Journals.onlyCycle(directory, 0);
        int first = Journals.records(cycle).get(0)[0];
        Journals.flipByte(cycle, first + JournalLayout.SOURCE_POSITION_OFFSET);
        try (JournalTailer tailer = journal.tailer()) {
            WireException bad = assertThrows(WireException.class, tailer::read);
            assertEquals(first, bad.offset(), bad.getMessage());
            assertEquals(new Trade(1, 1, "EURUSD", 1.5), tailer.read(), "the next record is read");
            assertEquals(11, tailer.sourcePosition());
        }
    }

    @Test
    void aTypeWordSayingSourcedOnARecordTooShortForASourceIsReportedNotReadPastItsEnd() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.RAW).build());
        try (JournalAppender appender = journal.appender()) {
            appender.append(new Heartbeat());
            appender.append(new Heartbeat());
        }
        Path cycle = Journals.onlyCycle(directory, 0);
        int first = Journals.records(cycle).get(0)[0];
        int length = Journals.readInt(cycle, first) & JournalLayout.LENGTH_MASK;
        assertTrue(length < JournalLayout.MIN_SOURCED_LENGTH, "a RAW heartbeat is shorter than a source: " + length);
        Journals.writeInt(cycle, first + JournalLayout.TYPE_OFFSET,
                Journals.readInt(cycle, first + JournalLayout.TYPE_OFFSET) | JournalLayout.SOURCED);
        try (JournalTailer tailer = journal.tailer()) {
            WireException bad = assertThrows(WireException.class, tailer::read);
            assertEquals(first, bad.offset(), bad.getMessage());
            assertTrue(bad.getMessage().contains("carries a source"), bad.getMessage());
            assertEquals(-1, tailer.sourcePosition(), "no source read from past the short record's end");
            assertTrue(tailer.read() instanceof Heartbeat, "the next record is read");
        }
    }

    @Test
    void aNegativeStreamOrPositionIsRefusedAndNothingIsAppended() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            assertThrows(IllegalArgumentException.class, () -> appender.append(new Heartbeat(), -1, 0));
            assertThrows(IllegalArgumentException.class, () -> appender.append(new Heartbeat(), 0, -1));
            assertThrows(IllegalArgumentException.class, () -> journal.lastSourcePosition(-1));
            assertNull(tailer.read());
        }
    }

    @Test
    void theLastPositionOfEachStreamIsFoundAcrossCyclesAndANewStreamHasNone() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(64 << 10).build());
        assertEquals(-1, journal.lastSourcePosition(0), "an empty journal");
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < 3_000; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1.5), i % 2, 1_000 + i);
            }
            for (int i = 0; i < 3_000; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1.5), 2, i);
            }
            for (int i = 0; i < 3_000; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1.5));
            }
        }
        assertTrue(journal.cycleFiles().size() >= 6, "the records span cycles: " + journal.cycleFiles());
        assertEquals(1_000 + 2_998, journal.lastSourcePosition(0));
        assertEquals(1_000 + 2_999, journal.lastSourcePosition(1));
        assertEquals(2_999, journal.lastSourcePosition(2));
        assertEquals(-1, journal.lastSourcePosition(3), "a stream never written");
        journal.close();
    }

    @Test
    void aCopyThatDiedMidAppendLeavesItsLastPublishedPositionAndRecordsPastTheDeadClaimCount() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY)
                .claimTimeout(Duration.ofMillis(50)).build());
        try (JournalAppender dying = journal.appender(); JournalAppender other = journal.appender()) {
            dying.append(new Trade(1, 0, "EURUSD", 1.5), 0, 5);
            dying.afterClaim = () -> {
                throw new IllegalStateException("the writer dies between its claim and its publish");
            };
            assertThrows(IllegalStateException.class, () -> dying.append(new Trade(1, 1, "EURUSD", 1.5), 0, 6));
            other.append(new Trade(2, 0, "EURUSD", 1.5), 1, 70);
        }
        assertEquals(5, journal.lastSourcePosition(0), "the record that was never published does not count");
        assertEquals(70, journal.lastSourcePosition(1), "a record past the claim left unpublished is found");
        journal.close();
    }

    @Test
    void readOnlyAClaimLeftUnpublishedIsReportedAfterTwiceTheClaimTimeoutInsteadOfWaitedOnForever() {
        JournalConfig.Builder config = Journals.config(WireType.BINARY).claimTimeout(Duration.ofMillis(50));
        Journal journal = Journal.open(directory, config.build());
        try (JournalAppender dying = journal.appender()) {
            dying.append(new Trade(1, 0, "EURUSD", 1.5), 0, 5);
            dying.afterClaim = () -> {
                throw new IllegalStateException("the writer dies between its claim and its publish");
            };
            assertThrows(IllegalStateException.class, () -> dying.append(new Trade(1, 1, "EURUSD", 1.5), 0, 6));
        }
        journal.close();
        Journal reader = Journal.open(directory, Journals.config(WireType.BINARY).claimTimeout(Duration.ofMillis(50))
                .readOnly().build());
        IllegalStateException stuck = assertThrows(IllegalStateException.class, () -> reader.lastSourcePosition(0));
        assertTrue(stuck.getMessage().contains("read-only"), stuck.getMessage());
        reader.close();
    }

    @Test
    void appendingAndReadingSourcedRecordsAllocatesNothingPerRecord() {
        int warmUp = 100_000;
        int records = 200_000;
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).checksums()
                .cycleSize((warmUp + records) * 128 + (1 << 20)).build());
        Trade trade = new Trade();
        long[] position = {0};
        long[] sum = {0};
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            double bytes = AllocationMeter.bytesPerOperation(() -> {
                appender.append(trade.set(1, 2, "EURUSD", 1.5), 3, position[0]++);
                tailer.read();
                sum[0] += tailer.sourcePosition() + tailer.sourceStream();
            }, warmUp, records);
            System.out.printf("journal BINARY sourced append and read: %.4f bytes per record (in process, Java %s)%n",
                    bytes, Runtime.version());
            assertTrue(bytes < THRESHOLD, bytes + " bytes per record");
            assertEquals(warmUp + records - 1, tailer.sourcePosition(), "every record was read");
        }
    }
}
