package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.journal.internal.CycleFile;
import io.zwire.journal.internal.CycleFiles;
import io.zwire.journal.internal.CycleMapping;
import io.zwire.journal.internal.CycleMappings;
import io.zwire.journal.internal.CycleUnmapper;
import io.zwire.journal.internal.JournalLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * When a cycle's mapping goes: at once when its last user leaves on JDK 22 and later (an arena
 * closed), when the collector frees its buffer on JDK 17 to 21. Each test that checks a mapping is
 * gone holds a strong reference to its buffer, so the collector cannot be what removed it.
 */
class JournalUnmappingTest {
    private static final String NEEDS_JDK_22 = "unmapping at once needs JDK 22's FileChannel.map(..., Arena) (and no -Dzwire.journal.mapping=collected); "
            + "here the collector unmaps (onJdk17To21ADroppedMappingStaysUntilTheCollectorFreesItsBuffer checks that)";
    private static final String NEEDS_JDK_17_TO_21 = "this JDK unmaps at once (the onJdk22AndLater tests check that)";

    @TempDir
    Path directory;

    /** The unmapping thread's work is one arena close per dropped cycle: far below this. */
    private static final java.time.Duration UNMAPPED_WITHIN = java.time.Duration.ofSeconds(10);

    @Test
    void onJdk22AndLaterACycleRetentionDeletedIsUnmappedOnceItsLastUserLeavesFreeingItsDisk() throws Exception {
        assumeTrue(CycleMapping.unmapsAtOnce(), NEEDS_JDK_22);
        afterTheTailerLeavesDeletedCycleZero((journal, cycleZero) -> {
            assertEquals(0, deletedCycleMappings(),
                    "no mapping of the deleted cycle, though this test holds its buffer: its blocks are free");
            assertThrows(IllegalStateException.class, () -> cycleZero.getInt(0), "an unmapped buffer refuses access");
            assertEquals(1, journal.mappings().mappedCycles());
        });
    }

    @Test
    void onJdk17To21ADroppedMappingStaysUntilTheCollectorFreesItsBuffer() throws Exception {
        assumeFalse(CycleMapping.unmapsAtOnce(), NEEDS_JDK_17_TO_21);
        afterTheTailerLeavesDeletedCycleZero((journal, cycleZero) -> {
            assertEquals(1, journal.mappings().mappedCycles(), "the journal dropped the deleted cycle's mapping");
            assertEquals(1, mappingsOfDeleted(journal, 0), "JDK 17 keeps a dropped mapping while its buffer is reachable");
            assertEquals(JournalLayout.CYCLE_MAGIC, cycleZero.getLong(JournalLayout.MAGIC_OFFSET),
                    "and it still reads the deleted cycle's bytes");
        });
    }

    /** What is checked once the last user of a deleted cycle has left it, while the test holds its buffer. */
    private interface AfterLeaving {
        void check(Journal journal, ByteBuffer heldBuffer) throws IOException;
    }

    /**
     * Rolls to cycle 2 with retention of one cycle while a tailer stays on cycle 0, takes a strong
     * reference to cycle 0's buffer (so the collector cannot unmap it), has the tailer read on to
     * cycle 2, and runs {@code check}.
     */
    private void afterTheTailerLeavesDeletedCycleZero(AfterLeaving check) throws IOException {
        try (Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).retainCycles(1)
                .createCyclesOnAppendingThread().build());
             JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            int sent = 0;
            for (long last = 0; Journal.cycleOf(last) < 2; sent++) {
                last = appender.append(new Trade(1, sent, "A", 1));
            }
            assertTrue(Files.notExists(journal.files().path(0)), "retention deleted cycle 0");
            CycleFile cycle = journal.mappings().acquireIfPresent(0);
            ByteBuffer cycleZero = cycle.buffer();
            journal.mappings().release(cycle);
            assertEquals(1, mappingsOfDeleted(journal, 0), "cycle 0 is mapped while the tailer is on it");

