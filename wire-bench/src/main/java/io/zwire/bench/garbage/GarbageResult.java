package io.zwire.bench.garbage;

import io.zwire.WireType;

/**
 * The outcome for one (type, wire, JDK): a report, or the reason there is none.
 *
 * @param type   the type's simple name
 * @param wire   the wire
 * @param jdk    the installation the probe ran on
 * @param report what was measured, or null when the run failed
 * @param error  why the run failed, or null when it succeeded
 */
public record GarbageResult(String type, WireType wire, JavaRuntime jdk, ProbeReport report, String error) {
    /** A measured run. */
    public static GarbageResult measured(String type, WireType wire, JavaRuntime jdk, ProbeReport report) {
        return new GarbageResult(type, wire, jdk, report, null);
    }

    /** A run that produced no measurement. */
    public static GarbageResult failed(String type, WireType wire, JavaRuntime jdk, String error) {
        return new GarbageResult(type, wire, jdk, null, error);
    }

    /** The verdict against {@code threshold} bytes per round trip. */
    public Verdict verdict(double threshold) {
        if (report == null) {
            return Verdict.ERROR;
        }
        boolean clean = report.youngGcs() == 0 && report.fullGcs() == 0 && report.exactBytesPerRoundTrip() <= threshold;
        return clean ? Verdict.CLEAN : Verdict.GARBAGE;
    }

    /** How a run compares with the threshold. */
    public enum Verdict {
        /** No collection during the measurement, and the exact count within the threshold. */
        CLEAN("ok"),
        /** A collection during the measurement, or more bytes per round trip than the threshold. */
        GARBAGE("GARBAGE"),
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
