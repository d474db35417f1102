package io.zwire.aeron;

import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failure in a user's code or a caller's buffer stays where it belongs: a subscriber reports it
 * as a bad message and polls on; a publisher passes a write method's exception through as it is.
 */
class AeronFailureIsolationTest {
    @RegisterExtension
    static final EmbeddedAeron AERON = new EmbeddedAeron();
    static final AeronMessageTypes TYPES = AeronMessageTypes.of(TypeRegistry.builder()
            .add("Fragile", Fragile.class, Fragile::new).add("Order", Order.class, Order::new).build());

    @Test
    void aBufferOverABareAddressIsABadMessageNotAnExceptionOutOfOnFragment() {
        byte[] message = AeronBadMessageTest.message(WireType.BINARY.code(), MessageHeader.typeId("Order"),
                TYPES.fingerprint(Order.class), AeronBadMessageTest.document(WireType.BINARY, Order.sample()).length,
                AeronBadMessageTest.document(WireType.BINARY, Order.sample()));
        ByteBuffer memory = ByteBuffer.allocateDirect(message.length).put(message);
        UnsafeBuffer bareAddress = new UnsafeBuffer(BufferUtil.address(memory), message.length);
        List<Object> read = new ArrayList<>();
        List<WireException> refused = new ArrayList<>();
        WireSubscriber in = WireSubscriber.of(TYPES, (m, header) -> read.add(m), (problem, header) -> refused.add(problem));

        in.onFragment(bareAddress, 0, message.length, null);

        assertEquals(List.of(), read);
        assertEquals(1, refused.size());
        assertTrue(refused.get(0).getMessage().contains("bare address"), refused.get(0).getMessage());
        in.onFragment(new UnsafeBuffer(message), 0, message.length, null);
        assertEquals(List.of(Order.sample()), read, "the same bytes over an array are read");
    }

    @Test
    void aReadMethodThatThrowsIsABadMessageAndTheNextMessageIsRead() {
        try (Link link = new Link(AERON, "aeron:ipc", WireType.BINARY, TYPES, TYPES)) {
            Pump.publish(link.out, link::poll, new Fragile(Fragile.READ_FAILS, "unreadable"));
            link.send(new Fragile(1, "fine"));
            link.drain(1);
            assertEquals(1, link.badMessages.size());
            assertInstanceOf(IllegalStateException.class, link.badMessages.get(0).getCause());
            assertEquals(1, link.received);
            assertEquals(List.of(), link.mismatches);
        }
    }

    @Test
    void anIndexOutOfBoundsFromAWriteMethodPropagatesAsItIsAndNothingIsPublished() {
        try (Link link = new Link(AERON, "aeron:ipc", WireType.RAW, TYPES, TYPES)) {
            Fragile failing = new Fragile(Fragile.WRITE_FAILS, "never sent");
            assertUserExceptionPassesThrough(link.out, failing);
            link.send(new Fragile(1, "fine"));
            assertUserExceptionPassesThrough(link.out, failing);
            link.send(new Fragile(2, "fine too"));
            link.drain(0);
            assertEquals(2, link.received);
            assertEquals(List.of(), link.badMessages);
            assertEquals(List.of(), link.mismatches);
        }
    }

    /**
     * Once by copy (the type's first message) and once in a claim (its claim length known, the
     * claim aborted into padding the subscriber skips); the caller then counts what arrives.
     */
    private static void assertUserExceptionPassesThrough(WirePublication out, Fragile failing) {
        IndexOutOfBoundsException thrown = assertThrows(IndexOutOfBoundsException.class, () -> out.publish(failing));
        assertSame(IndexOutOfBoundsException.class, thrown.getClass(), thrown.toString());
        assertTrue(thrown.getMessage().startsWith("a user's bug"), thrown.getMessage());
    }
}
