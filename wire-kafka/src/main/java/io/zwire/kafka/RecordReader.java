package io.zwire.kafka;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One thread's means of reading records for a {@link ZwireDeserializer}: the region {@link Bytes}
 * pointed at each value, a {@link Wire} per wire type over it, and, with {@link Instances#REUSED},
 * the thread's one instance per type. Confined to its thread; the configuration it reads
 * ({@link RecordTypes}) is immutable and shared.
 */
final class RecordReader {
    /** The wires, once: {@code WireType.values()} copies its array on every call. */
    private static final WireType[] WIRES = WireType.values();
    /** How many characters of an unknown header value a message shows. */
    private static final int SHOWN_HEADER_CHARS = 64;

    private final Class<?> expected;
    private final RecordTypes types;
    private final Instances instances;
    private final WireOptions options;
    private final Bytes region = Bytes.region();
    /** One wire per wire type over {@link #region}, by ordinal, made on the first record of that wire. */
    private final Wire[] wires = new Wire[WIRES.length];
    /** This thread's instance per type, by {@link RecordType#index()}, with {@link Instances#REUSED}. */
    private final Marshallable[] reused;

    RecordReader(Class<?> expected, RecordTypes types, Instances instances, WireOptions options) {
        this.expected = expected;
        this.types = types;
        this.instances = instances;
        this.options = options;
        this.reused = new Marshallable[types.size()];
    }

    /**
     * Reads the record whose value is {@code data} (position to limit, left unmoved). Allocates
     * nothing with {@link Instances#REUSED} unless it refuses the record.
     *
     * @throws SerializationException on any refusal or failure, naming the topic (and the type and
     *         wire once known); the cause is what the read threw
     */
    Marshallable read(String topic, Headers headers, ByteBuffer data) {
        WireType wireType = wireOf(topic, headers);
        RecordType type = typeOf(topic, headers);
        long fingerprint = fingerprintOf(topic, headers);
        if (wireType == WireType.RAW) {
            refuseRawMisread(topic, type, fingerprint);
        }
        Marshallable target;
        try {
            target = target(type);
            Wire wire = wire(wireType);
            region.readRegion(data, data.position(), data.remaining());
            if (!wire.readDocument(target)) {
                throw new WireException(wireType.name(), 0, "a document, found an empty record");
            }
            if (region.readRemaining() != 0) {
                throw new WireException(wireType.name(), region.readPosition(), "the end of the record after one "
                        + "document, found " + region.readRemaining() + " more bytes");
            }
        } catch (RuntimeException e) {
            // WireException for bad bytes; anything else from the type's own factory or readMarshallable.
            throw new SerializationException("topic " + topic + ": cannot read " + type.aliasText() + " on " + wireType
                    + ": " + e, e);
        }
        return target;
    }

    private void refuseRawMisread(String topic, RecordType type, long fingerprint) {
        if (fingerprint != type.fingerprint()) {
            throw new SerializationException("topic " + topic + ": a RAW record of " + type.aliasText()
                    + " written with schema fingerprint " + Long.toHexString(fingerprint) + " cannot be read by this "
                    + "schema (" + Long.toHexString(type.fingerprint()) + "): RAW has no field metadata; write it on a "
                    + "self-describing wire to change the schema", new WireException(WireType.RAW.name(), 0,
                    "schema fingerprint " + Long.toHexString(type.fingerprint())));
        }
        if (type.rawProblem() != null) {
            throw new SerializationException("topic " + topic + ": a RAW record of " + type.aliasText()
                    + " would be misread: " + type.rawProblem() + "; write it on a self-describing wire");
        }
    }

    private Marshallable target(RecordType type) {
        if (instances == Instances.NEW) {
            return type.entry().create();
        }
        Marshallable instance = reused[type.index()];
        if (instance == null) {
            instance = type.entry().create();
            reused[type.index()] = instance;
        }
        return instance;
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
        byte[] code = header(topic, headers, ZwireHeaders.WIRE);
        WireType wire = code.length == ZwireHeaders.WIRE_LENGTH ? WireType.ofCode(code[0] & 0xFF) : null;
        if (wire == null) {
            throw new SerializationException("topic " + topic + ": header " + ZwireHeaders.WIRE + " holds no wire code: "
                    + printable(code));
        }
        if (!wire.isAvailable()) {
            throw new SerializationException("topic " + topic + ": the record is on " + wire
                    + ", whose wire module is not on this consumer's class or module path");
        }
        return wire;
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
        int shown = Math.min(value.length, SHOWN_HEADER_CHARS);
        return "'" + new String(value, 0, shown, StandardCharsets.UTF_8)
                + (shown < value.length ? "...' (" + value.length + " bytes)" : "' (" + value.length + " bytes)");
    }
}
