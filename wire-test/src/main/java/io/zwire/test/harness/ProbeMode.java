package io.zwire.test.harness;

import java.util.List;

/**
 * How a probe's JVM compiles the round trip. Each (type, wire, JDK) is measured both ways,
 * because C2's escape analysis can remove an allocation (a capturing lambda, a short-lived
 * iterator) in one program and not in the next: whether it does depends on inlining decisions
 * that change with the code around the call. A type that is clean only with escape analysis is
 * clean by luck; a type clean without it allocates nothing wherever it runs.
 */
public enum ProbeMode {
    /** The JVM's defaults: what a production JVM does with this code today. */
    AS_COMPILED("as compiled", List.of()),
    /** Escape analysis off: what the code itself allocates, with no scalar replacement to hide it. */
    NO_ESCAPE_ANALYSIS("no escape analysis", List.of("-XX:-DoEscapeAnalysis"));

    private final String label;
    private final List<String> jvmOptions;

    ProbeMode(String label, List<String> jvmOptions) {
        this.label = label;
        this.jvmOptions = jvmOptions;
    }

    /** Words for reports. */
    public String label() {
        return label;
    }

    /** The JVM options this mode adds to the probe's command line. */
    public List<String> jvmOptions() {
        return jvmOptions;
    }
}
