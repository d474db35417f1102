package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/**
 * A provider that only claims a wire type, for tests of how providers are found: it is never
 * asked for a codec there, and refuses if it is.
 */
public abstract class ClaimingWireProvider implements WireProvider {
    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        throw new UnsupportedOperationException("a provider that only claims " + type());
    }

    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        throw new UnsupportedOperationException("a provider that only claims " + type());
    }
}
