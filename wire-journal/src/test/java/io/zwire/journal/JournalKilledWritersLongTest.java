package io.zwire.journal;

import io.zwire.WireType;
import io.zwire.journal.internal.JournalLayout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many writers killed with SIGKILL at random moments, two at a time, racing each other. */
@Tag("long")
class JournalKilledWritersLongTest {
    private static final int ROUNDS = 12;

    @TempDir
    Path directory;

    @Test
    void writersKilledAtRandomLoseAtMostTheRecordTheyWereWritingAndEveryOtherRecordReadsBackIntact() throws Exception {
        Journal journal = Journal.open(directory, JournalProcess.config(WireType.BINARY));
        int writers = 2 * ROUNDS;
        for (int round = 0; round < ROUNDS; round++) {
            Process first = JournalProcess.start(List.of(), "append", directory.toString(), "BINARY", Integer.toString(2 * round), "0");
            Process second = JournalProcess.start(List.of(), "append", directory.toString(), "BINARY", Integer.toString(2 * round + 1), "0");
            awaitReady(first);
            awaitReady(second);
            Thread.sleep(ThreadLocalRandom.current().nextInt(20, 300));
            first.destroyForcibly();
            Thread.sleep(ThreadLocalRandom.current().nextInt(0, 20));
            second.destroyForcibly();
            assertTrue(first.waitFor(10, TimeUnit.SECONDS) && second.waitFor(10, TimeUnit.SECONDS));
        }
        long[] next = new long[writers];
        long total = 0;
        try (JournalTailer tailer = journal.tailer()) {
            while (tailer.awaitRecord(WaitStrategy.PARK, JournalProcess.QUIET_MILLIS, TimeUnit.MILLISECONDS)) {
                Trade trade = (Trade) tailer.read();
                assertEquals(next[trade.writer], trade.seq, "writer " + trade.writer + "'s records, each once and in order");
                assertEquals(Trade.priceOf(trade.seq), trade.price, "intact");
                next[trade.writer]++;
                total++;
            }
        }
        for (int writer = 0; writer < writers; writer++) {
            assertTrue(next[writer] > 1000, "writer " + writer + " appended " + next[writer]);
        }
        System.out.printf("%d killed writers: %d records read back intact, %d claims abandoned%n", writers, total, abandoned(directory));
    }

    private static void awaitReady(Process process) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("ready", out.readLine());
    }

    /** Counts the abandoned records in every cycle: the kills that fell between a claim and its publish. */
    private static long abandoned(Path directory) throws IOException {
        long count = 0;
        try (Stream<Path> files = Files.list(directory)) {
            for (Path cycle : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".cycle"))::iterator) {
                for (int[] record : Journals.records(cycle)) {
                    count += (record[1] & JournalLayout.ABANDONED) != 0 ? 1 : 0;
                }
            }
        }
        return count;
    }
}
