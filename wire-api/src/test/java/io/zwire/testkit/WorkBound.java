package io.zwire.testkit;

import io.zwire.WireException;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Time bounds for hostile-input tests: generous (2 s) next to the seconds to minutes the inputs
 * cost when work grew faster than their size, and far above what proportional work takes.
 */
public final class WorkBound {
    /** The bound, in nanoseconds. */
    public static final long BOUND_NANOS = 2_000_000_000L;

    private WorkBound() {
    }

    /** Asserts that {@code read} fails with a {@link WireException} whose message contains {@code expected}, within the bound. */
    public static WireException refusedQuickly(Executable read, String expected) {
        long start = System.nanoTime();
        WireException e = assertThrows(WireException.class, read);
        long elapsed = System.nanoTime() - start;
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(elapsed < BOUND_NANOS, "refused in " + elapsed / 1_000_000 + " ms");
        return e;
    }

    /** Asserts that {@code read} completes within the bound. */
    public static void completesQuickly(Executable read) throws Throwable {
        long start = System.nanoTime();
        read.execute();
        long elapsed = System.nanoTime() - start;
        assertTrue(elapsed < BOUND_NANOS, "read in " + elapsed / 1_000_000 + " ms");
    }
}
