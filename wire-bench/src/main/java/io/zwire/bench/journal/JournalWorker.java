package io.zwire.bench.journal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The JVM the harness forks for each run of a peer, with that peer's {@link JournalPeer#jvmOptions}:
 * {@code JournalWorker MODE PEER DIRECTORY RATE WARMUP MEASURED} (counts of messages; the
 * {@code throughput} mode appends {@code MEASURED}). Modes: {@code threads} (producer and
 * consumer in this JVM), {@code tail} and {@code produce} (one side each of a process run),
 * {@code throughput}. Prints {@link WorkerProtocol} lines; exits 0 once it printed its result
 * (which says how many messages arrived), 1 when the run failed (a message torn or out of order,
 * the journal not opened), 2 on bad arguments.
 */
public final class JournalWorker {
    /** Runs producer and consumer as two threads of this JVM. */
    public static final String THREADS = "threads";
    /** Runs the consumer of a process run. */
    public static final String TAIL = "tail";
    /** Runs the producer of a process run. */
    public static final String PRODUCE = "produce";
    /** Runs the single appender's throughput run. */
    public static final String THROUGHPUT = "throughput";
    /** How long a consumer waits for a message before giving up on the run. */
    static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How far ahead of now the first message is due, so both sides are in their loops by then. */
    private static final long START_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final int ARGUMENTS = 6;
    private static final int BAD_ARGUMENTS = 2;
    private static final int RUN_FAILED = 1;

    private JournalWorker() {
    }

    /**
     * Runs one mode and exits with its status. Blocks for the run.
     *
     * @param args {@code MODE PEER DIRECTORY RATE WARMUP MEASURED}
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        String mode = args.length == ARGUMENTS ? args[0] : "";
        JournalPeer peer;
        Path directory;
        long rate;
        long warmup;
        long measured;
        try {
            if (!List.of(THREADS, TAIL, PRODUCE, THROUGHPUT).contains(mode)) {
                throw new IllegalArgumentException("usage: JournalWorker threads|tail|produce|throughput PEER DIRECTORY"
                        + " RATE WARMUP MEASURED");
            }
            peer = JournalPeers.named(args[1]);
            directory = Path.of(args[2]);
            rate = Long.parseLong(args[3]);
            warmup = Long.parseLong(args[4]);
            measured = Long.parseLong(args[5]);
        } catch (IllegalArgumentException e) {
            System.err.println("JournalWorker: " + e.getMessage());
            System.exit(BAD_ARGUMENTS);
            return;
        }
        int status;
        try {
            run(mode, peer, directory, rate, warmup, measured, out);
            status = 0;
        } catch (IOException | RuntimeException | InterruptedException e) {
            e.printStackTrace();
            status = RUN_FAILED;
        }
        out.flush();
        System.exit(status);
    }

    private static void run(String mode, JournalPeer peer, Path directory, long rate, long warmup, long measured,
                            PrintStream out) throws IOException, InterruptedException {
        try (JournalPeer.Journal journal = peer.open(directory)) {
            switch (mode) {
                case THREADS:
                    threads(journal, rate, warmup, measured, out);
                    break;
                case TAIL: {
                    JournalPeer.Tailer tailer = journal.tailer();
                    out.println(WorkerProtocol.READY);
                    LatencyResult result = LatencyConsumer.run(tailer, warmup, measured, STALL_NANOS);
                    out.println(WorkerProtocol.latencyLine(result));
                    break;
                }
                case PRODUCE: {
                    JournalPeer.Appender appender = journal.appender();
                    double bytes = PacedProducer.run(appender, warmup, measured, rate, System.nanoTime() + START_DELAY_NANOS);
                    out.println(WorkerProtocol.sentLine(warmup + measured, bytes));
                    break;
                }
                case THROUGHPUT: {
                    out.println(WorkerProtocol.throughputLine(ThroughputRun.run(journal, measured)));
                    break;
                }
                default:
                    throw new IllegalStateException("mode '" + mode + "' passed the check in main");
            }
        }
    }

    private static void threads(JournalPeer.Journal journal, long rate, long warmup, long measured, PrintStream out)
            throws InterruptedException {
        CountDownLatch tailing = new CountDownLatch(1);
        AtomicReference<LatencyResult> result = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread consumer = new Thread(() -> {
            try {
                JournalPeer.Tailer tailer = journal.tailer();
                tailing.countDown();
                result.set(LatencyConsumer.run(tailer, warmup, measured, STALL_NANOS));
            } catch (RuntimeException e) {
                failure.set(e);
                tailing.countDown();
            }
        }, "journal-consumer");
        consumer.start();
        tailing.await();
        JournalPeer.Appender appender = journal.appender();
        double producerBytes = PacedProducer.run(appender, warmup, measured, rate, System.nanoTime() + START_DELAY_NANOS);
        consumer.join();
        if (failure.get() != null) {
            throw failure.get();
        }
        out.println(WorkerProtocol.latencyLine(result.get().withProducerBytes(producerBytes)));
    }
}
