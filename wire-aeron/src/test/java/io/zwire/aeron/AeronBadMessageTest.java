package io.zwire.aeron;

import io.zwire.Bytes;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages no {@link WirePublication} would send, offered raw on a real publication: each is a
 * {@link WireException} to the bad-message handler, and the good message after it is read.
 */
class AeronBadMessageTest {
    @RegisterExtension
    static final EmbeddedAeron AERON = new EmbeddedAeron();
    static final AeronMessageTypes TYPES = AeronMessageTypes.of(AeronRoundTripTest.TYPES);

    /** One crafted message and what the refusal must say. */
    record Bad(String name, byte[] message, String expected) {
    }

    static byte[] document(WireType wire, Object message) {
        Wire out = wire.apply(Bytes.elastic(256), TYPES.options());
        out.writeDocument((io.zwire.Marshallable) message);
        return out.bytes().toByteArray();
    }

    /** A header as {@link WirePublication} writes it, with {@code documentLength} as given, then {@code body}. */
    static byte[] message(int wireCode, long typeId, long fingerprint, int documentLength, byte[] body) {
        Bytes bytes = Bytes.elastic(64);
        MessageHeader.write(bytes, WireType.RAW, typeId, fingerprint);
        bytes.writeInt8At(MessageHeader.WIRE_OFFSET, wireCode);
        bytes.writeInt32At(MessageHeader.DOCUMENT_LENGTH_OFFSET, documentLength);
        bytes.write(body);
        return bytes.toByteArray();
    }

    static List<Bad> badMessages() {
        int raw = WireType.RAW.code();
        int binary = WireType.BINARY.code();
        int json = WireType.JSON.code();
        long order = MessageHeader.typeId("Order");
        long fingerprint = TYPES.fingerprint(Order.class);
        byte[] rawOrder = document(WireType.RAW, Order.sample());
        byte[] garbage = new byte[64];
        new Random(32).nextBytes(garbage);
        garbage[0] = 'Z';
        byte[] twoOrders = new byte[rawOrder.length * 2];
        System.arraycopy(rawOrder, 0, twoOrders, 0, rawOrder.length);
        System.arraycopy(rawOrder, 0, twoOrders, rawOrder.length, rawOrder.length);
        byte[] wrongVersion = message(raw, order, fingerprint, rawOrder.length, rawOrder);
        wrongVersion[MessageHeader.VERSION_OFFSET] = 9;
        List<Bad> bad = new ArrayList<>();
        bad.add(new Bad("garbage", garbage, "the magic byte 'z'"));
        bad.add(new Bad("shorter than a header", new byte[] {'z', 1, 6, 0, 1}, "at least 24 bytes"));
        bad.add(new Bad("another header version", wrongVersion, "header version 2"));
        bad.add(new Bad("an unknown wire", message(9, order, fingerprint, rawOrder.length, rawOrder), "a wire code from 1 to 6"));
        bad.add(new Bad("no wire", message(0, order, fingerprint, rawOrder.length, rawOrder), "a wire code from 1 to 6"));
        bad.add(new Bad("an unknown type", message(raw, MessageHeader.typeId("Nope"), fingerprint, rawOrder.length, rawOrder),
                "the type id of a registered type"));
        bad.add(new Bad("a document length past the end", message(raw, order, fingerprint, rawOrder.length + 1, rawOrder),
                "a document length within the " + rawOrder.length));
        bad.add(new Bad("a negative document length", message(raw, order, fingerprint, -1, rawOrder), "a document length"));
        bad.add(new Bad("a truncated RAW document", message(raw, order, fingerprint, rawOrder.length - 9,
                Arrays.copyOf(rawOrder, rawOrder.length - 9)), ""));
        bad.add(new Bad("two documents", message(raw, order, fingerprint, twoOrders.length, twoOrders), "one document of"));
        bad.add(new Bad("garbage CBOR", message(binary, order, fingerprint, garbage.length, garbage), ""));
        bad.add(new Bad("a JSON document cut short", message(json, order, 0, 9, "{\"id\": 12".getBytes(java.nio.charset.StandardCharsets.UTF_8)), ""));
        bad.add(new Bad("an empty document", message(binary, order, fingerprint, 0, new byte[0]), "a Order document, found none"));
        return bad;
    }

    @Test
    void everyKindOfBadMessageIsAWireExceptionToTheHandlerAndTheNextMessageIsRead() {
        try (Link link = new Link(AERON, "aeron:ipc", WireType.RAW, TYPES, TYPES)) {
            List<Bad> bad = badMessages();
            UnsafeBuffer view = new UnsafeBuffer(0, 0);
            for (Bad message : bad) {
                view.wrap(message.message());
                long deadline = System.nanoTime() + Pump.DEADLINE.toNanos();
                while (link.publication.offer(view) < 0) {
                    assertTrue(System.nanoTime() < deadline, "offering " + message.name());
                    link.poll();
                }
                link.send(Order.sample());
            }
            link.drain(bad.size());
            assertEquals(bad.size(), link.badMessages.size(), link.badMessages.toString());
            for (int i = 0; i < bad.size(); i++) {
                String problem = link.badMessages.get(i).getMessage();
                assertTrue(problem.contains(bad.get(i).expected()), bad.get(i).name() + ": " + problem);
            }
            assertEquals(bad.size(), link.received, "each good message after a bad one was read");
            assertEquals(List.of(), link.mismatches);
        }
    }

    /**
     * Header version 1 carried a 32-bit id: a sender's alias this subscriber does not know, hashing
     * to one of its ids, was read as the wrong type on a self-describing wire.
     */
    @Test
    void aSendersAliasWhose32BitIdCollidesWithOneOfTheSubscribersIsRefusedNotMisread() {
        AeronMessageTypes sender = AeronMessageTypes.of(TypeRegistry.builder().add("T323329", Quote.class, Quote::new).build());
        AeronMessageTypes receiver = AeronMessageTypes.of(TypeRegistry.builder()
                .add("T1134096", QuoteWithVenue.class, QuoteWithVenue::new).build());
        try (Link link = new Link(AERON, "aeron:ipc", WireType.BINARY, sender, receiver)) {
            Pump.publish(link.out, link::poll, new Quote("ABC", 1.5, 1.75));
            link.drain(1);
            assertEquals(0, link.received);
            assertTrue(link.badMessages.get(0).getMessage().contains("the type id of a registered type"),
                    link.badMessages.get(0).getMessage());
        }
    }
}
