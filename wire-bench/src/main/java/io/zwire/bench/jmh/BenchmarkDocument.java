package io.zwire.bench.jmh;

import io.zwire.WireType;
import io.zwire.bench.codec.Codecs;
import io.zwire.test.harness.JavaRuntime;
import io.zwire.bench.model.Workload;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Renders the benchmark results as the Markdown of {@code docs/benchmarks.md}: how it was made
 * (command, date, build, machine, JDKs, settings), the encoded sizes, then per JDK a table of ns/op and
 * B/op per workload and format, and the mixed-wire comparison.
 */
public final class BenchmarkDocument {
    private static final List<String> OPERATIONS = List.of("encode", "decode", "roundTrip");

    private final Provenance provenance;
    private final Map<Workload, Map<String, Integer>> sizes;
    private final List<JdkResults> jdks;

    /** One JDK's results. */
    public record JdkResults(JavaRuntime jdk, List<BenchmarkResult> results) {
    }

    /**
     * @param provenance how the figures were made
     * @param sizes      encoded sizes from {@link EncodedSizes}
     * @param jdks       results per JDK, in order
     */
    public BenchmarkDocument(Provenance provenance, Map<Workload, Map<String, Integer>> sizes, List<JdkResults> jdks) {
        this.provenance = provenance;
        this.sizes = sizes;
        this.jdks = List.copyOf(jdks);
    }

    /** The whole document. Allocates. */
    public String render() {
        StringBuilder md = new StringBuilder();
        md.append("# zwire benchmarks\n\n");
        List<String> missing = new ArrayList<>();
        for (WireType type : WireType.values()) {
            if (!type.isAvailable()) {
                missing.add(type.name());
            }
        }
        if (!missing.isEmpty()) {
            md.append("**Provisional.** Measured with only ").append(WireType.available())
              .append(" in the build; ").append(String.join(", ", missing))
              .append(" were not there yet. Regenerate with the command below once every wire exists, on a quiet machine.\n\n");
        }
        md.append("- command: `").append(provenance.command()).append("`\n")
          .append("- date: ").append(provenance.date()).append('\n')
          .append("- build: ").append(provenance.build()).append('\n')
          .append("- machine: ").append(provenance.machine()).append('\n')
          .append("- JMH: ").append(provenance.settings()).append(", mode average time, `-prof gc` for B/op\n");
        for (JdkResults jdk : jdks) {
            md.append("- JDK: ").append(jdk.jdk().version()).append(" (`").append(jdk.jdk().home()).append("`)\n");
        }
        md.append('\n').append(READING_NOTES);
        appendSizes(md);
        for (JdkResults jdk : jdks) {
            appendCodecTable(md, jdk);
            appendMixedTable(md, jdk);
            appendWideTable(md, jdk);
            appendTextInstancesTable(md, jdk);
            appendMapTable(md, jdk);
        }
        return md.toString();
    }

    private static final String READING_NOTES = """
            How to read: ns/op is the mean time of one call (lower is better), ± the 99.9% confidence \
            half-width JMH reports; B/op is what one call allocates (`gc.alloc.rate.norm`), 0 meaning garbage-free. \
            `zwire X` is zwire over wire X; `varhandle` is hand-written VarHandle code in the RAW layout (the \
            practical limit, and the cost of RAW without the framework); `protobuf` drives protobuf-java's coded \
            streams by hand as generated code does, filling a reused object; `jackson` is hand-written jackson-core \
            streaming JSON; `snakeyaml` dumps and loads a Map with snakeyaml-engine; `serialization` is \
            ObjectOutputStream/ObjectInputStream. Peers decode text into new Strings; zwire hands out interned ones \
            from each wire's text cache (`WireOptions.withTextCache`, by default 2048 strings of up to 128 UTF-8 \
            bytes), so the ORDER workload's repeated strings (the longest, the party name, is 88 bytes) cost no \
            allocation; text beyond the cache's length would create a String per read, where \
            `textTo(StringBuilder)` would not. Writing, the text wires (YAML, YAML_NUMBERED, JSON) remember per \
            field the bytes they last wrote for a `String` instance, and copy them when the same instance comes \
            again (an enum's name always does): every benchmark here writes one source object, which is that best \
            case; the table of text instances at the end of each JDK's section writes new instances every time, \
            the worst. On a shared machine the ± column is wide: compare medians across \
            runs, not single cells.

            """;

