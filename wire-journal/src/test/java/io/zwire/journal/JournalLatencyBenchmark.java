package io.zwire.journal;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A first measure, not the benchmark against Chronicle Queue (that belongs to wire-bench):
 * one producer thread appends a message carrying a 200-byte payload and its send time at a steady
 * rate, one consumer thread tails it with {@link WaitStrategy#SPIN} and records send-to-read
 * latency; prints percentiles. Runs only when asked for: {@code -Dtests.groups=benchmark}.
 */
@Tag("benchmark")
class JournalLatencyBenchmark {
    private static final int WARM_UP = 200_000;
    private static final int MESSAGES = 1_000_000;
    private static final long INTERVAL_NANOS = 10_000;

    /** A timestamped message with a fixed payload, about 256 bytes on BINARY. */
    public static final class Stamped implements Marshallable {
        static final Field SENT = Field.of(1, "sent");
        static final Field PAYLOAD = Field.of(2, "payload");
        static final String FILL = "x".repeat(220);

        long sent;
        String payload = FILL;

        public Stamped() {
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SENT).int64(sent).write(PAYLOAD).text(payload);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(SENT).int64(this, (s, v) -> s.sent = v).read(PAYLOAD).text(this, (s, v) -> s.payload = v);
        }
    }

    @Test
    void sendToReadLatencyBetweenTwoThreads() throws Exception {
        Path shm = Path.of("/dev/shm");
        Path directory = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")), "journal-bench");
        try {
            Journal journal = Journal.open(directory, JournalConfig.builder(WireType.BINARY,
                    TypeRegistry.builder().add("Stamped", Stamped.class, Stamped::new).build()).cycleSize(128 << 20).build());
            long[] latencies = new long[MESSAGES];
            Thread consumer = new Thread(() -> {
                Stamped into = new Stamped();
                try (JournalTailer tailer = journal.tailer()) {
                    for (int n = 0; n < WARM_UP + MESSAGES; ) {
                        if (tailer.readDocument(into)) {
                            long latency = System.nanoTime() - into.sent;
                            if (n >= WARM_UP) {
                                latencies[n - WARM_UP] = latency;
                            }
                            n++;
                        } else {
                            Thread.onSpinWait();
                        }
                    }
                }
            });
            consumer.start();
            Stamped message = new Stamped();
            try (JournalAppender appender = journal.appender()) {
                long next = System.nanoTime();
                for (int n = 0; n < WARM_UP + MESSAGES; n++) {
                    while (System.nanoTime() < next) {
                        Thread.onSpinWait();
                    }
                    message.sent = System.nanoTime();
                    appender.append(message);
                    next += INTERVAL_NANOS;
                    if (System.nanoTime() - next > 1_000_000) {
                        next = System.nanoTime(); // behind by a millisecond (descheduled): do not burst
                        LockSupport.parkNanos(1);
                    }
                }
            }
            consumer.join(120_000);
            assertEquals(false, consumer.isAlive());
            Arrays.sort(latencies);
            System.out.printf("journal BINARY 256-byte message, two threads, %,d msg/s, Java %s: p50 %,d ns, p90 %,d,"
                            + " p99 %,d, p99.9 %,d, p99.99 %,d, max %,d%n", 1_000_000_000L / INTERVAL_NANOS, Runtime.version(),
                    at(latencies, 0.5), at(latencies, 0.9), at(latencies, 0.99), at(latencies, 0.999), at(latencies, 0.9999),
                    latencies[latencies.length - 1]);
        } finally {
            Journals.delete(directory);
        }
    }

    @Test
    void throughputOfOneAppender() throws Exception {
        Path shm = Path.of("/dev/shm");
        Path directory = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")), "journal-bench");
        try {
            Journal journal = Journal.open(directory, JournalConfig.builder(WireType.BINARY,
                    TypeRegistry.builder().add("Stamped", Stamped.class, Stamped::new).build()).cycleSize(256 << 20).build());
            Stamped message = new Stamped();
            try (JournalAppender appender = journal.appender()) {
                for (int n = 0; n < WARM_UP; n++) {
                    appender.append(message);
                }
                int measured = 600_000; // with the warm-up, within one cycle: no roll measured
                long start = System.nanoTime();
                for (int n = 0; n < measured; n++) {
                    message.sent = n;
                    appender.append(message);
                }
                long elapsed = System.nanoTime() - start;
                System.out.printf("journal BINARY 256-byte message, one appender, Java %s: %,d messages/s (%.0f ns each)%n",
                        Runtime.version(), measured * 1_000_000_000L / elapsed, elapsed / (double) measured);
            }
        } finally {
            Journals.delete(directory);
        }
    }

    /**
     * The time of each append that rolled to a new 64 MiB cycle, with the cycle prepared ahead on
     * the journal's thread and with it created on the appending thread: the stall a roll adds to
     * every message behind it. Paced by a minimal park per append (some 60 us here), about a
     * minute and a half per case.
     */
    @Test
    void appendsThatRollTo64MiBCycles() throws Exception {
        for (boolean ahead : new boolean[] {true, false}) {
            Path shm = Path.of("/dev/shm");
            Path directory = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")), "journal-bench");
            try {
                JournalConfig.Builder config = JournalConfig.builder(WireType.BINARY,
                        TypeRegistry.builder().add("Stamped", Stamped.class, Stamped::new).build()).cycleSize(64 << 20);
                Journal journal = Journal.open(directory, ahead ? config.build() : config.createCyclesOnAppendingThread().build());
                Stamped message = new Stamped();
                long[] rollNanos = new long[5];
                long slowestOther = 0;
                try (JournalAppender appender = journal.appender()) {
                    long cycle = Journal.cycleOf(appender.append(message));
                    for (int rolls = 0; rolls < rollNanos.length; ) {
                        long start = System.nanoTime();
                        long index = appender.append(message);
                        long took = System.nanoTime() - start;
                        if (Journal.cycleOf(index) != cycle) {
                            cycle = Journal.cycleOf(index);
                            rollNanos[rolls++] = took;
                        } else {
                            slowestOther = Math.max(slowestOther, took);
                        }
                        // Paced, as a producer at 100,000 messages/s is: the thread has time to prepare.
                        LockSupport.parkNanos(INTERVAL_NANOS / 100);
                    }
                }
                System.out.printf("journal BINARY 64 MiB cycles, %s, Java %s: appends that rolled took %s us;"
                                + " the slowest other append %d us%n",
                        ahead ? "prepared ahead" : "created on the appending thread", Runtime.version(),
                        Arrays.toString(Arrays.stream(rollNanos).map(n -> n / 1000).toArray()), slowestOther / 1000);
            } finally {
                Journals.delete(directory);
            }
        }
    }

    private static long at(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.round(quantile * sorted.length))];
    }
}
