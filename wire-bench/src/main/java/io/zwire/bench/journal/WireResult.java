package io.zwire.bench.journal;

/**
 * One wire's row of the {@code --orders} report.
 *
 * @param wire          the wire's name
 * @param documentBytes one message's document on that wire, without the journal's record framing
 * @param threads       producer and consumer as two threads of one JVM
 * @param throughput    one appender, as fast as it can
 */
public record WireResult(String wire, int documentBytes, LatencyResult threads, ThroughputResult throughput) {
    /** {@return whether every message of both runs arrived} */
    public boolean complete() {
        return threads.complete() && throughput.complete();
    }
}
