/**
 * zwire's text wires: YAML with field names, YAML with field numbers, and JSON. The codecs are
 * reached through {@link io.zwire.WireType} and stay internal; the one exported package,
 * {@code io.zwire.jsonschema}, writes the JSON Schema of a type's JSON documents.
 */
module io.zwire.yaml {
    requires transitive io.zwire;

    exports io.zwire.jsonschema;

    provides io.zwire.spi.WireProvider with
            io.zwire.yaml.YamlWireProvider,
            io.zwire.yaml.NumberedYamlWireProvider,
            io.zwire.json.JsonWireProvider;
}
