package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.bench.model.Workload;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The text wires, NUMBERED and RAW copy a text as the bytes they wrote for the same {@code String}
 * instance last time. {@link CodecBenchmark} writes one source object over and over, so every text is such
 * a repeat: the best case. Here the benchmark order is encoded as the same instances every time
 * ({@code same}), or alternately from two orders whose texts are equal but distinct instances
 * ({@code new}), so that every text but the enum's name is written as if never seen: the worst
 * case, as for texts that change with every message. Nothing is allocated in either.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = BenchmarkSuite.WARMUP_ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Measurement(iterations = BenchmarkSuite.ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Fork(value = BenchmarkSuite.FORKS, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class TextInstancesBenchmark {
    /** The wire; {@link BenchmarksMain} narrows it to the wires present. */
    @Param({"YAML", "YAML_NUMBERED", "JSON", "BINARY", "NUMBERED", "RAW"})
    public String wire;

    /** {@code same}: one order, written again and again; {@code new}: two equal orders with distinct texts, in turn. */
    @Param({"same", "new"})
    public String texts;

    private Wire subject;
    private final Order[] orders = new Order[2];
    private int next;

    @Setup
    public void setUp() {
        subject = WireType.valueOf(wire).apply(Bytes.elastic(1024));
        orders[0] = Workload.order();
        orders[1] = texts.equals("new") ? distinctCopy(orders[0]) : orders[0];
    }

    private static Order distinctCopy(Order order) {
        Party party = order.party();
        return new Order(order.id(), new String(order.symbol().toCharArray()), order.price(), order.qty(), order.side(),
                new Party(new String(party.name().toCharArray()), new String(party.account().toCharArray()), party.id()));
    }

    /** Encodes the next order into the reused buffer. */
    @Benchmark
    public int encode() {
        Bytes bytes = subject.bytes();
        bytes.clear();
        subject.writeDocument(orders[next++ & 1]);
        return bytes.writePosition();
    }
}
