package io.zwire.journal;

import io.zwire.test.harness.ProcessLines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tailers keep up with appenders in three threads and two other JVMs that roll every millisecond
 * ({@link JournalProcess#rollingConfig()}). Cycles are linked while tailers list the directory,
 * and a listing is not a snapshot: it may return a cycle linked after one it missed. Before a
 * tailer confirmed such a skip with a second listing, this load made a tailer pass over a cycle of
 * published records, with no exception, in most runs.
 */
class JournalRollingProcessesTest {
    private static final int THREADS = 3;
    private static final int PROCESSES = 2;
    private static final int WRITERS = THREADS + PROCESSES;
    private static final int PER_WRITER = Integer.getInteger("journal.rollingPerWriter", 5_000);

    @TempDir
    Path directory;

    @Test
    void tailersReadEveryRecordOfEveryCycleWhileAppendersInThreadsAndProcessesRollEveryMillisecond()
            throws Exception {
        Journal journal = Journal.open(directory, JournalProcess.rollingConfig());
        ExecutorService threads = Executors.newFixedThreadPool(THREADS + 2);
        List<Process> processes = new ArrayList<>();
        AtomicBoolean appended = new AtomicBoolean();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<BitSet[]>> tailers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                tailers.add(threads.submit(() -> tradesRead(journal, start, appended)));
            }
            for (int p = 0; p < PROCESSES; p++) {
                processes.add(JournalProcess.start(List.of(), "append-rolling", directory.toString(),
                        Integer.toString(THREADS + p), Integer.toString(PER_WRITER)));
            }
            List<Future<?>> appenders = new ArrayList<>();
            for (int w = 0; w < THREADS; w++) {
                int writer = w;
                appenders.add(threads.submit(() -> append(journal, writer, start)));
            }
            start.countDown();
            for (Future<?> appender : appenders) {
                appender.get(240, TimeUnit.SECONDS);
            }
            for (Process process : processes) {
                ProcessLines.Ended ended = ProcessLines.finish(process, 240);
                assertEquals(0, ended.exitStatus(), ended.lines().toString());
            }
            appended.set(true);
            assertTrue(Journals.cycleFiles(directory) > 100, "only " + Journals.cycleFiles(directory) + " cycles");
            for (Future<BitSet[]> tailer : tailers) {
                BitSet[] read = tailer.get(240, TimeUnit.SECONDS);
                for (int writer = 0; writer < WRITERS; writer++) {
                    assertEquals(PER_WRITER, read[writer].cardinality(), "trades of writer " + writer
                            + " a tailer read; the first it missed: " + read[writer].nextClearBit(0));
                }
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
            threads.shutdownNow();
            // Not asserted: a failure above is the one to report, and the tailers leave on the interrupt.
            threads.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static Void append(Journal journal, int writer, CountDownLatch start) throws InterruptedException {
        Trade trade = new Trade();
        start.await();
        try (JournalAppender appender = journal.appender()) {
            for (int i = 0; i < PER_WRITER; i++) {
                appender.append(trade.set(writer, i, "EURUSD", Trade.priceOf(i)));
            }
        }
        return null;
    }

    /**
     * {@return per writer, the sequences of its trades a tailer read, once every trade is read, or
     * once every writer has finished and none has come for {@link JournalProcess#QUIET_MILLIS}} A
     * trade read twice, torn or out of its writer's order fails at once.
     */
    private static BitSet[] tradesRead(Journal journal, CountDownLatch start, AtomicBoolean appended)
            throws InterruptedException {
        BitSet[] read = new BitSet[WRITERS];
        int[] next = new int[WRITERS];
        for (int writer = 0; writer < WRITERS; writer++) {
            read[writer] = new BitSet(PER_WRITER);
        }
        start.await();
        long total = 0;
        long quietSince = System.nanoTime();
        try (JournalTailer tailer = journal.tailer()) {
            while (total < (long) WRITERS * PER_WRITER) {
                if (!tailer.awaitRecord(WaitStrategy.YIELD, 100, TimeUnit.MILLISECONDS)) {
                    if (Thread.currentThread().isInterrupted()) {
                        break;
                    }
                    if (!appended.get()) {
                        quietSince = System.nanoTime();
                    } else if (System.nanoTime() - quietSince > TimeUnit.MILLISECONDS.toNanos(JournalProcess.QUIET_MILLIS)) {
                        break;
                    }
                    continue;
                }
                quietSince = System.nanoTime();
                Trade trade = (Trade) tailer.read();
                int seq = (int) trade.seq;
                assertTrue(seq >= next[trade.writer] && trade.price == Trade.priceOf(trade.seq),
                        "trade " + trade + " after writer " + trade.writer + "'s " + (next[trade.writer] - 1));
                next[trade.writer] = seq + 1;
                read[trade.writer].set(seq);
                total++;
            }
        }
        return read;
    }
}
