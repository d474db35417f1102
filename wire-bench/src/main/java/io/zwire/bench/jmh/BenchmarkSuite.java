package io.zwire.bench.jmh;

import io.zwire.WireType;
import io.zwire.bench.codec.Codecs;
import io.zwire.test.harness.JavaRuntime;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The benchmark suite's JMH options and results: which benchmarks, which codecs and wires (the
 * ones present, so a new wire joins without a code change), the allocation profiler, and the
 * conversion of JMH's results into {@link BenchmarkResult}s.
 */
public final class BenchmarkSuite {
    /** JMH's include pattern for the whole suite. */
    public static final String ALL = "^" + Pattern.quote("io.zwire.bench.jmh.") + "(CodecBenchmark|MixedWireBenchmark|WideTypeBenchmark|TextInstancesBenchmark|MapBenchmark)\\.";

    /** Warm-up iterations per benchmark unless overridden: short, so the suite finishes in minutes. */
    public static final int WARMUP_ITERATIONS = 2;
    /** Measured iterations per benchmark unless overridden. */
    public static final int ITERATIONS = 3;
    /** Seconds per iteration unless overridden. */
    public static final int ITERATION_SECONDS = 1;
    /** Forks per benchmark unless overridden. */
    public static final int FORKS = 1;

    private BenchmarkSuite() {
    }

    /**
     * {@code given}, with the {@code codec} and {@code wire} parameters narrowed to what is present
     * unless {@code given} sets them. Allocates.
     */
    public static Options narrowToAvailable(Options given) {
        ChainedOptionsBuilder builder = new OptionsBuilder().parent(given);
        if (!given.getParameter("codec").hasValue()) {
            builder.param("codec", Codecs.names().toArray(new String[0]));
        }
        if (!given.getParameter("wire").hasValue()) {
            builder.param("wire", WireType.available().stream().map(Enum::name).toArray(String[]::new));
        }
        return builder.build();
    }

    /** The settings the {@code bench} command can change; null or negative means the annotations' defaults. */
    public record Settings(String include, List<String> codecs, List<String> workloads, int warmupIterations,
                           int iterations, TimeValue iterationTime, int forks) {
    }

    /**
     * Options for running the suite with its forks on {@code jdk}, measuring allocation with
     * JMH's GC profiler (B/op from the exact per-thread counters). Allocates.
     */
    public static Options options(JavaRuntime jdk, Settings settings) {
        ChainedOptionsBuilder builder = new OptionsBuilder()
                .include(settings.include() == null ? ALL : settings.include())
                .jvm(jdk.launcher().toString())
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(false);
        if (!settings.codecs().isEmpty()) {
            builder.param("codec", settings.codecs().toArray(new String[0]));
        }
        if (!settings.workloads().isEmpty()) {
            builder.param("workload", settings.workloads().toArray(new String[0]));
        }
        if (settings.warmupIterations() >= 0) {
            builder.warmupIterations(settings.warmupIterations());
        }
        if (settings.iterations() >= 0) {
            builder.measurementIterations(settings.iterations());
        }
        if (settings.iterationTime() != null) {
            builder.warmupTime(settings.iterationTime()).measurementTime(settings.iterationTime());
        }
        if (settings.forks() >= 0) {
            builder.forks(settings.forks());
        }
        return narrowToAvailable(builder.build());
    }

    /** JMH's results as {@link BenchmarkResult}s, in JMH's order. Allocates. */
    public static List<BenchmarkResult> convert(Collection<RunResult> runs) {
        List<BenchmarkResult> results = new ArrayList<>();
        for (RunResult run : runs) {
            String benchmark = run.getParams().getBenchmark();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String type = benchmark.substring(0, benchmark.lastIndexOf('.'));
            String group = type.substring(type.lastIndexOf('.') + 1);
            Result<?> primary = run.getPrimaryResult();
            String workload = param(run, "workload");
            results.add(new BenchmarkResult(group, method, workload != null ? workload : variant(run), subject(run),
                    primary.getScore(), primary.getScoreError(), bytesPerOperation(run)));
        }
        return results;
    }

    /** A benchmark's variant where it has no workload: the method layout, or which text instances. */
    private static String variant(RunResult run) {
        String layout = param(run, "layout");
        return layout != null ? layout : param(run, "texts");
    }

    /** What was measured: the codec, the single wire, or the mixed wires. */
    private static String subject(RunResult run) {
        for (String key : List.of("codec", "wire", "wires")) {
            String value = param(run, key);
            if (value != null) {
                return key.equals("wires")
                        ? String.join(", ", MixedWireBenchmark.mix(value).stream().map(Enum::name).toList()) : value;
            }
        }
        return "";
    }

    private static String param(RunResult run, String key) {
        try {
            return run.getParams().getParam(key);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static double bytesPerOperation(RunResult run) {
        for (String label : run.getSecondaryResults().keySet()) {
            if (label.endsWith("gc.alloc.rate.norm")) {
                return run.getSecondaryResults().get(label).getScore();
            }
        }
        return Double.NaN;
    }
}
