package io.zwire.test;

import io.zwire.Marshallable;
import io.zwire.WireType;
import io.zwire.test.harness.AllocationDiagnosis;
import io.zwire.test.harness.CaptureCheck;
import io.zwire.test.harness.GarbageHarness;
import io.zwire.test.harness.GarbageReport;
import io.zwire.test.harness.GarbageResult;
import io.zwire.test.harness.JavaRuntime;
import io.zwire.test.harness.JdkLocator;
import io.zwire.test.harness.MarshallableType;
import io.zwire.test.harness.ProbeLauncher;
import io.zwire.test.harness.ProbeReport;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The strict garbage check of one type, as a test runs it: the same verdict as {@code zwire
 * garbage}, on the test's own JDK and class path.
 *
 * <pre>{@code
 * @Test
 * void tradeIsGarbageFree() {
 *     GarbageCheck.of(Trade.class).wires(WireType.YAML, WireType.BINARY).roundTrips(10_000_000).assertClean();
 * }
 * }</pre>
 *
 * <p>First the capture check ({@link CaptureCheck}): every lambda the type's
 * {@code readMarshallable} and {@code writeMarshallable} pass that captures something fails the
 * check by name, with no JVM forked. Then, per wire, two JVMs are forked with the test's class
 * path, a 10 MiB Eden and the GC log: one as compiled, one with {@code -XX:-DoEscapeAnalysis}.
 * Each writes {@code sample()} (or a new instance) and reads it back into a reused instance, after
 * a warm-up, and counts young collections and the exact bytes the thread allocated. A pair is
 * clean when both runs are; clean only as compiled is <em>fragile</em> and fails unless
 * {@link #acceptFragile()} is given, because it holds only while the JIT happens to inline the
 * path the way it did in that JVM.
 *
 * <p>The type must be a public concrete class with a public no-argument constructor (the reused
 * target); a public static no-argument {@code sample()} returning the type supplies the written
 * instance. A fresh JVM loads the type by name, so a type built by a factory with arguments
 * cannot be forked: use {@link GarbageAssertions#assertNoGarbageInProcess} for it.
 *
 * <p>Not thread-safe; one builder per check. {@link #assertClean()} blocks while the JVMs run
 * (about a second each with the defaults) and allocates.
 */
public final class GarbageCheck {
    /** Round trips measured per JVM by default: enough for the exact counter, quick in a unit test. */
    public static final long DEFAULT_ROUND_TRIPS = GarbageAssertions.ROUND_TRIPS;
    /** Round trips run before the measurement by default, so C2 has compiled the path. */
    public static final long DEFAULT_WARM_UP = GarbageAssertions.WARM_UP;
    /** Bytes per round trip above which a pair fails, as in {@code zwire garbage}. */
    public static final double THRESHOLD = GarbageAssertions.THRESHOLD;
    private static final long TIMEOUT_SECONDS = 600;

    /** The name {@link MarshallableType#load} finds the type by: a class name, or {@code Holder#FIELD}. */
    private final String type;
    private final ClassLoader loader;
    private List<WireType> wires = List.of();
    private long roundTrips = DEFAULT_ROUND_TRIPS;
    private long warmUp = DEFAULT_WARM_UP;
    private boolean acceptFragile;
    private boolean diagnose = true;
    private final List<String> jvmArguments = new ArrayList<>();

    private GarbageCheck(String type, ClassLoader loader) {
        this.type = type;
        this.loader = loader;
    }

    /**
     * {@return a check of {@code type} over every available wire, with the default counts}
     * Nothing runs until {@link #assertClean()}.
     *
     * @param type the type to check: a public concrete class with a public no-argument constructor
     */
    public static GarbageCheck of(Class<? extends Marshallable> type) {
        return new GarbageCheck(type.getName(), type.getClassLoader());
    }

    /**
     * {@return a check of the type {@code holder}'s public static {@link io.zwire.Marshaller}
     * field {@code marshallerField} describes, over every available wire, with the default counts}
     * {@code holder} must declare {@code public static T sample()} returning the instance to
     * write; each round trip reads it back into the object the previous read returned. Nothing
     * runs until {@link #assertClean()} or {@link #assertAllocatesByDesign(double)}.
     *
     * @param holder          a public class with the marshaller field and {@code sample()}
     * @param marshallerField the name of the field
     */
    public static GarbageCheck of(Class<?> holder, String marshallerField) {
        return new GarbageCheck(holder.getName() + "#" + marshallerField, holder.getClassLoader());
    }

    /**
     * Only these wires (default: every wire {@link WireType#available()} lists).
     *
     * @param chosen the wires to check; replaces any given before
     * @return this check
     */
    public GarbageCheck wires(WireType... chosen) {
        this.wires = List.copyOf(Arrays.asList(chosen));
        return this;
    }

    /**
     * Round trips measured in each JVM. One million (the default) resolves 0.01 bytes per round
     * trip with the exact counter; ten million also make each young collection about one byte per
     * round trip, as {@code zwire garbage} does.
     *
     * @param count measured round trips per JVM
     * @return this check
     * @throws IllegalArgumentException if not positive
     */
    public GarbageCheck roundTrips(long count) {
        if (count <= 0) {
            throw new IllegalArgumentException("round trips must be positive: " + count);
        }
        this.roundTrips = count;
        return this;
    }

    /**
     * Round trips run before measuring.
     *
     * @param count unmeasured round trips per JVM, {@value #DEFAULT_WARM_UP} by default
     * @return this check
     * @throws IllegalArgumentException if negative
     */
    public GarbageCheck warmUp(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("warm-up must not be negative: " + count);
        }
        this.warmUp = count;
        return this;
    }

    /**
     * Passes pairs that are clean only through escape analysis (see the class comment for why not by default).
     *
     * @return this check
     */
    public GarbageCheck acceptFragile() {
        this.acceptFragile = true;
        return this;
    }

    /**
     * Adds an option to every forked JVM's command line, after the harness's own.
     *
     * @param argument one JVM option, such as {@code -XX:+UseParallelGC}
     * @return this check
     */
    public GarbageCheck jvmArgument(String argument) {
        jvmArguments.add(argument);
        return this;
    }

    /**
     * A failed {@link #assertClean()} reports the verdicts only, without sampling where the
     * garbage comes from: saves the one extra JVM (a few seconds) per failed wire, for a test that
     * expects the failure and does not read the diagnosis.
     *
     * @return this check
     */
    public GarbageCheck withoutDiagnosis() {
        this.diagnose = false;
        return this;
    }

    /** Runs the check and returns its results, one per wire, without judging them. Blocks; allocates. */
    private List<GarbageResult> run() {
        MarshallableType loaded = MarshallableType.load(type, loader);
        List<WireType> chosen = chosenWires();
        JavaRuntime jdk = JdkLocator.current();
        String capturing;
        List<GarbageResult> results = new ArrayList<>();
        try {
            capturing = CaptureCheck.report(loaded);
        } catch (IllegalStateException e) {
            for (WireType wire : chosen) {
                results.add(GarbageResult.failed(loaded.simpleName(), wire, jdk, e.getMessage()));
            }
            return results;
        }
        if (capturing != null) {
            for (WireType wire : chosen) {
                results.add(GarbageResult.capturing(loaded.simpleName(), wire, jdk, capturing));
            }
            return results;
        }
        GarbageHarness harness = new GarbageHarness(launcher(), warmUp, roundTrips);
        return harness.run(GarbageHarness.plan(List.of(loaded), chosen, List.of(jdk)), GarbageHarness.SILENT);
    }

    /**
     * Runs the check and fails unless every wire is clean (or fragile, when accepted). Blocks
     * while the JVMs run; allocates.
     *
     * @throws AssertionError           with the report (both runs per wire, the capturing lambdas,
     *                                  or the reason a run failed) if any wire fails; for a wire
     *                                  that allocates, also where: each allocation site and its
     *                                  field, sampled in one more JVM, whether the schema knows it
     *                                  allocates by design, and the assertion to use when all do
     *                                  (unless {@link #withoutDiagnosis()} was given)
     * @throws IllegalArgumentException if the type cannot be loaded by name and constructed, or a
     *                                  wire's module is not present
     */
    public void assertClean() {
        GarbageReport report = new GarbageReport(run(), THRESHOLD, acceptFragile);
        if (report.anyGarbageOrError()) {
            throw new AssertionError(type + " is not garbage-free in the strict sense:\n" + report.table()
                    + diagnosis(report.allocating()));
        }
    }

    /**
     * Where the pairs that failed by allocating allocate, sampled in one more JVM each, and the
     * assertion to use when the schema knows every site allocates by design; empty when there
     * are none. Only a failed check pays for it.
     */
    private String diagnosis(List<GarbageResult> allocating) {
        if (allocating.isEmpty() || !diagnose) {
            return "";
        }
        return "\n" + AllocationDiagnosis.of(MarshallableType.load(type, loader), launcher(), THRESHOLD, allocating,
                ownOptions());
    }

    /** The options this check was given that are not the defaults, as the user wrote them. */
    private String ownOptions() {
        StringBuilder text = new StringBuilder();
        if (roundTrips != DEFAULT_ROUND_TRIPS) {
            text.append(".roundTrips(").append(roundTrips).append(')');
        }
        if (warmUp != DEFAULT_WARM_UP) {
            text.append(".warmUp(").append(warmUp).append(')');
        }
        for (String argument : jvmArguments) {
            text.append(".jvmArgument(\"").append(argument.replace("\\", "\\\\").replace("\"", "\\\"")).append("\")");
        }
        if (acceptFragile) {
            text.append(".acceptFragile()");
        }
        return text.toString();
    }

    private ProbeLauncher launcher() {
        return new ProbeLauncher(classPath(), TIMEOUT_SECONDS, jvmArguments);
    }

    /**
     * Runs the check for a type that allocates by design, such as a record read through
     * {@link io.zwire.Marshaller#ofRecord} (one instance per read): passes when every wire, in
     * both JVMs, allocates at most {@code bytesPerRoundTrip} (plus {@value #THRESHOLD}) per round
     * trip by the exact counter, and returns the report, which says so; the young collections
     * that allocation causes are expected and listed, not failures. Blocks while the JVMs run;
     * allocates.
     *
     * @param bytesPerRoundTrip the allocation expected per round trip, such as the size of one
     *                          record (16 bytes of header and fields, rounded up to 8, on a
     *                          64-bit JVM with compressed pointers)
     * @return the report: per wire and JVM, the bytes per round trip and the collections
     * @throws AssertionError           with the report if a run fails, captures, or allocates more
     * @throws IllegalArgumentException as {@link #assertClean()}, or if {@code bytesPerRoundTrip} is negative
     */
    public String assertAllocatesByDesign(double bytesPerRoundTrip) {
        if (bytesPerRoundTrip < 0) {
            throw new IllegalArgumentException("expected bytes per round trip must not be negative: " + bytesPerRoundTrip);
        }
        double limit = bytesPerRoundTrip + THRESHOLD;
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
                "%s allocates by design: at most %s bytes per round trip expected, so collections are expected too%n",
                type, bytesPerRoundTrip));
        boolean failed = false;
        for (GarbageResult result : run()) {
            boolean measured = result.error() == null && result.capturing() == null && result.compiled() != null;
            boolean within = measured && result.compiled().exactBytesPerRoundTrip() <= limit
                    && (result.strict() == null || result.strict().exactBytesPerRoundTrip() <= limit);
            failed |= !within;
            report.append(String.format(Locale.ROOT, "  %-13s %s%n", result.wire(), !measured
                    ? "FAILED: " + (result.error() != null ? result.error() : result.capturing())
                    : describe("compiled", result.compiled()) + describe(", no EA", result.strict())
                            + (within ? "  as designed" : "  <-- MORE THAN EXPECTED")));
        }
        if (failed) {
            throw new AssertionError(report.toString());
        }
        return report.toString();
    }

    private static String describe(String label, ProbeReport run) {
        return run == null ? "" : String.format(Locale.ROOT, "%s %.2f bytes per round trip (%d young collections)",
                label, run.exactBytesPerRoundTrip(), run.youngGcs());
    }

    private List<WireType> chosenWires() {
        List<WireType> chosen = wires.isEmpty() ? WireType.available() : wires;
        for (WireType wire : chosen) {
            if (!wire.isAvailable()) {
                throw new IllegalArgumentException("WireType." + wire + " is not on the class path; available: "
                        + WireType.available());
            }
        }
        return chosen;
    }

    /** The test JVM's class path and module path, both as a class path for the probes. */
    private static String classPath() {
        List<String> entries = new ArrayList<>();
        for (String property : List.of("java.class.path", "jdk.module.path")) {
            String value = System.getProperty(property, "");
            if (!value.isBlank()) {
                entries.add(value);
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
