package io.zwire.session;

import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A CRC32C per frame, negotiated in the hello: a flipped or truncated frame is a WireException, never a value. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class FrameChecksumTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();

    private static SessionConfig config(boolean checksums) {
        return SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample()).pool(BytesPool.heap(256, 2))
                .checksumFrames(checksums).build();
    }

    private static Order order(int i) {
        return new Order(i, "SYM" + (i % 7), i * 0.25, i * 10L, Side.values()[i % 2], new Party("p" + (i % 3), "a", i));
    }

    /** Two orders written by a one-way writer, as the bytes of a file. */
    private static byte[] written(boolean checksums) throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (WireSession writer = WireSession.writer(Channels.newChannel(stream), config(checksums))) {
            assertEquals(checksums, writer.checksumsFrames());
            writer.send(order(1));
            writer.send(order(2));
        }
        return stream.toByteArray();
    }

    private static WireSession reader(byte[] data) throws IOException {
        return WireSession.reader(Channels.newChannel(new ByteArrayInputStream(data)), config(true));
    }

    /** The data with the 'M' of the first order's symbol "SYM1" turned into an 'N'. */
    private static byte[] flipped(byte[] data) {
        byte[] copy = data.clone();
        int at = indexOf(copy, "SYM1".getBytes(StandardCharsets.US_ASCII)) + 2;
        copy[at] ^= 0x03;
        return copy;
    }

    private static int indexOf(byte[] data, byte[] part) {
        for (int i = 0; i + part.length <= data.length; i++) {
            if (Arrays.equals(data, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void aFlippedByteIsAWireExceptionWithChecksumsWhereWithoutThemItIsAWrongValue() throws Exception {
        try (WireSession reader = reader(flipped(written(true)))) {
            assertTrue(reader.checksumsFrames(), "the reader follows its writer");
            WireException e = assertThrows(WireException.class, reader::receive);
            assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());
            assertFalse(reader.isOpen(), "a frame that fails its check ends the session");
        }
        try (WireSession reader = reader(flipped(written(false)))) {
            assertFalse(reader.checksumsFrames());
            Object misread = reader.receive();
            assertNotEquals(order(1), misread, "without checksums the flip is read as a value");
            assertEquals("SYN1", ((Order) misread).symbol());
        }
    }

    @Test
    void aTruncatedFrameFollowedByTheNextIsAWireException() throws Exception {
        byte[] data = written(true);
        int cutAt = indexOf(data, "SYM1".getBytes(StandardCharsets.US_ASCII));
        byte[] truncated = new byte[data.length - 4];
        System.arraycopy(data, 0, truncated, 0, cutAt);
        System.arraycopy(data, cutAt + 4, truncated, cutAt, data.length - cutAt - 4);
        try (WireSession reader = reader(truncated)) {
            WireException e = assertThrows(WireException.class, reader::receive);
            assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());
        }
        try (WireSession reader = reader(data)) {
            assertEquals(order(1), reader.receive());
            assertEquals(order(2), reader.receive());
        }
    }

    private static final class Echo implements WireServer.Handler {
        @Override
        public void onMessage(WireSession session, Object message) throws IOException {
            session.send(message);
        }
    }

    @Test
    void checksumsAreUsedOnlyWhenBothSidesOfferThem() throws Exception {
        for (boolean serverOffers : new boolean[] {true, false}) {
            try (WireServer server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config(serverOffers), new Echo())) {
                for (boolean clientOffers : new boolean[] {true, false}) {
                    try (WireSession session = WireSession.open(
                            SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port())), config(clientOffers))) {
                        assertEquals(serverOffers && clientOffers, session.checksumsFrames());
                        for (int i = 0; i < 100; i++) {
                            session.send(order(i));
                            assertEquals(order(i), session.receive());
                        }
                    }
                }
            }
        }
    }
}
