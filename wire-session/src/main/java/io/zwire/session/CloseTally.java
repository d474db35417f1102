package io.zwire.session;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts the peers a {@link WireServer} refuses or closes on purpose, by {@link CloseReason}, and
 * logs them without flooding the log: the first close for a reason is logged at once, later ones
 * within {@link #LOG_INTERVAL_NANOS} only as one line that sums them up once the interval has
 * passed (checked by the server's sweep), so a flood of refusals costs one line per reason per
 * interval. Counting allocates nothing; a line allocates its text. Counts may be read from any
 * thread; the rest is used by the server's thread alone.
 */
final class CloseTally {
    /** At most one line per reason per this many nanoseconds: 10 s. */
    static final long LOG_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final CloseReason[] REASONS = CloseReason.values();

    private final System.Logger log;
    /** Who is closing, as the log line names it, e.g. "zwire server on port 7902". */
    private final String server;
    private final AtomicLongArray counts = new AtomicLongArray(REASONS.length);
    /** Per reason: closes not yet in a log line. */
    private final long[] unlogged = new long[REASONS.length];
    /** Per reason: when its last line was logged. */
    private final long[] loggedAt = new long[REASONS.length];
    private final boolean[] everLogged = new boolean[REASONS.length];
    /** Per reason: the words of its latest close, for the summing line. */
    private final String[] latest = new String[REASONS.length];

    CloseTally(System.Logger log, String server) {
        this.log = log;
        this.server = server;
    }

    /** Counts one close for {@code reason}, said in {@code detail}; logs it if its reason's interval allows. */
    void closed(CloseReason reason, String detail, long now) {
        int i = reason.ordinal();
        counts.incrementAndGet(i);
        unlogged[i]++;
        latest[i] = detail;
        if (!everLogged[i] || now - loggedAt[i] >= LOG_INTERVAL_NANOS) {
            logLine(i, now);
        }
    }

    /** Logs the sum of each reason whose closes wait for a line and whose interval has passed. */
    void flush(long now) {
        for (int i = 0; i < REASONS.length; i++) {
            if (unlogged[i] > 0 && now - loggedAt[i] >= LOG_INTERVAL_NANOS) {
                logLine(i, now);
            }
        }
    }

    /** {@return how many peers were closed for {@code reason} so far} */
    long count(CloseReason reason) {
        return counts.get(reason.ordinal());
    }

    private void logLine(int i, long now) {
        long count = unlogged[i];
        String since = everLogged[i] ? " in the last " + TimeUnit.NANOSECONDS.toSeconds(now - loggedAt[i]) + " s" : "";
        log.log(System.Logger.Level.INFO, server + " closed " + count + (count == 1 ? " peer" : " peers") + " for "
                + REASONS[i] + since + " (" + counts.get(i) + " in all); the latest: " + latest[i]);
        unlogged[i] = 0;
        loggedAt[i] = now;
        everLogged[i] = true;
        latest[i] = null;
    }
}
