package io.zwire.journal.internal;

import java.time.Instant;

/**
 * The time an appender stamps on each record ({@link JournalLayout#TIME_OFFSET}): nanoseconds
 * since 1970-01-01T00:00Z, as a wall-clock reading taken once, when the clock is made, plus the
 * {@link System#nanoTime()} elapsed since.
 *
 * <p>The trade-off: one {@code nanoTime} call per record (tens of nanoseconds, no allocation) and
 * times that never go back for one appender, with nanosecond resolution; against that, the times
 * do not follow steps of the wall clock made after the clock was made (an administrator's
 * correction, a leap second smeared by NTP), so two appenders started on either side of such a
 * step disagree by its size. {@code System.currentTimeMillis()} would follow steps but go back
 * with them and resolve only milliseconds.
 *
 * <p>Not thread-safe, like the appender that owns it. The constructor allocates (one
 * {@link Instant}); {@link #nanos()} does not.
 */
public final class RecordClock {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long baseEpochNanos;
    private final long baseNanoTime;

    /** Reads the wall clock once; every later time counts from here with {@link System#nanoTime()}. */
    public RecordClock() {
        Instant now = Instant.now();
        this.baseNanoTime = System.nanoTime();
        this.baseEpochNanos = now.getEpochSecond() * NANOS_PER_SECOND + now.getNano();
    }

    /** {@return now, in nanoseconds since the epoch; never less than an earlier call's} Allocates nothing. */
    public long nanos() {
        return baseEpochNanos + (System.nanoTime() - baseNanoTime);
    }
}
