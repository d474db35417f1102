package io.zwire.binary.proto;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.zwire.Marshallable;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.ArrayList;
import java.util.List;

/**
 * The test model's schema as protobuf descriptors, built in code (no protoc), and conversions
 * between zwire's model objects and protobuf's {@link DynamicMessage}s. The same schema is
 * committed as {@code src/test/proto/*.proto}; {@link #toProtoText} prints a descriptor in that
 * file's form so a test can hold the two together.
 */
final class ProtoModel {
    static final FileDescriptor ORDER_FILE;
    static final FileDescriptor ALL_TYPES_FILE;
    static final EnumDescriptor SIDE;
    static final Descriptor PARTY;
    static final Descriptor ORDER;
    static final Descriptor ROW;
    static final Descriptor TYPED;
    static final Descriptor ALL_TYPES;

    static {
        FileDescriptorProto order = FileDescriptorProto.newBuilder()
                .setName("order.proto").setPackage("zwire.model").setSyntax("proto3")
                .addEnumType(EnumDescriptorProto.newBuilder().setName("Side")
                        .addValue(EnumValueDescriptorProto.newBuilder().setName("BUY").setNumber(0))
                        .addValue(EnumValueDescriptorProto.newBuilder().setName("SELL").setNumber(1)))
                .addMessageType(message("Party",
                        optional("name", 1, Type.TYPE_STRING),
                        optional("account", 2, Type.TYPE_STRING),
                        optional("id", 3, Type.TYPE_SINT64)))
                .addMessageType(message("Order",
                        optional("id", 1, Type.TYPE_SINT64),
                        optional("symbol", 2, Type.TYPE_STRING),
                        optional("price", 3, Type.TYPE_DOUBLE),
                        optional("qty", 4, Type.TYPE_SINT64),
                        optional("side", 5, Type.TYPE_ENUM).setTypeName(".zwire.model.Side"),
                        singular("party", 6, ".zwire.model.Party")))
                .build();
        FileDescriptorProto allTypes = FileDescriptorProto.newBuilder()
                .setName("all_types.proto").setPackage("zwire.model").setSyntax("proto3")
                .addDependency("order.proto")
                .addMessageType(message("Int32Row", repeated("elements", 1, Type.TYPE_SINT32)))
                .addMessageType(message("Typed",
                        optional("alias", 1, Type.TYPE_STRING),
                        optional("value", 2, Type.TYPE_BYTES)))
                .addMessageType(message("AllTypes",
                        optional("int8", 1, Type.TYPE_SINT32),
                        optional("int16", 2, Type.TYPE_SINT32),
                        optional("uint16", 3, Type.TYPE_UINT32),
                        optional("int32", 4, Type.TYPE_SINT32),
                        optional("int64", 5, Type.TYPE_SINT64),
                        optional("float32", 6, Type.TYPE_FLOAT),
                        optional("float64", 7, Type.TYPE_DOUBLE),
                        optional("bool", 8, Type.TYPE_BOOL),
                        optional("char16", 9, Type.TYPE_UINT32),
                        optional("text", 10, Type.TYPE_STRING),
                        optional("note", 11, Type.TYPE_STRING),
                        optional("data", 12, Type.TYPE_BYTES),
                        optional("side", 13, Type.TYPE_ENUM).setTypeName(".zwire.model.Side"),
                        singular("party", 14, ".zwire.model.Party"),
                        repeated("longs", 15, Type.TYPE_SINT64),
                        repeated("tags", 16, Type.TYPE_STRING),
                        repeated("parties", 17, Type.TYPE_MESSAGE).setTypeName(".zwire.model.Party"),
                        repeated("matrix", 18, Type.TYPE_MESSAGE).setTypeName(".zwire.model.Int32Row"),
                        singular("payload", 19, ".zwire.model.Typed")))
                .build();
        try {
            ORDER_FILE = FileDescriptor.buildFrom(order, new FileDescriptor[0]);
            ALL_TYPES_FILE = FileDescriptor.buildFrom(allTypes, new FileDescriptor[] {ORDER_FILE});
        } catch (DescriptorValidationException e) {
            throw new ExceptionInInitializerError(e);
        }
        SIDE = ORDER_FILE.findEnumTypeByName("Side");
        PARTY = ORDER_FILE.findMessageTypeByName("Party");
        ORDER = ORDER_FILE.findMessageTypeByName("Order");
        ROW = ALL_TYPES_FILE.findMessageTypeByName("Int32Row");
        TYPED = ALL_TYPES_FILE.findMessageTypeByName("Typed");
        ALL_TYPES = ALL_TYPES_FILE.findMessageTypeByName("AllTypes");
    }

    private ProtoModel() {
    }

    private static FieldDescriptorProto.Builder optional(String name, int number, Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
                .setLabel(Label.LABEL_OPTIONAL).setProto3Optional(true);
    }

