package io.zwire.binary.proto;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import io.zwire.binary.support.MapBook;
import io.zwire.example.Party;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link MapBook} as protobuf-java sees it, through a descriptor built by hand with real map fields
 * ({@code map_entry} entry messages), as protoc builds them for
 * <pre>
 * message MapBook {
 *   optional sint64 id = 1;  map&lt;string, double&gt; prices = 2;  map&lt;sint32, zwire.model.Party&gt; parties = 3;
 *   optional string name = 4;
 * }
 * </pre>
 * The oracle of NUMBERED's maps (ProtoMapOracleTest, ProtoFuzzTest).
 */
final class ProtoMapBook {
    static final Descriptor BOOK;
    private static final FieldDescriptor ID;
    private static final FieldDescriptor PRICES;
    private static final FieldDescriptor PARTIES;
    private static final FieldDescriptor NAME;

    static {
        DescriptorProto book = DescriptorProto.newBuilder().setName("MapBook")
                .addField(FieldDescriptorProto.newBuilder().setName("id").setNumber(1).setType(Type.TYPE_SINT64)
                        .setLabel(Label.LABEL_OPTIONAL))
                .addField(mapField("prices", 2, "PricesEntry"))
                .addField(mapField("parties", 3, "PartiesEntry"))
                .addField(FieldDescriptorProto.newBuilder().setName("name").setNumber(4).setType(Type.TYPE_STRING)
                        .setLabel(Label.LABEL_OPTIONAL))
                .addNestedType(entry("PricesEntry", FieldDescriptorProto.newBuilder().setType(Type.TYPE_STRING),
                        FieldDescriptorProto.newBuilder().setType(Type.TYPE_DOUBLE)))
                .addNestedType(entry("PartiesEntry", FieldDescriptorProto.newBuilder().setType(Type.TYPE_SINT32),
                        FieldDescriptorProto.newBuilder().setType(Type.TYPE_MESSAGE).setTypeName(".zwire.model.Party")))
                .build();
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("map_book.proto").setPackage("zwire.maps")
                .setSyntax("proto3").addDependency("order.proto").addMessageType(book).build();
        try {
            BOOK = FileDescriptor.buildFrom(file, new FileDescriptor[] {ProtoModel.ORDER_FILE})
                    .findMessageTypeByName("MapBook");
        } catch (DescriptorValidationException e) {
            throw new ExceptionInInitializerError(e);
        }
        ID = BOOK.findFieldByName("id");
        PRICES = BOOK.findFieldByName("prices");
        PARTIES = BOOK.findFieldByName("parties");
        NAME = BOOK.findFieldByName("name");
    }

    private static FieldDescriptorProto mapField(String name, int number, String entry) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(Type.TYPE_MESSAGE)
                .setTypeName(".zwire.maps.MapBook." + entry).setLabel(Label.LABEL_REPEATED).build();
    }

    private static DescriptorProto entry(String name, FieldDescriptorProto.Builder key, FieldDescriptorProto.Builder value) {
        return DescriptorProto.newBuilder().setName(name).setOptions(MessageOptions.newBuilder().setMapEntry(true))
                .addField(key.setName("key").setNumber(1).setLabel(Label.LABEL_OPTIONAL))
                .addField(value.setName("value").setNumber(2).setLabel(Label.LABEL_OPTIONAL))
                .build();
    }

    private ProtoMapBook() {
    }

    /** The entries protobuf parsed, in the order they came, as a book. */
    @SuppressWarnings("unchecked")
    static MapBook toBook(DynamicMessage message) {
        MapBook book = new MapBook();
        book.id = (Long) message.getField(ID);
        book.name = (String) message.getField(NAME);
        for (DynamicMessage entry : (List<DynamicMessage>) message.getField(PRICES)) {
            Descriptor type = entry.getDescriptorForType();
            book.putPrice((String) entry.getField(type.findFieldByName("key")), (Double) entry.getField(type.findFieldByName("value")));
        }
        for (DynamicMessage entry : (List<DynamicMessage>) message.getField(PARTIES)) {
            Descriptor type = entry.getDescriptorForType();
            book.putParty((Integer) entry.getField(type.findFieldByName("key")),
                    ProtoModel.toParty((DynamicMessage) entry.getField(type.findFieldByName("value"))));
        }
        return book;
    }

    static DynamicMessage toProto(MapBook book) {
        DynamicMessage.Builder message = DynamicMessage.newBuilder(BOOK).setField(ID, book.id).setField(NAME, book.name);
        Descriptor prices = PRICES.getMessageType();
        for (int i = 0; i < book.priceCount; i++) {
            message.addRepeatedField(PRICES, DynamicMessage.newBuilder(prices)
                    .setField(prices.findFieldByName("key"), book.symbols[i])
                    .setField(prices.findFieldByName("value"), book.prices[i]).build());
        }
        Descriptor parties = PARTIES.getMessageType();
        for (int i = 0; i < book.partyCount; i++) {
            message.addRepeatedField(PARTIES, DynamicMessage.newBuilder(parties)
                    .setField(parties.findFieldByName("key"), book.partyIds[i])
                    .setField(parties.findFieldByName("value"), ProtoModel.toProto(book.parties[i])).build());
        }
        return message.build();
    }

    /**
     * A book's content with the order of entries left out (protobuf does not promise to keep it), the
     * last value of a repeated key kept, and an absent name as the empty one.
     */
    static List<Object> asMaps(MapBook book) {
        Map<String, Double> prices = new HashMap<>();
        for (int i = 0; i < book.priceCount; i++) {
            prices.put(book.symbols[i], book.prices[i]);
        }
        Map<Integer, Party> parties = new HashMap<>();
        for (int i = 0; i < book.partyCount; i++) {
            parties.put(book.partyIds[i], book.parties[i]);
        }
        // The descriptor's name has no presence, so protobuf reads an absent name as "", which zwire reads as null.
        return List.of(book.id, book.name == null ? "" : book.name, prices, parties);
    }
}
