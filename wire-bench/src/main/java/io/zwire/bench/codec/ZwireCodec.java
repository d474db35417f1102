package io.zwire.bench.codec;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.bench.model.Workload;

/** zwire over one wire: {@code writeDocument} into a reused buffer, {@code readDocument} into a reused target. */
final class ZwireCodec implements BenchCodec {
    private final Wire wire;
    private final Marshallable source;
    private final Marshallable target;

    ZwireCodec(WireType type, Workload workload) {
        this.wire = type.apply(Bytes.elastic(1024));
        this.source = workload.source();
        this.target = workload.newTarget();
    }

    @Override
    public int encode() {
        Bytes bytes = wire.bytes();
        bytes.clear();
        wire.writeDocument(source);
        return bytes.writePosition();
    }

    @Override
    public Object decode() {
        if (wire.bytes().writePosition() == 0) {
            throw new IllegalStateException("nothing encoded to decode over " + wire.type());
        }
        wire.bytes().readPosition(0);
        if (!wire.readDocument(target)) {
            throw new IllegalStateException("nothing encoded to decode over " + wire.type());
        }
        return target;
    }

    @Override
    public Object source() {
        return source;
    }

    @Override
    public byte[] encoded() {
        Bytes bytes = wire.bytes();
        if (bytes.writePosition() == 0) {
            throw new IllegalStateException("nothing encoded over " + wire.type());
        }
        byte[] copy = new byte[bytes.writePosition()];
        bytes.copyTo(0, copy, 0, copy.length);
        return copy;
    }
}