    private static FieldDescriptorProto.Builder singular(String name, int number, String messageType) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(Type.TYPE_MESSAGE)
                .setTypeName(messageType).setLabel(Label.LABEL_OPTIONAL);
    }

    private static FieldDescriptorProto.Builder repeated(String name, int number, Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
                .setLabel(Label.LABEL_REPEATED);
    }

    /** A message; each proto3 {@code optional} field gets the synthetic oneof protoc would add. */
    private static DescriptorProto message(String name, FieldDescriptorProto.Builder... fields) {
        DescriptorProto.Builder message = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto.Builder field : fields) {
            if (field.getProto3Optional()) {
                field.setOneofIndex(message.getOneofDeclCount());
                message.addOneofDecl(OneofDescriptorProto.newBuilder().setName("_" + field.getName()));
            }
            message.addField(field);
        }
        return message.build();
    }

    // ------------------------------------------------------------------ .proto text

    /** The file's declarations as {@code .proto} lines, one declaration or field per line, without comments. */
    static List<String> toProtoText(FileDescriptor file) {
        List<String> lines = new ArrayList<>();
        lines.add("syntax = \"" + file.toProto().getSyntax() + "\";");
        lines.add("package " + file.getPackage() + ";");
        for (FileDescriptor dependency : file.getDependencies()) {
            lines.add("import \"" + dependency.getName() + "\";");
        }
        for (EnumDescriptor type : file.getEnumTypes()) {
            lines.add("enum " + type.getName() + " {");
            type.getValues().forEach(value -> lines.add(value.getName() + " = " + value.getNumber() + ";"));
            lines.add("}");
        }
        for (Descriptor type : file.getMessageTypes()) {
            lines.add("message " + type.getName() + " {");
            for (FieldDescriptor field : type.getFields()) {
                String label = field.isRepeated() ? "repeated " : field.toProto().getProto3Optional() ? "optional " : "";
                String typeName = switch (field.getType()) {
                    case MESSAGE -> field.getMessageType().getName();
                    case ENUM -> field.getEnumType().getName();
                    default -> field.getType().name().toLowerCase();
                };
                lines.add(label + typeName + " " + field.getName() + " = " + field.getNumber() + ";");
            }
            lines.add("}");
        }
        return lines;
    }

    // ------------------------------------------------------------------ conversions

    static DynamicMessage toProto(Party party) {
        DynamicMessage.Builder message = DynamicMessage.newBuilder(PARTY);
        setIfNotNull(message, PARTY, "name", party.name());
        setIfNotNull(message, PARTY, "account", party.account());
        message.setField(PARTY.findFieldByName("id"), party.id());
        return message.build();
    }

    static DynamicMessage toProto(Order order) {
        DynamicMessage.Builder message = DynamicMessage.newBuilder(ORDER);
        message.setField(ORDER.findFieldByName("id"), order.id());
        setIfNotNull(message, ORDER, "symbol", order.symbol());
        message.setField(ORDER.findFieldByName("price"), order.price());
        message.setField(ORDER.findFieldByName("qty"), order.qty());
        if (order.side() != null) {
            message.setField(ORDER.findFieldByName("side"), SIDE.findValueByNumber(order.side().ordinal()));
        }
        if (order.party() != null) {
            message.setField(ORDER.findFieldByName("party"), toProto(order.party()));
        }
        return message.build();
    }

    static DynamicMessage toProto(AllTypes all) {
        Descriptor d = ALL_TYPES;
        DynamicMessage.Builder m = DynamicMessage.newBuilder(d);
        m.setField(d.findFieldByName("int8"), (int) all.int8);
        m.setField(d.findFieldByName("int16"), (int) all.int16);
        m.setField(d.findFieldByName("uint16"), all.uint16);
        m.setField(d.findFieldByName("int32"), all.int32);
        m.setField(d.findFieldByName("int64"), all.int64);
        m.setField(d.findFieldByName("float32"), all.float32);
        m.setField(d.findFieldByName("float64"), all.float64);
        m.setField(d.findFieldByName("bool"), all.bool);
        m.setField(d.findFieldByName("char16"), (int) all.char16);
        setIfNotNull(m, d, "text", all.text);
        m.setField(d.findFieldByName("note"), all.note.toString());
        if (all.data != null) {
            m.setField(d.findFieldByName("data"), ByteString.copyFrom(all.data));
        }
        if (all.side != null) {
            m.setField(d.findFieldByName("side"), SIDE.findValueByNumber(all.side.ordinal()));
        }
        if (all.party != null) {
            m.setField(d.findFieldByName("party"), toProto(all.party));
        }
        all.longs.forEach(v -> m.addRepeatedField(d.findFieldByName("longs"), v));
        all.tags.forEach(v -> m.addRepeatedField(d.findFieldByName("tags"), v));
        all.parties.forEach(p -> m.addRepeatedField(d.findFieldByName("parties"), toProto(p)));
        for (List<Integer> row : all.matrix) {
            DynamicMessage.Builder r = DynamicMessage.newBuilder(ROW);
            row.forEach(v -> r.addRepeatedField(ROW.findFieldByName("elements"), v));
            m.addRepeatedField(d.findFieldByName("matrix"), r.build());
        }
        if (all.payload != null) {
            DynamicMessage.Builder typed = DynamicMessage.newBuilder(TYPED);
            Message value = all.payload instanceof Order o ? toProto(o) : toProto((Party) all.payload);
            typed.setField(TYPED.findFieldByName("alias"), all.payload instanceof Order ? "Order" : "Party");
            typed.setField(TYPED.findFieldByName("value"), value.toByteString());
            m.setField(d.findFieldByName("payload"), typed.build());
        }
        return m.build();
    }

    private static void setIfNotNull(DynamicMessage.Builder message, Descriptor type, String field, Object value) {
        if (value != null) {
            message.setField(type.findFieldByName(field), value);
        }
    }

    /** The field's value if present, else null: what zwire reads for an absent field. */
    private static Object present(Message message, String field) {
        FieldDescriptor descriptor = message.getDescriptorForType().findFieldByName(field);
        return message.hasField(descriptor) ? message.getField(descriptor) : null;
    }

    private static long longOrZero(Message message, String field) {
        Object value = present(message, field);
        return value == null ? 0 : ((Number) value).longValue();
    }

    private static Side side(Message message, String field) {
        Object value = present(message, field);
        return value == null ? null : Side.values()[((com.google.protobuf.Descriptors.EnumValueDescriptor) value).getNumber()];
    }

    static Party toParty(Message message) {
        return new Party((String) present(message, "name"), (String) present(message, "account"), longOrZero(message, "id"));
    }

    static Order toOrder(Message message) {
        Object price = present(message, "price");
        Object party = present(message, "party");
        return new Order(longOrZero(message, "id"), (String) present(message, "symbol"),
                price == null ? 0 : (Double) price, longOrZero(message, "qty"), side(message, "side"),
                party == null ? null : toParty((Message) party));
    }

    static AllTypes toAllTypes(Message m) throws InvalidProtocolBufferException {
        AllTypes all = new AllTypes();
        all.int8 = (byte) longOrZero(m, "int8");
        all.int16 = (short) longOrZero(m, "int16");
        all.uint16 = (int) longOrZero(m, "uint16");
        all.int32 = (int) longOrZero(m, "int32");
        all.int64 = longOrZero(m, "int64");
        Object float32 = present(m, "float32");
        all.float32 = float32 == null ? 0 : (Float) float32;
        Object float64 = present(m, "float64");
        all.float64 = float64 == null ? 0 : (Double) float64;
        all.bool = Boolean.TRUE.equals(present(m, "bool"));
        all.char16 = (char) longOrZero(m, "char16");
        all.text = (String) present(m, "text");
        Object note = present(m, "note");
        all.note.append(note == null ? "" : (String) note);
        Object data = present(m, "data");
        all.data = data == null ? null : ((ByteString) data).toByteArray();
        all.side = side(m, "side");
        Object party = present(m, "party");
        all.party = party == null ? null : toParty((Message) party);
        Descriptor d = m.getDescriptorForType();
        for (Object v : (List<?>) m.getField(d.findFieldByName("longs"))) {
            all.longs.add((Long) v);
        }
        for (Object v : (List<?>) m.getField(d.findFieldByName("tags"))) {
            all.tags.add((String) v);
        }
        for (Object v : (List<?>) m.getField(d.findFieldByName("parties"))) {
            all.parties.add(toParty((Message) v));
        }
        for (Object v : (List<?>) m.getField(d.findFieldByName("matrix"))) {
            Message row = (Message) v;
            List<Integer> cells = new ArrayList<>();
            for (Object cell : (List<?>) row.getField(row.getDescriptorForType().findFieldByName("elements"))) {
                cells.add((Integer) cell);
            }
            all.matrix.add(cells);
        }
        Object payload = present(m, "payload");
        if (payload != null) {
            Message typed = (Message) payload;
            String alias = (String) present(typed, "alias");
            ByteString value = (ByteString) present(typed, "value");
            ByteString bytes = value == null ? ByteString.EMPTY : value;
            Marshallable object = switch (alias) {
                case "Order" -> toOrder(DynamicMessage.parseFrom(ORDER, bytes));
                case "Party" -> toParty(DynamicMessage.parseFrom(PARTY, bytes));
                default -> throw new IllegalArgumentException("alias " + alias);
            };
            all.payload = object;
        }
        return all;
    }
}
