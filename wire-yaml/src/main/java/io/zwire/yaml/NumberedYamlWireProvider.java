package io.zwire.yaml;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.spi.WireProvider;
import io.zwire.spi.WireReader;
import io.zwire.spi.WireWriter;

/** Provides {@link WireType#YAML_NUMBERED}: the same YAML with field numbers as keys. */
public final class NumberedYamlWireProvider implements WireProvider {
    @Override
    public WireType type() {
        return WireType.YAML_NUMBERED;
    }

    @Override
    public WireReader newReader(Bytes bytes, WireOptions options) {
        return new YamlWireReader(bytes, options, true);
    }

    @Override
    public WireWriter newWriter(Bytes bytes, WireOptions options) {
        return new YamlWireWriter(bytes, true);
    }
}
