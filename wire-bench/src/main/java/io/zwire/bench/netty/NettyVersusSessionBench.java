package io.zwire.bench.netty;

import io.netty.util.ResourceLeakDetector;
import io.zwire.WireType;
import io.zwire.bench.session.LoopbackBenchmark;
import io.zwire.cli.OrderSessions;
import io.zwire.example.Order;
import io.zwire.session.BytesPool;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Locale;

/**
 * The Netty rows of the transport benchmarks, in one run beside zwire's own sessions: echo
 * latency (one {@link Order} in flight) and echo throughput ({@value NettyEchoBenchmark#WINDOW} in
 * flight) over loopback TCP, per wire, for the Netty codec ({@link NettyEchoBenchmark}) and for a
 * {@link WireSession} client against a {@link WireServer} (the same latency loop as
 * {@link LoopbackBenchmark}; throughput as bursts of 64 written, flushed, and read back). Prints a
 * Markdown table.
 *
 * <pre>
 * java -cp wire-bench/target/zwire-bench.jar io.zwire.bench.netty.NettyVersusSessionBench [roundTrips] [echoes]
 * </pre>
 */
public final class NettyVersusSessionBench {
    private static final int BURST = NettyEchoBenchmark.WINDOW;

    private NettyVersusSessionBench() {
    }

    /**
     * Runs the comparison and prints the table.
     *
     * @param args measured round trips (default 200,000) and echoes (default 1,000,000)
     * @throws Exception on a socket failure
     */
    public static void main(String[] args) throws Exception {
        int roundTrips = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int echoes = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        // production setting: the leak detector's sampled stack traces are garbage of Netty's own
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        System.out.printf("Java %s, %s %s, %d cores; %,d round trips, %,d echoes per row%n%n", Runtime.version(),
                System.getProperty("os.name"), System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
                roundTrips, echoes);
        System.out.println("| transport | wire | p50 µs | p99 µs | p99.9 µs | echoes/s (" + BURST + " in flight) |");
        System.out.println("|---|---|---:|---:|---:|---:|");
        for (WireType wire : List.of(WireType.BINARY, WireType.NUMBERED, WireType.RAW)) {
            NettyEchoBenchmark.Result netty = NettyEchoBenchmark.run(wire, roundTrips, echoes);
            row("Netty codec", wire, netty.roundTripNanos(), netty.echoRate());
            Histogram session = new Histogram(3_600_000_000_000L, 3);
            double rate = session(wire, roundTrips, echoes, session);
            row("WireSession", wire, session, rate);
        }
    }

    private static void row(String transport, WireType wire, Histogram nanos, double rate) {
        System.out.printf(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f | %,.0f |%n", transport, wire,
                nanos.getValueAtPercentile(50) / 1e3, nanos.getValueAtPercentile(99) / 1e3,
                nanos.getValueAtPercentile(99.9) / 1e3, rate);
    }

    /** A WireSession client against a WireServer echo: fills {@code histogram}, returns echoes per second. */
    private static double session(WireType wire, int roundTrips, int echoes, Histogram histogram) throws IOException {
        List<WireType> wires = List.of(wire);
        WireServer.Handler echo = (session, message) -> session.write(message);
        try (WireServer server = WireServer.start(new InetSocketAddress("127.0.0.1", 0),
                OrderSessions.config(wires, BytesPool.heap(4096, 4)), echo);
             SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()))) {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            try (WireSession session = WireSession.open(channel, OrderSessions.config(wires, BytesPool.heap(4096, 2)))) {
                Order[] orders = OrderSessions.orders();
                LoopbackBenchmark.pingPong(session, orders, roundTrips, null);
                LoopbackBenchmark.pingPong(session, orders, roundTrips, histogram);
                bursts(session, orders, echoes / 10);
                long start = System.nanoTime();
                bursts(session, orders, echoes);
                return echoes / ((System.nanoTime() - start) / 1e9);
            }
        }
    }

    private static void bursts(WireSession session, Order[] orders, int count) throws IOException {
        for (int done = 0; done < count; done += BURST) {
            for (int i = 0; i < BURST; i++) {
                session.write(orders[i & 3]);
            }
            session.flush();
            for (int i = 0; i < BURST; i++) {
                if (session.receive() == null) {
                    throw new IOException("the server closed the connection");
                }
            }
        }
    }
}
