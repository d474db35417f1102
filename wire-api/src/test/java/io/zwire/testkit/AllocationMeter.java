package io.zwire.testkit;

import java.lang.management.ManagementFactory;

/**
 * Exact bytes allocated by the current thread, from
 * {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}: the TLAB-accurate
 * counter HotSpot keeps per thread, so unlike a GC count it sees a single allocation.
 */
public final class AllocationMeter {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /** Bytes the current thread has allocated since it started. */
    public static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /** Bytes the thread with id {@code threadId} has allocated since it started, or -1 if it is gone. */
    public static long allocatedBytes(long threadId) {
        return THREADS.getThreadAllocatedBytes(threadId);
    }

    /**
     * Runs {@code operation} {@code warmup} times, then measures {@code iterations} runs and
     * returns the bytes allocated per run, less what reading the counter itself costs.
     */
    public static double bytesPerOperation(Runnable operation, int warmup, int iterations) {
        for (int i = 0; i < warmup; i++) {
            operation.run();
        }
        long overheadStart = allocatedBytes();
        long overhead = allocatedBytes() - overheadStart;
        long start = allocatedBytes();
        for (int i = 0; i < iterations; i++) {
            operation.run();
        }
        long allocated = allocatedBytes() - start - overhead;
        return Math.max(0, allocated) / (double) iterations;
    }
}
