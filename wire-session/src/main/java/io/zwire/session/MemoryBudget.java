package io.zwire.session;

/**
 * The bytes that the buffers of a {@link WireServer}'s sessions may hold together
 * ({@link SessionConfig#maxServerBytes()}). A session reserves before it grows its receive
 * buffer, so input never takes the server past the limit; growth of a send buffer (the handler's
 * replies) is counted after the fact, and the server closes a session that took it past the limit.
 * Used by the server's thread alone; {@link #used()} may be read from any thread.
 */
final class MemoryBudget {
    private final long limit;
    private volatile long used;

    MemoryBudget(long limit) {
        this.limit = limit;
    }

    /** Reserves {@code bytes} if that stays within the limit; false (and nothing reserved) otherwise. */
    boolean tryReserve(long bytes) {
        if (used + bytes > limit) {
            return false;
        }
        used += bytes;
        return true;
    }

    /** Counts {@code bytes} (negative to give back) whatever the limit; true while within it. */
    boolean add(long bytes) {
        used += bytes;
        return used <= limit;
    }

    long used() {
        return used;
    }

    long limit() {
        return limit;
    }
}
