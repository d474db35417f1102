package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/** Provides {@link WireType#YAML}: block-style YAML with field names as keys. */
public final class YamlWireProvider implements WireProvider {
    @Override
    public WireType type() {
        return WireType.YAML;
    }

    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        return new YamlWireReader(bytes, options, false);
    }

    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        return new YamlWireWriter(bytes, false);
    }
}
