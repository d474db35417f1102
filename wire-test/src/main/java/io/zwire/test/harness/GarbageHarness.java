package io.zwire.test.harness;

import io.zwire.WireType;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs every (type, wire, JDK) combination through forked {@link GarbageProbe}s, one after
 * another (concurrent probes would share the machine and disturb each other's timings): once as
 * compiled and once with escape analysis off ({@link ProbeMode}), each in a JVM of its own.
 */
public final class GarbageHarness {
    private final ProbeLauncher launcher;
    private final long warmUp;
    private final long roundTrips;
    private final List<ProbeMode> modes;

    /**
     * @param launcher   forks the probes
     * @param warmUp     round trips before the measurement, enough for C2 to compile the path
     * @param roundTrips measured round trips; 10 million make one young collection about 1 byte per round trip
     */
    public GarbageHarness(ProbeLauncher launcher, long warmUp, long roundTrips) {
        this(launcher, warmUp, roundTrips, List.of(ProbeMode.values()));
    }

    /**
     * @param launcher   forks the probes
     * @param warmUp     round trips before the measurement, enough for C2 to compile the path
     * @param roundTrips measured round trips; 10 million make one young collection about 1 byte per round trip
     * @param modes      the modes to measure each combination in: {@link ProbeMode#AS_COMPILED} first
     * @throws IllegalArgumentException if {@code modes} does not start with {@link ProbeMode#AS_COMPILED}
     */
    public GarbageHarness(ProbeLauncher launcher, long warmUp, long roundTrips, List<ProbeMode> modes) {
        if (modes.isEmpty() || modes.get(0) != ProbeMode.AS_COMPILED) {
            throw new IllegalArgumentException("the modes must start with AS_COMPILED: " + modes);
        }
        this.launcher = launcher;
        this.warmUp = warmUp;
        this.roundTrips = roundTrips;
        this.modes = List.copyOf(modes);
    }

    /**
     * One combination to measure.
     *
     * @param capturing the capture check's report when the type's lambdas capture and it is to be
     *                  measured all the same, else null
     */
    public record Run(MarshallableType type, WireType wire, JavaRuntime jdk, String capturing) {
        /** A run of a type whose lambdas capture nothing. */
        public Run(MarshallableType type, WireType wire, JavaRuntime jdk) {
            this(type, wire, jdk, null);
        }
    }

    /** Every combination, JDK-major so each JDK's runs are adjacent. Allocates. */
    public static List<Run> plan(List<MarshallableType> types, List<WireType> wires, List<JavaRuntime> jdks) {
        List<Run> runs = new ArrayList<>();
        for (JavaRuntime jdk : jdks) {
            for (MarshallableType type : types) {
                for (WireType wire : wires) {
                    runs.add(new Run(type, wire, jdk));
                }
            }
        }
        return runs;
    }

    /**
     * Runs {@code runs} in order, calling {@code progress} before each with its index, and
     * {@code done} after each with its result. Blocks; allocates. A run that fails becomes an
     * {@link GarbageResult.Verdict#ERROR} result; the others still run.
     */
    public List<GarbageResult> run(List<Run> runs, ProgressListener progress) {
        List<GarbageResult> results = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            progress.starting(i, runs.size(), run);
            GarbageResult result;
            try {
                ProbeReport compiled = probe(run, ProbeMode.AS_COMPILED);
                result = GarbageResult.measured(run.type().simpleName(), run.wire(), run.jdk(), compiled);
                if (modes.contains(ProbeMode.NO_ESCAPE_ANALYSIS)) {
                    try {
                        result = GarbageResult.measured(run.type().simpleName(), run.wire(), run.jdk(), compiled,
                                probe(run, ProbeMode.NO_ESCAPE_ANALYSIS));
                    } catch (GcLogException e) {
                        // The compiled figures stay in the report beside the reason the strict run has none.
                        result = new GarbageResult(result.type(), result.wire(), result.jdk(), compiled, null, null,
                                "without escape analysis: " + e.getMessage());
                    }
                }
            } catch (GcLogException e) {
                result = GarbageResult.failed(run.type().simpleName(), run.wire(), run.jdk(), e.getMessage());
            }
            if (run.capturing() != null) {
                result = result.withCapturing(run.capturing());
            }
            results.add(result);
            progress.finished(result);
        }
        return results;
    }

    private ProbeReport probe(Run run, ProbeMode mode) {
        return launcher.run(run.jdk(), run.type().name(), run.wire(), mode, warmUp, roundTrips);
    }

    /** A listener that shows nothing. */
    public static final ProgressListener SILENT = new ProgressListener() {
        @Override
        public void starting(int index, int total, Run run) {
        }

        @Override
        public void finished(GarbageResult result) {
        }
    };

    /** Told about each run, so a long series shows progress. */
    public interface ProgressListener {
        /** Before run {@code index} (0-based) of {@code total}. */
        void starting(int index, int total, Run run);

        /** After a run. */
        void finished(GarbageResult result);
    }
}
