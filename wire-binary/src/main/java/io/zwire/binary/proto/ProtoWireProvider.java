package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/** Provides {@link WireType#NUMBERED}. */
public final class ProtoWireProvider implements WireProvider {
    @Override
    public WireType type() {
        return WireType.NUMBERED;
    }

    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        return new ProtoWireReader(bytes, options);
    }

    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        return new ProtoWireWriter(bytes);
    }
}
