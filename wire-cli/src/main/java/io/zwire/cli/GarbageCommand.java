package io.zwire.cli;

import io.zwire.WireType;
import io.zwire.test.harness.AllocationDiagnosis;
import io.zwire.test.harness.CaptureCheck;
import io.zwire.test.harness.GarbageHarness;
import io.zwire.test.harness.GarbageReport;
import io.zwire.test.harness.GarbageResult;
import io.zwire.test.harness.JavaRuntime;
import io.zwire.test.harness.MarshallableType;
import io.zwire.test.harness.ProbeLauncher;
import io.zwire.test.harness.ProbeReport;

import java.io.File;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * {@code zwire garbage}: the GC-counting garbage check, each (type, wire, JDK) in a forked JVM
 * of its own; see {@link ProbeLauncher} for the heap and {@link GarbageReport} for the output.
 */
public final class GarbageCommand implements Command {
    private static final long DEFAULT_ROUND_TRIPS = 10_000_000;
    /** Enough for C2 to compile and escape-analyse the path of the largest generated type. */
    private static final long DEFAULT_WARM_UP = 1_000_000;
    private static final long DEFAULT_TIMEOUT_SECONDS = 900;
    private static final List<String> FORMATS = List.of("table", "markdown", "json");
    /** Status for runs that produced no measurement: worse than garbage, as nothing was proven. */
    static final int MEASUREMENT_FAILED = 3;

    private final GarbageSuites suites;

    /**
     * The command over {@code suites}.
     *
     * @param suites the named sets of types {@code --suite} chooses from; the first is the default
     */
    public GarbageCommand(GarbageSuites suites) {
        this.suites = suites;
    }

    @Override
    public String name() {
        return "garbage";
    }

    @Override
    public String summary() {
        return "count garbage per round trip in forked JVMs (young GCs in a 10 MiB Eden + exact byte counter)";
    }

    @Override
    public String synopsis() {
        return "zwire garbage [--type CLASS[,CLASS...] [--classpath PATH] | --suite " + String.join("|", suites.names()) + "]\n"
                + "                     [--wire all|W[,W...]] [--jdk JAVA_HOME]... [--no-sibling-jdks] [--jvm-arg ARG]...\n"
                + "                     [--round-trips N] [--warm-up N] [--threshold BYTES] [--accept-fragile]\n"
                + "                     [--measure-capturing] [--where] [--format table|markdown|json] [--out FILE]";
    }

    @Override
    public String details() {
        return "First, the capture check: each type's readMarshallable and writeMarshallable run once against a\n"
                + "recording wire, and every lambda they pass that captures (this, a local, a bound method reference) is\n"
                + "named with its field. Such a lambda is a new object per call unless the JIT removes it, so the type\n"
                + "fails without being measured (--measure-capturing measures it anyway, for experiments).\n"
                + "\n"
                + "Then each (type, wire, JDK) runs twice, each time in a new JVM with -XX:+UseSerialGC -Xmn14m\n"
                + "-XX:SurvivorRatio=5 (Eden 10 MiB) and -Xlog:gc: once as compiled, once with -XX:-DoEscapeAnalysis.\n"
                + "After the warm-up a probe forces one collection (which the parser must find, so an unreadable log is\n"
                + "an error, never a zero), then writes and reads back the type N times between two markers and counts\n"
                + "the young collections logged in between: each is one Eden, about 1 byte per round trip at 10 million.\n"
                + "It also reports the exact bytes per round trip (per-thread allocation counter) and ns.\n"
                + "Verdicts: ok (clean in both runs); FRAGILE (clean only through escape analysis: another program that\n"
                + "inlines differently may allocate; fails unless --accept-fragile); GARBAGE; CAPTURES; ERROR.\n"
                + "\n"
                + "A type needs a public no-argument constructor (the reused target). If it has a public static no-argument\n"
                + "sample() returning the type, that instance is written; otherwise a new instance is.\n"
                + "JDKs: the current one, each --jdk, and every other JDK 17+ installed beside the current one.\n"
                + "\n"
                + "Exit status: 0 all clean; 1 some pair produced garbage, is fragile or captures;\n"
                + "2 bad arguments; 3 some pair could not be measured (see the errors under the table).\n"
                + "Example: zwire garbage --type com.acme.Order --wire yaml,numbered --classpath target/classes";
    }

