package io.zwire.binary.proto;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.binary.support.RandomModel;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * protobuf-java as the oracle for NUMBERED, both ways, on randomized instances: what zwire writes
 * parses with {@code mergeDelimitedFrom} against the descriptors of {@code src/test/proto} to the
 * same values with no unknown fields (so every tag and wire type matches the schema), and what
 * protobuf-java writes with {@code writeDelimitedTo} reads back into the same zwire objects.
 */
class ProtobufOracleTest {
    private static final int INSTANCES = 2000;
    private static final WireOptions OPTIONS = WireOptions.defaults().withTypes(TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .build());

    @Test
    void zwireOrdersParseWithProtobuf() throws IOException {
        RandomModel random = new RandomModel(11);
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            orders.add(random.order());
        }
        assertProtobufReads(orders, ProtoModel.ORDER, ProtoModel::toProto, ProtoModel::toOrder);
    }

    @Test
    void zwireAllTypesParseWithProtobuf() throws IOException {
        RandomModel random = new RandomModel(12);
        List<AllTypes> all = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            all.add(random.allTypes());
        }
        assertProtobufReads(all, ProtoModel.ALL_TYPES, ProtoModel::toProto, message -> {
            try {
                return ProtoModel.toAllTypes(message);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void protobufOrdersReadWithZwire() throws IOException {
        RandomModel random = new RandomModel(13);
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            orders.add(random.order());
        }
        assertZwireReads(orders, ProtoModel::toProto, Order::new);
    }

    @Test
    void protobufAllTypesReadWithZwire() throws IOException {
        RandomModel random = new RandomModel(14);
        List<AllTypes> all = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            all.add(random.allTypes());
        }
        assertZwireReads(all, ProtoModel::toProto, AllTypes::new);
    }

    private static <T extends Marshallable> void assertProtobufReads(List<T> values, Descriptor type,
            Function<T, DynamicMessage> toProto, Function<Message, T> fromProto) throws IOException {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(256), OPTIONS);
        values.forEach(wire::writeDocument);
        InputStream stream = new ByteArrayInputStream(wire.bytes().toByteArray());
        for (T expected : values) {
            DynamicMessage.Builder parsed = DynamicMessage.newBuilder(type);
            assertTrue(parsed.mergeDelimitedFrom(stream), "protobuf found the next document");
            DynamicMessage message = parsed.build();
            assertNoUnknownFields(message);
            assertEquals(toProto.apply(expected), canonicalPayload(message), () -> "protobuf's view of " + expected);
            assertEquals(expected, fromProto.apply(message));
        }
        assertEquals(-1, stream.read(), "protobuf read every document to its end");
    }

    private static <T extends Marshallable> void assertZwireReads(List<T> values, Function<T, DynamicMessage> toProto,
            Supplier<T> factory) throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (T value : values) {
            toProto.apply(value).writeDelimitedTo(stream);
        }
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(stream.toByteArray()), OPTIONS);
        T copy = factory.get();
        for (T expected : values) {
            assertTrue(wire.readDocument(copy));
            assertEquals(expected, copy);
        }
        assertFalse(wire.readDocument(copy), "zwire read every document protobuf wrote");
    }

    /**
     * The typed payload's {@code value} is a {@code bytes} field holding a message, which zwire
     * writes with padded lengths: equal messages, other bytes. Re-encoded, it compares by content.
     */
    private static DynamicMessage canonicalPayload(DynamicMessage message) throws IOException {
        FieldDescriptor payload = message.getDescriptorForType().findFieldByName("payload");
        if (payload == null || !message.hasField(payload)) {
            return message;
        }
        DynamicMessage typed = (DynamicMessage) message.getField(payload);
        FieldDescriptor valueField = ProtoModel.TYPED.findFieldByName("value");
        Descriptor valueType = "Order".equals(typed.getField(ProtoModel.TYPED.findFieldByName("alias")))
                ? ProtoModel.ORDER : ProtoModel.PARTY;
        DynamicMessage value = DynamicMessage.parseFrom(valueType, (ByteString) typed.getField(valueField));
        return message.toBuilder()
                .setField(payload, typed.toBuilder().setField(valueField, value.toByteString()).build())
                .build();
    }

    /** A field protobuf files as unknown had a number or wire type the schema does not declare. */
    private static void assertNoUnknownFields(Message message) throws IOException {
        assertTrue(message.getUnknownFields().asMap().isEmpty(), () -> "unknown fields in " + message);
        for (Map.Entry<FieldDescriptor, Object> field : message.getAllFields().entrySet()) {
            if (field.getKey().getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                List<?> values = field.getKey().isRepeated() ? (List<?>) field.getValue() : List.of(field.getValue());
                for (Object value : values) {
                    assertNoUnknownFields((Message) value);
                }
            }
        }
        if (message.getDescriptorForType() == ProtoModel.TYPED) {
            Object alias = message.getField(ProtoModel.TYPED.findFieldByName("alias"));
            Descriptor valueType = "Order".equals(alias) ? ProtoModel.ORDER : ProtoModel.PARTY;
            assertNoUnknownFields(DynamicMessage.parseFrom(valueType,
                    (ByteString) message.getField(ProtoModel.TYPED.findFieldByName("value"))));
        }
    }
}
