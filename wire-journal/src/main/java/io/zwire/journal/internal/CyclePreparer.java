package io.zwire.journal.internal;

import java.io.IOException;
import java.nio.file.Files;

/**
 * Keeps one cycle file ready ahead of need, on a daemon thread of its own, so the appender that
 * rolls only links a file whose every block is written and every page faulted in
 * ({@link CycleFiles#stage}, {@link CycleFiles#publish}) instead of spending about 0.1 s per
 * 64 MiB doing it. The thread is one the user did not ask for: it starts with {@link #start()}
 * (a journal's first appender) and ends with {@link #stop()} (its last appender's close, or the
 * journal's); it is named {@code zwire-journal-cycles <directory>}.
 *
 * <p>The price: a staged file of a cycle's size exists while the thread runs (disk, or memory on
 * tmpfs), and the thread spends a core for that 0.1 s per cycle. A failure (a full disk) is kept
 * quiet here: the next file is tried when the ready one is taken or the preparer restarts, and the
 * appender that finds none ready creates the cycle itself, where the failure is its exception.
 * Thread-safe; everything here allocates, once per cycle.
 */
public final class CyclePreparer {
    /** How long {@link #stop()} waits for the thread; one staging takes well under a second. */
    private static final long STOP_WAIT_MILLIS = 10_000;

    private final CycleFiles files;
    private final int cycleSize;
    private final int indexSpacing;
    private final String threadName;

    /** The running thread; a thread that is not this one has been stopped and ends. Guarded by this. */
    private Thread thread;
    /** The file ready to be taken, or null. Guarded by this. */
    private CycleFiles.Staged ready;
    /**
     * The thread staging a file now, or null. A thread, not a flag: a stopped thread that
     * outlives {@link #stop()}'s wait (an uninterruptible page load) still finishes its staging,
     * and must neither end the staging of the thread a restart made nor be waited for. Guarded by this.
     */
    private Thread stager;
    /** True when the thread should stage a file (none ready, and the last attempt did not fail since). Guarded by this. */
    private boolean wanted;
    /** Files staged, for the tests and the documentation's claims. Guarded by this. */
    private long stagedCount;

    /**
     * A preparer of cycles of {@code cycleSize} bytes, not yet started.
     *
     * @param files        the journal's cycle files
     * @param cycleSize    each file's length
     * @param indexSpacing records between index slots
     */
    public CyclePreparer(CycleFiles files, int cycleSize, int indexSpacing) {
        this.files = files;
        this.cycleSize = cycleSize;
        this.indexSpacing = indexSpacing;
        this.threadName = "zwire-journal-cycles " + files.directory();
    }

    /** Starts the thread unless it runs, and has it stage a file unless one is ready. Does not block. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        wanted = ready == null;
        Thread started = new Thread(this::run, threadName);
        started.setDaemon(true);
        thread = started;
        started.start();
    }

    /**
     * Takes the ready file, waiting while one is asked for or being staged, and has the thread
     * stage the next. Blocks only while a file is coming (it is then cheaper to wait for it than
     * to write another).
     *
     * @return the staged file, or null when none is ready or coming (stopped, or the last attempt failed)
     */
    public synchronized CycleFiles.Staged take() {
        while ((stager == thread || wanted) && ready == null && thread != null) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        CycleFiles.Staged taken = ready;
        ready = null;
        wanted = thread != null;
        notifyAll();
        return taken;
    }

    /**
     * Gives back a file {@link #take()} returned that was not used (another appender had created
     * the cycle): its number and times are written again when it is used.
     *
     * @param staged the file, unchanged but for its header's number and times
     */
    public void giveBack(CycleFiles.Staged staged) {
        boolean keep;
        synchronized (this) {
            keep = thread != null && ready == null;
            if (keep) {
                ready = staged;
                wanted = false;
            }
        }
        if (!keep) {
            deleteQuietly(staged);
        }
    }

    /** {@return how many files this preparer has staged} */
    public synchronized long stagedCount() {
        return stagedCount;
    }

    /**
     * Stops the thread, waits for it (up to {@value #STOP_WAIT_MILLIS} ms) and deletes the ready
     * file. Blocks; idempotent. {@link #start()} may start it again.
     */
    public void stop() {
        Thread stopping;
        CycleFiles.Staged unused;
        synchronized (this) {
            stopping = thread;
            thread = null;
            unused = ready;
            ready = null;
            notifyAll();
        }
        if (stopping != null) {
            // Interrupting closes a channel that is writing blocks (ClosedByInterruptException),
            // so a stop does not wait out a large cycle's writes.
            stopping.interrupt();
            try {
                stopping.join(STOP_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (unused != null) {
            deleteQuietly(unused);
        }
    }

    private void run() {
        Thread self = Thread.currentThread();
        while (true) {
            synchronized (this) {
                while (thread == self && !wanted) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // Stopped: the loop sees that this is no longer the running thread.
                    }
                }
                if (thread != self) {
                    return;
                }
                stager = self;
                wanted = false;
            }
            CycleFiles.Staged staged = null;
            try {
                staged = files.stage(cycleSize, indexSpacing);
            } catch (IOException e) {
                // The appender that rolls finds nothing ready and creates the cycle itself, where
                // the failure becomes its exception; retrying here would spin on a full disk.
                staged = null;
            } catch (RuntimeException | Error e) {
                // The thread ends: with no thread, take() waits for nothing and the appender that
                // rolls creates its cycle itself.
                synchronized (this) {
                    endStaging(self);
                    if (thread == self) {
                        thread = null;
                    }
                    notifyAll();
                }
                throw e;
            }
            synchronized (this) {
                // One step with the file's hand-over, so take() never sees staging over and no
                // file ready in between. A file given back while this one was staged is ready
                // already: keep one, delete the other.
                endStaging(self);
                notifyAll();
                if (thread == self && staged != null && ready == null) {
                    ready = staged;
                    stagedCount++;
                    continue;
                }
            }
            if (staged != null) {
                deleteQuietly(staged);
            }
        }
    }

    /** {@code self} has ended its staging; a staging a later thread began is not ended. Called holding this. */
    private void endStaging(Thread self) {
        if (stager == self) {
            stager = null;
        }
    }

    private static void deleteQuietly(CycleFiles.Staged staged) {
        try {
            Files.deleteIfExists(staged.file());
        } catch (IOException e) {
            // A staged file left behind is removed by the next Journal.open once this process has ended.
            assert e != null;
        }
    }
}
