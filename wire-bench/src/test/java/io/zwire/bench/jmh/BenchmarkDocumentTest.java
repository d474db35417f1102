package io.zwire.bench.jmh;

import io.zwire.test.harness.JavaRuntime;
import io.zwire.bench.model.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkDocumentTest {
    private static final JavaRuntime JDK = new JavaRuntime(Path.of("/usr/lib/jvm/jdk-17"), "17.0.15", 17);

    private static String render(List<BenchmarkResult> results) {
        Map<Workload, Map<String, Integer>> sizes = new LinkedHashMap<>();
        sizes.put(Workload.INTS14, new LinkedHashMap<>(Map.of("RAW", 60)));
        return new BenchmarkDocument(new Provenance("zwire bench --markdown docs/benchmarks.md", "2026-01-02",
                "abc1234 (2026-01-01)", "a test machine", "2 x 1 s warm-up"), sizes, List.of(new BenchmarkDocument.JdkResults(JDK, results))).render();
    }

    @Test
    void tablesPerJdkWithTimesAndAllocations() {
        String md = render(List.of(
                new BenchmarkResult("CodecBenchmark", "encode", "INTS14", "RAW", 12.34, 0.5, 0),
                new BenchmarkResult("CodecBenchmark", "decode", "INTS14", "RAW", 23.44, Double.NaN, 0),
                new BenchmarkResult("CodecBenchmark", "roundTrip", "INTS14", "RAW", 1234.5, 12.0, 0),
                new BenchmarkResult("CodecBenchmark", "encode", "INTS14", "jackson", 250.0, 3.0, 512)));
        assertTrue(md.contains("- command: `zwire bench --markdown docs/benchmarks.md`"), md);
        assertTrue(md.contains("- date: 2026-01-02"), md);
        assertTrue(md.contains("- build: abc1234 (2026-01-01)"), md);
        assertTrue(md.contains("- JDK: 17.0.15 (`/usr/lib/jvm/jdk-17`)"), md);
        assertTrue(md.contains("## JDK 17.0.15: encode, decode, round trip"), md);
        assertTrue(md.contains("| INTS14 | zwire RAW | 12.3 ± 0.5 | 23.4 | 1,235 ± 12.0 | 0 | 0 | 0 |"), md);
        assertTrue(md.contains("| INTS14 | jackson | 250.0 ± 3.0 |  |  | 512 |  |  |"), md);
        assertTrue(md.contains("| INTS14 | 60 |"), md);
    }

    @Test
    void mixedWiresComparedWithTheMeanOfSingles() {
        String md = render(List.of(
                new BenchmarkResult("MixedWireBenchmark", "single", null, "RAW", 10, 0.1, 0),
                new BenchmarkResult("MixedWireBenchmark", "single", null, "NUMBERED", 20, 0.1, 0),
                new BenchmarkResult("MixedWireBenchmark", "single", null, "BINARY", 30, 0.1, 0),
                new BenchmarkResult("MixedWireBenchmark", "mixed", null, "RAW, NUMBERED, BINARY", 60, 1, 0)));
        assertTrue(md.contains("| mean of single | RAW, NUMBERED, BINARY | 20.0 | |"), md);
        assertTrue(md.contains("| mixed, in turn | RAW, NUMBERED, BINARY | 60.0 ± 1.0 | 0 |"), md);
        assertTrue(!md.contains("not yet megamorphic"), md);
        String one = render(List.of(new BenchmarkResult("MixedWireBenchmark", "single", null, "RAW", 10, 0.1, 0),
                new BenchmarkResult("MixedWireBenchmark", "mixed", null, "RAW", 10, 0.1, 0)));
        assertTrue(one.contains("not yet megamorphic"), one);
    }

    @Test
    void mapRoundTripsTabledPerWire() {
        String md = render(List.of(new BenchmarkResult("MapBenchmark", "roundTrip", null, "RAW", 80.5, 1.5, 0),
                new BenchmarkResult("MapBenchmark", "roundTrip", null, "JSON", 900, 20, 0)));
        assertTrue(md.contains("## JDK 17.0.15: round trip of a map of ten text keys to float64\n\n"
                + "| wire | round trip ns/op | B/op |\n|---|---:|---:|\n| RAW | 80.5 ± 1.5 | 0 |\n| JSON | 900.0 ± 20.0 | 0 |\n"), md);
    }
}
