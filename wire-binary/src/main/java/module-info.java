/**
 * zwire's binary wires: RAW (fixed layout in write order). The codecs are reached through
 * {@link io.zwire.WireType}; no package is exported.
 */
module io.zwire.binary {
    requires io.zwire;

    provides io.zwire.spi.WireProvider with io.zwire.binary.raw.RawWireProvider;
}
