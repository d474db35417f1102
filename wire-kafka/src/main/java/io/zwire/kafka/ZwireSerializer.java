package io.zwire.kafka;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

import java.util.Map;
import java.util.Objects;

/**
 * Encodes a {@link Marshallable} on one wire and writes the record headers
 * ({@link ZwireHeaders}: the wire, the type's alias, its schema fingerprint).
 *
 * <pre>{@code
 * TypeRegistry types = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
 * Producer<String, Order> producer = new KafkaProducer<>(props, new StringSerializer(),
 *         new ZwireSerializer<>(WireType.BINARY, types));
 * }</pre>
 *
 * <p>Each document is encoded into one reused {@link Bytes} and then copied into the
 * {@code byte[]} that Kafka's {@code Serializer} must return: that array, and the header objects
 * the producer's {@link Headers#add} makes, are allocated per record by Kafka's API whatever the
 * codec does. The header values themselves are made once per (wire, type) and shared.
 *
 * <p>Thread-safe: a {@code KafkaProducer} calls its serializer from every thread that sends, so
 * encoding holds this serializer's lock (uncontended, it costs a few nanoseconds and allocates
 * nothing; contended, senders queue for the encode and copy, not for the network).
 *
 * @param <T> the records' type: a registered {@link Marshallable} or a supertype of several
 */
public final class ZwireSerializer<T extends Marshallable> implements Serializer<T> {
    /** First capacity of the reused buffer, which grows to fit each record. */
    private static final int INITIAL_CAPACITY = 256;
    /**
     * The largest capacity kept between records. A record that grew the buffer past it is sent,
     * then the buffer is dropped for a new one of {@link #INITIAL_CAPACITY}: one rare large record
     * does not pin its size for the producer's life, at the cost of an allocation after each such
     * record (which already allocated its large array).
     */
    static final int RETAINED_CAPACITY = 1 << 20;

    private WireType wireType;
    private byte[] wireName;
    private RecordTypes types;
    private WireOptions options;
    private Bytes buffer;
    private Wire wire;

    /** For Kafka to create by name; {@link #configure(Map, boolean)} must run before use. */
    public ZwireSerializer() {
    }

    /**
     * A serializer ready to use, writing {@code wire}. Records each type's schema (allocates,
     * microseconds per type).
     *
     * @param wire  the wire every record is written on
     * @param types the types that may be sent, with their aliases; also resolves typed objects
     *              inside a record
     * @throws IllegalArgumentException if {@code types} holds no {@link Marshallable}, or
     *         {@code wire}'s module is not on the class or module path
     */
    public ZwireSerializer(WireType wire, TypeRegistry types) {
        init(wire, types);
    }

    /**
     * Reads {@link ZwireKafkaConfig#WIRE} and {@link ZwireKafkaConfig#TYPE} or
     * {@link ZwireKafkaConfig#TYPES}. Allocates; Kafka calls it once, before any record.
     *
     * @param configs the client's properties
     * @param isKey   whether this serializes keys (the same properties apply)
     * @throws org.apache.kafka.common.config.ConfigException on a missing or bad property
     */
    @Override
    public synchronized void configure(Map<String, ?> configs, boolean isKey) {
        init(ZwireKafkaConfig.wire(configs), ZwireKafkaConfig.types(configs));
    }

    private synchronized void init(WireType chosen, TypeRegistry registry) {
        if (!chosen.isAvailable()) {
            throw new IllegalArgumentException(chosen + " needs its wire module on the class or module path");
        }
        this.wireType = chosen;
        this.wireName = ZwireHeaders.wireBytes(chosen);
        this.types = new RecordTypes(registry);
        this.options = WireOptions.defaults().withTypes(registry);
        newBuffer();
    }

    private void newBuffer() {
        this.buffer = Bytes.elastic(INITIAL_CAPACITY);
        this.wire = wireType.apply(buffer, options);
    }

    /** The capacity of the buffer kept for the next record, for tests of its bound. */
    synchronized int retainedCapacity() {
        return buffer.capacity();
    }

    /**
     * The wire this serializer writes.
     *
     * @return the wire, or null before configuration
     */
    public synchronized WireType wireType() {
        return wireType;
    }

    /**
     * Refused: the deserializer needs the headers, which this form cannot write. Kafka's producer
     * and Kafka Streams call {@link #serialize(String, Headers, Marshallable)}.
     *
     * @param topic the topic
     * @param data  the record
     * @return never
     * @throws SerializationException always, unless {@code data} is null (then null)
     */
    @Override
    public byte[] serialize(String topic, T data) {
        if (data == null) {
            return null;
        }
        throw new SerializationException("ZwireSerializer writes the wire and schema in record headers: call "
                + "serialize(topic, headers, data), as KafkaProducer does");
    }

    /**
     * Encodes {@code data} and adds the {@link ZwireHeaders} to {@code headers}. Allocates the
     * returned array (Kafka's API) and nothing else in steady state (a record larger than
     * {@link #RETAINED_CAPACITY} grows the buffer, which is then replaced); Kafka's
     * {@code Headers.add} allocates a header object per call. Blocks only on this serializer's lock.
     *
     * @param topic   the topic
     * @param headers the record's headers, written to
     * @param data    the record, or null for a tombstone (null is returned, no header added)
     * @return the encoded document
     * @throws SerializationException if the record's class is not registered, the wire is RAW and
     *         the type reads otherwise than it writes ({@code Schema.rawProblem()}), or encoding fails:
     *         wrapping whatever {@link RuntimeException} the write threw (a {@link WireException},
     *         an {@link IllegalStateException} for a mistake in the type's write method, or the
     *         type's own exception)
     * @throws IllegalStateException if used before configuration
     */
    @Override
    public synchronized byte[] serialize(String topic, Headers headers, T data) {
        if (data == null) {
            return null;
        }
        if (wire == null) {
            throw new IllegalStateException("ZwireSerializer used before configure(...)");
        }
        RecordType type = types.byClass(data.getClass());
        if (type == null) {
            throw new SerializationException(data.getClass().getName() + " is not in this serializer's TypeRegistry "
                    + types.registry() + " (topic " + topic + ")");
        }
        if (wireType == WireType.RAW && type.rawProblem() != null) {
            throw new SerializationException("cannot write " + type.aliasText() + " on RAW to topic " + topic
                    + ": every consumer would refuse it, since RAW would misread it: " + type.rawProblem());
        }
        buffer.clear();
        try {
            wire.writeDocument(data);
        } catch (RuntimeException e) {
            throw new SerializationException("cannot write " + type.aliasText() + " on " + wireType + " to topic " + topic
                    + ": " + e, e);
        }
        byte[] value = buffer.toByteArray();
        if (buffer.capacity() > RETAINED_CAPACITY) {
            newBuffer();
        }
        Objects.requireNonNull(headers, "headers")
                .add(ZwireHeaders.WIRE, wireName)
                .add(ZwireHeaders.TYPE, type.alias())
                .add(ZwireHeaders.FINGERPRINT, type.fingerprintBytes());
        return value;
    }
}
