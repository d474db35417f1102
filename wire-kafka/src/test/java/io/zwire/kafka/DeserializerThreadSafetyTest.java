package io.zwire.kafka;

import io.zwire.WireType;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * One {@link ZwireDeserializer} called from several threads at once, as Kafka Streams calls the
 * deserializer of a serde it shares between its tasks and stream threads: every record read is
 * the record written.
 */
class DeserializerThreadSafetyTest {
    private static final int THREADS = 4;
    private static final int READS_PER_THREAD = 20_000;
    /** Distinct records, on different wires, so threads read different bytes through different wires. */
    private static final int RECORDS = 12;

    private final RecordHeaders[] headers = new RecordHeaders[RECORDS];
    private final ByteBuffer[] values = new ByteBuffer[RECORDS];

    DeserializerThreadSafetyTest() {
        List<WireType> wires = WireType.available();
        for (int i = 0; i < RECORDS; i++) {
            headers[i] = new RecordHeaders();
            values[i] = ByteBuffer.wrap(new ZwireSerializer<>(wires.get(i % wires.size()), Trade.TYPES)
                    .serialize("shared", headers[i], Trade.of(i)));
        }
    }

    @Test
    void oneDeserializerSharedByThreadsReadsEveryRecordAsWritten() throws Exception {
        ZwireDeserializer<Trade> shared = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW);
        List<Trade> lastReads = readConcurrently(shared);
        assertEquals(THREADS, lastReads.size());
    }

    @Test
    void withReusedInstancesEachThreadReadsIntoAnInstanceOfItsOwn() throws Exception {
        ZwireDeserializer<Trade> shared = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.REUSED);
        List<Trade> lastReads = readConcurrently(shared);
        for (int i = 0; i < THREADS; i++) {
            for (int j = i + 1; j < THREADS; j++) {
                assertNotSame(lastReads.get(i), lastReads.get(j), "threads " + i + " and " + j + " share an instance");
            }
        }
        Trade first = shared.deserialize("shared", headers[0], values[0]);
        assertSame(first, shared.deserialize("shared", headers[1], values[1]), "one thread reuses its instance");
    }

    /** Each thread reads every record many times, starting at its own offset, checking each value; returns each thread's last read. */
    private List<Trade> readConcurrently(ZwireDeserializer<Trade> shared) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Trade>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int start = t;
                Callable<Trade> reader = () -> {
                    Trade last = null;
                    for (int n = 0; n < READS_PER_THREAD; n++) {
                        int which = (start + n) % RECORDS;
                        last = shared.deserialize("shared", headers[which], values[which].duplicate());
                        assertEquals(Trade.of(which), last, "record " + which + " read " + n + " on thread " + start);
                    }
                    return last;
                };
                results.add(threads.submit(reader));
            }
            List<Trade> last = new ArrayList<>();
            for (Future<Trade> result : results) {
                last.add(result.get(60, TimeUnit.SECONDS));
            }
            return last;
        } finally {
            threads.shutdownNow();
            threads.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
