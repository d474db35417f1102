package io.zwire.bench.session;

import io.zwire.WireType;
import io.zwire.session.BytesPool;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;
import io.zwire.cli.OrderSessions;
import io.zwire.example.Order;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Sessions over loopback TCP on one wire: round-trip latency with one {@link Order} in flight
 * (each timed with {@link System#nanoTime()} into an HdrHistogram), then one-way throughput
 * (messages written in bursts of 64, each burst one flush, until the server has counted them all).
 * The server is a {@link WireServer} in this JVM; client and server each have a thread.
 */
public final class LoopbackBenchmark {
    /** Messages in one write burst of the one-way run. */
    private static final int BURST = 64;

    /** What one wire measured. */
    public record Result(WireType wire, Histogram roundTripNanos, long oneWayMessages, double oneWaySeconds) {
        /** Messages per second one way. */
        public double oneWayRate() {
            return oneWayMessages / oneWaySeconds;
        }
    }

    private LoopbackBenchmark() {
    }

    /** Echoes while {@code echo} is set; otherwise only counts. Runs on the server's thread. */
    private static final class Server implements WireServer.Handler {
        volatile boolean echo = true;
        volatile long received;

        @Override
        public void onMessage(WireSession session, Object message) {
            received++;
            if (echo) {
                session.write(message);
            }
        }
    }

    /**
     * Measures one wire.
     *
     * @param roundTrips measured round trips, after as many again to warm up
     * @param oneWay     messages of the one-way run, after a tenth of that to warm up
     * @throws IOException on a socket failure
     */
    public static Result run(WireType wire, int roundTrips, int oneWay) throws IOException {
        List<WireType> wires = List.of(wire);
        Server handler = new Server();
        try (WireServer server = WireServer.start(new InetSocketAddress("127.0.0.1", 0),
                OrderSessions.config(wires, BytesPool.heap(4096, 4)), handler);
             SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()))) {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            try (WireSession session = WireSession.open(channel, OrderSessions.config(wires, BytesPool.heap(4096, 2)))) {
                if (session.wireType() != wire) {
                    throw new IllegalStateException("negotiated " + session.wireType() + " instead of " + wire);
                }
                Order[] orders = OrderSessions.orders();
                Histogram histogram = new Histogram(3_600_000_000_000L, 3);
                pingPong(session, orders, roundTrips, null);
                pingPong(session, orders, roundTrips, histogram);
                handler.echo = false;
                stream(session, orders, oneWay / 10, handler);
                long start = System.nanoTime();
                stream(session, orders, oneWay, handler);
                double seconds = (System.nanoTime() - start) / 1e9;
                return new Result(wire, histogram, oneWay, seconds);
            }
        }
    }

    /**
     * Sends {@code count} orders one at a time, each after the echo of the one before, recording
     * each round trip into {@code histogram} if it is not null.
     *
     * @throws IOException on a socket failure, or if the server closes the connection
     */
    public static void pingPong(WireSession session, Order[] orders, int count, Histogram histogram) throws IOException {
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            session.send(orders[i & 3]);
            if (session.receive() == null) {
                throw new IOException("the server closed the connection");
            }
            if (histogram != null) {
                histogram.recordValue(System.nanoTime() - start);
            }
        }
    }

    private static void stream(WireSession session, Order[] orders, int count, Server handler) throws IOException {
        long target = handler.received + count;
        for (int i = 0; i < count; i++) {
            session.write(orders[i & 3]);
            if ((i & (BURST - 1)) == BURST - 1) {
                session.flush();
            }
        }
        session.flush();
        while (handler.received < target) {
            LockSupport.parkNanos(50_000);
        }
    }
}
