package io.zwire.binary.proto;

import com.google.protobuf.DynamicMessage;
import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.binary.support.MapBook;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * protobuf-java as the oracle for NUMBERED's maps, both ways, against the descriptor of
 * {@link ProtoMapBook}, with real map fields. What zwire writes parses as those maps, with no unknown field, to the same entries in the same
 * order; what protobuf-java writes (which leaves out an entry's key or value when it is the
 * default) reads back into the same {@link MapBook}.
 */
class ProtoMapOracleTest {
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
            DynamicMessage.Builder parsed = DynamicMessage.newBuilder(ProtoMapBook.BOOK);
            assertTrue(parsed.mergeDelimitedFrom(stream), "protobuf found the next document");
            DynamicMessage message = parsed.build();
            assertTrue(message.getUnknownFields().asMap().isEmpty(), () -> "unknown fields in " + message);
            assertEquals(expected, ProtoMapBook.toBook(message), () -> "protobuf's view of " + expected);
        }
        assertEquals(-1, stream.read(), "protobuf read every document to its end");
    }

    @Test
    void protobufMapsReadWithZwire() throws IOException {
        List<MapBook> books = books();
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (MapBook book : books) {
            ProtoMapBook.toProto(book).writeDelimitedTo(stream);
        }
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(stream.toByteArray()));
        MapBook copy = new MapBook();
        for (MapBook expected : books) {
            assertTrue(wire.readDocument(copy));
            assertEquals(ProtoMapBook.asMaps(expected), ProtoMapBook.asMaps(copy), () -> "zwire's view of " + expected);
        }
        assertFalse(wire.readDocument(copy), "zwire read every document protobuf wrote");
    }
}
