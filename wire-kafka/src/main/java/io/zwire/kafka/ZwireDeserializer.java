package io.zwire.kafka;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * Reads a record written by {@link ZwireSerializer}, in place: a region {@link Bytes}
 * ({@link Bytes#region()}) is pointed at the record's {@code ByteBuffer}, so the value is never
 * copied, and the document is read on the wire its {@link ZwireHeaders} name into a new instance
 * ({@link Instances#NEW}) or one reused per type ({@link Instances#REUSED}: then the object
 * returned is valid only until the next record is deserialized).
 *
 * <pre>{@code
 * Consumer<String, Order> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
 *         new ZwireDeserializer<>(Order.class, types, Instances.REUSED));
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
 * <p>Not thread-safe: one per consumer, as Kafka creates them. Reading into a reused instance
 * allocates nothing per record here; Kafka's consumer allocates per record (the record, its
 * headers' keys and values) whatever the deserializer does.
 *
 * @param <T> the records' type: a registered {@link Marshallable} or a supertype of several
 */
public final class ZwireDeserializer<T extends Marshallable> implements Deserializer<T> {
    /** The wires, once: {@code WireType.values()} copies its array on every call. */
    private static final WireType[] WIRES = WireType.values();
    /** The {@link ZwireHeaders#WIRE} value of each wire, by ordinal. */
    private static final byte[][] WIRE_NAMES = wireNames();

    private Class<T> expected;
    private Instances instances;
    private RecordTypes types;
    private WireOptions options;
    private final Bytes region = Bytes.region();
    /** One wire per wire type over {@link #region}, made on the first record of that wire. */
    private final Wire[] wires = new Wire[WIRES.length];

    /** For Kafka to create by name; {@link #configure(Map, boolean)} must run before use. */
    public ZwireDeserializer() {
    }

    /**
     * A deserializer ready to use. Records each type's schema (allocates, microseconds per type).
     *
     * @param expected  the class every record must be an instance of ({@code Marshallable.class}
     *                  for any registered type)
     * @param types     the types records may hold, by alias; also resolves typed objects inside
     * @param instances a new instance per record, or one reused per type
     * @throws IllegalArgumentException if {@code types} holds no {@link Marshallable}
     */
    public ZwireDeserializer(Class<T> expected, TypeRegistry types, Instances instances) {
        init(expected, types, instances);
    }

    /**
     * Reads {@link ZwireKafkaConfig#TYPE} or {@link ZwireKafkaConfig#TYPES} and
     * {@link ZwireKafkaConfig#INSTANCES}. Allocates; Kafka calls it once, before any record.
     *
     * @param configs the client's properties
     * @param isKey   whether this deserializes keys (the same properties apply)
     * @throws org.apache.kafka.common.config.ConfigException on a missing or bad property
     */
    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        init((Class<T>) Marshallable.class, ZwireKafkaConfig.types(configs), ZwireKafkaConfig.instances(configs));
    }

    private void init(Class<T> expectedType, TypeRegistry registry, Instances chosen) {
        this.expected = expectedType;
        this.types = new RecordTypes(registry);
        this.instances = chosen;
        this.options = WireOptions.defaults().withTypes(registry);
        Arrays.fill(wires, null);
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
     * instance with {@link Instances#NEW}, and the {@link WireException} on bad input); blocks
     * never.
     *
     * @param topic   the topic
     * @param headers the record's headers: the {@link ZwireHeaders} are required
     * @param data    the record's value, or null for a tombstone
     * @return the record, or null for a null value
     * @throws SerializationException if a header is missing or unknown, the type is not
     *         registered or not a {@code T}, the wire is RAW and the fingerprints differ, or the
     *         bytes are not exactly one valid document (cause: the {@link WireException})
     * @throws IllegalStateException if used before configuration
     */
    @Override
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        return data == null ? null : read(topic, headers, data);
    }

    private T read(String topic, Headers headers, ByteBuffer data) {
        if (types == null) {
            throw new IllegalStateException("ZwireDeserializer used before configure(...)");
        }
        WireType wireType = wireOf(topic, headers);
        RecordType type = typeOf(topic, headers);
        long fingerprint = fingerprintOf(topic, headers);
        if (wireType == WireType.RAW && fingerprint != type.fingerprint()) {
            throw new SerializationException("topic " + topic + ": a RAW record of " + type.aliasText()
                    + " written with schema fingerprint " + Long.toHexString(fingerprint) + " cannot be read by this "
                    + "schema (" + Long.toHexString(type.fingerprint()) + "): RAW has no field metadata; write it on a "
                    + "self-describing wire to change the schema", new WireException(wireType.name(), 0,
                    "schema fingerprint " + Long.toHexString(type.fingerprint())));
        }
        Wire wire = wire(wireType);
        region.readRegion(data, data.position(), data.remaining());
        Marshallable target = type.target(instances);
        try {
            if (!wire.readDocument(target)) {
                throw new WireException(wireType.name(), 0, "a document, found an empty record");
            }
            if (region.readRemaining() != 0) {
                throw new WireException(wireType.name(), region.readPosition(), "the end of the record after one "
                        + "document, found " + region.readRemaining() + " more bytes");
            }
        } catch (WireException e) {
            throw new SerializationException("topic " + topic + ": cannot read " + type.aliasText() + " on " + wireType
                    + ": " + e.getMessage(), e);
        }
        return expected.cast(target);
    }

    private Wire wire(WireType wireType) {
        Wire wire = wires[wireType.ordinal()];
        if (wire == null) {
            wire = wireType.apply(region, options);
            wires[wireType.ordinal()] = wire;
        }
        return wire;
    }

    private static WireType wireOf(String topic, Headers headers) {
        byte[] name = header(topic, headers, ZwireHeaders.WIRE);
        for (WireType candidate : WIRES) {
            if (Arrays.equals(WIRE_NAMES[candidate.ordinal()], name)) {
                if (!candidate.isAvailable()) {
                    throw new SerializationException("topic " + topic + ": the record is on " + candidate
                            + ", whose wire module is not on this consumer's class or module path");
                }
                return candidate;
            }
        }
        throw new SerializationException("topic " + topic + ": header " + ZwireHeaders.WIRE + " names no wire: "
                + printable(name));
    }

    private RecordType typeOf(String topic, Headers headers) {
        byte[] alias = header(topic, headers, ZwireHeaders.TYPE);
        RecordType type = types.byAlias(alias);
        if (type == null) {
            throw new SerializationException("topic " + topic + ": header " + ZwireHeaders.TYPE + " names no type of "
                    + types.registry() + ": " + printable(alias));
        }
        if (!expected.isAssignableFrom(type.type())) {
            throw new SerializationException("topic " + topic + ": the record holds " + type.aliasText() + " ("
                    + type.type().getName() + "), not a " + expected.getName());
        }
        return type;
    }

    private static long fingerprintOf(String topic, Headers headers) {
        byte[] value = header(topic, headers, ZwireHeaders.FINGERPRINT);
        if (value.length != ZwireHeaders.FINGERPRINT_LENGTH) {
            throw new SerializationException("topic " + topic + ": header " + ZwireHeaders.FINGERPRINT + " holds "
                    + value.length + " bytes, expected " + ZwireHeaders.FINGERPRINT_LENGTH);
        }
        return ZwireHeaders.fingerprint(value);
    }

    private static byte[] header(String topic, Headers headers, String key) {
        Header header = headers == null ? null : headers.lastHeader(key);
        byte[] value = header == null ? null : header.value();
        if (value == null) {
            throw new SerializationException("topic " + topic + ": the record has no " + key + " header: not written by "
                    + "ZwireSerializer");
        }
        return value;
    }

    /** A header value for a message: its UTF-8 text, cut short, since it came from the outside. */
    private static String printable(byte[] value) {
        int shown = Math.min(value.length, 64);
        return "'" + new String(value, 0, shown, java.nio.charset.StandardCharsets.UTF_8)
                + (shown < value.length ? "...' (" + value.length + " bytes)" : "'");
    }

    private static byte[][] wireNames() {
        byte[][] names = new byte[WIRES.length][];
        for (WireType type : WIRES) {
            names[type.ordinal()] = ZwireHeaders.nameBytes(type.name());
        }
        return names;
    }
}
