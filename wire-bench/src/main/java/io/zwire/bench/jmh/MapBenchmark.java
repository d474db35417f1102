package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.cli.example.Limits;
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
 * Round trip of a type with a map of ten text keys to float64 values ({@link Limits#sample()}),
 * read into the reused target's own arrays, over one wire per fork: the cost of a map's entries
 * (a key, interned on the read side, and a value each) and, with {@code -prof gc}, the proof that
 * they cost no allocation.
 *
 * <p>Not final, and its fields are public: JMH generates subclasses and sets the parameters.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = BenchmarkSuite.WARMUP_ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Measurement(iterations = BenchmarkSuite.ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Fork(value = BenchmarkSuite.FORKS, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class MapBenchmark {
    /** The wire; {@link BenchmarkSuite} narrows it to the wires present. */
    @Param({"YAML", "YAML_NUMBERED", "JSON", "BINARY", "NUMBERED", "RAW"})
    public String wire;

    private Wire subject;
    private Limits source;
    private Limits target;

    /** Builds the wire and checks one round trip gives the source's values. */
    @Setup
    public void setUp() {
        subject = WireType.valueOf(wire).apply(Bytes.elastic(1024));
        source = Limits.sample();
        target = new Limits();
        roundTrip();
        if (!source.equals(target)) {
            throw new IllegalStateException(wire + " does not round-trip " + source + ": " + target);
        }
    }

    /** Writes the source and reads it back into the reused target. */
    @Benchmark
    public Limits roundTrip() {
        subject.bytes().clear();
        subject.writeDocument(source);
        subject.readDocument(target);
        return target;
    }
}
