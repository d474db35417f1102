package io.zwire.bench.garbage;

import io.zwire.WireType;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs every (type, wire, JDK) combination through its own forked {@link GarbageProbe}, one
 * after another (concurrent probes would share the machine and disturb each other's timings).
 */
public final class GarbageHarness {
    private final ProbeLauncher launcher;
    private final long warmUp;
    private final long roundTrips;

    /**
     * @param launcher   forks the probes
     * @param warmUp     round trips before the measurement, enough for C2 to compile the path
     * @param roundTrips measured round trips; 10 million make one young collection about 1 byte per round trip
     */
    public GarbageHarness(ProbeLauncher launcher, long warmUp, long roundTrips) {
        this.launcher = launcher;
        this.warmUp = warmUp;
        this.roundTrips = roundTrips;
    }

    /** One combination to measure. */
    public record Run(MarshallableType type, WireType wire, JavaRuntime jdk) {
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
                ProbeReport report = launcher.run(run.jdk(), run.type().name(), run.wire(), warmUp, roundTrips);
                result = GarbageResult.measured(run.type().simpleName(), run.wire(), run.jdk(), report);
            } catch (GcLogException e) {
                result = GarbageResult.failed(run.type().simpleName(), run.wire(), run.jdk(), e.getMessage());
            }
            results.add(result);
            progress.finished(result);
        }
        return results;
    }

    /** Told about each run, so a long series shows progress. */
    public interface ProgressListener {
        /** Before run {@code index} (0-based) of {@code total}. */
        void starting(int index, int total, Run run);

        /** After a run. */
        void finished(GarbageResult result);
    }
}
