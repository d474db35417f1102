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
     * after the claim timeout by the appender waiting for it, with a cycle that ends at its first
     * append, so cycles stay linked in number order and a creator that links late finds the file
     * there and appends nothing to it.
     */
    @Test
    void aClaimWhoseFileNeverComesIsFilledAfterTheClaimTimeoutWithACycleThatHoldsNoRecord() throws Exception {
        Duration claimTimeout = Duration.ofMillis(200);
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096)
                .claimTimeout(claimTimeout).build());
        List<Long> appended = new ArrayList<>();
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            Trade trade = new Trade();
            appended.add(appender.append(trade.set(1, 0, "A", 1)));
            assertNotNull(tailer.read());
            assertEquals(appended.get(0), tailer.index());
            setHighestClaimed(1);
            long rolledAt = System.nanoTime();
            int sent = 1;
            do {
                appended.add(appender.append(trade.set(1, sent++, "A", 1)));
            } while (Journal.cycleOf(appended.get(appended.size() - 1)) == 0);
            long waited = System.nanoTime() - rolledAt;
            assertEquals(2, Journal.cycleOf(appended.get(appended.size() - 1)), "the claimed cycle 1 was passed over");
            assertTrue(waited >= claimTimeout.toNanos(), "the roll waited " + waited + " ns for the claim");
            assertEquals(0, rollAtMillis(journal.files().path(1)), "cycle 1 ends at its first append");
            // Its creator, linking late, finds the file there: nothing is replaced.
            assertTrue(journal.files().createIfAbsent(1, 4096, journal.config().indexSpacing(), 0, number -> true));
            assertEquals(0, rollAtMillis(journal.files().path(1)));
            for (int i = 1; i < appended.size(); i++) {
                assertNotNull(tailer.read(), "record " + Long.toHexString(appended.get(i)) + " not read");
                assertEquals(appended.get(i), tailer.index());
            }
            assertNull(tailer.read(), "a record past those appended");
        }
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

    private static long rollAtMillis(Path cycle) throws IOException {
        try (FileChannel file = FileChannel.open(cycle, StandardOpenOption.READ)) {
            ByteBuffer value = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            file.read(value, JournalLayout.ROLL_AT_MILLIS_OFFSET);
            return value.getLong(0);
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
