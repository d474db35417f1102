package io.zwire.journal;

import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Corruptions that move where a reader or an appender believes a record starts: a record length
 * lowered onto a word inside its record, and an index slot rewritten to point inside the records
 * (issue 34, item 5). Before their fixes the first made a tailer wait forever and a new appender
 * claim inside a published record, and the second made {@code moveToIndex} read the wrong record.
 */
class JournalRecordStartTest {
    /** Far above the claim timeout these tests set: only a tailer that waits forever reaches it. */
    private static final Duration HANG = Duration.ofSeconds(10);
    private static final Duration CLAIM_TIMEOUT = Duration.ofMillis(100);

    @TempDir
    Path directory;
    /** The journal {@link #appendWithASlotEveryFourRecords} opened. */
    Journal journal;

    @Test
    void aLengthLoweredOntoAZeroWordInsideItsRecordIsAWireExceptionThereInsteadOfAnEndlessWait() throws IOException {
        Journal journal = Journal.open(directory, config().build());
        Journals.appendTrades(journal, 10);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        int corrupted = Journals.recordPositions(cycle0).get(2);
        int landing = lowerLengthOntoAZeroWord(cycle0, corrupted);
        try (JournalTailer tailer = journal.tailer()) {
            assertTimeoutPreemptively(HANG, () -> {
                assertEquals(0, ((Trade) tailer.read()).seq);
                assertEquals(1, ((Trade) tailer.read()).seq);
                WireException crc = assertThrows(WireException.class, tailer::read);
                assertEquals(corrupted, crc.offset(), crc.getMessage());
                WireException inside = assertThrows(WireException.class,
                        () -> tailer.awaitRecord(WaitStrategy.PARK, 5, TimeUnit.SECONDS));
                assertEquals(landing, inside.offset(), inside.getMessage());
                assertTrue(inside.getMessage().contains("inside a record"), inside.getMessage());
                assertNull(tailer.read(), "no later index slot: the rest of the cycle is skipped, and no cycle follows");
            });
        }
    }

    @Test
    void aNewAppenderDoesNotClaimInsideARecordWhoseLengthWasLoweredAndAppendsInTheNextCycle() throws IOException {
        Journal journal = Journal.open(directory, config().build());
        Journals.appendTrades(journal, 10);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        lowerLengthOntoAZeroWord(cycle0, Journals.recordPositions(cycle0).get(2));
        byte[] before = Files.readAllBytes(cycle0);
        long index;
        try (JournalAppender appender = journal.appender()) {
            index = appender.append(new Trade(2, 0, "EURUSD", Trade.priceOf(0)));
        }
        assertEquals(Journal.index(1, 0), index, "the first record of the next cycle, not a claim inside record 2");
        assertArrayEquals(before, Files.readAllBytes(cycle0), "cycle 0 is left as it was");
        try (JournalTailer tailer = journal.tailer()) {
            assertTrue(tailer.moveToIndex(index));
            assertEquals(new Trade(2, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
        }
    }

    @Test
    void afterALengthLoweredOntoAZeroWordReadingGoesOnAtTheNextIndexSlot() throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(20);
        lowerLengthOntoAZeroWord(cycle0, Journals.recordPositions(cycle0).get(2));
        try (JournalTailer tailer = journal.tailer()) {
            assertTimeoutPreemptively(HANG, () -> {
                long[] read = readAll(tailer, 18, 2);
                assertEquals("[0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]", Arrays.toString(read),
                        "record 2's checksum and the landing inside it are reported; record 3 is lost with them");
            });
        }
    }

    @Test
    void aRaisedLengthThatSkipsARecordIsAWireExceptionAtTheNextOneInsteadOfReadingItUnderTheSkippedIndex()
            throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(12);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int header = Journals.readInt(cycle0, positions.get(2));
        Journals.writeInt(cycle0, positions.get(2), header + positions.get(4) - positions.get(3));
        try (JournalTailer tailer = journal.tailer()) {
            assertTimeoutPreemptively(HANG, () -> {
                long[] read = readAll(tailer, 10, 2);
                assertEquals("[0, 1, 4, 5, 6, 7, 8, 9, 10, 11]", Arrays.toString(read),
                        "record 2's checksum and record 4 met as record 3 are reported; record 3 is skipped with them");
            });
        }
    }

