package io.zwire.session;

/**
 * Bytes that sessions' buffers may hold together: a {@link WireServer}'s whole budget
 * ({@link SessionConfig#maxServerBytes()}), or one address's share of it
 * ({@link SessionConfig#maxServerBytesPerAddress()}), which counts every byte in the whole as
 * well. A session reserves before it grows its receive buffer, so input never takes a budget past
 * its limit; growth of a send buffer (the handler's replies) is counted after the fact, and the
 * server closes a session that took it past the limit.
 *
 * <p>When the whole budget has no room, its {@link Reclaimer} may make room by shedding sessions;
 * a share never does, so an address at its share cannot make the server shed another's session.
 * Used by the server's thread alone; {@link #used()} may be read from any thread.
 */
final class MemoryBudget {
    /** Makes room in a whole budget, on the server's thread. */
    interface Reclaimer {
        /**
         * Sheds sessions until {@code budget} has room for {@code bytes}, sparing {@code requester};
         * true if it made the room.
         */
        boolean reclaim(MemoryBudget budget, long bytes, WireSession requester);
    }

    private final long limit;
    /** Words that name this budget in a refusal, before its numbers. */
    private final String name;
    /** The setting that sets {@link #limit}, so a refusal tells the user what to raise. */
    private final String setting;
    /** The budget this one is a share of, or null for a whole one. */
    private final MemoryBudget whole;
    private Reclaimer reclaimer;
    private volatile long used;

    MemoryBudget(long limit) {
        this(limit, "the server's memory budget, ", "SessionConfig.maxServerBytes", null);
    }

    private MemoryBudget(long limit, String name, String setting, MemoryBudget whole) {
        this.limit = limit;
        this.name = name;
        this.setting = setting;
        this.whole = whole;
    }

    /** A share of this budget: what it reserves counts here too. Allocates the share. */
    MemoryBudget share(long shareLimit, String shareName, String shareSetting) {
        return new MemoryBudget(shareLimit, shareName, shareSetting, this);
    }

    /** Lets {@code shedder} make room when this whole budget has none. */
    void reclaimWith(Reclaimer shedder) {
        reclaimer = shedder;
    }

    /**
     * Reserves {@code bytes} here and in the whole budget; on a whole budget without room, asks its
     * {@link Reclaimer} first. Allocates nothing itself.
     *
     * @param requester the session that asks, which the reclaimer spares
     * @return null once reserved; else the budget without room, and nothing reserved
     */
    MemoryBudget tryReserve(long bytes, WireSession requester) {
        if (used + bytes > limit && (whole != null || reclaimer == null || !reclaimer.reclaim(this, bytes, requester))) {
            return this;
        }
        if (whole != null) {
            MemoryBudget full = whole.tryReserve(bytes, requester);
            if (full != null) {
                return full;
            }
        }
        used += bytes;
        return null;
    }

    /**
     * Counts {@code bytes} (negative to give back) here and in the whole, whatever the limits.
     *
     * @return null while both are within their limits; else the one past its limit
     */
    MemoryBudget add(long bytes) {
        used += bytes;
        MemoryBudget over = whole == null ? null : whole.add(bytes);
        return used > limit ? this : over;
    }

    long used() {
        return used;
    }

    long limit() {
        return limit;
    }

    /** {@return this budget in words, with its numbers and setting, for a refusal} Allocates. */
    String describe() {
        return name + limit + " bytes (" + setting + "), of which sessions hold " + used;
    }
}
