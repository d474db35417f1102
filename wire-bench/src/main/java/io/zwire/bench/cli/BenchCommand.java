package io.zwire.bench.cli;

import io.zwire.cli.JdkSelection;
import io.zwire.cli.UsageException;
import io.zwire.cli.Option;
import io.zwire.cli.Console;
import io.zwire.cli.Command;
import io.zwire.cli.Arguments;
import io.zwire.bench.codec.Codecs;
import io.zwire.test.harness.JavaRuntime;
import io.zwire.bench.jmh.BenchmarkDocument;
import io.zwire.bench.jmh.MachineInfo;
import io.zwire.bench.jmh.Provenance;
import io.zwire.bench.jmh.SpeedTable;
import io.zwire.bench.report.BuildInfo;
import io.zwire.bench.report.MarkdownSections;
import io.zwire.bench.jmh.BenchmarkSuite;
import io.zwire.bench.jmh.EncodedSizes;
import io.zwire.bench.model.Workload;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code zwire bench}: the JMH suite on each JDK found, written up as Markdown (the content of
 * {@code docs/benchmarks.md}); regenerating that file is this one command.
 */
public final class BenchCommand implements Command {
    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String summary() {
        return "run the JMH suite (zwire wires vs. peers, mixed wires) and write the Markdown report";
    }

    @Override
    public String synopsis() {
        return "zwire bench [--markdown FILE] [--readme FILE] [--jdk JAVA_HOME]... [--no-sibling-jdks] [--include REGEX]\n"
                + "                   [--codecs LIST] [--workloads LIST] [--warmup-iterations N] [--iterations N]\n"
                + "                   [--iteration-time TIME] [--forks N]";
    }

    @Override
    public String details() {
        return "Runs every benchmark in a forked JVM of each JDK (the current one, each --jdk, and every other JDK 17+\n"
                + "installed beside the current one), with JMH's GC profiler for B/op. Defaults: "
                + defaults() + " per benchmark:\n"
                + "about 6 s each, a few minutes per JDK. JMH's progress goes to standard error, the report to standard output\n"
                + "and to --markdown FILE. Codecs: the available zwire wires and " + String.join(", ", Codecs.PEERS) + ".\n"
                + "--readme FILE writes the speed table (round trips on the first JDK) to FILE's section 'speed'.\n"
                + "Example: zwire bench --markdown docs/benchmarks.md --readme README.md";
    }

