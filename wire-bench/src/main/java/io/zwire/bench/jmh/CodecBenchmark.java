package io.zwire.bench.jmh;

import io.zwire.bench.codec.BenchCodec;
import io.zwire.bench.codec.Codecs;
import io.zwire.bench.model.Workload;
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
 * Encode, decode and round trip of each workload in each format: the zwire wires and the peers
 * side by side, in one run. Every (workload, codec) pair runs in a JVM of its own, so each call
 * site sees a single format, as in a service that speaks one.
 *
 * <p>The defaults are short (about six seconds a pair) so the suite finishes in minutes; pass
 * JMH's {@code -wi/-i/-f} for steadier figures. The codec list in the annotation names every wire;
 * {@link BenchmarkSuite} narrows it to the wires present, and a wire that is not present fails its
 * setup with a message naming the missing module.
 *
 * <p>Not final, and its fields are public: JMH generates subclasses and sets the parameters.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = BenchmarkSuite.WARMUP_ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Measurement(iterations = BenchmarkSuite.ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
// The export is SBE's (its Agrona buffers read jdk.internal.misc.Unsafe); zwire needs none.
@Fork(value = BenchmarkSuite.FORKS, jvmArgsAppend = {"-Xms512m", "-Xmx512m",
        "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class CodecBenchmark {
    /** The workload. */
    @Param({"INTS14", "MY_DATA", "ORDER"})
    public Workload workload;

    /** A zwire wire type name or a peer name, see {@link Codecs}. */
    @Param({"YAML", "YAML_NUMBERED", "JSON", "BINARY", "NUMBERED", "RAW",
            "varhandle", "sbe", "protobuf", "jackson", "snakeyaml", "serialization"})
    public String codec;

    private BenchCodec subject;

    /** Creates the codec and encodes once, so {@link #decode()} has a document from the start. */
    @Setup
    public void setUp() {
        subject = Codecs.create(codec, workload);
        subject.encode();
        Object decoded = subject.decode();
        if (!subject.source().equals(decoded)) {
            throw new IllegalStateException(codec + " does not round-trip " + workload + ": " + decoded);
        }
    }

    /** Encodes the workload's values into the codec's reused buffer. */
    @Benchmark
    public int encode() {
        return subject.encode();
    }

    /** Decodes the same document again, into the reused object where the format allows it. */
    @Benchmark
    public Object decode() {
        return subject.decode();
    }

    /** Encodes then decodes: the unit the garbage harness counts. */
    @Benchmark
    public Object roundTrip() {
        subject.encode();
        return subject.decode();
    }
}
