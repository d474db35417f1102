package io.zwire.test;

import java.lang.management.ManagementFactory;

/**
 * Exact bytes allocated by a thread, from HotSpot's per-thread counter
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}): unlike a collection
 * count it sees a single allocation; unlike a collection count it cannot see other threads. The
 * one counter behind every garbage check in zwire: {@link GarbageAssertions}, the forked probes of
 * {@link GarbageCheck} and zwire's own zero-garbage tests.
 *
 * <p>Thread-safe. Reading the counter allocates nothing on HotSpot.
 */
public final class AllocationMeter {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /**
     * Bytes the current thread has allocated since it started.
     *
     * @return the running total, in bytes
     * @throws UnsupportedOperationException if the JVM does not count allocation per thread
     * @throws IllegalStateException if counting is turned off, where every reading is -1 and a
     *         garbage check would see nothing
     */
    public static long allocatedBytes() {
        long bytes = THREADS.getCurrentThreadAllocatedBytes();
        if (bytes < 0) {
            throw new IllegalStateException("per-thread allocation counting is off"
                    + " (ThreadMXBean.isThreadAllocatedMemoryEnabled()): a garbage check would see nothing");
        }
        return bytes;
    }

    /**
     * Bytes the thread with id {@code threadId} has allocated since it started.
     *
     * @param threadId the thread's id
     * @return the running total, in bytes, or -1 if the thread is gone
     * @throws UnsupportedOperationException if the JVM does not count allocation per thread
     */
    public static long allocatedBytes(long threadId) {
        return THREADS.getThreadAllocatedBytes(threadId);
    }

    /**
     * Runs {@code body} once on the current thread and returns what it allocated, less what
     * reading the counter itself costs (measured the same way just before), so a clean body reads
     * zero. Allocation by other threads is not counted.
     *
     * @param body the code to measure
     * @return the bytes allocated, never negative
     * @throws UnsupportedOperationException if the JVM does not count allocation per thread
     */
    public static long allocatedDuring(Runnable body) {
        long probe = allocatedBytes();
        long counterCost = allocatedBytes() - probe;
        long before = allocatedBytes();
        body.run();
        return Math.max(0, allocatedBytes() - before - counterCost);
    }

    /**
     * Runs {@code operation} {@code warmUp} times unmeasured, then {@code iterations} times
     * measured, and returns the bytes allocated per measured run. Blocks while it runs.
     *
     * @param operation  the operation to measure
     * @param warmUp     runs before the measurement, so the JIT has compiled the path
     * @param iterations measured runs
     * @return bytes allocated per measured run
     * @throws IllegalArgumentException if {@code warmUp} is negative or {@code iterations} not positive
     */
    public static double bytesPerOperation(Runnable operation, long warmUp, long iterations) {
        if (warmUp < 0 || iterations <= 0) {
            throw new IllegalArgumentException("warm-up must be >= 0 and iterations > 0: " + warmUp + ", " + iterations);
        }
        for (long i = 0; i < warmUp; i++) {
            operation.run();
        }
        return allocatedDuring(() -> {
            for (long i = 0; i < iterations; i++) {
                operation.run();
            }
        }) / (double) iterations;
    }
}
