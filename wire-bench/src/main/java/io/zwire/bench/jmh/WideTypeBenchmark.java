package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.bench.model.Ints64Split;
import io.zwire.testkit.model.Ints64;
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
 * A 64-field type read and written by one method against the same fields split into four methods
 * of 16: past the JIT's inlining budget (about 20 fields in one method) the calls into the wire
 * stop being inlined and each field costs more. Round trip over one wire per fork.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class WideTypeBenchmark {
    /** The wire; {@link BenchmarksMain} narrows it to the wires present. */
    @Param({"RAW", "BINARY", "NUMBERED", "JSON", "YAML"})
    public String wire;

    /** One method of 64 fields, or four of 16. */
    @Param({"oneMethod", "fourMethods"})
    public String layout;

    private Wire subject;
    private Marshallable source;
    private Marshallable target;

    @Setup
    public void setUp() {
        subject = WireType.valueOf(wire).apply(Bytes.elastic(4096));
        boolean split = layout.equals("fourMethods");
        source = split ? new Ints64Split().fill(1000) : new Ints64().fill(1000);
        target = split ? new Ints64Split() : new Ints64();
    }

    /** Writes the source and reads it back into the reused target. */
    @Benchmark
    public Marshallable roundTrip() {
        subject.bytes().clear();
        subject.writeDocument(source);
        subject.readDocument(target);
        return target;
    }
}
