package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

import java.util.Map;

/**
 * A {@link ZwireSerializer} and a {@link ZwireDeserializer} as one Kafka {@link Serde}, for Kafka
 * Streams ({@code Consumed.with(Serdes.String(), new ZwireSerde<>(...))}) or
 * {@code default.value.serde}. {@code Serde} is part of kafka-clients, so this costs no
 * dependency on Kafka Streams.
 *
 * @param <T> the records' type
 */
public final class ZwireSerde<T extends Marshallable> implements Serde<T> {
    private final ZwireSerializer<T> serializer;
    private final ZwireDeserializer<T> deserializer;

    /** For Kafka to create by name; {@link #configure(Map, boolean)} must run before use. */
    public ZwireSerde() {
        this.serializer = new ZwireSerializer<>();
        this.deserializer = new ZwireDeserializer<>();
    }

    /**
     * A serde ready to use, reading a new instance per record. Allocates (each type's schema,
     * twice).
     *
     * @param wire      the wire records are written on
     * @param expected  the class every record read must be an instance of
     * @param types     the types records may hold, by alias
     * @throws IllegalArgumentException as {@link ZwireSerializer#ZwireSerializer(WireType, TypeRegistry)}
     */
    public ZwireSerde(WireType wire, Class<T> expected, TypeRegistry types) {
        this.serializer = new ZwireSerializer<>(wire, types);
        this.deserializer = new ZwireDeserializer<>(expected, types, Instances.NEW);
    }

    /**
     * Configures both halves from the same properties ({@link ZwireKafkaConfig}). Allocates.
     *
     * @param configs the client's properties
     * @param isKey   whether this is the key serde
     * @throws org.apache.kafka.common.config.ConfigException on a missing or bad property, and for
     *         {@code zwire.instances=REUSED}
     */
    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    /**
     * The serializer; the same instance on every call.
     *
     * @return the serializer
     */
    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    /**
     * The deserializer; the same instance on every call, safe to use from several threads at once.
     *
     * @return the deserializer
     */
    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}
