package io.zwire.journal.internal;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Unmaps the cycles their last user left, on a thread of its own, on JDK 22 and later.
 *
 * <p>Closing a shared arena is a handshake with every thread of the JVM, which waits for each to
 * reach a safepoint poll. Done by the appender or tailer that leaves a cycle, it held that thread,
 * and every message behind it, for up to a hundred milliseconds on this project's 2-core build
 * machine, where the other core spins in a tailer (p99.9 between threads 95 ms against 11 ms with
 * the collector's unmapping, JDK 25, {@code zwire-bench journal-latency}). Here the hot threads only
 * answer the handshake. The price is a daemon thread, {@value #THREAD_NAME}, one per JVM, started
 * the first time a cycle is dropped on a JDK that unmaps at once (never on JDK 17 to 21, where
 * the collector unmaps), and a short delay before a dropped cycle's disk is freed.
 */
public final class CycleUnmapper {
    static final String THREAD_NAME = "zwire-journal-unmapper";
    /** A mapping a thread still reads (a JournalRecord's document kept past its tailer's move) is tried again this often... */
    private static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** ...this many times, then left to the JVM's exit. */
    private static final int MAX_TRIES = 100;

    private static final BlockingQueue<CycleFile> DROPPED = new LinkedBlockingQueue<>();
    /** Cycles handed over and not yet unmapped (or given up on). */
    private static final AtomicInteger PENDING = new AtomicInteger();
    /** Guarded by the class. */
    private static Thread thread;

    private CycleUnmapper() {
    }

    /**
     * Unmaps {@code cycle} soon, on the unmapping thread, where the JDK unmaps at once; does
     * nothing where the collector unmaps. Allocates (a queue node); never blocks.
     *
     * @param cycle a cycle no user of this process holds any more
     */
    static void unmapSoon(CycleFile cycle) {
        if (!CycleMapping.unmapsAtOnce()) {
            return;
        }
        startOnce();
        PENDING.incrementAndGet();
        DROPPED.add(cycle);
    }

    /**
     * Waits until every cycle handed over so far is unmapped, for tests and tools that check
     * what is mapped. Blocks up to {@code timeout}; allocates nothing.
     *
     * @return false if some are still pending after {@code timeout}
     */
    public static boolean awaitUnmapped(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (PENDING.get() > 0) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(RETRY_NANOS);
        }
        return true;
    }

    private static synchronized void startOnce() {
        if (thread == null) {
            thread = new Thread(CycleUnmapper::run, THREAD_NAME);
            thread.setDaemon(true);
            thread.start();
        }
    }

    private static void run() {
        while (true) {
            CycleFile cycle;
            try {
                cycle = DROPPED.take();
            } catch (InterruptedException e) {
                // A daemon that owns nothing a caller waits for: it goes on until the JVM exits.
                continue;
            }
            try {
                unmap(cycle);
            } finally {
                PENDING.decrementAndGet();
            }
        }
    }

    private static void unmap(CycleFile cycle) {
        for (int tries = 1; ; tries++) {
            try {
                cycle.unmap();
                return;
            } catch (IllegalStateException e) {
                if (tries == MAX_TRIES) {
                    return;
                }
                LockSupport.parkNanos(RETRY_NANOS);
            }
        }
    }
}
