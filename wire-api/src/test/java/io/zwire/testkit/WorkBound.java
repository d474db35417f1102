package io.zwire.testkit;

import io.zwire.WireException;
import org.junit.jupiter.api.function.Executable;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Time bounds for hostile-input tests: generous (2 s) next to the seconds to minutes the inputs
 * cost when work grew faster than their size, and far above what proportional work takes. The
 * time is the reading thread's CPU time where the JVM measures it (wall time elsewhere), so other
 * processes on a loaded machine, and the JIT's own threads, do not count against the bound.
 */
public final class WorkBound {
    /** The bound, in nanoseconds. */
    public static final long BOUND_NANOS = 2_000_000_000L;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private WorkBound() {
    }

    private static long now() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Asserts that {@code read} fails with a {@link WireException} whose message contains {@code expected}, within the bound. */
    public static WireException refusedQuickly(Executable read, String expected) {
        long start = now();
        WireException e = assertThrows(WireException.class, read);
        long elapsed = now() - start;
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(elapsed < BOUND_NANOS, "refused in " + elapsed / 1_000_000 + " ms");
        return e;
    }

    /** Asserts that {@code read} completes within the bound. */
    public static void completesQuickly(Executable read) throws Throwable {
        long start = now();
        read.execute();
        long elapsed = now() - start;
        assertTrue(elapsed < BOUND_NANOS, "read in " + elapsed / 1_000_000 + " ms");
    }
}
