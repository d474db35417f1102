package io.zwire.bench.jmh;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.bench.lambda.NonCapturing8;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One type (eight int fields) decoded through several wires at the same call sites, beside the
 * same type decoded through one wire. A server that speaks several wires runs every
 * {@code readMarshallable} against several reader implementations; once a call site has seen
 * three receiver classes, C2 stops inlining it and every value read becomes a virtual call, which
 * can cost more than the decoding itself. Compare {@code mixed} with the mean of {@code single}
 * over the same wires to see what that dispatch costs on your machine.
 *
 * <p>Not final, and its states are public: JMH generates subclasses and sets the parameters.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(java.util.concurrent.TimeUnit.NANOSECONDS)
@Warmup(iterations = BenchmarkSuite.WARMUP_ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Measurement(iterations = BenchmarkSuite.ITERATIONS, time = BenchmarkSuite.ITERATION_SECONDS)
@Fork(value = BenchmarkSuite.FORKS, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class MixedWireBenchmark {
    /** The wires preferred for the mixed case, most alike in cost first, so the mix measures dispatch. */
    static final List<WireType> MIX_PREFERENCE = List.of(WireType.RAW, WireType.NUMBERED, WireType.BINARY,
            WireType.JSON, WireType.YAML, WireType.YAML_NUMBERED);

    /** A document of one wire, decoded again and again into one reused object. */
    private static final class Decoder {
        final Wire wire;
        final Marshallable target = new NonCapturing8();

        Decoder(WireType type) {
            wire = type.apply(Bytes.elastic(1024));
            wire.writeDocument(NonCapturing8.sample());
        }

        Marshallable decode() {
            wire.bytes().readPosition(0);
            wire.readDocument(target);
            return target;
        }
    }

    /** One wire. */
    @State(Scope.Thread)
    public static class SingleWire {
        /** The wire; {@link BenchmarkSuite} narrows the list to the wires present. */
        @Param({"YAML", "YAML_NUMBERED", "JSON", "BINARY", "NUMBERED", "RAW"})
        public String wire;

        Decoder decoder;

        /** Writes the document. */
        @Setup
        public void setUp() {
            decoder = new Decoder(WireType.valueOf(wire));
        }
    }

    /** Up to three wires, taken in turn. */
    @State(Scope.Thread)
    public static class MixedWires {
        /**
         * {@code auto}: the first three available wires of {@link #MIX_PREFERENCE}; or a comma-separated list.
         * With fewer than three wires present the mix has fewer, and the report says so.
         */
        @Param("auto")
        public String wires;

        Decoder[] decoders;
        int next;

        /** Writes one document per wire. */
        @Setup
        public void setUp() {
            List<Decoder> chosen = new ArrayList<>();
            for (WireType type : mix(wires)) {
                chosen.add(new Decoder(type));
            }
            decoders = chosen.toArray(new Decoder[0]);
        }
    }

    /** The wires {@code spec} ({@code auto} or a comma-separated list) names. Allocates. */
    static List<WireType> mix(String spec) {
        List<WireType> wires = new ArrayList<>();
        if (spec.equals("auto")) {
            for (WireType type : MIX_PREFERENCE) {
                if (type.isAvailable() && wires.size() < 3) {
                    wires.add(type);
                }
            }
        } else {
            for (String name : spec.split(",")) {
                wires.add(WireType.valueOf(name.trim().toUpperCase(Locale.ROOT)));
            }
        }
        return wires;
    }

    /** Decodes through one wire. */
    @Benchmark
    public Marshallable single(SingleWire state) {
        return state.decoder.decode();
    }

    /** Decodes through the wires in turn: one decode per call, a different wire each time. */
    @Benchmark
    public Marshallable mixed(MixedWires state) {
        Decoder[] decoders = state.decoders;
        int i = state.next;
        state.next = i + 1 == decoders.length ? 0 : i + 1;
        return decoders[i].decode();
    }
}
