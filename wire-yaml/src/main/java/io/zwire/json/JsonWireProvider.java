package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/** Provides {@link WireType#JSON}. Found by {@link java.util.ServiceLoader}; not for direct use. */
public final class JsonWireProvider implements WireProvider {
    /** Called by {@link java.util.ServiceLoader}. */
    public JsonWireProvider() {
    }

    @Override
    public WireType type() {
        return WireType.JSON;
    }

    /** A reader over {@code bytes} with {@code options}' limits and text cache. Allocates its reusable state. */
    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        return new JsonWireReader(bytes, options);
    }

    /** A writer appending to {@code bytes}. Allocates its reusable state. */
    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        return new JsonWireWriter(bytes, options.jsonTypedObjects());
    }
}
