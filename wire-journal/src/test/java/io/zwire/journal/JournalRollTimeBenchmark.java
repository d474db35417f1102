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

/**
 * What a roll costs the appending thread, which wire-bench's latency harness shows only as a tail
 * of the send-to-read latency (the harness, {@code zwire-bench journal-latency}, is the journal's
 * benchmark; this measures the one thing it cannot switch: the journal's own cycle preparation).
 * Runs only when asked for: {@code -Dtests.groups=benchmark} (docs/journal.md gives the command).
 */
@Tag("benchmark")
class JournalRollTimeBenchmark {
    /** Pacing between appends: a producer at 100,000 messages per second. */
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
}
