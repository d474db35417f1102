package io.zwire.journal;

import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JournalCorruptionTest {
    @TempDir
    Path directory;

    @Test
    void aFlippedByteUnderAChecksumIsAWireExceptionAtItsRecordAndTheNextRecordReads() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).checksums().build());
        Journals.appendTrades(journal, 3);
        int second = Journals.recordPositions(Journals.onlyCycle(directory, 0)).get(1);
        Journals.flipByte(Journals.onlyCycle(directory, 0), second + JournalLayout.DOCUMENT_OFFSET + 3);
        try (JournalTailer tailer = journal.tailer()) {
            assertEquals(new Trade(1, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(second, e.offset());
            assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());
            assertEquals(new Trade(1, 2, "EURUSD", Trade.priceOf(2)), tailer.read());
        }
    }

    @Test
    void aDocumentTheWireRefusesIsAWireExceptionAtItsOffsetInTheFile() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.JSON).build());
        Journals.appendTrades(journal, 2);
        int first = Journals.recordPositions(Journals.onlyCycle(directory, 0)).get(0);
        Journals.flipByte(Journals.onlyCycle(directory, 0), first + JournalLayout.DOCUMENT_OFFSET);
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(first + JournalLayout.DOCUMENT_OFFSET, e.offset(), e.getMessage());
            assertEquals("Trade", e.path(), "the way to the value is kept: " + e.getMessage());
            assertEquals(new Trade(1, 1, "EURUSD", Trade.priceOf(1)), tailer.read());
        }
    }

    @Test
    void aLyingLengthIsAWireExceptionAtItsHeaderAndReadingGoesOnInTheNextCycle() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        int records = Journals.appendTrades(journal, 400);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int third = positions.get(2);
        Journals.writeInt(cycle0, third, JournalLayout.LENGTH_MASK - 5);
        try (JournalTailer tailer = journal.tailer()) {
            tailer.read();
            tailer.read();
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(third, e.offset());
            Trade next = (Trade) tailer.read();
            assertEquals(positions.size(), next.seq, "the first record of cycle 1");
            int read = 1;
            while (tailer.read() != null) {
                read++;
            }
            assertEquals(records - positions.size(), read);
        }
    }

    /**
     * Probe finding: a padding flag set on a record mid-cycle was taken for the cycle's end, so
     * every tailer went on in the next cycle and the records after it were dropped with no error.
     * The padding an appender writes reaches the cycle's end exactly; any other is a WireException.
     */
    @Test
    void aPaddingFlagOnARecordMidCycleIsAWireExceptionAtItsHeader() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        Journals.appendTrades(journal, 400);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int tenth = positions.get(10);
        Journals.writeInt(cycle0, tenth, Journals.readInt(cycle0, tenth) | JournalLayout.PADDING);
        try (JournalTailer tailer = journal.tailer()) {
            for (int seq = 0; seq < 10; seq++) {
                assertEquals(seq, ((Trade) tailer.read()).seq);
            }
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(tenth, e.offset());
            assertTrue(e.getMessage().contains("a padding flag on a header that does not reach the cycle's end"),
                    e.getMessage());
            assertEquals(positions.size(), ((Trade) tailer.read()).seq, "the first record of cycle 1");
        }
    }

    /**
     * Probe finding: a cycle file with its magic overwritten stopped every tailer that reached it,
     * with the same UncheckedIOException on every read, and the cycles after it went unread.
     */
    @Test
    void aCycleFileWhoseHeaderIsNotACyclesIsAWireExceptionOnceAndReadingGoesOnInTheNextCycle() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        int records = Journals.appendTrades(journal, 400);
        int inCycle0 = Journals.recordPositions(Journals.onlyCycle(directory, 0)).size();
        int inCycle1 = Journals.recordPositions(Journals.onlyCycle(directory, 1)).size();
        Path cycle1 = journal.files().path(1);
        Journals.flipByte(cycle1, 0);
        try (JournalTailer tailer = journal.tailer()) {
            for (int seq = 0; seq < inCycle0; seq++) {
                assertEquals(seq, ((Trade) tailer.read()).seq);
            }
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(0, e.offset());
            assertTrue(e.getMessage().contains(cycle1 + ", but its header is not one (wrong magic)"), e.getMessage());
            assertEquals(inCycle0 + inCycle1, ((Trade) tailer.read()).seq, "the first record of cycle 2");
            int read = 1;
            while (tailer.read() != null) {
                read++;
            }
            assertEquals(records - inCycle0 - inCycle1, read);
        }
    }

    /**
     * Probe finding: an index-slot count lowered in a cycle's header moved where its first record
     * was taken to start, into the index, so a new appender claimed there and reused its indexes.
     */
    @Test
    void aCycleWhoseIndexSlotCountWasChangedIsNotACycleToTailersOrAppenders() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        int records = Journals.appendTrades(journal, 400);
        int inCycle0 = Journals.recordPositions(Journals.onlyCycle(directory, 0)).size();
        long newest = journal.files().latest();
        Path cycle0 = journal.files().path(0);
        int slots = Journals.readInt(cycle0, JournalLayout.INDEX_SLOTS_OFFSET);
        Journals.writeInt(cycle0, JournalLayout.INDEX_SLOTS_OFFSET, slots - 1);
        Journals.writeInt(journal.files().path(newest), JournalLayout.INDEX_SLOTS_OFFSET, slots - 1);
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(JournalLayout.INDEX_SLOTS_OFFSET, e.offset());
            assertTrue(e.getMessage().contains((slots - 1) + " index slots, where a cycle of 8192 bytes"), e.getMessage());
            assertEquals(inCycle0, ((Trade) tailer.read()).seq, "the first record of cycle 1");
        }
        UncheckedIOException refused = assertThrows(UncheckedIOException.class, journal::appender);
        assertTrue(refused.getMessage().contains(journal.files().path(newest) + " is not a journal cycle"), refused.getMessage());
        assertTrue(records > inCycle0);
    }

    /**
     * Review finding: a tailer asked to move to a cycle whose file is not a cycle took it as
     * passed, and its next move went on after it, past the good cycles between; and the search
     * for a stream's last source position threw there.
     */
    @Test
    void movingToACycleFileThatIsNotACycleLeavesTheTailerWhereItWasAndTheSourceSearchPassesIt() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        long lastSourced = -1;
        try (JournalAppender appender = journal.appender()) {
            Trade trade = new Trade();
            for (int i = 0; Journal.cycleOf(appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i)), 0, i)) < 3; i++) {
                lastSourced = i;
            }
        }
        Journals.flipByte(journal.files().path(2), 0);
        Journals.flipByte(journal.files().path(3), 0);
        int inCycle0 = Journals.recordPositions(Journals.onlyCycle(directory, 0)).size();
        int inCycle1 = Journals.recordPositions(Journals.onlyCycle(directory, 1)).size();
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, () -> tailer.moveToCycle(2));
            assertTrue(e.getMessage().endsWith("this tailer has not moved"), e.getMessage());
            for (int seq = 0; seq < inCycle0 + inCycle1; seq++) {
                assertEquals(seq, ((Trade) tailer.read()).seq, "cycles 0 and 1 read in order");
            }
            assertThrows(WireException.class, tailer::read, "cycle 2");
            assertThrows(WireException.class, tailer::read, "cycle 3");
            assertNull(tailer.read());
        }
        assertEquals(inCycle0 + inCycle1 - 1, journal.lastSourcePosition(0), "the last position in a good cycle");
        assertTrue(lastSourced >= inCycle0 + inCycle1);
    }

    /** Probe finding: when the oldest cycle's file was not a cycle, journal.tailer() threw. */
    @Test
    void anOldestCycleFileWhoseHeaderIsNotACyclesIsAWireExceptionFromTheFirstRead() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        Journals.appendTrades(journal, 400);
        int inCycle0 = Journals.recordPositions(Journals.onlyCycle(directory, 0)).size();
        Path cycle0 = journal.files().path(0);
        Journals.writeInt(cycle0, JournalLayout.VERSION_OFFSET, JournalLayout.CYCLE_VERSION + 1);
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(JournalLayout.VERSION_OFFSET, e.offset());
            assertTrue(e.getMessage().contains(cycle0 + ", but its header is not one (layout version "), e.getMessage());
            assertEquals(inCycle0, ((Trade) tailer.read()).seq, "the first record of cycle 1");
        }
    }

    /**
     * Probe finding: a deleted metadata.zwj was made again from the opening process's types, in
     * its order, so the journal's records could read as other types.
     */
    @Test
    void aJournalWhoseMetadataWasDeletedIsRefusedAndNothingIsCreated() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        Journals.appendTrades(journal, 3);
        journal.close();
        Files.delete(directory.resolve("metadata.zwj"));
        UncheckedIOException refused = assertThrows(UncheckedIOException.class,
                () -> Journal.open(directory, Journals.config(WireType.BINARY).build()));
        assertTrue(refused.getCause().getMessage().contains("metadata.zwj: missing, but the directory holds journal cycles"),
                refused.getCause().getMessage());
        assertFalse(Files.exists(directory.resolve("metadata.zwj")), "a metadata file was created");
    }

    /** Review finding: a cycle cut inside its index made appenders and tailers throw IndexOutOfBoundsException. */
    @Test
    void aCycleCutInsideItsIndexIsReadAsTruncatedAndAppendingGoesOnInTheNextCycle() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        Journals.appendTrades(journal, 10);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        try (FileChannel channel = FileChannel.open(cycle0, StandardOpenOption.WRITE)) {
            channel.truncate(100);
        }
        try (JournalTailer tailer = journal.tailer()) {
            WireException e = assertThrows(WireException.class, tailer::read);
            assertTrue(e.getMessage().contains("truncated"), e.getMessage());
            assertNull(tailer.read(), "nothing after the cut, and no cycle after it yet");
        }
        long index;
        try (JournalAppender appender = journal.appender()) {
            index = appender.append(new Trade(2, 0, "EURUSD", Trade.priceOf(0)));
        }
        assertEquals(1, Journal.cycleOf(index), "the next append goes to the next cycle");
        try (JournalTailer tailer = journal.tailer().toEnd()) {
            assertTrue(tailer.moveToIndex(index));
            assertEquals(new Trade(2, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
        }
    }

    /** Review findings: a negative sequence moved to record 0, and a move back before a bad header read nothing good again. */
    @Test
    void moveToIndexRefusesANegativeSequenceAndMovingBackBeforeABadHeaderReadsTheGoodRecordsAgain() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        Journals.appendTrades(journal, 400);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        Journals.writeInt(cycle0, Journals.recordPositions(cycle0).get(2), JournalLayout.LENGTH_MASK - 5);
        try (JournalTailer tailer = journal.tailer()) {
            assertEquals(false, tailer.moveToIndex(Journal.index(0, -1)), "sequence 2^32 - 1 is no record of a cycle");
            assertEquals(false, tailer.moveToIndex(Journal.index(0, 1 << 30)), "a sequence past the index and the records");
            assertEquals(0, ((Trade) tailer.read()).seq);
            assertEquals(1, ((Trade) tailer.read()).seq);
            assertThrows(WireException.class, tailer::read);
            assertTrue(tailer.moveToIndex(Journal.index(0, 0)));
            assertEquals(0, ((Trade) tailer.read()).seq, "record 0 again, not the next cycle's first");
            assertEquals(Journal.index(0, 0), tailer.index());
        }
    }

    @Test
    void aTruncatedCycleIsAWireExceptionWhereItEndsAndReadingGoesOnInTheNextCycle() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        Journals.appendTrades(journal, 400);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int cut = positions.get(5) + 6;
        try (FileChannel channel = FileChannel.open(cycle0, StandardOpenOption.WRITE)) {
            channel.truncate(cut);
        }
        try (JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < 5; i++) {
                assertEquals(i, ((Trade) tailer.read()).seq);
            }
            WireException e = assertThrows(WireException.class, tailer::read);
            assertEquals(positions.get(5), (int) e.offset());
            assertTrue(e.getMessage().contains("truncated"), e.getMessage());
            assertEquals(positions.size(), ((Trade) tailer.read()).seq, "the first record of cycle 1");
        }
    }

    @Test
    void aClaimNeverPublishedIsAbandonedAfterTheClaimTimeoutAndEveryRecordAfterItReads() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).claimTimeout(Duration.ofMillis(100)).build());
        Journals.appendTrades(journal, 2);
        Path cycle0 = Journals.onlyCycle(directory, 0);
        List<Integer> positions = Journals.recordPositions(cycle0);
        int end = positions.get(1) + (positions.get(1) - positions.get(0));
        // What a writer killed between claim and publish leaves: a claimed header, no body.
        Journals.writeInt(cycle0, end, JournalLayout.NOT_COMPLETE | 40);
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            long after = appender.append(new Trade(2, 0, "EURUSD", Trade.priceOf(0)));
            assertEquals(Journal.index(0, 3), after, "the appender steps over the claim, which keeps index 2");
            assertEquals(0, ((Trade) tailer.read()).seq);
            assertEquals(1, ((Trade) tailer.read()).seq);
            assertNull(tailer.read(), "waiting on the claim");
            assertTrue(tailer.awaitRecord(WaitStrategy.PARK, 5, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(new Trade(2, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
            assertEquals(after, tailer.index());
            assertTrue(tailer.moveToIndex(Journal.index(0, 2)), "an abandoned record keeps its index");
            assertEquals(new Trade(2, 0, "EURUSD", Trade.priceOf(0)), tailer.read(), "and is skipped");
        }
    }

    @Test
    void aWriterPausedPastTheClaimTimeoutFindsItsClaimAbandonedAndAppendsItsMessageAgainOnce() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).claimTimeout(Duration.ofMillis(1)).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            appender.append(new Trade(1, 0, "EURUSD", Trade.priceOf(0)));
            assertEquals(0, ((Trade) tailer.read()).seq);
            int[] pauses = {0};
            appender.afterClaim = () -> {
                if (pauses[0]++ == 0) {
                    assertNull(tailer.read(), "the tailer waits on the claim");
                    java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
                    assertNull(tailer.read(), "and, past the claim timeout, abandons it");
                }
            };
            long index = appender.append(new Trade(1, 1, "EURUSD", Trade.priceOf(1)));
            assertEquals(2, pauses[0], "claimed twice: the abandoned claim, then the one published");
            assertEquals(Journal.index(0, 2), index, "the abandoned claim keeps index 1");
            assertEquals(new Trade(1, 1, "EURUSD", Trade.priceOf(1)), tailer.read());
            assertEquals(index, tailer.index());
            assertNull(tailer.read(), "the message is read once");
        }
    }
}
