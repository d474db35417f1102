/**
 * zwire over Kafka ({@code io.zwire.kafka}): a {@code Serializer} and a {@code ByteBuffer}
 * {@code Deserializer} for {@link io.zwire.Marshallable} types, with the wire, the type's alias
 * and its schema fingerprint in record headers. Needs {@code io.zwire} and kafka-clients only; the
 * wires used are whichever wire modules are present.
 */
// kafka-clients has no module descriptor: it is the automatic module kafka.clients, named after its jar.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.zwire.kafka {
    requires transitive io.zwire;
    requires transitive kafka.clients;

    exports io.zwire.kafka;
}
