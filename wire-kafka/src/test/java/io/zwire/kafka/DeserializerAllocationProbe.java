package io.zwire.kafka;

import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import org.apache.kafka.common.header.internals.RecordHeaders;

import java.nio.ByteBuffer;

/**
 * Measures what {@link ZwireDeserializer} itself allocates per record read into a reused
 * instance: records as the consumer hands them over (the value a region of a larger buffer, the
 * headers as the serializer wrote them), deserialized in a loop on one thread, counted with the
 * exact per-thread counter. Kafka's own per-record objects (the record, its headers) are made
 * before the loop, so they are not counted: they are Kafka's, whatever the deserializer does.
 *
 * <p>Run in-process by {@link DeserializerGarbageTest} and, as a main class, in forked JVMs with
 * escape analysis off; prints {@code <WIRE> bytes/record=<n>} per wire.
 */
public final class DeserializerAllocationProbe {
    /** Records cycled through, so the loop does not read one value over and over. */
    private static final int DISTINCT_RECORDS = 4;
    /** Bytes before each value in its fetch buffer, so the region starts at an offset as Kafka's do. */
    private static final int VALUE_OFFSET = 61;

    private final ZwireDeserializer<Trade> deserializer = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.REUSED);
    private final ByteBuffer[] values = new ByteBuffer[DISTINCT_RECORDS];
    private final RecordHeaders[] headers = new RecordHeaders[DISTINCT_RECORDS];
    private long checksum;

    private DeserializerAllocationProbe(WireType wire, boolean direct) {
        ZwireSerializer<Trade> serializer = new ZwireSerializer<>(wire, Trade.TYPES);
        for (int i = 0; i < DISTINCT_RECORDS; i++) {
            headers[i] = new RecordHeaders();
            byte[] value = serializer.serialize("probe", headers[i], Trade.of(i));
            ByteBuffer fetch = direct ? ByteBuffer.allocateDirect(VALUE_OFFSET + value.length + 7)
                    : ByteBuffer.allocate(VALUE_OFFSET + value.length + 7);
            fetch.position(VALUE_OFFSET);
            fetch.put(value);
            values[i] = fetch.position(VALUE_OFFSET).limit(VALUE_OFFSET + value.length).slice();
            headers[i].lastHeader(ZwireHeaders.WIRE);
        }
    }

    /**
     * Bytes allocated per record by {@code deserialize(topic, headers, ByteBuffer)} into a reused
     * instance on {@code wire}, after {@code warmUp} unmeasured records.
     */
    static double bytesPerRecord(WireType wire, boolean direct, int warmUp, int records) {
        DeserializerAllocationProbe probe = new DeserializerAllocationProbe(wire, direct);
        probe.read(warmUp);
        long before = AllocationMeter.allocatedBytes();
        probe.read(records);
        double perRecord = (AllocationMeter.allocatedBytes() - before) / (double) records;
        if (probe.checksum == 0) {
            throw new AssertionError("nothing was read");
        }
        return perRecord;
    }

    private void read(int records) {
        for (int i = 0; i < records; i++) {
            int which = i % DISTINCT_RECORDS;
            Trade trade = deserializer.deserialize("probe", headers[which], values[which]);
            if (trade.seq != which) {
                throw new AssertionError("read " + trade + " for record " + which);
            }
            checksum += trade.qty;
        }
    }

    /**
     * Prints {@code <WIRE> bytes/record=<n>} for each available wire, from heap buffers, in one JVM.
     *
     * @param args warm-up records, measured records
     */
    public static void main(String[] args) {
        for (WireType wire : WireType.available()) {
            double bytes = bytesPerRecord(wire, false, Integer.parseInt(args[0]), Integer.parseInt(args[1]));
            System.out.println(wire.name() + " bytes/record=" + bytes);
        }
    }
}
