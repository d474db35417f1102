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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
