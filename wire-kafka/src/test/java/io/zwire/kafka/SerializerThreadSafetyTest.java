package io.zwire.kafka;

import io.zwire.WireType;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A {@code KafkaProducer} calls its serializer from every sending thread: one serializer must encode each record whole. */
class SerializerThreadSafetyTest {
    private static final int THREADS = 4;
    private static final int RECORDS_PER_THREAD = 20_000;

    @Test
    void aSerializerSharedBySendingThreadsEncodesEveryRecordWhole() throws Exception {
        ZwireSerializer<Trade> shared = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES);
        ExecutorService senders = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int first = t * RECORDS_PER_THREAD;
                results.add(senders.submit(() -> {
                    ZwireDeserializer<Trade> reader = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.REUSED);
                    int checked = 0;
                    for (int seq = first; seq < first + RECORDS_PER_THREAD; seq++) {
                        RecordHeaders headers = new RecordHeaders();
                        byte[] value = shared.serialize("t", headers, Trade.of(seq));
                        assertEquals(Trade.of(seq), reader.deserialize("t", headers, ByteBuffer.wrap(value)));
                        checked++;
                    }
                    return checked;
                }));
            }
            for (Future<Integer> result : results) {
                assertEquals(RECORDS_PER_THREAD, result.get(60, TimeUnit.SECONDS));
            }
        } finally {
            senders.shutdownNow();
        }
    }
}
