package io.zwire.bench.aeron;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.zwire.WireType;
import io.zwire.bench.session.LoopbackBenchmark;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Round-trip latency of an {@link io.zwire.example.Order}, one in flight, over Aeron IPC and
 * UDP on 127.0.0.1 (an embedded media driver, one shared driver thread) on RAW, NUMBERED and
 * BINARY and as SBE messages, and over zwire's own {@code WireSession} on loopback TCP on the same
 * wires; prints a Markdown table.
 *
 * <pre>
 * java -cp wire-bench/target/zwire-bench.jar io.zwire.bench.aeron.AeronLatency [roundTrips]
 * </pre>
 */
public final class AeronLatency {
    static final List<WireType> WIRES = List.of(WireType.RAW, WireType.NUMBERED, WireType.BINARY);
    private static final int DEFAULT_ROUND_TRIPS = 20_000;

    private AeronLatency() {
    }

    /**
     * Runs the benchmark and prints the table. Blocks for as long as it runs.
     *
     * @param args optionally the measured round trips per row (as many again warm up)
     * @throws Exception if the driver, a socket or the ping-pong fails
     */
    public static void main(String[] args) throws Exception {
        int roundTrips = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_ROUND_TRIPS;
        StringBuilder table = new StringBuilder();
        table.append("| transport | encoding | p50 µs | p99 µs | p99.9 µs | max µs |\n");
        table.append("|---|---|---:|---:|---:|---:|\n");
        Path directory = Files.createTempDirectory("zwire-aeron-bench");
        MediaDriver.Context context = driverContext(directory.resolve("driver"));
        try (MediaDriver driver = MediaDriver.launchEmbedded(context);
             Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()))) {
            for (OrderCodec codec : codecs()) {
                row(table, "Aeron IPC", codec.name(), AeronPingPong.run(aeron, "aeron:ipc", "aeron:ipc", codec, roundTrips));
            }
            for (OrderCodec codec : codecs()) {
                row(table, "Aeron UDP 127.0.0.1", codec.name(),
                        AeronPingPong.run(aeron, udpChannel(), udpChannel(), codec, roundTrips));
            }
        } finally {
            Files.deleteIfExists(directory);
        }
        for (WireType wire : WIRES) {
            row(table, "WireSession TCP 127.0.0.1", wire.name(), LoopbackBenchmark.run(wire, roundTrips, 1000).roundTripNanos());
        }
        System.out.printf("Round trips of one Order (%,d measured per row after as many warming up), Java %s, %s %s, %d cores%n%n",
                roundTrips, Runtime.version(), System.getProperty("os.name"), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors());
        System.out.print(table);
    }

    /**
     * The benchmark's driver: one shared thread that yields when idle (the machine it was measured
     * on has two cores, so a spinning driver would take one from the ping or the pong), terms of
     * 1 MiB, in {@code directory}, deleted on start and shutdown.
     */
    static MediaDriver.Context driverContext(Path directory) {
        return new MediaDriver.Context()
                .aeronDirectoryName(directory.toAbsolutePath().toString())
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new YieldingIdleStrategy())
                .termBufferSparseFile(true)
                .ipcTermBufferLength(1 << 20)
                .publicationTermBufferLength(1 << 20);
    }

    /** zwire on each benchmarked wire, then SBE. */
    static List<OrderCodec> codecs() {
        List<OrderCodec> codecs = new ArrayList<>();
        for (WireType wire : WIRES) {
            codecs.add(new ZwireOrders(wire));
        }
        codecs.add(new SbeOrders());
        return codecs;
    }

    private static void row(StringBuilder table, String transport, String encoding, Histogram nanos) {
        table.append(String.format("| %s | %s | %.1f | %.1f | %.1f | %.1f |%n", transport, encoding,
                nanos.getValueAtPercentile(50) / 1000.0, nanos.getValueAtPercentile(99) / 1000.0,
                nanos.getValueAtPercentile(99.9) / 1000.0, nanos.getMaxValue() / 1000.0));
    }

    static String udpChannel() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "aeron:udp?endpoint=127.0.0.1:" + socket.getLocalPort();
        }
    }
}
