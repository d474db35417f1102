package io.zwire.bench.garbage;

import java.lang.management.ManagementFactory;

/**
 * The exact count of bytes the current thread has allocated, from HotSpot's per-thread counter
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}). Unlike a collection
 * count it sees a single allocation; unlike a collection count it cannot see other threads.
 */
public final class AllocationCounter {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationCounter() {
    }

    /**
     * Bytes the current thread has allocated since it started. Allocates nothing on HotSpot.
     *
     * @throws UnsupportedOperationException if the JVM does not count allocation per thread
     */
    public static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
