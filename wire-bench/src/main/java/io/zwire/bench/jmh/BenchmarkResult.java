package io.zwire.bench.jmh;

/**
 * One benchmark's figures.
 *
 * @param group        the benchmark class's simple name, e.g. {@code CodecBenchmark}
 * @param operation    the method: {@code encode}, {@code decode}, {@code roundTrip}, {@code single}, {@code mixed}
 * @param workload     the workload parameter, or null where there is none
 * @param subject      the codec, the wire, or the list of mixed wires
 * @param nanos        mean nanoseconds per operation
 * @param nanosError   the 99.9% confidence half-width JMH reports (NaN with a single iteration)
 * @param bytesPerOp   bytes allocated per operation, from JMH's GC profiler (NaN if not profiled)
 */
public record BenchmarkResult(String group, String operation, String workload, String subject, double nanos,
                              double nanosError, double bytesPerOp) {
}
