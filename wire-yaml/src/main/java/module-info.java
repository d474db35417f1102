/**
 * zwire's text wires. The codecs are reached through {@link io.zwire.WireType}; no package is
 * exported.
 */
module io.zwire.yaml {
    requires io.zwire;

    provides io.zwire.spi.WireProvider with
            io.zwire.json.JsonWireProvider;
}
