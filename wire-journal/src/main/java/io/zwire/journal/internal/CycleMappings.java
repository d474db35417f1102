package io.zwire.journal.internal;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * This process's mappings of one journal's cycles: one per cycle, shared by every appender and
 * tailer of the journal that is on it, counted, and dropped when the last of them leaves. So a
 * tailer that moves to a cycle an appender is on maps nothing and faults no page in, and a cycle
 * nobody uses holds no mapping here. The count is what makes unmapping safe: a dropped mapping is
 * unmapped at once on JDK 22 and later ({@link CycleMapping}), after which its buffer throws on
 * access, and no user of this class holds it then. On JDK 17 to 21 a dropped mapping is unmapped
 * when the garbage collector frees its buffer (there is no supported unmap); until then it keeps
 * its address space and, for a cycle retention deleted, its disk blocks.
 *
 * <p>Thread-safe: one lock, held while a cycle is mapped (about 0.1 s per 64 MiB), so users that
 * move between cycles at that moment wait for it. Everything here runs once per cycle move and
 * allocates (the mapping, a map entry).
 */
public final class CycleMappings {
    private final CycleFiles files;
    /** Guarded by this. */
    private final Map<Long, Shared> mapped = new HashMap<>();
    /** Guarded by this. */
    private long mappingsMade;
    /** Guarded by this. */
    private long mappingsDropped;

    /**
     * No mappings yet, of the cycles of {@code files}.
     *
     * @param files the journal's cycle files
     */
    public CycleMappings(CycleFiles files) {
        this.files = files;
    }

    /**
     * Cycle {@code number} for one more user: the shared mapping, made now when there is none.
     * Blocks while a mapping is made.
     *
     * @param number the cycle number
     * @return the cycle, or null when no file of that number exists (nothing is then acquired)
     * @throws IOException if the file exists but cannot be mapped or is not a cycle
     */
    public CycleFile acquireIfPresent(long number) throws IOException {
        return acquire(number, PageFaulting.AT_MAPPING);
    }

    /**
     * As {@link #acquireIfPresent}, for a tailer: a mapping made now faults each page in when it
     * is first read ({@link PageFaulting#ON_FIRST_TOUCH}), not all at once on the reading thread.
     * A cycle this process's appenders made is shared as they mapped it, every page in.
     *
     * @param number the cycle number
     * @return the cycle, or null when no file of that number exists
     * @throws IOException if the file exists but cannot be mapped or is not a cycle
     */
    public CycleFile acquireForReading(long number) throws IOException {
        return acquire(number, PageFaulting.ON_FIRST_TOUCH);
    }

    private synchronized CycleFile acquire(long number, PageFaulting faulting) throws IOException {
        Shared shared = mapped.get(number);
        if (shared == null) {
            CycleFile cycle = files.mapIfPresent(number, faulting);
            if (cycle == null) {
                return null;
            }
            mappingsMade++;
            shared = new Shared(cycle);
            mapped.put(number, shared);
        }
        shared.users++;
        return shared.cycle;
    }

    /**
     * Makes {@code staged} cycle {@code number} ({@link CycleFiles#publish}) and shares its mapping
     * with one user, the caller, in one step under this lock: a tailer of this process that sees
     * the new file's name before the mapping is shared waits here for it, rather than map and
     * fault in the whole cycle again on its own thread (some hundred milliseconds per 256 MiB,
     * which every message behind it would wait for). Allocates; blocks for the link.
     *
     * @return the shared cycle, or null when the name exists (another appender created the cycle)
     * @throws IOException as {@link CycleFiles#publish}
     */
    public synchronized CycleFile publishAndAdopt(CycleFiles.Staged staged, long number, long rollPeriodMillis)
            throws IOException {
        CycleFile published = files.publish(staged, number, rollPeriodMillis);
        return published == null ? null : adopt(published);
    }

    /**
     * Shares {@code created}, a cycle this process has just created and mapped, with one user:
     * the caller. Used when no other user can have mapped it yet.
     *
     * @param created the new cycle
     * @return {@code created}, or the mapping another user made of it first (then {@code created} is unmapped)
     */
    public synchronized CycleFile adopt(CycleFile created) {
        Shared shared = mapped.computeIfAbsent(created.number(), number -> new Shared(created));
        if (shared.cycle == created) {
            mappingsMade++;
        } else {
            mappingsDropped++;
            created.unmap();
        }
        shared.users++;
        return shared.cycle;
    }

    /**
     * One user left {@code cycle}: the last one drops the mapping, which on JDK 22 and later is
     * unmapped soon after on the unmapping thread ({@link CycleUnmapper}), not on the caller's.
     * The caller touches neither the cycle's buffer nor a view of it afterwards. Call once per
     * acquire. Blocks while another user's mapping is being made.
     *
     * @param cycle a cycle {@link #acquireIfPresent} or {@link #adopt} returned to this user
     */
    public synchronized void release(CycleFile cycle) {
        Shared shared = mapped.get(cycle.number());
        if (shared == null || shared.cycle != cycle) {
            return;
        }
        if (--shared.users == 0) {
            mapped.remove(cycle.number());
            CycleUnmapper.unmapSoon(cycle);
        }
    }

    /** {@return the cycles mapped now} */
    public synchronized int mappedCycles() {
        return mapped.size();
    }

    /**
     * {@return the mappings this process made of a new cycle and dropped, since another user had
     * mapped that cycle first: each one a cycle mapped and faulted in twice}
     */
    public synchronized long mappingsDropped() {
        return mappingsDropped;
    }

    /** {@return the mappings made since this object was created} */
    public synchronized long mappingsMade() {
        return mappingsMade;
    }

    /** A mapping and its users. */
    private static final class Shared {
        private final CycleFile cycle;
        private int users;

        private Shared(CycleFile cycle) {
            this.cycle = cycle;
        }
    }
}
