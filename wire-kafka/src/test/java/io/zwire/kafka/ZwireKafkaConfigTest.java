package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configuration through Kafka's property map, and the refusals that need no broker. */
class ZwireKafkaConfigTest {

    /** The registry a {@link ZwireKafkaConfig#TYPES} property names. */
    public static final class Registry implements Supplier<TypeRegistry> {
        @Override
        public TypeRegistry get() {
            return Trade.TYPES;
        }
    }

    /** A registry supplier that counts how often it is asked. */
    public static final class CountingRegistry implements Supplier<TypeRegistry> {
        static final AtomicInteger CALLS = new AtomicInteger();

        @Override
        public TypeRegistry get() {
            CALLS.incrementAndGet();
            return Trade.TYPES;
        }
    }

    /** A Marshallable whose constructor throws. */
    public static final class Unconstructible implements Marshallable {
        public Unconstructible() {
            throw new IllegalStateException("cannot be made");
        }

        @Override
        public void writeMarshallable(WireOut out) {
        }

        @Override
        public void readMarshallable(WireIn in) {
        }
    }

    @Test
    void aTypeThatIsNotMarshallableIsAConfigException() {
        ConfigException e = assertThrows(ConfigException.class, () -> new ZwireDeserializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.TYPE, String.class.getName()), false));
        assertTrue(e.getMessage().contains(Marshallable.class.getName()), e.getMessage());
    }

    @Test
    void aTypeWhoseConstructorThrowsIsAConfigExceptionCarryingWhatItThrew() {
        ConfigException e = assertThrows(ConfigException.class, () -> new ZwireSerializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.TYPE, Unconstructible.class), false));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void theTypesSupplierIsAskedForItsRegistryOnce() {
        CountingRegistry.CALLS.set(0);
        new ZwireDeserializer<Trade>().configure(Map.of(ZwireKafkaConfig.TYPES, CountingRegistry.class), false);
        assertEquals(1, CountingRegistry.CALLS.get());
    }

    @Test
    void reusedInstancesByConfigurationAreAConfigExceptionSayingHowToReuse() {
        for (Runnable configure : List.<Runnable>of(
                () -> new ZwireDeserializer<Trade>().configure(
                        Map.of(ZwireKafkaConfig.TYPE, Trade.class, ZwireKafkaConfig.INSTANCES, "reused"), false),
                () -> new ZwireSerde<Trade>().configure(
                        Map.of(ZwireKafkaConfig.TYPE, Trade.class, ZwireKafkaConfig.INSTANCES, Instances.REUSED), false))) {
            ConfigException e = assertThrows(ConfigException.class, configure::run);
            assertTrue(e.getMessage().contains("ByteBufferDeserializer"), e.getMessage());
        }
    }

    @Test
    void aSerializerConfiguredByPropertiesWritesTheNamedWireAndTheRegistrysTypes() {
        ZwireSerializer<Trade> serializer = new ZwireSerializer<>();
        serializer.configure(Map.of(ZwireKafkaConfig.WIRE, " yaml ", ZwireKafkaConfig.TYPES, Registry.class.getName()), false);
        assertEquals(WireType.YAML, serializer.wireType());
        ZwireDeserializer<Marshallable> deserializer = new ZwireDeserializer<>();
        deserializer.configure(Map.of(ZwireKafkaConfig.TYPES, Registry.class), false);
        RecordHeaders headers = new RecordHeaders();
        byte[] value = serializer.serialize("t", headers, Trade.of(3));
        assertEquals(Trade.of(3), deserializer.deserialize("t", headers, ByteBuffer.wrap(value)));
    }

    @Test
    void theWireDefaultsToBinaryAndBadPropertiesAreConfigExceptions() {
        ZwireSerializer<Trade> serializer = new ZwireSerializer<>();
        serializer.configure(Map.of(ZwireKafkaConfig.TYPE, Trade.class), false);
        assertEquals(WireType.BINARY, serializer.wireType());
        assertThrows(ConfigException.class, () -> new ZwireSerializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.WIRE, "xml", ZwireKafkaConfig.TYPE, Trade.class), false));
        assertThrows(ConfigException.class, () -> new ZwireSerializer<Trade>().configure(Map.of(), false),
                "no type given");
        assertThrows(ConfigException.class, () -> new ZwireSerializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.TYPE, Trade.class, ZwireKafkaConfig.TYPES, Registry.class), false), "both given");
        assertThrows(ConfigException.class, () -> new ZwireDeserializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.TYPE, "no.such.Type"), false));
        assertThrows(ConfigException.class, () -> new ZwireDeserializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.TYPE, Trade.class, ZwireKafkaConfig.INSTANCES, "some"), false));
        assertThrows(ConfigException.class, () -> new ZwireDeserializer<Trade>().configure(
                Map.of(ZwireKafkaConfig.TYPES, String.class), false), "not a Supplier<TypeRegistry>");
    }

    @Test
    void aRecordOfAnUnregisteredClassOrWithoutHeadersIsASerializationException() {
        ZwireSerializer<Marshallable> serializer = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES);
        SerializationException unregistered = assertThrows(SerializationException.class,
                () -> serializer.serialize("t", new RecordHeaders(), TradeV2.of(1)));
        assertTrue(unregistered.getMessage().contains(TradeV2.class.getName()), unregistered.getMessage());
        assertThrows(SerializationException.class, () -> serializer.serialize("t", Trade.of(1)), "no headers to write");
        assertNull(serializer.serialize("t", null));
        ZwireDeserializer<Trade> deserializer = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW);
        assertThrows(SerializationException.class, () -> deserializer.deserialize("t", new byte[] {1}));
        assertNull(deserializer.deserialize("t", new RecordHeaders(), (ByteBuffer) null), "a tombstone");
    }

    @Test
    void aBadFingerprintHeaderOrATypeOfAnotherClassIsASerializationException() {
        RecordHeaders headers = new RecordHeaders();
        byte[] value = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES).serialize("t", headers, Trade.of(1));
        RecordHeaders shortFingerprint = new RecordHeaders(headers.toArray());
        shortFingerprint.add(ZwireHeaders.FINGERPRINT, new byte[] {1, 2, 3});
        ZwireDeserializer<Trade> trades = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW);
        SerializationException e = assertThrows(SerializationException.class,
                () -> trades.deserialize("t", shortFingerprint, ByteBuffer.wrap(value)));
        assertTrue(e.getMessage().contains("3 bytes"), e.getMessage());
        RecordHeaders unknownType = new RecordHeaders(headers.toArray());
        unknownType.add(ZwireHeaders.TYPE, "Quote".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThrows(SerializationException.class, () -> trades.deserialize("t", unknownType, ByteBuffer.wrap(value)));
        TypeRegistry both = TypeRegistry.builder().add(Trade.ALIAS, Trade.class, Trade::new)
                .add("Other", TradeV2.class, TradeV2::new).build();
        RecordHeaders other = new RecordHeaders();
        byte[] otherValue = new ZwireSerializer<>(WireType.BINARY, both).serialize("t", other, TradeV2.of(1));
        ZwireDeserializer<Trade> onlyTrades = new ZwireDeserializer<>(Trade.class, both, Instances.NEW);
        SerializationException wrongClass = assertThrows(SerializationException.class,
                () -> onlyTrades.deserialize("t", other, ByteBuffer.wrap(otherValue)));
        assertTrue(wrongClass.getMessage().contains("not a " + Trade.class.getName()), wrongClass.getMessage());
    }

    @Test
    void anEmptyValueIsASerializationExceptionNamingTheWire() {
        for (WireType wire : WireType.available()) {
            RecordHeaders headers = new RecordHeaders();
            new ZwireSerializer<>(wire, Trade.TYPES).serialize("t", headers, Trade.of(1));
            ZwireDeserializer<Trade> trades = new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW);
            SerializationException e = assertThrows(SerializationException.class,
                    () -> trades.deserialize("t", headers, ByteBuffer.allocate(0)));
            assertTrue(e.getCause() instanceof io.zwire.WireException, wire + ": " + e);
            assertTrue(e.getMessage().contains(wire.name()), e.getMessage());
        }
    }

    @Test
    void theFingerprintHeaderIsTheFingerprintInBigEndianBytes() {
        long fingerprint = 0x0123456789ABCDEFL;
        byte[] bytes = ZwireHeaders.fingerprintBytes(fingerprint);
        assertEquals(0x01, bytes[0]);
        assertEquals((byte) 0xEF, bytes[7]);
        assertEquals(fingerprint, ZwireHeaders.fingerprint(bytes));
    }
}
