package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/** Provides {@link WireType#RAW}. */
public final class RawWireProvider implements WireProvider {
    @Override
    public WireType type() {
        return WireType.RAW;
    }

    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        return new RawWireReader(bytes, options);
    }

    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        return new RawWireWriter(bytes);
    }
}
