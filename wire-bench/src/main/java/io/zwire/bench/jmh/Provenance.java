package io.zwire.bench.jmh;

/**
 * How a set of figures was made, as every report built from them states it.
 *
 * @param command  the exact command that produced the figures
 * @param date     when, as an ISO date
 * @param build    the build measured ({@link io.zwire.bench.report.BuildInfo#describe})
 * @param machine  the machine and its load when the run began ({@link MachineInfo#describeWithLoad})
 * @param settings the JMH settings in words, e.g. {@code 2 x 1 s warm-up, 3 x 1 s measured, 1 fork}
 */
public record Provenance(String command, String date, String build, String machine, String settings) {
}
