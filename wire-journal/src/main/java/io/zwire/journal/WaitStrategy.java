package io.zwire.journal;

import java.util.concurrent.locks.LockSupport;

/**
 * What a tailer does between two polls that found nothing new
 * ({@link JournalTailer#awaitRecord(WaitStrategy, long, java.util.concurrent.TimeUnit)}): the
 * trade between the latency of seeing a record and the CPU spent waiting for it. None allocates.
 */
public enum WaitStrategy {
    /** Busy-spins ({@link Thread#onSpinWait()}): the lowest latency, a whole core spent waiting. */
    SPIN {
        @Override
        public void idle(int idlePolls) {
            Thread.onSpinWait();
        }
    },
    /** Yields the core to another thread ({@link Thread#yield()}): microseconds, and a core stays busy when nothing else runs. */
    YIELD {
        @Override
        public void idle(int idlePolls) {
            Thread.yield();
        }
    },
    /**
     * Spins for {@value #SPINS} polls, yields for as many more, then parks for
     * {@value #PARK_NANOS} ns at a time: little CPU when idle, about the park time (plus the
     * operating system's timer slack, often 50 us on Linux) of latency after a quiet spell.
     */
    PARK {
        @Override
        public void idle(int idlePolls) {
            if (idlePolls < SPINS) {
                Thread.onSpinWait();
            } else if (idlePolls < 2 * SPINS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(PARK_NANOS);
            }
        }
    };

    /** Polls {@link #PARK} spins, then yields, before it parks. */
    public static final int SPINS = 100;
    /** How long {@link #PARK} parks at a time, in nanoseconds. */
    public static final long PARK_NANOS = 100_000;

    /**
     * Waits once, after the {@code idlePolls}-th poll in a row that found nothing. Returns early
     * when the thread is interrupted (its interrupt status stays set).
     *
     * @param idlePolls polls that found nothing so far, from 0
     */
    public abstract void idle(int idlePolls);
}
