package io.zwire.test.harness;

import io.zwire.WireType;

/**
 * The outcome for one (type, wire, JDK): the two measurements (as compiled, and with escape
 * analysis off), or the reason there are none.
 *
 * @param type      the type's simple name
 * @param wire      the wire
 * @param jdk       the installation the probes ran on
 * @param compiled  what the probe measured with the JVM's defaults, or null when it did not run
 * @param strict    what the probe measured with {@code -XX:-DoEscapeAnalysis}, or null when it did
 *                  not run (the run failed, the type captures, or only one mode was asked for)
 * @param capturing the capture check's report when the type passes capturing lambdas, else null
 * @param error     why a probe failed, or null when every probe asked for succeeded
 */
public record GarbageResult(String type, WireType wire, JavaRuntime jdk, ProbeReport compiled, ProbeReport strict,
                            String capturing, String error) {
    /** A run measured in both modes. */
    public static GarbageResult measured(String type, WireType wire, JavaRuntime jdk, ProbeReport compiled,
                                         ProbeReport strict) {
        return new GarbageResult(type, wire, jdk, compiled, strict, null, null);
    }

    /** A run measured as compiled only. */
    public static GarbageResult measured(String type, WireType wire, JavaRuntime jdk, ProbeReport compiled) {
        return new GarbageResult(type, wire, jdk, compiled, null, null, null);
    }

    /** A run that produced no measurement. */
    public static GarbageResult failed(String type, WireType wire, JavaRuntime jdk, String error) {
        return new GarbageResult(type, wire, jdk, null, null, null, error);
    }

    /** A type the capture check failed, not measured. */
    public static GarbageResult capturing(String type, WireType wire, JavaRuntime jdk, String report) {
        return new GarbageResult(type, wire, jdk, null, null, report, null);
    }

    /** This result with the capture report attached (a capturing type measured on request). */
    public GarbageResult withCapturing(String report) {
        return new GarbageResult(type, wire, jdk, compiled, strict, report, error);
    }

    /** The verdict against {@code threshold} bytes per round trip. */
    public Verdict verdict(double threshold) {
        if (error != null) {
            return Verdict.ERROR;
        }
        if (compiled == null) {
            return capturing != null ? Verdict.CAPTURING : Verdict.ERROR;
        }
        if (!clean(compiled, threshold)) {
            return Verdict.GARBAGE;
        }
        if (strict != null && !clean(strict, threshold)) {
            return Verdict.FRAGILE;
        }
        return capturing != null ? Verdict.CAPTURING : Verdict.CLEAN;
    }

    /** True when the verdict passes: clean, or fragile when {@code acceptFragile}. */
    public boolean passes(double threshold, boolean acceptFragile) {
        Verdict verdict = verdict(threshold);
        return verdict == Verdict.CLEAN || acceptFragile && verdict == Verdict.FRAGILE;
    }

    private static boolean clean(ProbeReport report, double threshold) {
        return report.youngGcs() == 0 && report.fullGcs() == 0 && report.exactBytesPerRoundTrip() <= threshold;
    }

    /** How a run compares with the threshold. */
    public enum Verdict {
        /**
         * No collection and the exact count within the threshold in every run measured: as
         * compiled and without escape analysis, or as compiled only where only that mode was asked
         * for (then the report's no-EA columns show "-").
         */
        CLEAN("ok"),
        /**
         * Clean as compiled, garbage without escape analysis: the JIT removed the allocations this
         * time, and may not in another program where it inlines differently.
         */
        FRAGILE("FRAGILE (clean only through escape analysis)"),
        /** A collection during the measurement, or more bytes per round trip than the threshold, as compiled. */
        GARBAGE("GARBAGE"),
        /** The capture check found a lambda that captures: a new object per call unless the JIT removes it. */
        CAPTURING("CAPTURES"),
        /** No measurement: the probe failed or its log could not be read. */
        ERROR("ERROR");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** The word shown in reports. */
        public String label() {
            return label;
        }
    }
}
