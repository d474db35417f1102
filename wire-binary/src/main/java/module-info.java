/**
 * zwire's binary wires: BINARY (CBOR, field names), NUMBERED (the protobuf encoding, field numbers) and RAW
 * (fixed layout in write order). The codecs are reached through
 * {@link io.zwire.WireType}; no package is exported.
 */
module io.zwire.binary {
    requires io.zwire;

    provides io.zwire.spi.WireProvider with
            io.zwire.binary.cbor.CborWireProvider,
            io.zwire.binary.proto.ProtoWireProvider,
            io.zwire.binary.raw.RawWireProvider;
}
