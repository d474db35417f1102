package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.test.harness.ProcessLines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Appenders and tailers in JVMs of their own, one killed with SIGKILL, and a full disk. */
class JournalProcessesTest {
    private static final int PER_WRITER = 20_000;

    @TempDir
    Path directory;

    @Test
    void appendersInTwoProcessesAndATailerInAThirdSeeEveryRecordOnceInOrder() throws Exception {
        Journal.open(directory, JournalProcess.config(WireType.BINARY));
        Process tailer = JournalProcess.start(List.of(), "tail", directory.toString(), "BINARY", "2", Integer.toString(PER_WRITER));
        Process first = JournalProcess.start(List.of(), "append", directory.toString(), "BINARY", "0", Integer.toString(PER_WRITER));
        Process second = JournalProcess.start(List.of(), "append", directory.toString(), "BINARY", "1", Integer.toString(PER_WRITER));
        ProcessLines.Ended firstOut = ProcessLines.finish(first, 120);
        ProcessLines.Ended secondOut = ProcessLines.finish(second, 120);
        ProcessLines.Ended tailed = ProcessLines.finish(tailer, 120);
        assertEquals(0, firstOut.exitStatus(), firstOut.lines().toString());
        assertEquals(0, secondOut.exitStatus(), secondOut.lines().toString());
        assertEquals(0, tailed.exitStatus(), tailed.lines().toString());
        assertTrue(tailed.lines().contains("tailed " + 2 * PER_WRITER), tailed.lines().toString());
    }

    @Test
    void aWriterKilledMidRunLosesAtMostTheRecordItWasWritingAndTheNextWriterAndTailerGoOn() throws Exception {
        JournalConfig config = JournalProcess.config(WireType.BINARY);
        Journal journal = Journal.open(directory, config);
        Process victim = JournalProcess.start(List.of(), "append", directory.toString(), "BINARY", "0", "0");
        try (BufferedReader out = new BufferedReader(new InputStreamReader(victim.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("ready", out.readLine(), "the writer started appending");
            Thread.sleep(200);
            victim.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no finally
            assertTrue(victim.waitFor(10, TimeUnit.SECONDS));
        }
        try (JournalAppender appender = journal.appender(); JournalTailer tailer = journal.tailer()) {
            long killedRecords = 0;
            while (tailer.awaitRecord(WaitStrategy.PARK, JournalProcess.QUIET_MILLIS, TimeUnit.MILLISECONDS)) {
                Trade trade = (Trade) tailer.read();
                assertEquals(0, trade.writer);
                assertEquals(killedRecords, trade.seq, "the killed writer's records, each once and in order");
                assertEquals(Trade.priceOf(trade.seq), trade.price, "intact");
                killedRecords++;
            }
            assertTrue(killedRecords > 1000, killedRecords + " records");
            long index = appender.append(new Trade(1, 0, "EURUSD", Trade.priceOf(0)));
            assertTrue(tailer.awaitRecord(WaitStrategy.PARK, 5, TimeUnit.SECONDS));
            assertEquals(new Trade(1, 0, "EURUSD", Trade.priceOf(0)), tailer.read());
            assertEquals(index, tailer.index());
            System.out.printf("killed writer: %d records read back intact, then the next writer's%n", killedRecords);
        }
    }

    @Test
    void aFullDiskIsAnExceptionWhenACycleIsCreatedNeverACrash() throws Exception {
        // The file-size limit makes a write past 1 MiB fail with EFBIG, as a full disk fails with
        // ENOSPC (HotSpot ignores SIGXFSZ, so the write returns the error instead of killing the JVM).
        Process process = JournalProcess.start(List.of("bash", "-c", "ulimit -f 1024 && exec \"$@\"", "limited"),
                "create", directory.resolve("full").toString(), Integer.toString(4 << 20));
        ProcessLines.Ended ended = ProcessLines.finish(process, 60);
        List<String> output = ended.lines();
        assertEquals(3, ended.exitStatus(), output.toString());
        assertTrue(output.stream().anyMatch(line -> line.startsWith("refused: ") && line.contains("cannot create journal cycle 0")),
                output.toString());
        List<String> left = new ArrayList<>();
        try (var files = java.nio.file.Files.list(directory.resolve("full"))) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.contains(".cycle")).forEach(left::add);
        }
        assertFalse(left.stream().anyMatch(n -> n.endsWith(".cycle") || n.endsWith(".tmp")), "no cycle or partial file left: " + left);
    }

    @Test
    void aFullDiskWhenAnAppenderRollsIsAnExceptionFromAppendAndEveryRecordBeforeItReads() throws Exception {
        Path journalDirectory = directory.resolve("rolls");
        Journal journal = Journal.open(journalDirectory, Journals.config(WireType.BINARY).cycleSize(8192).build());
        Process process = JournalProcess.start(List.of("bash", "-c", "ulimit -f 1024 && exec \"$@\"", "limited"),
                "fill", journalDirectory.toString(), Integer.toString(4 << 20));
        ProcessLines.Ended ended = ProcessLines.finish(process, 60);
        List<String> output = ended.lines();
        assertEquals(3, ended.exitStatus(), output.toString());
        String refused = output.stream().filter(line -> line.startsWith("refused after ")).findFirst().orElseThrow();
        long appended = Long.parseLong(refused.substring("refused after ".length(), refused.indexOf(':')));
        assertTrue(appended > 10 && refused.contains("cannot create journal cycle 1"), refused);
        try (JournalTailer tailer = journal.tailer(); JournalAppender appender = journal.appender()) {
            for (long i = 0; i < appended; i++) {
                assertEquals(new Trade(0, i, "EURUSD", Trade.priceOf(i)), tailer.read());
            }
            assertEquals(null, tailer.read(), "the refused message was not appended");
            assertEquals(Journal.index(1, 0), appender.append(new Trade(1, 0, "EURUSD", 1)),
                    "cycle 1: the failed roll claimed no cycle number");
            assertEquals(new Trade(1, 0, "EURUSD", 1), tailer.read(), "an appender with room goes on in a new cycle");
        }
    }
}
