package io.zwire.aeron;

import io.zwire.Bytes;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AeronMessageTypesTest {
    @Test
    void aTypeIdIsTheFnv1a64HashOfTheAliasSoItNeverDependsOnRegistrationOrder() {
        // The published FNV-1a 64-bit test vectors.
        assertEquals(0xAF63DC4C8601EC8CL, MessageHeader.typeId("a"));
        assertEquals(0x85944171F73967E8L, MessageHeader.typeId("foobar"));
        AeronMessageTypes forwards = AeronMessageTypes.of(TypeRegistry.builder()
                .add("Quote", Quote.class, Quote::new).add("Van", VanTelemetry.class, VanTelemetry::new).build());
        AeronMessageTypes backwards = AeronMessageTypes.of(TypeRegistry.builder()
                .add("Van", VanTelemetry.class, VanTelemetry::new).add("Quote", Quote.class, Quote::new).build());
        assertEquals(forwards.indexOf(MessageHeader.typeId("Van")), backwards.indexOf(MessageHeader.typeId("Van")));
        assertEquals(forwards.fingerprint(Quote.class), backwards.fingerprint(Quote.class));
    }

    @Test
    void aliasesWhose32BitIdsCollidedHaveDistinctIdsAndBothRegister() {
        // The first pair a birthday search over "T0", "T1", ... found for the 32-bit FNV-1a ids of header version 1.
        String first = "T323329";
        String second = "T1134096";
        assertEquals(fnv1a32(first), fnv1a32(second));
        assertNotEquals(MessageHeader.typeId(first), MessageHeader.typeId(second));
        AeronMessageTypes both = AeronMessageTypes.of(TypeRegistry.builder().add(first, Quote.class, Quote::new)
                .add(second, QuoteWithVenue.class, QuoteWithVenue::new).build());
        assertNotEquals(both.indexOf(MessageHeader.typeId(first)), both.indexOf(MessageHeader.typeId(second)));
    }

    static int fnv1a32(String alias) {
        int hash = 0x811C9DC5;
        for (byte b : alias.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xFF)) * 0x01000193;
        }
        return hash;
    }

    @Test
    void aHeaderWrittenAtAnyPositionReadsBackFieldByField() {
        Bytes bytes = Bytes.elastic(8).writeInt32(-1);
        MessageHeader.write(bytes, WireType.NUMBERED, 0x0102030405060708L, -2L);
        bytes.writeInt16(7);
        MessageHeader.patchDocumentLength(bytes, 4);
        assertEquals(4 + MessageHeader.LENGTH + 2, bytes.writePosition());
        Bytes header = Bytes.region().readRegion(ByteBuffer.wrap(bytes.toByteArray()), 4, MessageHeader.LENGTH + 2);
        MessageHeader.check(header, MessageHeader.LENGTH + 2);
        assertEquals(WireType.NUMBERED, MessageHeader.wire(header));
        assertEquals(0x0102030405060708L, MessageHeader.typeId(header));
        assertEquals(-2L, MessageHeader.fingerprint(header));
        assertEquals(2, MessageHeader.documentLength(header));
        assertEquals(0, header.readInt8At(MessageHeader.RESERVED_OFFSET));
    }

    @Test
    void publishResultsNameAeronsCodes() {
        assertEquals(PublishResult.PUBLISHED, PublishResult.of(0));
        assertEquals(PublishResult.NOT_CONNECTED, PublishResult.of(io.aeron.Publication.NOT_CONNECTED));
        assertEquals(PublishResult.BACK_PRESSURED, PublishResult.of(io.aeron.Publication.BACK_PRESSURED));
        assertEquals(PublishResult.ADMIN_ACTION, PublishResult.of(io.aeron.Publication.ADMIN_ACTION));
        assertEquals(PublishResult.CLOSED, PublishResult.of(io.aeron.Publication.CLOSED));
        assertEquals(PublishResult.MAX_POSITION_EXCEEDED, PublishResult.of(io.aeron.Publication.MAX_POSITION_EXCEEDED));
        assertThrows(IllegalArgumentException.class, () -> PublishResult.of(-99));
    }
}
