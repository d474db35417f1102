package io.zwire.bench.aeron;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.zwire.WireType;
import io.zwire.aeron.AeronMessageTypes;
import io.zwire.aeron.PublishResult;
import io.zwire.aeron.WirePublication;
import io.zwire.aeron.WireSubscriber;
import io.zwire.cli.OrderSessions;
import io.zwire.cli.example.Order;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * One round trip at a time of an {@link Order} over Aeron: the ping side publishes, the pong side
 * (a thread of its own) reads it into its reused instance and publishes it back, the ping side
 * reads the echo; each round trip is timed with {@link System#nanoTime()} into an HdrHistogram.
 * The same orders and the same echo (read, then written again) as the {@code WireSession}
 * loopback benchmark, so the rows compare transports, not work.
 */
final class AeronPingPong {
    private static final int PING_STREAM = 1001;
    private static final int PONG_STREAM = 1002;
    private static final long TIMEOUT_NANOS = 30_000_000_000L;

    private AeronPingPong() {
    }

    /**
     * Measures {@code roundTrips} round trips on {@code wire}, after as many again to warm up.
     *
     * @param pingChannel the channel the ping goes out on
     * @param pongChannel the channel the echo comes back on
     */
    static Histogram run(Aeron aeron, String pingChannel, String pongChannel, WireType wire, int roundTrips)
            throws InterruptedException {
        AeronMessageTypes types = AeronMessageTypes.of(OrderSessions.TYPES);
        try (Subscription pings = aeron.addSubscription(pingChannel, PING_STREAM);
             Publication pingOut = aeron.addExclusivePublication(pingChannel, PING_STREAM);
             Subscription pongs = aeron.addSubscription(pongChannel, PONG_STREAM);
             Publication pongOut = aeron.addExclusivePublication(pongChannel, PONG_STREAM)) {
            awaitConnected(pingOut, pongOut);
            Echo echo = new Echo(WirePublication.of(pongOut, wire, types), pings, types);
            echo.start();
            try {
                WirePublication out = WirePublication.of(pingOut, wire, types);
                long[] echoes = new long[1];
                WireSubscriber in = WireSubscriber.of(types, (message, header) -> echoes[0]++, (problem, header) -> {
                    throw problem;
                });
                Order[] orders = OrderSessions.orders();
                pingPong(out, in, pongs, orders, roundTrips, echoes, null);
                Histogram histogram = new Histogram(3_600_000_000_000L, 3);
                pingPong(out, in, pongs, orders, roundTrips, echoes, histogram);
                return histogram;
            } finally {
                echo.stopAndJoin();
            }
        }
    }

    private static void pingPong(WirePublication out, WireSubscriber in, Subscription pongs, Order[] orders, int count,
                                 long[] echoes, Histogram histogram) {
        IdleStrategy idle = new YieldingIdleStrategy();
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            long expected = echoes[0] + 1;
            publish(out, orders[i & 3], start);
            while (echoes[0] < expected) {
                idle.idle(in.poll(pongs, 1));
                checkTimeout(start, "the echo");
            }
            if (histogram != null) {
                histogram.recordValue(System.nanoTime() - start);
            }
        }
    }

    static void publish(WirePublication out, Object message, long start) {
        PublishResult result;
        while ((result = out.publish(message)) != PublishResult.PUBLISHED) {
            if (!result.isRetryable()) {
                throw new IllegalStateException("publishing failed: " + result);
            }
            checkTimeout(start, "publishing");
            Thread.yield();
        }
    }

    private static void checkTimeout(long start, String what) {
        if (System.nanoTime() - start > TIMEOUT_NANOS) {
            throw new IllegalStateException("timed out waiting for " + what);
        }
    }

    private static void awaitConnected(Publication... publications) throws InterruptedException {
        long start = System.nanoTime();
        for (Publication publication : publications) {
            while (!publication.isConnected()) {
                checkTimeout(start, publication.channel() + " to connect");
                Thread.sleep(1);
            }
        }
    }

    /** The pong side: reads each order and publishes it back, until stopped. */
    private static final class Echo extends Thread {
        private final Subscription pings;
        private final WireSubscriber in;
        private volatile boolean running = true;

        Echo(WirePublication out, Subscription pings, AeronMessageTypes types) {
            super("aeron-pong");
            this.pings = pings;
            this.in = WireSubscriber.of(types, (message, header) -> publish(out, message, System.nanoTime()),
                    (problem, header) -> {
                        throw problem;
                    });
            setDaemon(true);
        }

        @Override
        public void run() {
            IdleStrategy idle = new YieldingIdleStrategy();
            while (running) {
                idle.idle(in.poll(pings, 1));
            }
        }

        void stopAndJoin() throws InterruptedException {
            running = false;
            join(TIMEOUT_NANOS / 1_000_000);
        }
    }
}
