package io.zwire.journal;

import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One mapping per cycle per process, shared by the journal's appenders and tailers and dropped by the last to leave. */
class JournalMappingsTest {
    @TempDir
    Path directory;

    @Test
    void anAppenderAndTailersOnOneCycleShareOneMapping() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender(); JournalTailer first = journal.tailer();
             JournalTailer second = journal.tailer(); JournalTailer third = journal.tailer()) {
            long index = appender.append(new Trade(1, 1, "A", 1));
            assertTrue(third.moveToIndex(index));
            second.toEnd();
            assertEquals(new Trade(1, 1, "A", 1), first.read());
            assertEquals(1, mappingsOf(journal.files().path(0)), "cycle 0's mappings in /proc/self/maps");
            assertEquals(1, journal.mappings().mappedCycles());
        }
        assertEquals(0, journal.mappings().mappedCycles(), "the last to leave dropped the mapping");
    }

    @Test
    void aTailerWaitingAtACyclesEndTakesTheMappingTheRollingAppenderPreparedInsteadOfMappingTheCycleAgain()
            throws InterruptedException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        int cycles = 150;
        java.util.concurrent.atomic.AtomicLong read = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread reader = new Thread(() -> {
            try (JournalTailer tailer = journal.tailer()) {
                long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
                while (!done.get() && System.nanoTime() < deadline) {
                    if (tailer.read() != null) {
                        read.incrementAndGet();
                    }
                }
                while (tailer.read() != null) {
                    read.incrementAndGet();
                }
            }
        }, "tailer at the end");
        reader.start();
        int sent = 0;
        try (JournalAppender appender = journal.appender()) {
            for (long last = 0; Journal.cycleOf(last) < cycles; sent++) {
                last = appender.append(new Trade(1, sent, "A", 1));
            }
        } finally {
            done.set(true);
            reader.join();
        }
        assertEquals(sent, read.get(), "every record read");
        assertEquals(0, journal.mappings().mappingsDropped(), "cycles mapped twice: by the tailer, then by the appender's"
                + " preparing thread, whose mapping was dropped");
        journal.close();
    }

    @Test
    void moveToIndexIntoACycleAnotherUserIsOnMapsNothing() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        try (JournalAppender appender = journal.appender(); JournalTailer behind = journal.tailer();
             JournalTailer mover = journal.tailer()) {
            long first = appender.append(new Trade(1, 0, "A", 1));
            long last = first;
            for (int i = 1; Journal.cycleOf(last) < Journal.cycleOf(first) + 3; i++) {
                last = appender.append(new Trade(1, i, "A", 1));
            }
            long made = journal.mappings().mappingsMade();
            for (int round = 0; round < 10; round++) {
                assertTrue(mover.moveToIndex(last));
                assertNotNull(mover.read());
                assertTrue(mover.moveToIndex(first));
                assertNotNull(mover.read());
            }
            assertEquals(made, journal.mappings().mappingsMade(), "cycles the appender and the other tailer are on");
            assertNotNull(behind.read());
        }
    }

    @Test
    void aTailerLeavingACycleRetentionDeletedDropsItsMappingAndTheCollectorUnmapsIt() throws Exception {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).retainCycles(1)
                .createCyclesOnAppendingThread().build());
        Path cycleZero = journal.files().path(0);
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            int sent = 0;
            for (long last = 0; Journal.cycleOf(last) < 3; sent++) {
                last = appender.append(new Trade(1, sent, "A", 1));
            }
            assertTrue(Files.notExists(cycleZero), "retention deleted cycle 0");
            assertEquals(2, journal.mappings().mappedCycles(), "the tailer's deleted cycle 0 and the appender's");
            while (tailer.read() != null) {
                assertTrue(tailer.index() >= 0);
            }
            assertEquals(1, journal.mappings().mappedCycles(), "only the appender's and tailer's newest cycle");
            long deletedMapped = deletedCycleMappings();
            for (int attempt = 0; attempt < 50 && deletedMapped > 0; attempt++) {
                System.gc();
                Thread.sleep(20);
                deletedMapped = deletedCycleMappings();
            }
            assertEquals(0, deletedMapped, "a deleted cycle nobody uses is unmapped at a collection, freeing its blocks");
            assertNull(tailer.read());
        }
    }

    /** Lines of /proc/self/maps that map {@code cycle}. */
    private static long mappingsOf(Path cycle) throws IOException {
        String file = cycle.toRealPath().toString();
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.filter(line -> line.endsWith(file)).count();
        }
    }

    /** Lines of /proc/self/maps that map a deleted cycle of this test's journal. */
    private long deletedCycleMappings() throws IOException {
        String root = directory.toRealPath().toString();
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.filter(line -> line.contains(root) && line.contains(".cycle") && line.endsWith("(deleted)")).count();
        }
    }

    /** Review finding: toEnd, toStart and moveToIndex on a closed tailer took a mapping again, which no close gave back. */
    @Test
    void aClosedTailerRefusesToMoveAndKeepsNoMapping() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).build());
        try (JournalAppender appender = journal.appender()) {
            appender.append(new Trade(1, 1, "A", 1));
            JournalTailer tailer = journal.tailer();
            tailer.close();
            assertThrows(IllegalStateException.class, tailer::toEnd);
            assertThrows(IllegalStateException.class, tailer::toStart);
            assertThrows(IllegalStateException.class, () -> tailer.moveToIndex(Journal.index(0, 0)));
        }
        assertEquals(0, journal.mappings().mappedCycles(), "mappings kept by a closed tailer");
    }
}
