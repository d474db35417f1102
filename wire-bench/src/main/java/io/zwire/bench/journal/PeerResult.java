package io.zwire.bench.journal;

/**
 * One peer's row of the report.
 *
 * @param title      the peer's {@link JournalPeer#title}
 * @param threads    producer and consumer as two threads of one JVM
 * @param processes  producer and consumer in two JVMs
 * @param throughput one appender, as fast as it can
 */
public record PeerResult(String title, LatencyResult threads, LatencyResult processes, ThroughputResult throughput) {
    /** {@return whether every message of every run arrived} */
    public boolean complete() {
        return threads.complete() && processes.complete() && throughput.complete();
    }
}
