/**
 * zwire's text wires: YAML with field names, YAML with field numbers, and JSON. The codecs are
 * reached through {@link io.zwire.WireType}; no package is exported.
 */
module io.zwire.yaml {
    requires io.zwire;

    provides io.zwire.spi.WireProvider with
            io.zwire.yaml.YamlWireProvider,
            io.zwire.yaml.NumberedYamlWireProvider,
            io.zwire.json.JsonWireProvider;
}
