package io.zwire.cli;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.Channel;
import java.util.concurrent.TimeUnit;

/**
 * Closes {@code zwire send}'s connection when what it waits for has not come for a while: the
 * connection itself, the server's side of the handshake, an echo. A connect, handshake or read
 * blocked on a server that will never answer (it is silent, or skipped the message) then fails
 * instead of waiting for ever or for the server's idle timeout. The sending thread calls
 * {@link #expectBy} before each wait, which allocates nothing; a daemon thread checks the deadline
 * a few times a second, so a deadline is noticed up to {@value #CHECK_MILLIS} ms late, the price
 * of not arming a timer per message.
 */
final class SendWatchdog implements Closeable {
    private static final long CHECK_MILLIS = 100;
    private static final long NOT_WAITING = Long.MAX_VALUE;

    private final Channel channel;
    private final long timeoutNanos;
    private final Thread thread;
    private volatile long deadline = NOT_WAITING;
    private volatile boolean fired;
    private volatile boolean closed;

    /** Watches {@code channel}, closing it once a wait has lasted {@code timeoutNanos}. Starts a daemon thread. */
    SendWatchdog(Channel channel, long timeoutNanos) {
        this.channel = channel;
        this.timeoutNanos = timeoutNanos;
        this.thread = new Thread(this::watch, "zwire-send-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts the timeout anew from now: the answer waited for is due within it. Allocates nothing, never blocks. */
    void expectBy() {
        deadline = System.nanoTime() + timeoutNanos;
    }

    /** {@return whether the timeout passed and the channel was closed for it} */
    boolean fired() {
        return fired;
    }

    private void watch() {
        while (!closed) {
            long due = deadline;
            if (due != NOT_WAITING && System.nanoTime() - due > 0) {
                fired = true;
                try {
                    channel.close();
                } catch (IOException e) {
                    // The blocked read fails either way; the timeout is what gets reported.
                }
                return;
            }
            try {
                TimeUnit.MILLISECONDS.sleep(CHECK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops the watching thread and waits for it; leaves the channel open. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
