package io.zwire.kafka;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the type's own code does wrong reaches the caller as a SerializationException naming the topic and type. */
class RecordFailureTest {
    private static final Field FIRST = Field.of(1, "first");
    private static final Field SECOND = Field.of(2, "second");

    /** Writes its fields in one order and reads them in the other: RAW would swap them. */
    static final class Swapped implements Marshallable {
        long first;
        long second;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(FIRST).int64(first).write(SECOND).int64(second);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(SECOND).int64(this, (o, v) -> o.second = v).read(FIRST).int64(this, (o, v) -> o.first = v);
        }
    }

    /** Refuses a negative value both ways, as a type validating its fields would. */
    static final class Validated implements Marshallable {
        long value;

        @Override
        public void writeMarshallable(WireOut out) {
            if (value < 0) {
                throw new IllegalArgumentException("negative value " + value);
            }
            out.write(FIRST).int64(value);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(FIRST).int64(this, (o, v) -> {
                if (v < 0) {
                    throw new IllegalArgumentException("negative value " + v);
                }
                o.value = v;
            });
        }
    }

    @Test
    void aRawRecordOfATypeThatReadsInAnotherOrderIsRefusedWhenWrittenAndWhenRead() {
        TypeRegistry types = TypeRegistry.builder().add("Swapped", Swapped.class, Swapped::new).build();
        Swapped sent = new Swapped();
        sent.first = 1;
        sent.second = 2;
        SerializationException atTheProducer = assertThrows(SerializationException.class,
                () -> new ZwireSerializer<>(WireType.RAW, types).serialize("swapped", new RecordHeaders(), sent));
        assertTrue(atTheProducer.getMessage().contains("misread"), atTheProducer.getMessage());
        // What a producer without that check would send: the RAW bytes under zwire's headers.
        RecordHeaders headers = new RecordHeaders();
        new ZwireSerializer<>(WireType.BINARY, types).serialize("swapped", headers, sent);
        headers.add(ZwireHeaders.WIRE, ZwireHeaders.wireBytes(WireType.RAW));
        Bytes raw = Bytes.elastic(64);
        WireType.RAW.apply(raw).writeDocument(sent);
        byte[] value = raw.toByteArray();
        for (Instances instances : Instances.values()) {
            ZwireDeserializer<Swapped> deserializer = new ZwireDeserializer<>(Swapped.class, types, instances);
            SerializationException e = assertThrows(SerializationException.class,
                    () -> deserializer.deserialize("swapped", headers, ByteBuffer.wrap(value)));
            assertTrue(e.getMessage().contains("topic swapped") && e.getMessage().contains("Swapped")
                    && e.getMessage().contains("misread"), e.getMessage());
        }
    }

    @Test
    void anExceptionFromReadMarshallableIsASerializationExceptionNamingTopicAndType() {
        TypeRegistry types = TypeRegistry.builder().add("Validated", Validated.class, Validated::new).build();
        for (WireType wire : WireType.available()) {
            Bytes encoded = Bytes.elastic(64);
            wire.apply(encoded).writeDocument(new Unchecked(-1));
            RecordHeaders headers = new RecordHeaders();
            new ZwireSerializer<>(wire, types).serialize("validated", headers, new Validated());
            for (Instances instances : Instances.values()) {
                ZwireDeserializer<Validated> deserializer = new ZwireDeserializer<>(Validated.class, types, instances);
                SerializationException e = assertThrows(SerializationException.class,
                        () -> deserializer.deserialize("validated", headers, ByteBuffer.wrap(encoded.toByteArray())));
                assertInstanceOf(IllegalArgumentException.class, e.getCause(), wire + " " + instances);
                assertTrue(e.getMessage().contains("topic validated") && e.getMessage().contains("Validated")
                        && e.getMessage().contains(wire.name()), e.getMessage());
            }
        }
    }

    @Test
    void anExceptionFromWriteMarshallableIsASerializationExceptionNamingTopicAndType() {
        TypeRegistry types = TypeRegistry.builder().add("Validated", Validated.class, Validated::new).build();
        Validated negative = new Validated();
        negative.value = -7;
        SerializationException e = assertThrows(SerializationException.class,
                () -> new ZwireSerializer<>(WireType.BINARY, types).serialize("validated", new RecordHeaders(), negative));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertTrue(e.getMessage().contains("validated") && e.getMessage().contains("Validated"), e.getMessage());
    }

    /** Writes what {@link Validated} would refuse to, so there are bytes for its read to refuse. */
    private record Unchecked(long value) implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            out.write(FIRST).int64(value);
        }

        @Override
        public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    @Test
    void aSerializerGivesBackABufferGrownPastItsRetainedCapacity() {
        ZwireSerializer<Trade> serializer = new ZwireSerializer<>(WireType.BINARY, Trade.TYPES);
        Trade large = Trade.of(1);
        large.symbol = "x".repeat(2 * ZwireSerializer.RETAINED_CAPACITY);
        byte[] value = serializer.serialize("large", new RecordHeaders(), large);
        assertTrue(value.length > ZwireSerializer.RETAINED_CAPACITY, "the large record was sent whole");
        assertTrue(serializer.retainedCapacity() <= ZwireSerializer.RETAINED_CAPACITY,
                "kept " + serializer.retainedCapacity() + " bytes after a large record");
        RecordHeaders headers = new RecordHeaders();
        byte[] next = serializer.serialize("large", headers, Trade.of(2));
        assertEquals(Trade.of(2), new ZwireDeserializer<>(Trade.class, Trade.TYPES, Instances.NEW)
                .deserialize("large", headers, ByteBuffer.wrap(next)), "the next record, through the new buffer");
    }
}