    @Override
    public List<Option> options() {
        return List.of(
                UserClassPath.types("the " + suites.names().get(0) + " suite"),
                UserClassPath.OPTION,
                Option.value("suite", "NAME", "a named set of types: " + String.join(", ", suites.names())),
                Option.value("wire", "WIRES", "wires (default: all available; names: " + WireNames.known() + ")"),
                JdkSelection.JDK,
                JdkSelection.NO_SIBLINGS,
                Option.value("jvm-arg", "ARG", "add ARG to every probe's JVM command line (repeatable; --jvm-arg=-XX:...)"),
                Option.value("round-trips", "N", "measured round trips per pair (default 10M)"),
                Option.value("warm-up", "N", "round trips before measuring (default 1M)"),
                Option.value("threshold", "BYTES", "bytes per round trip above which a pair fails (default 0.01)"),
                Option.flag("accept-fragile", "pass pairs that are clean only through escape analysis"),
                Option.flag("measure-capturing", "measure types whose lambdas capture instead of failing them unmeasured"),
                Option.flag("where", "after the report, where each pair that allocates does so: sites, fields, by design"
                        + " or not, and the assertion to use (one more JVM per such pair)"),
                Option.value("format", "FORMAT", "table (default), markdown or json"),
                Option.value("out", "FILE", "write the report here instead of standard output"),
                Option.value("timeout", "SECONDS", "longest time one pair may take (default 900)"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        long roundTrips = arguments.longValue("round-trips", DEFAULT_ROUND_TRIPS, 1);
        long warmUp = arguments.longValue("warm-up", DEFAULT_WARM_UP, 0);
        long timeout = arguments.longValue("timeout", DEFAULT_TIMEOUT_SECONDS, 1);
        double threshold = arguments.doubleValue("threshold", 0.01);
        String format = arguments.choice("format", "table", FORMATS);
        List<WireType> wires = WireNames.parseAll(arguments.list("wire"));
        String userClassPath = UserClassPath.absolute(arguments.value("classpath", ""));
        boolean acceptFragile = arguments.flag("accept-fragile");
        boolean measureCapturing = arguments.flag("measure-capturing");
        List<CheckedType> checked = types(arguments, userClassPath);
        List<JavaRuntime> jdks = JdkSelection.select(arguments, console, "garbage");
        List<MarshallableType> measured = new ArrayList<>();
        List<GarbageResult> unmeasured = new ArrayList<>();
        Map<MarshallableType, String> capturing = new HashMap<>();
        for (CheckedType candidate : checked) {
            MarshallableType type = candidate.type();
            if (candidate.error() != null) {
                console.err().println("zwire garbage: " + candidate.error());
                for (JavaRuntime jdk : jdks) {
                    for (WireType wire : wires) {
                        unmeasured.add(GarbageResult.failed(type.simpleName(), wire, jdk, candidate.error()));
                    }
                }
                continue;
            }
            if (candidate.capturing() != null) {
                console.err().println("zwire garbage: " + candidate.capturing().strip());
                capturing.put(type, candidate.capturing());
                if (!measureCapturing) {
                    for (JavaRuntime jdk : jdks) {
                        for (WireType wire : wires) {
                            unmeasured.add(GarbageResult.capturing(type.simpleName(), wire, jdk, candidate.capturing()));
                        }
                    }
                    continue;
                }
            }
            if (!type.hasSample()) {
                console.err().println("zwire garbage: " + type.name() + " has no public static sample(): writing a new"
                        + " instance, with default field values");
            }
            measured.add(type);
        }

        String ownClassPath = UserClassPath.absolute(System.getProperty("java.class.path"));
        String classPath = userClassPath.isEmpty() ? ownClassPath : ownClassPath + File.pathSeparator + userClassPath;
        ProbeLauncher launcher = new ProbeLauncher(classPath, timeout, arguments.values("jvm-arg"));
        GarbageHarness harness = new GarbageHarness(launcher, warmUp, roundTrips);
        List<GarbageHarness.Run> runs = new ArrayList<>();
        for (GarbageHarness.Run run : GarbageHarness.plan(measured, wires, jdks)) {
            runs.add(new GarbageHarness.Run(run.type(), run.wire(), run.jdk(), capturing.get(run.type())));
        }
        console.err().printf(Locale.ROOT, "zwire garbage: %d pair%s (%d type%s x %d wire%s x %d JDK%s), each measured"
                        + " as compiled and without escape analysis, %,d round trips each%n",
                runs.size(), plural(runs.size()), measured.size(), plural(measured.size()), wires.size(),
                plural(wires.size()), jdks.size(), plural(jdks.size()), roundTrips);
        List<GarbageResult> results = new ArrayList<>(unmeasured);
        List<GarbageResult> measuredResults = harness.run(runs, new ProgressPrinter(console));
        results.addAll(measuredResults);
        // Results carry a simple name for the table; two types may share one, so each is tied to its run's type.
        Map<GarbageResult, MarshallableType> typeOf = new IdentityHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            typeOf.put(measuredResults.get(i), runs.get(i).type());
        }

        GarbageReport report = new GarbageReport(results, threshold, acceptFragile);
        String text = switch (format) {
            case "markdown" -> report.markdown();
            case "json" -> report.json();
            default -> report.table();
        };
        if (arguments.flag("where")) {
            String where = where(measured, report.allocating(), typeOf, launcher, threshold);
            if (format.equals("json")) {
                // The JSON stays one document for the tools that read it; the words go beside it.
                console.err().print(where);
            } else {
                text += format.equals("markdown") ? "\n```\n" + where + "```\n" : "\n" + where;
            }
        }
        String out = arguments.value("out", null);
        if (out == null) {
            console.out().print(text);
            console.out().flush();
        } else {
            try {
                Files.writeString(Path.of(out), text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                console.err().println("zwire garbage: cannot write " + out + ": " + e);
                return FAILED;
            }
            console.err().println("zwire garbage: report written to " + out);
        }
        return report.anyError() ? MEASUREMENT_FAILED : report.anyGarbageOrError() ? FAILED : OK;
    }

    /**
     * For each type with pairs that failed by allocating, where they allocate
     * ({@link AllocationDiagnosis}). Blocks while one JVM per such pair runs; allocates.
     */
    private static String where(List<MarshallableType> types, List<GarbageResult> allocating,
                                Map<GarbageResult, MarshallableType> typeOf, ProbeLauncher launcher, double threshold) {
        StringBuilder text = new StringBuilder();
        for (MarshallableType type : types) {
            List<GarbageResult> own = allocating.stream().filter(r -> typeOf.get(r) == type).toList();
            if (own.isEmpty()) {
                continue;
            }
            text.append(AllocationDiagnosis.of(type, launcher, threshold, own, ""));
        }
        return text.toString();
    }

    private static String plural(int count) {
        return count == 1 ? "" : "s";
    }

    /**
     * A type found by name, with the capture check's report (null when its lambdas capture
     * nothing) or why the check could not run (null when it ran).
     */
    private record CheckedType(MarshallableType type, String capturing, String error) {
    }

    private List<CheckedType> types(Arguments arguments, String userClassPath) throws UsageException {
        List<String> names = arguments.list("type");
        String suite = arguments.value("suite", null);
        if (!names.isEmpty() && suite != null) {
            throw new UsageException("give --type or --suite, not both");
        }
        if (names.isEmpty()) {
            try {
                names = suites.types(suite);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        // Loaded here, once, so a misspelt name is a usage error rather than one failed probe per pair,
        // and so the capture check runs before any JVM is forked. The loader is only for these checks:
        // the probes load the types afresh in their own JVMs.
        try (URLClassLoader loader = UserClassPath.loader(userClassPath)) {
            List<CheckedType> types = new ArrayList<>();
            for (String name : names) {
                MarshallableType type = MarshallableType.load(name, loader);
                String capturing = null;
                String error = null;
                try {
                    capturing = CaptureCheck.report(type);
                } catch (RuntimeException e) {
                    error = e.getMessage();
                }
                types.add(new CheckedType(type, capturing, error));
            }
            return types;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } catch (IOException e) {
            throw UserClassPath.unreadable(e);
        }
    }

    /** One line per run on the error stream: what is running, then its outcome and duration. */
    private static final class ProgressPrinter implements GarbageHarness.ProgressListener {
        private final Console console;
        private long started;

        ProgressPrinter(Console console) {
            this.console = console;
        }

        @Override
        public void starting(int index, int total, GarbageHarness.Run run) {
            started = System.nanoTime();
            console.err().printf(Locale.ROOT, "[%d/%d] %s over %s on JDK %s ... ", index + 1, total,
                    run.type().simpleName(), run.wire(), run.jdk());
            console.err().flush();
        }

        @Override
        public void finished(GarbageResult result) {
            double seconds = (System.nanoTime() - started) / 1e9;
            ProbeReport compiled = result.compiled();
            ProbeReport strict = result.strict();
            if (compiled == null) {
                console.err().printf(Locale.ROOT, "ERROR (%.1f s)%n", seconds);
            } else if (strict == null) {
                console.err().printf(Locale.ROOT, "%d young GCs, %.4f B/rt, %.1f ns/rt (%.1f s)%n",
                        compiled.youngGcs(), compiled.exactBytesPerRoundTrip(), compiled.nanosPerRoundTrip(), seconds);
            } else {
                console.err().printf(Locale.ROOT, "%d young GCs, %.4f B/rt, %.1f ns/rt; no EA: %d young GCs, %.4f B/rt"
                                + " (%.1f s)%n", compiled.youngGcs(), compiled.exactBytesPerRoundTrip(),
                        compiled.nanosPerRoundTrip(), strict.youngGcs(), strict.exactBytesPerRoundTrip(), seconds);
            }
        }
    }
}
