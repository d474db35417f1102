package io.zwire.kafka;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Reads a record written by {@link ZwireSerializer}, in place: a region {@link Bytes}
 * ({@link Bytes#region()}) is pointed at the record's {@code ByteBuffer}, so the value is never
 * copied, and the document is read on the wire its {@link ZwireHeaders} name into a new instance
 * ({@link Instances#NEW}) or one reused per type and thread ({@link Instances#REUSED}: then the
 * object returned is valid only until the same thread deserializes the next record).
 *
 * <pre>{@code
 * Consumer<String, Order> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
 *         new ZwireDeserializer<>(Order.class, types, Instances.NEW));
 * }</pre>
 *
 * <p>Schema evolution: a record whose fingerprint differs from the local type's is read as usual
 * on a self-describing wire (fields it lacks get their defaults, fields the reader does not know
 * are skipped), and refused on {@link WireType#RAW}, which would misread it.
 *
 * <p>Failures: a record with missing or unknown headers, of a type not registered or not a
 * {@code T}, RAW across schemas, or bytes that are not one whole document gets a
 * {@link SerializationException} (its cause the {@link WireException} when the bytes are bad),
 * never a wrong value. {@code KafkaConsumer.poll} reports it as a
 * {@link org.apache.kafka.common.errors.RecordDeserializationException} naming the partition and
 * offset, so the application can {@code seek} past the record.
 *
 * <p>Thread-safe: Kafka Streams shares one deserializer between all tasks and stream threads, so
 * each thread reads through state of its own (its region, wires and reused instances), found
 * through a {@link ThreadLocal}: made on the thread's first record, a lookup that allocates nothing
 * after, and kept until the thread ends or this deserializer is unreachable. Reading into a reused instance allocates nothing per
 * record here; Kafka's consumer allocates per record (the record, its headers' keys and values)
 * whatever the deserializer does.
 *
 * @param <T> the records' type: a registered {@link Marshallable} or a supertype of several
 */
public final class ZwireDeserializer<T extends Marshallable> implements Deserializer<T> {
    /** Each thread's reader; replaced as a whole when configured, so a thread never mixes two configurations. */
    private volatile ThreadLocal<RecordReader> readers;

    /** For Kafka to create by name; {@link #configure(Map, boolean)} must run before use. */
    public ZwireDeserializer() {
    }

    /**
     * A deserializer ready to use. Records each type's schema (allocates, microseconds per type).
     *
     * @param expected  the class every record must be an instance of ({@code Marshallable.class}
     *                  for any registered type)
     * @param types     the types records may hold, by alias; also resolves typed objects inside
     * @param instances a new instance per record, or one reused per type and thread
     * @throws IllegalArgumentException if {@code types} holds no {@link Marshallable}
     */
    public ZwireDeserializer(Class<T> expected, TypeRegistry types, Instances instances) {
        init(expected, types, instances);
    }

    /**
     * Reads {@link ZwireKafkaConfig#TYPE} or {@link ZwireKafkaConfig#TYPES}, and
     * {@link ZwireKafkaConfig#INSTANCES}, which may only be {@code NEW}: a consumer Kafka creates
     * deserializes a whole poll before returning it, so reused instances would all hold the last
     * record. Allocates; Kafka calls it once, before any record.
     *
     * @param configs the client's properties
     * @param isKey   whether this deserializes keys (the same properties apply)
     * @throws org.apache.kafka.common.config.ConfigException on a missing or bad property, and for
     *         {@code zwire.instances=REUSED}
     */
    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        init((Class<T>) Marshallable.class, ZwireKafkaConfig.types(configs), ZwireKafkaConfig.instances(configs));
    }

    private void init(Class<T> expected, TypeRegistry registry, Instances instances) {
        RecordTypes types = new RecordTypes(registry);
        WireOptions options = WireOptions.defaults().withTypes(registry);
        this.readers = ThreadLocal.withInitial(() -> new RecordReader(expected, types, instances, options));
    }

    /**
     * Refused: the wire and type are in the headers, which this form does not have.
     *
     * @param topic the topic
     * @param data  the record's value
     * @return null for a null value
     * @throws SerializationException for any other value
     */
    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        throw new SerializationException("ZwireDeserializer needs the record's headers (" + ZwireHeaders.WIRE + ", "
                + ZwireHeaders.TYPE + ", " + ZwireHeaders.FINGERPRINT + ") for topic " + topic);
    }

    /**
     * As {@link #deserialize(String, Headers, ByteBuffer)} over the whole array: copies nothing.
     *
     * @param topic   the topic
     * @param headers the record's headers
     * @param data    the record's value, or null
     * @return as {@link #deserialize(String, Headers, ByteBuffer)}
     * @throws SerializationException as {@link #deserialize(String, Headers, ByteBuffer)}
     */
    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        return data == null ? null : read(topic, headers, ByteBuffer.wrap(data));
    }

    /**
     * Reads the value's bytes, from the buffer's position to its limit, in place; the buffer's
     * position does not move. Allocates nothing per record with {@link Instances#REUSED} (a new
     * instance with {@link Instances#NEW}, the calling thread's reader on its first record, and
     * the exception on a refusal); blocks never; safe to call from several threads at once.
     *
     * @param topic   the topic
     * @param headers the record's headers: the {@link ZwireHeaders} are required
     * @param data    the record's value, or null for a tombstone
     * @return the record, or null for a null value
     * @throws SerializationException if a header is missing or unknown, the type is not
     *         registered or not a {@code T}, the wire is RAW and the fingerprints differ or the
     *         type reads otherwise than it writes, the bytes are not exactly one valid document
     *         (cause: the {@link WireException}), or the type's factory or
     *         {@code readMarshallable} throws (cause: its exception)
     * @throws IllegalStateException if used before configuration
     */
    @Override
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        return data == null ? null : read(topic, headers, data);
    }

    @SuppressWarnings("unchecked")
    private T read(String topic, Headers headers, ByteBuffer data) {
        ThreadLocal<RecordReader> configured = readers;
        if (configured == null) {
            throw new IllegalStateException("ZwireDeserializer used before configure(...)");
        }
        // The reader checked the record's type against the expected class.
        return (T) configured.get().read(topic, headers, data);
    }
}