    private static String defaults() {
        return BenchmarkSuite.WARMUP_ITERATIONS + " x " + BenchmarkSuite.ITERATION_SECONDS + " s warm-up, "
                + BenchmarkSuite.ITERATIONS + " x " + BenchmarkSuite.ITERATION_SECONDS + " s measured, "
                + BenchmarkSuite.FORKS + " fork";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("markdown", "FILE", "also write the report to FILE (e.g. docs/benchmarks.md)"),
                Option.value("readme", "FILE", "also write the speed table to FILE's section 'speed' (e.g. README.md)"),
                JdkSelection.JDK,
                JdkSelection.NO_SIBLINGS,
                Option.value("include", "REGEX", "only benchmarks matching this JMH regex (default: the whole suite)"),
                Option.value("codecs", "LIST", "only these codecs (wire names and peers; default: all available)"),
                Option.value("workloads", "LIST", "only these workloads: INTS14, MY_DATA, ORDER"),
                Option.value("warmup-iterations", "N", "warm-up iterations (default " + BenchmarkSuite.WARMUP_ITERATIONS + ")"),
                Option.value("iterations", "N", "measured iterations (default " + BenchmarkSuite.ITERATIONS + ")"),
                Option.value("iteration-time", "TIME", "time per iteration, e.g. 1s or 200ms (default "
                        + BenchmarkSuite.ITERATION_SECONDS + "s)"),
                Option.value("forks", "N", "forks per benchmark (default " + BenchmarkSuite.FORKS + ")"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        List<String> codecs = codecs(arguments.list("codecs"));
        List<Workload> workloads = workloads(arguments.list("workloads"));
        TimeValue iterationTime = time(arguments.value("iteration-time", null));
        int warmups = (int) arguments.longValue("warmup-iterations", -1, 0);
        int iterations = (int) arguments.longValue("iterations", -1, 1);
        int forks = (int) arguments.longValue("forks", -1, 0);
        BenchmarkSuite.Settings settings = new BenchmarkSuite.Settings(arguments.value("include", null),
                arguments.list("codecs").isEmpty() ? List.of() : codecs,
                workloads.stream().map(Enum::name).toList(), warmups, iterations, iterationTime, forks);
        List<JavaRuntime> jdks = JdkSelection.select(arguments, console, "bench");
        String settingsText = (warmups < 0 ? BenchmarkSuite.WARMUP_ITERATIONS : warmups) + " x " + describe(iterationTime)
                + " warm-up, " + (iterations < 0 ? BenchmarkSuite.ITERATIONS : iterations) + " x " + describe(iterationTime)
                + " measured, " + (forks < 0 ? BenchmarkSuite.FORKS : forks) + " fork(s)";
        Provenance provenance = new Provenance(commandLine(arguments), LocalDate.now().toString(),
                BuildInfo.describe(Path.of(".").toAbsolutePath()), MachineInfo.describeWithLoad(), settingsText);

        List<BenchmarkDocument.JdkResults> results = new ArrayList<>();
        for (JavaRuntime jdk : jdks) {
            console.err().println("zwire bench: running the suite on JDK " + jdk + " (" + jdk.home() + ")");
            try {
                Runner runner = new Runner(BenchmarkSuite.options(jdk, settings),
                        OutputFormatFactory.createFormatInstance(console.err(), VerboseMode.NORMAL));
                results.add(new BenchmarkDocument.JdkResults(jdk, BenchmarkSuite.convert(runner.run())));
            } catch (RunnerException e) {
                console.err().println("zwire bench: JMH failed on JDK " + jdk + ": " + e.getMessage());
                return FAILED;
            }
        }
        Map<Workload, Map<String, Integer>> sizes = EncodedSizes.measure(workloads, codecs);
        BenchmarkDocument document = new BenchmarkDocument(provenance, sizes, results);
        String markdown = document.render();
        console.out().print(markdown);
        console.out().flush();
        String readme = arguments.value("readme", null);
        if (!write(arguments.value("markdown", null), "codecs", markdown, console)
                || readme != null && !results.isEmpty()
                && !write(readme, SpeedTable.SECTION, SpeedTable.render(provenance, sizes, results.get(0)), console)) {
            return FAILED;
        }
        return OK;
    }

    /** Writes {@code content} to the section of {@code file}, if a file is given; false (and says why) if it cannot. */
    private static boolean write(String file, String section, String content, Console console) {
        if (file == null) {
            return true;
        }
        try {
            MarkdownSections.replace(Path.of(file), section, content);
            console.err().println("zwire bench: report written to the " + section + " section of " + file);
            return true;
        } catch (IOException e) {
            console.err().println("zwire bench: cannot write " + file + ": " + e);
            return false;
        }
    }

    private static String describe(TimeValue time) {
        return time == null ? BenchmarkSuite.ITERATION_SECONDS + " s" : time.toString();
    }

    private static List<String> codecs(List<String> given) throws UsageException {
        List<String> available = Codecs.names();
        if (given.isEmpty()) {
            return available;
        }
        List<String> codecs = new ArrayList<>();
        for (String name : given) {
            String match = null;
            for (String codec : available) {
                if (codec.equalsIgnoreCase(name.replace('-', '_'))) {
                    match = codec;
                }
            }
            if (match == null) {
                throw new UsageException("unknown or unavailable codec '" + name + "'; available: " + String.join(", ", available));
            }
            codecs.add(match);
        }
        return codecs;
    }

    private static List<Workload> workloads(List<String> given) throws UsageException {
        if (given.isEmpty()) {
            return List.of(Workload.values());
        }
        List<Workload> workloads = new ArrayList<>();
        for (String name : given) {
            try {
                workloads.add(Workload.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_')));
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown workload '" + name + "'; workloads: " + List.of(Workload.values()));
            }
        }
        return workloads;
    }

    private static TimeValue time(String text) throws UsageException {
        if (text == null) {
            return null;
        }
        try {
            return TimeValue.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--iteration-time needs a time such as 1s or 200ms, got '" + text + "'");
        }
    }

    /** The command as it would be typed again: the launcher form that ran it, then the arguments. */
    private static String commandLine(Arguments arguments) {
        return (io.zwire.cli.Zwire.launcher() + " bench " + String.join(" ", arguments.raw())).trim();
    }
}
