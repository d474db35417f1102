package io.zwire.bench.aeron;

import io.aeron.Publication;
import io.aeron.Subscription;

/** One encoding of the benchmark's orders over Aeron: makes the ping side and the echoing pong side. */
interface OrderCodec {
    /** The row's name for this encoding, e.g. {@code RAW} or {@code SBE}. */
    String name();

    /** The ping side: sends order {@code i} on {@code out}, counts the echoes read from {@code in}. */
    Ping ping(Publication out, Subscription in);

    /** The pong side: reads each order from {@code in} and publishes it back on {@code out}. */
    Pong pong(Publication out, Subscription in);

    /** Sends orders and counts the echoes, each checked to carry the id just sent; one thread. */
    abstract class Ping {
        private long sentId;
        private long echoes;

        /** Publishes order {@code i} (of four); false when Aeron said to retry, throws when it never will succeed. */
        final boolean send(int i) {
            sentId = publish(i);
            return sentId != NOT_PUBLISHED;
        }

        /** Publishes order {@code i}; returns its id, or {@link #NOT_PUBLISHED}. */
        abstract long publish(int i);

        /** Polls for echoes, calling {@link #echoed} for each; returns the fragments read. */
        abstract int poll();

        /** Counts an echo; a benchmark that read the wrong thing would measure nothing. */
        final void echoed(long id) {
            if (id != sentId) {
                throw new IllegalStateException("sent order " + sentId + ", the echo is order " + id);
            }
            echoes++;
        }

        /** Echoes read so far. */
        final long echoes() {
            return echoes;
        }
    }

    /** Echoes every order it reads; one thread. */
    interface Pong {
        /** Polls, echoing what it reads; returns the fragments read. */
        int poll();
    }

    /** What {@link Ping#publish} returns when Aeron said to retry (no order of the benchmark has this id). */
    long NOT_PUBLISHED = Long.MIN_VALUE;

    /** How long any wait of the benchmark may last before it gives up. */
    long TIMEOUT_NANOS = 30_000_000_000L;

    /** Throws once {@link #TIMEOUT_NANOS} have passed since {@code start}. */
    static void checkTimeout(long start, String what) {
        if (System.nanoTime() - start > TIMEOUT_NANOS) {
            throw new IllegalStateException("timed out waiting for " + what);
        }
    }

    /** Whether Aeron's result of an offer or claim means published; throws on a result retrying cannot fix. */
    static boolean published(long result) {
        if (result >= 0) {
            return true;
        }
        if (result == Publication.BACK_PRESSURED || result == Publication.ADMIN_ACTION || result == Publication.NOT_CONNECTED) {
            return false;
        }
        throw new IllegalStateException("publishing failed: " + result);
    }
}