    /** Found while writing these tests: reading went on at slot 0, the bad position itself, and reported it again forever. */
    @Test
    void aRewrittenSequenceInACyclesFirstRecordIsAWireExceptionThereAndReadingGoesOnAtIndexSlotOne() throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(8);
        int first = Journals.recordPositions(cycle0).get(0);
        Journals.writeInt(cycle0, first + JournalLayout.SEQUENCE_OFFSET, 7);
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(first, e.offset(), e.getMessage());
            assertTimeoutPreemptively(HANG, () -> assertEquals("[4, 5, 6, 7]", Arrays.toString(readAll(tailer, 4, 0))));
        }
    }

    @Test
    void aRewrittenIndexSlotIsAWireExceptionAtTheSlotAndMoveToIndexWalksFromThePreviousGoodSlot() throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(20);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int slot2 = JournalLayout.INDEX_OFFSET + 2 * JournalLayout.INDEX_SLOT_SIZE;
        Journals.writeInt(cycle0, slot2, positions.get(9));
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, () -> tailer.moveToIndex(Journal.index(0, 10)));
            assertEquals(slot2, e.offset(), e.getMessage());
            assertEquals(10, ((Trade) tailer.read()).seq, "moved by walking from slot 1, not from record 9");
            assertThrows(WireException.class, () -> tailer.moveToIndex(Journal.index(0, 8)));
            assertEquals(8, ((Trade) tailer.read()).seq);
            assertEquals(Journal.index(0, 8), tailer.index());
        }
    }

    @Test
    void aNewAppenderDoesNotClaimAtALastIndexSlotRewrittenToAZeroWordInsideARecord() throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(10);
        int record5 = Journals.recordPositions(cycle0).get(5);
        Journals.writeInt(cycle0, JournalLayout.INDEX_OFFSET + 2 * JournalLayout.INDEX_SLOT_SIZE,
                record5 + zeroWordInside(cycle0, record5));
        long index;
        try (JournalAppender appender = journal.appender()) {
            index = appender.append(new Trade(2, 0, "EURUSD", Trade.priceOf(0)));
        }
        assertEquals(Journal.index(0, 10), index, "after the last record, found by walking from slot 1");
        try (JournalTailer tailer = journal.tailer()) {
            for (int seq = 0; seq < 10; seq++) {
                assertEquals(new Trade(1, seq, "EURUSD", Trade.priceOf(seq)), tailer.read(), "record " + seq + " intact");
            }
            assertEquals(new Trade(2, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
        }
    }

    @Test
    void aTailerWaitingAtTheTrueEndPastTheClaimTimeoutWhileAnAppenderWritesInBurstsReportsNoCorruption()
            throws InterruptedException {
        // A claim timeout this short makes the tailer compare the rest of the cycle with zeros in
        // every pause between bursts, racing with the claims that end the pause.
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY)
                .claimTimeout(Duration.ofMillis(2)).build());
        int bursts = 20;
        int perBurst = 200;
        Thread writer = new Thread(() -> {
            Trade trade = new Trade();
            try (JournalAppender appender = journal.appender()) {
                for (int burst = 0; burst < bursts; burst++) {
                    for (int i = 0; i < perBurst; i++) {
                        long seq = (long) burst * perBurst + i;
                        appender.append(trade.set(1, seq, "EURUSD", Trade.priceOf(seq)));
                    }
                    LockSupport.parkNanos(10_000_000);
                }
            }
        });
        try (JournalTailer tailer = journal.tailer()) {
            writer.start();
            assertTimeoutPreemptively(HANG, () -> {
                for (int seq = 0; seq < bursts * perBurst; seq++) {
                    assertTrue(tailer.awaitRecord(WaitStrategy.YIELD, 5, TimeUnit.SECONDS), "record " + seq);
                    assertEquals(seq, ((Trade) tailer.read()).seq);
                }
            });
        } finally {
            writer.join(HANG.toMillis());
        }
    }

    /**
     * Known defect fixed (issue 34): a lowered length that lands on a word inside a record with
     * NOT_COMPLETE set was taken for a claim, and marked abandoned after the claim timeout, which
     * wrote into that record's bytes.
     */
    @Test
    void aLengthLoweredOntoAWordThatLooksLikeAClaimIsAWireExceptionThereAndNothingIsWritten() throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(20);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int landing = lowerLengthOntoAZeroWord(cycle0, positions.get(2));
        // A word that reads as a claim of record 3 reaching into record 5: index slot 1 puts record 4 inside it.
        Journals.writeInt(cycle0, landing, JournalLayout.NOT_COMPLETE | (positions.get(5) - landing - JournalLayout.HEADER_SIZE));
        byte[] before = Files.readAllBytes(cycle0);
        try (JournalTailer tailer = journal.tailer()) {
            assertTimeoutPreemptively(HANG, () -> {
                assertEquals(0, ((Trade) tailer.read()).seq);
                assertEquals(1, ((Trade) tailer.read()).seq);
                assertThrows(WireException.class, tailer::read, "record 2's checksum");
                WireException inside = assertThrows(WireException.class,
                        () -> tailer.awaitRecord(WaitStrategy.PARK, 5, TimeUnit.SECONDS));
                assertEquals(landing, inside.offset(), inside.getMessage());
                assertTrue(inside.getMessage().contains("inside a record") && inside.getMessage().contains("index slot 1"),
                        inside.getMessage());
                assertEquals("[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]",
                        Arrays.toString(readAll(tailer, 16, 0)), "reading goes on at index slot 1");
            });
        }
        assertArrayEquals(before, Files.readAllBytes(cycle0), "the tailer wrote nothing into the record");
    }

    /** Known defect fixed (issue 34): a tool that does not wait (a dump) stopped at such a zero word without a report. */
    @Test
    void checkStopReportsAZeroWordInsideARecordAtOnceAndReadingGoesOnAtTheNextIndexSlot() throws IOException {
        Path cycle0 = appendWithASlotEveryFourRecords(8);
        int landing = lowerLengthOntoAZeroWord(cycle0, Journals.recordPositions(cycle0).get(2));
        try (JournalTailer tailer = journal.tailer()) {
            assertEquals(0, ((Trade) tailer.read()).seq);
            assertEquals(1, ((Trade) tailer.read()).seq);
            assertThrows(WireException.class, tailer::read, "record 2's checksum");
            assertNull(tailer.read(), "a poll waits at the zero word for the claim timeout");
            WireException inside = assertThrows(WireException.class, tailer::checkStop);
            assertEquals(landing, inside.offset(), inside.getMessage());
            assertEquals(4, ((Trade) tailer.read()).seq);
            for (int seq = 5; seq < 8; seq++) {
                assertEquals(seq, ((Trade) tailer.read()).seq);
            }
            assertEquals(JournalTailer.Stop.END, tailer.checkStop());
        }
    }

    /**
     * Last stop's fix, untested then: an appender that lags steps over the records other appenders
     * published since its last append, and checked only that their lengths fit, so a raised length
     * led it past a record and it claimed under a sequence already taken.
     */
    @Test
    void anAppenderThatLagsRollsAtARecordWhoseSequenceIsNotTheOneItCountedInsteadOfClaimingAfterIt() throws Exception {
        Path cycle0 = appendWithASlotEveryFourRecords(4);
        try (JournalAppender lagging = journal.appender()) {
            Thread other = new Thread(() -> {
                try (JournalAppender appender = journal.appender()) {
                    for (int seq = 4; seq < 7; seq++) {
                        appender.append(new Trade(1, seq, "EURUSD", Trade.priceOf(seq)));
                    }
                }
            });
            other.start();
            other.join(HANG.toMillis());
            assertFalse(other.isAlive());
            List<Integer> positions = Journals.recordPositions(cycle0);
            int header = Journals.readInt(cycle0, positions.get(4));
            Journals.writeInt(cycle0, positions.get(4), header + positions.get(6) - positions.get(5));
            long index = lagging.append(new Trade(2, 0, "EURUSD", Trade.priceOf(0)));
            assertEquals(Journal.index(1, 0), index, "the next cycle's first record, not record 6 again");
        }
    }

    /**
     * Opens {@link #journal} with an index slot every four records and appends {@code records}
     * trades. {@return its cycle 0}
     */
    private Path appendWithASlotEveryFourRecords(int records) throws IOException {
        journal = Journal.open(directory, config().indexSpacing(4).build());
        Journals.appendTrades(journal, records);
        return Journals.onlyCycle(directory, 0);
    }

    /** RAW (whose documents hold zero bytes) with checksums and a short claim timeout. */
    private static JournalConfig.Builder config() {
        return Journals.config(WireType.RAW).checksums().claimTimeout(CLAIM_TIMEOUT);
    }

    /**
     * Reads records until {@code records} are read, counting the {@link WireException}s met;
     * bounded by a number of waits (20 s in all, past {@link #HANG}). {@return the seqs read}
     */
    private static long[] readAll(JournalTailer tailer, int records, int expectedCorruptions) {
        long[] seqs = new long[0];
        int corruptions = 0;
        for (int wait = 0; wait < 100 && seqs.length < records; wait++) {
            try {
                if (tailer.awaitRecord(WaitStrategy.PARK, 200, TimeUnit.MILLISECONDS)) {
                    long seq = ((Trade) tailer.read()).seq;
                    assertEquals(seq, JournalLayout.sequenceOf(tailer.index()), "a record read under another index");
                    seqs = Arrays.copyOf(seqs, seqs.length + 1);
                    seqs[seqs.length - 1] = seq;
                }
            } catch (WireException e) {
                corruptions++;
            }
        }
        assertEquals(expectedCorruptions, corruptions);
        return seqs;
    }

    /**
     * Lowers the length of the record at {@code position} so that it ends on a zero word inside
     * itself, keeping its flags. {@return where the record now ends}
     */
    private static int lowerLengthOntoAZeroWord(Path cycle, int position) throws IOException {
        int landing = position + zeroWordInside(cycle, position);
        int header = Journals.readInt(cycle, position);
        int flags = header & ~JournalLayout.LENGTH_MASK;
        Journals.writeInt(cycle, position, flags | (landing - position - JournalLayout.HEADER_SIZE));
        return landing;
    }

    /** {@return the offset of the first 8-aligned zero word in the document of the record at {@code position}} */
    private static int zeroWordInside(Path cycle, int position) throws IOException {
        int size = JournalLayout.recordSize(Journals.readInt(cycle, position) & JournalLayout.LENGTH_MASK);
        for (int offset = JournalLayout.DOCUMENT_OFFSET; offset < size; offset += JournalLayout.RECORD_ALIGNMENT) {
            if (Journals.readInt(cycle, position + offset) == 0) {
                return offset;
            }
        }
        throw new AssertionError("no zero word in the record at " + position);
    }
}
