/**
 * zwire's binary wires: BINARY (CBOR, field names), NUMBERED (the protobuf encoding, field numbers) and RAW
 * (fixed layout in write order). The codecs are reached through {@link io.zwire.WireType}; the one
 * exported package, {@code io.zwire.binary}, holds {@link io.zwire.binary.BinaryDump}.
 */
module io.zwire.binary {
    requires transitive io.zwire;

    exports io.zwire.binary;

    provides io.zwire.spi.WireProvider with
            io.zwire.binary.cbor.CborWireProvider,
            io.zwire.binary.proto.ProtoWireProvider,
            io.zwire.binary.raw.RawWireProvider;
}
