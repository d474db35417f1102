package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server that closes a session says why, and a {@link WireSession} client reports it. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CloseRecordTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    private WireServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static SessionConfig.Builder config() {
        return SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample()).pool(BytesPool.heap(4096, 4));
    }

    private void serve(SessionConfig.Builder config) throws IOException {
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config.build(), new WireServer.Handler() {
            @Override
            public void onMessage(WireSession session, Object message) throws IOException {
                session.write(message);
            }
        });
    }

    private WireSession client() throws IOException {
        return WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port())), config().build());
    }

    @Test
    void aSessionClosedForIdlingReportsIdleAtItsNextReceive() throws Exception {
        serve(config().idleTimeout(Duration.ofMillis(200)));
        try (WireSession session = client()) {
            SessionClosedException closed = assertThrows(SessionClosedException.class, session::receive);
            assertEquals(CloseReason.IDLE, closed.reason());
            assertTrue(closed.detail().contains("SessionConfig.idleTimeout"), closed.detail());
            assertFalse(session.isOpen(), "the client closed its side");
        }
    }

    @Test
    void aServerThatStopsTellsItsClientsItIsShuttingDown() throws Exception {
        serve(config());
        try (WireSession session = client()) {
            session.send(Order.sample());
            assertEquals(Order.sample(), session.receive());
            server.close();
            SessionClosedException closed = assertThrows(SessionClosedException.class, session::receive);
            assertEquals(CloseReason.SHUTDOWN, closed.reason());
        }
    }

    @Test
    void aClientRefusedForMemoryIsToldSoInItsHandshake() throws Exception {
        // Each session's two pooled buffers take 8 KiB; a budget of 12 KiB holds one session.
        serve(config().maxServerBytes(12 * 1024));
        try (WireSession first = client()) {
            SessionClosedException refused = assertThrows(SessionClosedException.class, this::client);
            assertEquals(CloseReason.MEMORY, refused.reason());
            assertTrue(refused.getMessage().contains("SessionConfig.maxServerBytes"), refused.getMessage());
            first.send(Order.sample());
            assertEquals(Order.sample(), first.receive(), "the first client is still served");
        }
    }

    @Test
    void aCodeThisSideDoesNotKnowReadsAsOtherAndALongDetailIsCutOnACharacterBoundary() {
        Bytes bytes = Bytes.elastic(64);
        bytes.writeInt32(CloseRecord.MAGIC).writeInt16(999).writeInt16(0);
        assertTrue(CloseRecord.startsAt(bytes));
        assertEquals(CloseReason.OTHER, CloseRecord.read(bytes, CloseRecord.size(bytes), "SESSION", 0).reason());

        Bytes cut = Bytes.elastic(64);
        CloseRecord.write(cut, CloseReason.SHED, "é".repeat(200));
        int size = CloseRecord.size(cut);
        assertTrue(size <= CloseRecord.MAX_SIZE, "size " + size);
        SessionClosedException closed = CloseRecord.read(cut, size, "SESSION", 0);
        assertEquals("é".repeat(128), closed.detail());
        assertEquals(CloseReason.SHED, closed.reason());
    }

    @Test
    void everyReasonCodeReadsBackAsItsReason() {
        for (CloseReason reason : CloseReason.values()) {
            assertEquals(reason, CloseReason.of(reason.code()));
        }
    }
}
