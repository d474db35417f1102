package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/** Provides {@link WireType#BINARY}. */
public final class CborWireProvider implements WireProvider {
    @Override
    public WireType type() {
        return WireType.BINARY;
    }

    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        return new CborWireReader(bytes, options);
    }

    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        return new CborWireWriter(bytes);
    }
}
