package io.zwire.journal;

import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JournalCyclesTest {
    @TempDir
    Path directory;

    @Test
    void aFullCycleEndsWithPaddingAndATailerReadsOnInTheNextCycle() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        Trade trade = new Trade();
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            long first = appender.append(trade.set(1, 0, "EURUSD", Trade.priceOf(0)));
            long last = first;
            for (int i = 1; i < 1000; i++) {
                last = appender.append(trade.set(1, i, "EURUSD", Trade.priceOf(i)));
            }
            assertTrue(Journal.cycleOf(last) > Journal.cycleOf(first) + 5, "1000 records roll 8 KiB cycles");
            assertEquals(Journal.cycleOf(last) + 1, Journals.cycleFiles(directory));
            for (int i = 0; i < 1000; i++) {
                assertEquals(new Trade(1, i, "EURUSD", Trade.priceOf(i)), tailer.read());
            }
            assertEquals(last, tailer.index());
            assertNull(tailer.read());
        }
    }

    @Test
    void aCycleEndsAtTheFirstAppendAfterItsRollPeriod() throws Exception {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).rollEvery(Duration.ofMillis(50)).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            long before = appender.append(new Trade(1, 1, "A", 1));
            Thread.sleep(120);
            long after = appender.append(new Trade(1, 2, "A", 1));
            assertTrue(Journal.cycleOf(after) > Journal.cycleOf(before), "rolled by time");
            assertEquals(new Trade(1, 1, "A", 1), tailer.read());
            assertEquals(new Trade(1, 2, "A", 1), tailer.read());
            assertEquals(after, tailer.index());
        }
    }

    @Test
    void cycleFileNamesSortInCycleOrder() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).build());
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < 2000; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1));
            }
        }
        try (Stream<Path> files = Files.list(directory)) {
            long[] numbers = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".cycle")).sorted()
                    .mapToLong(n -> Long.parseLong(n.substring(0, n.indexOf('.')))).toArray();
            assertTrue(numbers.length > 10);
            for (int i = 0; i < numbers.length; i++) {
                assertEquals(i, numbers[i]);
            }
        }
    }

    @Test
    void retentionKeepsTheNewestCyclesAndNoFileHandleIsHeldOnACycle() throws IOException {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096).retainCycles(3).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < 2000; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1));
            }
            tailer.toEnd();
            assertEquals(3, Journals.cycleFiles(directory));
            assertEquals(0, descriptorsLeftUnder(directory), "the channels are closed once mapped");
        }
    }

    /**
     * The descriptors left open under {@code directory} once the journal's cycle thread has had
     * time to finish staging the next cycle, whose file it holds open while it writes and maps it
     * (a run of this test caught it there): polled for up to 5 s, so a handle that is really held
     * still fails the test.
     */
    private static long descriptorsLeftUnder(Path directory) throws IOException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        long open = openDescriptorsUnder(directory);
        while (open != 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                break;
            }
            open = openDescriptorsUnder(directory);
        }
        return open;
    }

    @Test
    void aCycleNoAppenderOrTailerIsOnIsUnmappedOnceItsBufferIsCollected() throws Exception {
        // No cycle prepared ahead: its file would be a second mapping, ready for the next roll.
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(4096)
                .createCyclesOnAppendingThread().build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < 500; i++) {
                appender.append(new Trade(1, i, "EURUSD", 1));
                tailer.read();
            }
            assertTrue(Journals.cycleFiles(directory) > 5);
            // JDK 17 unmaps a MappedByteBuffer only when the collector frees it: the rolled cycles
            // go at a collection, the two current ones (appender's and tailer's) stay.
            long mapped = mappingsUnder(directory);
            for (int attempt = 0; attempt < 50 && mapped > 1; attempt++) {
                System.gc();
                Thread.sleep(20);
                mapped = mappingsUnder(directory);
            }
            assertEquals(1, mapped, "only the newest cycle, which the appender and the tailer are on, stays mapped");
        }
    }

    /** Linux's view of this process's mappings: distinct cycle files under {@code directory} (not the cycle counter). */
    private static long mappingsUnder(Path directory) throws IOException {
        String root = directory.toRealPath().toString();
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.filter(line -> line.contains(root) && line.contains(".cycle"))
                    .map(line -> line.substring(line.indexOf(root))).distinct().count();
        }
    }

    /** Linux's view of this process's open files. */
    private static long openDescriptorsUnder(Path directory) throws IOException {
        Path descriptors = Path.of("/proc/self/fd");
        long count = 0;
        try (Stream<Path> fds = Files.list(descriptors)) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    if (Files.readSymbolicLink(fd).startsWith(directory.toRealPath())) {
                        count++;
                    }
                } catch (IOException gone) {
                    // The descriptor that listed the directory, closed meanwhile.
                }
            }
        }
        return count;
    }

    @Test
    void moveToIndexFindsEveryRecordThroughTheSparseIndexAndRefusesOnesNotWritten() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(64 << 10).indexSpacing(8).build());
        long[] indexes = new long[3000];
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < indexes.length; i++) {
                indexes[i] = appender.append(new Trade(1, i, "EURUSD", Trade.priceOf(i)));
            }
            for (int i = indexes.length - 1; i >= 0; i -= 7) {
                assertTrue(tailer.moveToIndex(indexes[i]), "index of record " + i);
                assertEquals(new Trade(1, i, "EURUSD", Trade.priceOf(i)), tailer.read());
                assertEquals(indexes[i], tailer.index());
            }
            assertFalse(tailer.moveToIndex(indexes[indexes.length - 1] + 1), "not written yet");
            assertFalse(tailer.moveToIndex(Journal.index(Journal.cycleOf(indexes[indexes.length - 1]) + 5, 0)), "no such cycle");
            assertTrue(tailer.moveToIndex(indexes[10]));
            tailer.toStart();
            assertEquals(new Trade(1, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
        }
    }

    @Test
    void toEndSkipsWhatIsPublishedAndReadsWhatComesAfter() {
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).indexSpacing(4).build());
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            for (int i = 0; i < 50; i++) {
                appender.append(new Trade(1, i, "A", 1));
            }
            tailer.toEnd();
            assertNull(tailer.read());
            appender.append(new Trade(1, 50, "A", 1));
            assertEquals(new Trade(1, 50, "A", 1), tailer.read());
        }
    }
}
