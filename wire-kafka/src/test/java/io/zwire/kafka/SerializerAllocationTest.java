package io.zwire.kafka;

import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;

import java.util.Iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The producer side: {@link ZwireSerializer} allocates per record only the {@code byte[]} that
 * Kafka's {@code Serializer} must return. Measured with a {@link Headers} that keeps the values
 * in place (Kafka's own {@code RecordHeaders} allocates a header object per {@code add}, which is
 * Kafka's cost, not the serializer's).
 */
class SerializerAllocationTest {
    private static final int WARM_UP = 100_000;
    private static final int RECORDS = 300_000;
    /** A HotSpot array with compressed class pointers: a 16-byte header, the length rounded up to 8 bytes. */
    private static final int ARRAY_HEADER = 16;
    private static final int ALIGNMENT = 8;

    @Test
    void serializingAllocatesOnlyTheArrayKafkaRequiresOnEveryWire() {
        Trade trade = Trade.of(5);
        for (WireType wire : WireType.available()) {
            ZwireSerializer<Trade> serializer = new ZwireSerializer<>(wire, Trade.TYPES);
            HeldHeaders headers = new HeldHeaders();
            int length = serializer.serialize("t", headers, trade).length;
            long arrayBytes = (ARRAY_HEADER + length + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
            for (int i = 0; i < WARM_UP; i++) {
                serializer.serialize("t", headers.clear(), trade);
            }
            long before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < RECORDS; i++) {
                serializer.serialize("t", headers.clear(), trade);
            }
            double perRecord = (AllocationMeter.allocatedBytes() - before) / (double) RECORDS;
            System.out.printf("serialize %-13s %.2f bytes/record, the returned array %d (Java %s)%n", wire, perRecord,
                    arrayBytes, Runtime.version());
            assertEquals(arrayBytes, perRecord, 0.01, wire + ": bytes per record beyond the returned array");
        }
    }

    /** Headers kept in three fields, so adding allocates nothing: the serializer's own cost is what is left. */
    private static final class HeldHeaders implements Headers {
        private byte[] wire;
        private byte[] type;
        private byte[] fingerprint;

        HeldHeaders clear() {
            wire = null;
            type = null;
            fingerprint = null;
            return this;
        }

        @Override
        public Headers add(String key, byte[] value) {
            switch (key) {
                case ZwireHeaders.WIRE -> wire = value;
                case ZwireHeaders.TYPE -> type = value;
                case ZwireHeaders.FINGERPRINT -> fingerprint = value;
                default -> throw new IllegalArgumentException(key);
            }
            return this;
        }

        @Override
        public Headers add(Header header) {
            return add(header.key(), header.value());
        }

        @Override
        public Headers remove(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Header lastHeader(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterable<Header> headers(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Header[] toArray() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Iterator<Header> iterator() {
            throw new UnsupportedOperationException("held: " + wire + type + fingerprint);
        }
    }
}
