package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cycle numbers only grow: no appender creates a cycle retention deleted, so no index repeats. */
class JournalCycleNumbersTest {
    @TempDir
    Path directory;

    @Test
    void anAppenderWhoseRollRacesAnotherAppendersRollsAndRetentionNeverRecreatesADeletedCycle() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).retainCycles(1).build());
        Set<Long> indexes = new HashSet<>();
        Trade trade = new Trade();
        try (JournalAppender a = journal.appender(); JournalAppender b = journal.appender()) {
            assertTrue(indexes.add(b.append(trade.set(2, 0, "B", 1))));
            long last;
            int sent = 0;
            do {
                last = a.append(trade.set(1, sent++, "A", 1));
                assertTrue(indexes.add(last));
            } while (Journal.cycleOf(last) < 1);
            // b is still on cycle 0, which a ended and retention deleted. Its roll picks cycle 1;
            // before it maps it, a rolls twice more and retention deletes cycles 1 and 2.
            int[] aSent = {sent};
            b.beforeRoll = () -> {
                b.beforeRoll = null;
                long index;
                do {
                    index = a.append(trade.set(1, aSent[0]++, "A", 1));
                    assertTrue(indexes.add(index));
                } while (Journal.cycleOf(index) < 3);
            };
            long bIndex = b.append(trade.set(2, 1, "B", 1));
            assertTrue(Journal.cycleOf(bIndex) >= 3, "b appended to cycle " + Journal.cycleOf(bIndex)
                    + ", one retention had deleted");
            assertTrue(indexes.add(bIndex), "index " + Long.toHexString(bIndex) + " was given twice");
            assertFalse(Files.exists(journal.files().path(1)), "cycle 1 was created again");
            assertFalse(Files.exists(journal.files().path(2)), "cycle 2 was created again");
        }
        try (JournalTailer tailer = journal.tailer()) {
            Set<Long> read = new HashSet<>();
            while (tailer.read() != null) {
                assertTrue(read.add(tailer.index()));
            }
            assertTrue(read.contains(Long.valueOf(indexes.stream().mapToLong(Long::longValue).max().orElseThrow())));
        }
    }

    @Test
    void aCycleNumberIsClaimedOnlyOnceItsFileIsWrittenSoAClaimIsNeverLeftWaitingOnTheWrites() throws Exception {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096)
                .createCyclesOnAppendingThread().build());
        List<Long> claimedWhenWriting = new ArrayList<>();
        journal.files().observeBlockWrites(file -> claimedWhenWriting.add(highestClaimed()));
        try (JournalAppender appender = journal.appender()) {
            appendUntilCycle(appender, 3);
        }
        // Cycles 1, 2 and 3 were written on this thread, each before the counter named it.
        assertEquals(List.of(0L, 1L, 2L), claimedWhenWriting);
        assertEquals(3, highestClaimed());
    }

    /**
     * A number claimed whose file never comes (its creator died between claim and link) is filled
     * after the claim timeout by the appender waiting for it, with an ended cycle (4 KiB, its
     * padding where its first record would be), so cycles stay linked in number order.
     */
    @Test
    void aClaimWhoseFileNeverComesIsFilledAfterTheClaimTimeoutWithACycleThatHoldsNoRecord() throws Exception {
        Duration claimTimeout = Duration.ofMillis(200);
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192)
                .claimTimeout(claimTimeout).build());
        List<Long> appended = new ArrayList<>();
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            Trade trade = new Trade();
            appended.add(appender.append(trade.set(1, 0, "A", 1)));
            assertNotNull(tailer.read());
            setHighestClaimed(1);
            long rolledAt = System.nanoTime();
            appendUntilTheCycleAfter(0, appender, appended);
            long waited = System.nanoTime() - rolledAt;
            assertEquals(2, Journal.cycleOf(appended.get(appended.size() - 1)), "the claimed cycle 1 was passed over");
            assertTrue(waited >= claimTimeout.toNanos(), "the roll waited " + waited + " ns for the claim");
            assertEnded(journal.files().path(1));
            assertReadsFromTheSecond(tailer, appended);
        }
    }

    /**
     * The other side of the fill: a creator whose claim stalled past the claim timeout, linking
     * its own file after another appender filled the number, finds the ended cycle there and
     * appends in the next one.
     */
    @Test
    void aCreatorThatLinksAfterAnotherFilledItsNumberAppendsNothingInTheEndedCycle() throws Exception {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192)
                .createCyclesOnAppendingThread().build());
        boolean[] filled = {false};
        journal.files().observeBlockWrites(file -> {
            if (!filled[0] && file.getFileName().toString().startsWith("0000000001.cycle.")) {
                filled[0] = true;
                try {
                    assertTrue(journal.files().createEndedIfAbsent(1, journal.config().indexSpacing(), number -> true));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        List<Long> appended = new ArrayList<>();
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            appended.add(appender.append(new Trade(1, 0, "A", 1)));
            assertNotNull(tailer.read());
            appendUntilTheCycleAfter(0, appender, appended);
            assertTrue(filled[0], "the fill ran while the creator wrote its file");
            assertEquals(2, Journal.cycleOf(appended.get(appended.size() - 1)), "appended in the ended cycle 1");
            assertEnded(journal.files().path(1));
            assertReadsFromTheSecond(tailer, appended);
        }
    }

    private static void appendUntilTheCycleAfter(long cycle, JournalAppender appender, List<Long> appended) {
        Trade trade = new Trade();
        int sent = appended.size();
        do {
            appended.add(appender.append(trade.set(1, sent++, "A", 1)));
        } while (Journal.cycleOf(appended.get(appended.size() - 1)) == cycle);
    }

    private static void assertEnded(Path cycle) throws IOException {
        assertEquals(JournalLayout.ENDED_CYCLE_SIZE, Files.size(cycle), "the size of an ended cycle");
        int firstRecord = JournalLayout.dataStart(Journals.readInt(cycle, JournalLayout.INDEX_SLOTS_OFFSET));
        assertEquals(JournalLayout.paddingHeader(JournalLayout.ENDED_CYCLE_SIZE, firstRecord),
                Journals.readInt(cycle, firstRecord), "the padding where its first record would be");
    }

    /** Reads every record appended after the first, which the tailer has read, and no other. */
    private static void assertReadsFromTheSecond(JournalTailer tailer, List<Long> appended) {
        for (int i = 1; i < appended.size(); i++) {
            assertNotNull(tailer.read(), "record " + Long.toHexString(appended.get(i)) + " not read");
            assertEquals(appended.get(i), tailer.index());
        }
        assertNull(tailer.read(), "a record past those appended");
    }

    /**
     * Probe finding: cycle numbers past 2^31 - 1 were accepted though a record's index
     * ({@code cycle << 32 | sequence}) overflows there; a corrupted counter would lead a roll there.
     */
    @Test
    void aRollPastTheLastCycleNumberIsRefusedNamingTheCounterAndFilesNamedPastItAreNotCycles() throws Exception {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).build());
        Path past = directory.resolve((JournalLayout.MAX_CYCLE_NUMBER + 1) + ".cycle");
        Files.copy(journal.files().path(0), past);
        assertEquals(10 + ".cycle".length(), past.getFileName().toString().length(), "a name of a cycle's length");
        assertEquals(0, journal.files().latest(), "the file named past the last cycle number");
        setHighestClaimed(JournalLayout.MAX_CYCLE_NUMBER + 5);
        try (JournalAppender appender = journal.appender()) {
            Trade trade = new Trade();
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> {
                for (int i = 0; i < 1000; i++) {
                    appender.append(trade.set(1, i, "A", 1));
                }
            });
            assertTrue(refused.getMessage().contains("cycle " + (JournalLayout.MAX_CYCLE_NUMBER + 5)
                    + " is past the highest a record's index can hold"), refused.getMessage());
            assertTrue(refused.getMessage().contains(directory.resolve("cycles.zwj") + " is corrupt"), refused.getMessage());
        }
        try (JournalTailer tailer = journal.tailer()) {
            int read = 0;
            while (tailer.read() != null) {
                assertEquals(0, Journal.cycleOf(tailer.index()));
                read++;
            }
            assertTrue(read > 0);
        }
    }

    private void setHighestClaimed(long number) throws IOException {
        try (FileChannel counter = FileChannel.open(directory.resolve("cycles.zwj"), StandardOpenOption.WRITE)) {
            ByteBuffer value = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(0, number);
            counter.write(value, JournalLayout.HIGHEST_CLAIMED_OFFSET);
        }
    }

    /** Appends until a record goes into {@code cycle}; {@return that record's index} */
    private static long appendUntilCycle(JournalAppender appender, long cycle) {
        long last;
        int i = 0;
        do {
            last = appender.append(new Trade(1, i++, "A", 1));
        } while (Journal.cycleOf(last) < cycle);
        return last;
    }

    private long highestClaimed() {
        try (FileChannel counter = FileChannel.open(directory.resolve("cycles.zwj"), StandardOpenOption.READ)) {
            ByteBuffer value = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            counter.read(value, JournalLayout.HIGHEST_CLAIMED_OFFSET);
            return value.getLong(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aJournalAnEarlierVersionWroteGetsACounterFromItsNewestCycle() throws Exception {
        Journal first = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).build());
        long last;
        try (JournalAppender appender = first.appender()) {
            last = appendUntilCycle(appender, 2);
        }
        first.close();
        Files.delete(directory.resolve("cycles.zwj"));
        Journal reopened = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).build());
        try (JournalAppender appender = reopened.appender()) {
            long next = appender.append(new Trade(1, 0, "A", 1));
            assertEquals(Journal.cycleOf(last), Journal.cycleOf(next));
            assertTrue(next > last);
        }
    }
}
