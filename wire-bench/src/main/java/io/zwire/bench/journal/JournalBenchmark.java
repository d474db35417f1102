package io.zwire.bench.journal;

import io.zwire.test.harness.FileTrees;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one peer through the three runs of the journal benchmark, each in JVMs forked with the
 * peer's options ({@link ForkedWorker}), each journal in a fresh directory deleted after its run:
 * producer and consumer as two threads of one JVM; the consumer in one JVM and the producer in
 * another (the consumer starts first and tails from the first message); and one appender
 * appending as fast as it can. A fresh JVM per run keeps one peer's (or run's) JIT profile and
 * garbage out of the next.
 */
public final class JournalBenchmark {
    /** Time a run may take beyond its messages' schedule: two JVM starts and a consumer's stall wait. */
    private static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** The throughput run's allowance per message, beyond the slack: a very slow peer, 10 µs. */
    private static final long THROUGHPUT_NANOS_PER_MESSAGE = 10_000;
    private static final double NANOS_PER_SECOND = 1e9;

    private JournalBenchmark() {
    }

    /**
     * Runs {@code peer}. Blocks for about {@code warmup + measured} seconds twice plus the
     * throughput run and four JVM starts; allocates.
     *
     * @param peer     the peer
     * @param settings rate and lengths
     * @param files    where the journals go
     * @param progress told what runs next
     * @return the peer's figures
     * @throws IOException if a worker cannot start, fails or misses its deadline (with its stderr)
     * @throws InterruptedException if interrupted while waiting for a worker
     */
    public static PeerResult run(JournalPeer peer, JournalSettings settings, JournalFiles files, Consumer<String> progress)
            throws IOException, InterruptedException {
        long rate = settings.messagesPerSecond();
        long warmup = settings.warmupMessages();
        long measured = settings.measuredMessages();
        long pacedNanos = pacedNanos(settings);
        LatencyResult threads = threads(peer, settings, files, progress);

        progress.accept(peer.name() + ": two processes");
        LatencyResult processes;
        double producerBytes;
        Path shared = files.newJournalDirectory(peer.name() + "-processes");
        try (ForkedWorker consumer = ForkedWorker.start(peer, JournalWorker.TAIL, shared, rate, warmup, measured)) {
            long deadline = System.nanoTime() + pacedNanos + SLACK_NANOS;
            consumer.awaitLine(WorkerProtocol.READY, deadline);
            try (ForkedWorker producer = ForkedWorker.start(peer, JournalWorker.PRODUCE, shared, rate, warmup, measured)) {
                producerBytes = WorkerProtocol.parseSentBytes(producer.awaitLine(WorkerProtocol.SENT, deadline));
                producer.awaitSuccess(deadline);
            }
            processes = WorkerProtocol.parseLatency(consumer.awaitLine(WorkerProtocol.LATENCY, deadline))
                    .withProducerBytes(producerBytes);
            consumer.awaitSuccess(deadline);
        } finally {
            FileTrees.delete(shared);
        }

        return new PeerResult(peer.title(), threads, processes, throughput(peer, settings, files, progress));
    }

    /**
     * Runs {@code peer} between two threads and with one appender, not between processes: the
     * {@code --orders} run's rows. Blocks for about {@code warmup + measured} seconds plus the
     * throughput run and two JVM starts; allocates.
     *
     * @param peer     the peer
     * @param settings rate and lengths
     * @param files    where the journals go
     * @param progress told what runs next
     * @return the latency between two threads and the throughput
     * @throws IOException if a worker cannot start, fails or misses its deadline (with its stderr)
     * @throws InterruptedException if interrupted while waiting for a worker
     */
    public static WireResult runThreadsAndThroughput(ZwireOrderPeer peer, JournalSettings settings, JournalFiles files,
                                                     Consumer<String> progress) throws IOException, InterruptedException {
        return new WireResult(peer.title(), peer.documentBytes(), threads(peer, settings, files, progress),
                throughput(peer, settings, files, progress));
    }

    private static LatencyResult threads(JournalPeer peer, JournalSettings settings, JournalFiles files,
                                         Consumer<String> progress) throws IOException, InterruptedException {
        progress.accept(peer.name() + ": two threads");
        return WorkerProtocol.parseLatency(alone(peer, JournalWorker.THREADS, files, settings.messagesPerSecond(),
                settings.warmupMessages(), settings.measuredMessages(), WorkerProtocol.LATENCY,
                pacedNanos(settings) + SLACK_NANOS));
    }

    private static ThroughputResult throughput(JournalPeer peer, JournalSettings settings, JournalFiles files,
                                               Consumer<String> progress) throws IOException, InterruptedException {
        progress.accept(peer.name() + ": one appender, maximum throughput");
        long count = settings.throughputMessages();
        return WorkerProtocol.parseThroughput(alone(peer, JournalWorker.THROUGHPUT, files, settings.messagesPerSecond(), 0,
                count, WorkerProtocol.THROUGHPUT, count * THROUGHPUT_NANOS_PER_MESSAGE + SLACK_NANOS));
    }

    /** {@return how long the producer's schedule of warm-up and measured messages lasts} */
    private static long pacedNanos(JournalSettings settings) {
        return (long) ((settings.warmupMessages() + settings.measuredMessages()) * NANOS_PER_SECOND
                / settings.messagesPerSecond());
    }

    /** Runs a worker that needs no other, in a journal of its own, and returns its result line. */
    private static String alone(JournalPeer peer, String mode, JournalFiles files, long rate, long warmup, long measured,
                                String resultKey, long timeoutNanos) throws IOException, InterruptedException {
        Path directory = files.newJournalDirectory(peer.name() + "-" + mode);
        try (ForkedWorker worker = ForkedWorker.start(peer, mode, directory, rate, warmup, measured)) {
            long deadline = System.nanoTime() + timeoutNanos;
            String line = worker.awaitLine(resultKey, deadline);
            worker.awaitSuccess(deadline);
            return line;
        } finally {
            FileTrees.delete(directory);
        }
    }
}