            for (int read = 0; read < 10_000 && tailer.read() != null; read++) {
                assertTrue(tailer.index() >= 0);
            }
            assertEquals(2, Journal.cycleOf(tailer.index()), "the tailer left the deleted cycle");
            assertTrue(CycleUnmapper.awaitUnmapped(UNMAPPED_WITHIN), "unmapped within " + UNMAPPED_WITHIN);
            check.check(journal, cycleZero);
        }
    }

    @Test
    void aMappingMadeWhileAnotherUserMappedTheCycleFirstIsDroppedAndTheSharedOneKept() throws IOException {
        Journal.open(directory, Journals.config(WireType.BINARY).build()).close();
        CycleFiles files = new CycleFiles(directory);
        CycleMappings mappings = new CycleMappings(files);
        CycleFile first = mappings.acquireIfPresent(0);
        CycleFile second = CycleFile.map(files.path(0), 0, java.nio.channels.FileChannel.MapMode.READ_WRITE,
                io.zwire.journal.internal.PageFaulting.AT_MAPPING);

        assertSame(first, mappings.adopt(second));
        if (CycleMapping.unmapsAtOnce()) {
            assertThrows(IllegalStateException.class, () -> second.buffer().getInt(0), "the dropped mapping is unmapped");
        }
        assertEquals(JournalLayout.CYCLE_MAGIC, first.buffer().getLong(JournalLayout.MAGIC_OFFSET));
        mappings.release(first);
        assertEquals(JournalLayout.CYCLE_MAGIC, first.buffer().getLong(JournalLayout.MAGIC_OFFSET),
                "one user, the adopter, is still on it");
        mappings.release(first);
        assertEquals(0, mappings.mappedCycles());
        assertTrue(CycleUnmapper.awaitUnmapped(UNMAPPED_WITHIN), "unmapped within " + UNMAPPED_WITHIN);
        if (CycleMapping.unmapsAtOnce()) {
            assertThrows(IllegalStateException.class, () -> first.buffer().getInt(0), "the last user unmapped it");
        }
    }

    /**
     * The count is the guarantee that nothing touches an unmapped buffer: with small cycles rolling
     * under them and retention deleting, a reader, a tailer jumping between cycles and an appender
     * each move cycles thousands of times; on JDK 22 and later any access to a cycle the count let
     * go would throw here.
     */
    @Test
    void usersMovingBetweenCyclesWhileOthersRollAndLeaveNeverTouchAnUnmappedCycle() throws Exception {
        int messages = 20_000;
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).retainCycles(4).build());
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicLong lastAppended = new AtomicLong(-1);
        List<Thread> threads = new ArrayList<>();
        threads.add(new Thread(() -> {
            try (JournalAppender appender = journal.appender()) {
                Trade trade = new Trade();
                for (int i = 0; i < messages; i++) {
                    lastAppended.set(appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i))));
                }
            }
        }, "appender"));
        threads.add(new Thread(() -> {
            try (JournalTailer reader = journal.tailer()) {
                long seen = -1;
                for (long spins = 0; seen < messages - 1 && spins < 50_000_000L; spins++) {
                    if (reader.read() instanceof Trade trade) {
                        assertTrue(trade.seq > seen, "in order");
                        seen = trade.seq;
                    }
                }
            }
        }, "reader"));
        threads.add(new Thread(() -> {
            try (JournalTailer jumper = journal.tailer()) {
                for (int jump = 0; jump < 5_000; jump++) {
                    long last = lastAppended.get();
                    if (last >= 0 && jumper.moveToIndex(jump % 2 == 0 ? last : Journal.index(Journal.cycleOf(last) - 2, 0))) {
                        jumper.read();
                    }
                }
            }
        }, "jumper"));
        for (Thread thread : threads) {
            thread.setUncaughtExceptionHandler((t, e) -> failures.add(e));
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join(60_000);
            assertTrue(!thread.isAlive(), thread.getName() + " did not finish");
        }
        journal.close();
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        assertTrue(Journal.cycleOf(lastAppended.get()) > 20, "cycles rolled under the users");
        assertEquals(0, journal.mappings().mappedCycles());
        assertTrue(CycleUnmapper.awaitUnmapped(UNMAPPED_WITHIN), "unmapped within " + UNMAPPED_WITHIN);
        if (CycleMapping.unmapsAtOnce()) {
            assertEquals(List.of(), mappingsUnder(), "every user and the journal closed: nothing of its cycles mapped");
        }
    }

    @Test
    void onJdk22AndLaterTheFileTheJournalPreparedAheadIsUnmappedWhenItsLastAppenderCloses() throws IOException {
        assumeTrue(CycleMapping.unmapsAtOnce(), NEEDS_JDK_22);
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender()) {
            appender.append(new Trade(1, 1, "A", 1));
            for (int wait = 0; wait < 1_000 && mappingsUnder().stream().noneMatch(line -> line.contains(".staged")); wait++) {
                sleepMillis(5);
            }
            assertTrue(mappingsUnder().stream().anyMatch(line -> line.contains(".staged")), "a file staged ahead");
        }
        assertTrue(CycleUnmapper.awaitUnmapped(UNMAPPED_WITHIN), "unmapped within " + UNMAPPED_WITHIN);
        assertEquals(List.of(), mappingsUnder(), "the staged file and the cycle, unmapped");
        journal.close();
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Lines of /proc/self/maps that map cycle {@code number} of {@code journal}, deleted. */
    private long mappingsOfDeleted(Journal journal, long number) throws IOException {
        String name = journal.files().path(number).getFileName() + " (deleted)";
        return mappingsUnder().stream().filter(line -> line.endsWith(name)).count();
    }

    /** Lines of /proc/self/maps that map a deleted cycle of this test's journal. */
    private long deletedCycleMappings() throws IOException {
        return mappingsUnder().stream().filter(line -> line.contains(".cycle") && line.endsWith("(deleted)")).count();
    }

    /** Lines of /proc/self/maps that map a file of this test's journal other than its cycle counter. */
    private List<String> mappingsUnder() throws IOException {
        String root = directory.toRealPath().toString();
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.filter(line -> line.contains(root) && !line.contains("cycles.zwj")).toList();
        }
    }
}
