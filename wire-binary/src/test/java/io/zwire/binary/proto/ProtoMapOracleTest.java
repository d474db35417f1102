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
import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import io.zwire.testkit.model.Party;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * protobuf-java as the oracle for NUMBERED's maps, both ways, against a descriptor built by hand
 * with real map fields ({@code map_entry} entry messages), as protoc builds them for
 * <pre>
 * message MapBook {
 *   optional sint64 id = 1;  map&lt;string, double&gt; prices = 2;  map&lt;sint32, zwire.model.Party&gt; parties = 3;
 *   optional string name = 4;
 * }
 * </pre>
 * What zwire writes parses as those maps, with no unknown field, to the same entries in the same
 * order; what protobuf-java writes (which leaves out an entry's key or value when it is the
 * default) reads back into the same {@link MapBook}.
 */
class ProtoMapOracleTest {
    private static final Descriptor BOOK;
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

    /** Books of 0 to 12 prices and 0 to 4 parties, with default keys and values among them. */
    private static List<MapBook> books() {
        Random random = new Random(25);
        List<MapBook> books = new ArrayList<>();
        books.add(MapBook.sample(10, 3));
        MapBook defaults = new MapBook().putPrice("", 0.0).putParty(0, new Party());
        defaults.name = "keys and values protobuf leaves out";
        books.add(defaults);
        for (int i = 0; i < 300; i++) {
            MapBook book = new MapBook();
            book.id = random.nextLong();
            book.name = "book " + i;
            int prices = random.nextInt(13);
            for (int p = 0; p < prices; p++) {
                // distinct keys: protobuf keeps one value per key
                book.putPrice((random.nextBoolean() ? "S" : "é€😀") + p, random.nextInt(4) == 0 ? 0.0 : random.nextGaussian() * 1e6);
            }
            int parties = random.nextInt(5);
            for (int p = 0; p < parties; p++) {
                int key = p == 0 ? random.nextInt() : p == 1 ? Integer.MIN_VALUE + p : p * 1000 - 1500;
                book.putParty(key, new Party(random.nextBoolean() ? "P" + p : null, random.nextBoolean() ? "A" + p : null,
                        random.nextLong()));
            }
            books.add(book);
        }
        return books;
    }

    @Test
    void zwireMapsParseWithProtobufAsMapFields() throws IOException {
        List<MapBook> books = books();
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(256));
        books.forEach(wire::writeDocument);
        InputStream stream = new ByteArrayInputStream(wire.bytes().toByteArray());
        for (MapBook expected : books) {
            DynamicMessage.Builder parsed = DynamicMessage.newBuilder(BOOK);
            assertTrue(parsed.mergeDelimitedFrom(stream), "protobuf found the next document");
            DynamicMessage message = parsed.build();
            assertTrue(message.getUnknownFields().asMap().isEmpty(), () -> "unknown fields in " + message);
            assertEquals(expected, toBook(message), () -> "protobuf's view of " + expected);
        }
        assertEquals(-1, stream.read(), "protobuf read every document to its end");
    }

    @Test
    void protobufMapsReadWithZwire() throws IOException {
        List<MapBook> books = books();
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (MapBook book : books) {
            toProto(book).writeDelimitedTo(stream);
        }
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(stream.toByteArray()));
        MapBook copy = new MapBook();
        for (MapBook expected : books) {
            assertTrue(wire.readDocument(copy));
            assertEquals(asMaps(expected), asMaps(copy), () -> "zwire's view of " + expected);
        }
        assertFalse(wire.readDocument(copy), "zwire read every document protobuf wrote");
    }

    /** The entries protobuf parsed, in the order they came, as a book. */
    @SuppressWarnings("unchecked")
    private static MapBook toBook(DynamicMessage message) {
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

    private static DynamicMessage toProto(MapBook book) {
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

    /** A book's content with the order of entries left out: protobuf does not promise to keep it. */
    private static List<Object> asMaps(MapBook book) {
        Map<String, Double> prices = new HashMap<>();
        for (int i = 0; i < book.priceCount; i++) {
            prices.put(book.symbols[i], book.prices[i]);
        }
        Map<Integer, Party> parties = new HashMap<>();
        for (int i = 0; i < book.partyCount; i++) {
            parties.put(book.partyIds[i], book.parties[i]);
        }
        return List.of(book.id, String.valueOf(book.name), prices, parties);
    }
}
