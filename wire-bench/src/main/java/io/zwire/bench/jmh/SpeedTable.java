package io.zwire.bench.jmh;

import io.zwire.WireType;
import io.zwire.bench.codec.Codecs;
import io.zwire.bench.model.Workload;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The README's speed table: the round trip of the {@code ORDER} and {@code INTS14} workloads per
 * format on one JDK, with no ratios drawn from it (on a busy machine the allocating peers slow down
 * most, so a ratio would say more about the machine than the codecs), from the same run and with
 * the same provenance as {@code docs/benchmarks.md}, so the summary can never be of another build
 * than the full report ({@code ReadmeSpeedTableTest} holds the two to each other).
 */
public final class SpeedTable {
    /** The Markdown section of the README this table is written to. */
    public static final String SECTION = "speed";
    private static final String ROUND_TRIP = "roundTrip";
    private static final Map<String, String> LABELS = Map.of(
            WireType.BINARY.name(), "zwire BINARY (CBOR)",
            WireType.NUMBERED.name(), "zwire NUMBERED (protobuf encoding)",
            Codecs.VARHANDLE, "VarHandle code by hand (RAW layout)",
            Codecs.PROTOBUF, "protobuf-java coded streams by hand",
            Codecs.JACKSON, "jackson-core streaming by hand",
            Codecs.SNAKEYAML, "snakeyaml-engine",
            Codecs.SERIALIZATION, "`ObjectOutputStream`");

    private SpeedTable() {
    }

    /**
     * {@return the section's Markdown: provenance and the table} Allocates.
     *
     * @param provenance how the figures were made
     * @param sizes      the encoded sizes of the same run
     * @param jdk        the results of the JDK the table shows (the first of the run)
     */
    public static String render(Provenance provenance, Map<Workload, Map<String, Integer>> sizes,
                                BenchmarkDocument.JdkResults jdk) {
        List<BenchmarkResult> results = jdk.results().stream().filter(r -> r.group().equals("CodecBenchmark")).toList();
        StringBuilder md = new StringBuilder();
        md.append("JMH round trip (write one document, read it back into a reused object) on JDK ")
          .append(jdk.jdk().version()).append(", build ").append(provenance.build()).append(", measured ")
          .append(provenance.date()).append(" on ").append(provenance.machine()).append(". `Order` is the benchmark's")
          .append(" `ORDER` workload: the demo's order with 88- and 77-character party strings, so larger than the")
          .append(" demo prints. Produced by `").append(provenance.command()).append("` (")
          .append(provenance.settings()).append(" a cell, so read it for orders of magnitude):\n\n")
          .append("| format | `Order` ns | `Order` B/op | `Order` bytes | 14 ints ns | 14 ints B/op |\n")
          .append("|---|---:|---:|---:|---:|---:|\n");
        for (String codec : Codecs.names()) {
            BenchmarkResult order = BenchmarkDocument.find(results, Workload.ORDER.name(), codec, ROUND_TRIP);
            BenchmarkResult ints = BenchmarkDocument.find(results, Workload.INTS14.name(), codec, ROUND_TRIP);
            if (order == null || ints == null) {
                continue;
            }
            Integer size = sizes.getOrDefault(Workload.ORDER, Map.of()).get(codec);
            md.append("| ").append(label(codec)).append(" | ").append(nanos(order.nanos())).append(" | ")
              .append(BenchmarkDocument.bytes(order.bytesPerOp())).append(" | ").append(size == null ? "" : size)
              .append(" | ").append(nanos(ints.nanos())).append(" | ").append(BenchmarkDocument.bytes(ints.bytesPerOp()))
              .append(" |\n");
        }
        return md.toString();
    }

    /** The README's label: the wire's name, or what the peer is. */
    static String label(String codec) {
        return LABELS.getOrDefault(codec, Codecs.label(codec));
    }

    /** Nanoseconds as the README shows them: whole from 100 up, else one decimal; no error bars. */
    static String nanos(double nanos) {
        return nanos >= 100 ? String.format(Locale.ROOT, "%,.0f", nanos) : String.format(Locale.ROOT, "%.1f", nanos);
    }
}
