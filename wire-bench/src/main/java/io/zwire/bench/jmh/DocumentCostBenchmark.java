package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
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
 * What a document costs apart from its fields: a type with no field and a type with one int field,
 * written into a reused buffer and read back into a reused object. The empty type's figure is the
 * per-document work (the guards of {@code Wire}, the framing, the level reset, the end's checks,
 * and JMH's own call); the one-int type adds one field's. Set beside {@link CodecBenchmark}'s
 * 14-int workload, it tells how much of a small type's time is the document rather than its
 * values. Not part of the suite; run it on the binary wires with
 * <pre>
 * java -cp wire-bench/target/zwire-bench.jar org.openjdk.jmh.Main DocumentCostBenchmark \
 *     -p wire=BINARY,NUMBERED,RAW -f 2 -wi 3 -i 5 -w 1s -r 1s -prof gc
 * </pre>
 *
 * <p>Not final, and its fields are public: JMH generates subclasses and sets the parameters.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = BenchmarkSuite.WARMUP_ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Measurement(iterations = BenchmarkSuite.ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Fork(value = BenchmarkSuite.FORKS, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class DocumentCostBenchmark {
    private static final Field VALUE = Field.of(1, "f1");

    /** No field at all. */
    public static final class NoField implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            // nothing: the document alone
        }

        @Override
        public void readMarshallable(WireIn in) {
            // nothing: the document alone
        }
    }

    /** One int32 field, written as 1,000,001: a three-byte varint on NUMBERED, as in the 14-int workload. */
    public static final class OneInt implements Marshallable {
        int value;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VALUE).int32(value);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VALUE).int32(this, (o, v) -> o.value = v);
        }
    }

    /** The wire, a {@link WireType} name. */
    @Param({"BINARY", "NUMBERED", "RAW"})
    public String wire;

    /** {@code NO_FIELD} or {@code ONE_INT}. */
    @Param({"NO_FIELD", "ONE_INT"})
    public String type;

    private Wire subject;
    private Marshallable source;
    private Marshallable target;

    /** Writes one document and reads it back once, so {@link #decode()} has one from the start, read right. */
    @Setup
    public void setUp() {
        subject = WireType.valueOf(wire).apply(Bytes.elastic(256));
        if ("NO_FIELD".equals(type)) {
            source = new NoField();
            target = new NoField();
        } else {
            OneInt one = new OneInt();
            one.value = 1_000_001;
            source = one;
            target = new OneInt();
        }
        subject.writeDocument(source);
        decode();
        if (target instanceof OneInt one && one.value != 1_000_001) {
            throw new IllegalStateException(wire + " read " + one.value + " for 1000001");
        }
    }

    /** Writes the document into the reused buffer. */
    @Benchmark
    public int encode() {
        Bytes bytes = subject.bytes();
        bytes.clear();
        subject.writeDocument(source);
        return bytes.writePosition();
    }

    /** Reads the same document again into the reused object. */
    @Benchmark
    public Object decode() {
        subject.bytes().readPosition(0);
        if (!subject.readDocument(target)) {
            throw new IllegalStateException("no document to read over " + wire);
        }
        return target;
    }
}
