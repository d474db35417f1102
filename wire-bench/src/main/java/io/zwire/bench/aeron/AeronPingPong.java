package io.zwire.bench.aeron;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * One round trip at a time of an order over Aeron: the ping side publishes, the pong side (a
 * thread of its own) reads it and publishes it back, the ping side reads the echo; each round trip
 * is timed with {@link System#nanoTime()} into an HdrHistogram. The encoding is an
 * {@link OrderCodec}: zwire on one wire, or SBE. The same orders and the same echo (read, then
 * written again) as the {@code WireSession} loopback benchmark, so the rows compare transports and
 * encodings, not work.
 */
final class AeronPingPong {
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;

    private AeronPingPong() {
    }

    /**
     * Measures {@code roundTrips} round trips of {@code codec}, after as many again to warm up.
     *
     * @param pingChannel the channel the ping goes out on
     * @param pongChannel the channel the echo comes back on
     */
    static Histogram run(Aeron aeron, String pingChannel, String pongChannel, OrderCodec codec, int roundTrips)
            throws InterruptedException {
        try (Subscription pings = aeron.addSubscription(pingChannel, PING_STREAM);
             Publication pingOut = aeron.addExclusivePublication(pingChannel, PING_STREAM);
             Subscription pongs = aeron.addSubscription(pongChannel, PONG_STREAM);
             Publication pongOut = aeron.addExclusivePublication(pongChannel, PONG_STREAM)) {
            awaitConnected(pingOut, pongOut);
            Echo echo = new Echo(codec.pong(pongOut, pings));
            echo.start();
            try {
                OrderCodec.Ping ping = codec.ping(pingOut, pongs);
                pingPong(ping, roundTrips, null);
                Histogram histogram = new Histogram(3_600_000_000_000L, 3);
                pingPong(ping, roundTrips, histogram);
                return histogram;
            } finally {
                echo.stopAndJoin();
            }
        }
    }

    private static void pingPong(OrderCodec.Ping ping, int count, Histogram histogram) {
        IdleStrategy idle = new YieldingIdleStrategy();
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            long expected = ping.echoes() + 1;
            while (!ping.send(i)) {
                OrderCodec.checkTimeout(start, "publishing");
                Thread.yield();
            }
            while (ping.echoes() < expected) {
                idle.idle(ping.poll());
                OrderCodec.checkTimeout(start, "the echo");
            }
            if (histogram != null) {
                histogram.recordValue(System.nanoTime() - start);
            }
        }
    }

    private static void awaitConnected(Publication... publications) throws InterruptedException {
        long start = System.nanoTime();
        for (Publication publication : publications) {
            while (!publication.isConnected()) {
                OrderCodec.checkTimeout(start, publication.channel() + " to connect");
                Thread.sleep(1);
            }
        }
    }

    /** The pong side's thread: polls, echoing, until stopped. */
    private static final class Echo extends Thread {
        private final OrderCodec.Pong pong;
        private volatile boolean running = true;

        Echo(OrderCodec.Pong pong) {
            super("aeron-pong");
            this.pong = pong;
            setDaemon(true);
        }

        @Override
        public void run() {
            IdleStrategy idle = new YieldingIdleStrategy();
            while (running) {
                idle.idle(pong.poll());
            }
        }

        void stopAndJoin() throws InterruptedException {
            running = false;
            join(OrderCodec.TIMEOUT_NANOS / 1_000_000);
        }
    }
}