    private void appendSizes(StringBuilder md) {
        md.append("## Encoded sizes (bytes)\n\n");
        Set<String> codecs = new LinkedHashSet<>();
        sizes.values().forEach(byCodec -> codecs.addAll(byCodec.keySet()));
        md.append("| workload |");
        codecs.forEach(codec -> md.append(' ').append(Codecs.label(codec)).append(" |"));
        md.append("\n|---|");
        codecs.forEach(codec -> md.append("---:|"));
        md.append('\n');
        for (Map.Entry<Workload, Map<String, Integer>> row : sizes.entrySet()) {
            md.append("| ").append(row.getKey()).append(" |");
            for (String codec : codecs) {
                Integer size = row.getValue().get(codec);
                md.append(' ').append(size == null ? "" : size.toString()).append(" |");
            }
            md.append('\n');
        }
        md.append("\nThe ORDER workload is `Order.sample()` with 88- and 77-character party strings, sized to about 250 bytes"
                + " on the CBOR wire with field names (BINARY).\n\n");
    }

    private static void appendCodecTable(StringBuilder md, JdkResults jdk) {
        List<BenchmarkResult> codecResults = jdk.results().stream().filter(r -> r.group().equals("CodecBenchmark")).toList();
        if (codecResults.isEmpty()) {
            return;
        }
        md.append("## JDK ").append(jdk.jdk().version()).append(": encode, decode, round trip\n\n")
          .append("| workload | format | encode ns/op | decode ns/op | round trip ns/op | encode B/op | decode B/op | round trip B/op |\n")
          .append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        Set<String> rows = new LinkedHashSet<>();
        for (BenchmarkResult r : codecResults) {
            rows.add(r.workload() + "\u0000" + r.subject());
        }
        for (String row : rows) {
            String workload = row.substring(0, row.indexOf('\u0000'));
            String codec = row.substring(row.indexOf('\u0000') + 1);
            md.append("| ").append(workload).append(" | ").append(Codecs.label(codec)).append(" |");
            for (String operation : OPERATIONS) {
                BenchmarkResult r = find(codecResults, workload, codec, operation);
                md.append(' ').append(r == null ? "" : nanos(r)).append(" |");
            }
            for (String operation : OPERATIONS) {
                BenchmarkResult r = find(codecResults, workload, codec, operation);
                md.append(' ').append(r == null ? "" : bytes(r.bytesPerOp())).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private static void appendMixedTable(StringBuilder md, JdkResults jdk) {
        List<BenchmarkResult> single = new ArrayList<>();
        BenchmarkResult mixed = null;
        for (BenchmarkResult r : jdk.results()) {
            if (r.group().equals("MixedWireBenchmark")) {
                if (r.operation().equals("mixed")) {
                    mixed = r;
                } else {
                    single.add(r);
                }
            }
        }
        if (mixed == null && single.isEmpty()) {
            return;
        }
        md.append("## JDK ").append(jdk.jdk().version()).append(": one type (8 ints) decoded through one wire or several\n\n")
          .append("| case | wires | decode ns/op | B/op |\n|---|---|---:|---:|\n");
        for (BenchmarkResult r : single) {
            md.append("| single | ").append(r.subject()).append(" | ").append(nanos(r)).append(" | ")
              .append(bytes(r.bytesPerOp())).append(" |\n");
        }
        if (mixed != null) {
            String wires = mixed.subject();
            List<String> mixedWires = List.of(wires.split(", "));
            double sum = 0;
            int count = 0;
            for (BenchmarkResult r : single) {
                if (mixedWires.contains(r.subject())) {
                    sum += r.nanos();
                    count++;
                }
            }
            if (count > 0) {
                md.append("| mean of single | ").append(wires).append(" | ")
                  .append(String.format(Locale.ROOT, "%.1f", sum / count)).append(" | |\n");
            }
            md.append("| mixed, in turn | ").append(wires).append(" | ").append(nanos(mixed)).append(" | ")
              .append(bytes(mixed.bytesPerOp())).append(" |\n");
            if (mixedWires.size() < 3) {
                md.append("\nFewer than three wires were available, so the mixed case is not yet megamorphic:"
                        + " it reads the same wire(s) as the single case.\n");
            }
        }
        md.append('\n');
    }

    private static void appendWideTable(StringBuilder md, JdkResults jdk) {
        appendVariantTable(md, jdk, "WideTypeBenchmark", "roundTrip", "64 int fields in one method or in four methods of 16",
                "oneMethod", "fourMethods", "| wire | one method ns/op | four methods ns/op | one / four | B/op (one, four) |");
    }

    private static void appendTextInstancesTable(StringBuilder md, JdkResults jdk) {
        appendVariantTable(md, jdk, "TextInstancesBenchmark", "encode", "encoding the order with the same text instances or new ones",
                "same", "new", "| wire | same instances ns/op | new instances ns/op | same / new | B/op (same, new) |");
    }

    private static void appendMapTable(StringBuilder md, JdkResults jdk) {
        List<BenchmarkResult> results = jdk.results().stream().filter(r -> r.group().equals("MapBenchmark")).toList();
        if (results.isEmpty()) {
            return;
        }
        md.append("## JDK ").append(jdk.jdk().version()).append(": round trip of a map of ten text keys to float64\n\n")
          .append("| wire | round trip ns/op | B/op |\n|---|---:|---:|\n");
        for (BenchmarkResult r : results) {
            md.append("| ").append(r.subject()).append(" | ").append(nanos(r)).append(" | ").append(bytes(r.bytesPerOp()))
              .append(" |\n");
        }
        md.append('\n');
    }

    /** One row per wire: the benchmark's operation in two variants, side by side, and their ratio. */
    private static void appendVariantTable(StringBuilder md, JdkResults jdk, String group, String operation, String title,
                                           String first, String second, String header) {
        List<BenchmarkResult> results = jdk.results().stream().filter(r -> r.group().equals(group)).toList();
        if (results.isEmpty()) {
            return;
        }
        md.append("## JDK ").append(jdk.jdk().version()).append(": ").append(title).append("\n\n")
          .append(header).append("\n|---|---:|---:|---:|---|\n");
        for (String wire : results.stream().map(BenchmarkResult::subject).distinct().toList()) {
            BenchmarkResult one = find(results, first, wire, operation);
            BenchmarkResult two = find(results, second, wire, operation);
            if (one == null || two == null) {
                continue;
            }
            md.append("| ").append(wire).append(" | ").append(nanos(one)).append(" | ").append(nanos(two)).append(" | ")
              .append(String.format(Locale.ROOT, "%.2f", one.nanos() / two.nanos())).append(" | ")
              .append(bytes(one.bytesPerOp())).append(", ").append(bytes(two.bytesPerOp())).append(" |\n");
        }
        md.append('\n');
    }

    static BenchmarkResult find(List<BenchmarkResult> results, String workload, String codec, String operation) {
        for (BenchmarkResult r : results) {
            if (r.operation().equals(operation) && r.subject().equals(codec) && r.workload().equals(workload)) {
                return r;
            }
        }
        return null;
    }

    static String nanos(BenchmarkResult r) {
        String score = r.nanos() >= 1000 ? String.format(Locale.ROOT, "%,.0f", r.nanos())
                : String.format(Locale.ROOT, "%.1f", r.nanos());
        if (Double.isNaN(r.nanosError())) {
            return score;
        }
        return score + (r.nanosError() >= 1000 ? String.format(Locale.ROOT, " ± %,.0f", r.nanosError())
                : String.format(Locale.ROOT, " ± %.1f", r.nanosError()));
    }

    static String bytes(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%,.0f", value);
    }
}
