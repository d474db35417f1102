package io.zwire.journal;

import io.zwire.Marshallable;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class JournalConcurrencyTest {
    private static final int WRITERS = 4;
    private static final int PER_WRITER = 25_000;

    @TempDir
    Path directory;

    @Test
    void appenderThreadsAndATailerThreadSeeEveryRecordOnceInIndexOrderAndNeverTorn() throws Exception {
        // Small cycles, so the appenders race on rolls too, and checksums, so a torn record would show.
        Journal journal = Journal.open(directory, Journals.config(WireType.BINARY).cycleSize(256 << 10).checksums().build());
        ExecutorService threads = Executors.newFixedThreadPool(WRITERS + 1);
        try {
            CountDownLatch start = new CountDownLatch(1);
            Future<long[]> tail = threads.submit(() -> tailAll(journal, WRITERS * PER_WRITER, start));
            List<Future<long[]>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(threads.submit(() -> appendAll(journal, writer, start)));
            }
            start.countDown();
            long[][] appended = new long[WRITERS][];
            for (int w = 0; w < WRITERS; w++) {
                appended[w] = writers.get(w).get(60, TimeUnit.SECONDS);
            }
            long[] tailed = tail.get(60, TimeUnit.SECONDS);
            // The tailer records, per record, writer << 32 | seq; the indexes each writer got must
            // sort in the order the tailer met that writer's records.
            int[] next = new int[WRITERS];
            for (long record : tailed) {
                int writer = (int) (record >>> 32);
                assertEquals(next[writer]++, (int) record, "writer " + writer + "'s records out of order or repeated");
            }
            assertArrayEquals(new int[] {PER_WRITER, PER_WRITER, PER_WRITER, PER_WRITER}, next);
            for (long[] indexes : appended) {
                for (int i = 1; i < indexes.length; i++) {
                    assertTrue(indexes[i] > indexes[i - 1], "an appender's indexes grow");
                }
            }
            assertTrue(Journals.cycleFiles(directory) > 2, "the appenders rolled");
        } finally {
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private static long[] appendAll(Journal journal, int writer, CountDownLatch start) throws InterruptedException {
        long[] indexes = new long[PER_WRITER];
        Trade trade = new Trade();
        start.await();
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < PER_WRITER; i++) {
                indexes[i] = appender.append(trade.set(writer, i, "EURUSD", Trade.priceOf(i)));
            }
        }
        return indexes;
    }

    private static long[] tailAll(Journal journal, int expected, CountDownLatch start) throws InterruptedException {
        long[] seen = new long[expected];
        long lastIndex = -1;
        start.await();
        try (JournalTailer tailer = journal.tailer()) {
            for (int n = 0; n < expected; n++) {
                if (!tailer.awaitRecord(WaitStrategy.YIELD, 30, TimeUnit.SECONDS)) {
                    fail("only " + n + " of " + expected + " records arrived");
                }
                Marshallable message = tailer.read();
                Trade trade = (Trade) message;
                if (trade.price != Trade.priceOf(trade.seq) || !"EURUSD".equals(trade.symbol)) {
                    fail("torn record " + trade);
                }
                if (tailer.index() <= lastIndex) {
                    fail("index " + tailer.index() + " after " + lastIndex);
                }
                lastIndex = tailer.index();
                seen[n] = (long) trade.writer << 32 | trade.seq;
            }
        }
        return seen;
    }
}
