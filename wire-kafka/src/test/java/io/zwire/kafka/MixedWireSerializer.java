package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.WireType;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

import java.util.List;

/**
 * The scale-out runs' producer side: one {@link ZwireSerializer} per (wire, schema version),
 * chosen by the record's sequence number, so one producer writes a topic that mixes every wire
 * and both versions of {@link Trade}. RAW is written in version 1 only, the version the consumers
 * read: RAW across versions is refused by design ({@link KafkaTransportTest}).
 */
final class MixedWireSerializer implements Serializer<Marshallable> {
    private final List<WireType> wires = WireType.available();
    private final ZwireSerializer<Trade>[] version1;
    private final ZwireSerializer<TradeV2>[] version2;

    @SuppressWarnings({"unchecked", "rawtypes"})
    MixedWireSerializer() {
        version1 = new ZwireSerializer[wires.size()];
        version2 = new ZwireSerializer[wires.size()];
        for (int i = 0; i < wires.size(); i++) {
            version1[i] = new ZwireSerializer<>(wires.get(i), Trade.TYPES);
            version2[i] = new ZwireSerializer<>(wires.get(i), TradeV2.TYPES);
        }
    }

    /** The wire record {@code seq} is written on. */
    WireType wireOf(long seq) {
        return wires.get((int) (seq % wires.size()));
    }

    /** Whether record {@code seq} is written as {@link TradeV2}. */
    boolean isVersion2(long seq) {
        return wireOf(seq) != WireType.RAW && (seq / wires.size()) % 2 == 1;
    }

    /** The record with sequence number {@code seq}, in the version it is written in. */
    Marshallable record(long seq) {
        return isVersion2(seq) ? TradeV2.of(seq) : Trade.of(seq);
    }

    /** What a version-1 consumer reads for record {@code seq}: version 2 has no qty, so it reads 0. */
    Trade expected(long seq) {
        Trade trade = Trade.of(seq);
        if (isVersion2(seq)) {
            trade.qty = 0;
        }
        return trade;
    }

    @Override
    public byte[] serialize(String topic, Marshallable data) {
        throw new UnsupportedOperationException("needs headers");
    }

    @Override
    public byte[] serialize(String topic, Headers headers, Marshallable data) {
        int wire = (int) (seqOf(data) % wires.size());
        return data instanceof TradeV2 ? version2[wire].serialize(topic, headers, (TradeV2) data)
                : version1[wire].serialize(topic, headers, (Trade) data);
    }

    private static long seqOf(Marshallable data) {
        return data instanceof TradeV2 ? ((TradeV2) data).seq : ((Trade) data).seq;
    }
}
