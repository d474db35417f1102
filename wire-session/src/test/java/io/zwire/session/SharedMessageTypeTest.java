package io.zwire.session;

import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two sides whose hellos share no message type fail the handshake and say which types each has. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SharedMessageTypeTest {
    private static final TypeRegistry ORDERS = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    private static final TypeRegistry PARTIES = TypeRegistry.builder().add("Party", Party.class, Party::new).build();
    private static final TypeRegistry BOTH = TypeRegistry.builder()
            .add("Order", Order.class, Order::new).add("Party", Party.class, Party::new).build();
    private static final Party PARTY = new Party("p", "a", 1);

    private EchoServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static SessionConfig orders() {
        return SessionConfig.builder(ORDERS).wires(WireType.JSON, WireType.BINARY).message(Order.sample()).build();
    }

    private void serve(SessionConfig config) throws IOException {
        server = EchoServer.start(config);
    }

    private WireSession connect(SessionConfig config) throws IOException {
        return server.client(config);
    }

    @Test
    void aClientWhoseTypesTheServerDoesNotKnowFailsItsHandshakeNamingBothLists() throws Exception {
        serve(SessionConfig.builder(PARTIES).wires(WireType.JSON, WireType.BINARY).message(PARTY).build());
        WireException refused = assertThrows(WireException.class, () -> connect(orders()));
        assertEquals("SESSION", refused.wire());
        assertTrue(refused.getMessage().contains("this side has [Order], the peer [Party]"), refused.getMessage());

        Exception serverSide = server.closes.poll(10, TimeUnit.SECONDS);
        assertNotNull(serverSide, "the server ended the connection too");
        assertInstanceOf(WireException.class, serverSide);
        assertTrue(serverSide.getMessage().contains("this side has [Party], the peer [Order]"), serverSide.getMessage());
        assertEquals(0, server.opened.get(), "the handler never saw a session open");
    }

    @Test
    void oneSharedTypeIsEnoughAndItsMessagesFlow() throws Exception {
        serve(orders());
        SessionConfig both = SessionConfig.builder(BOTH).wires(WireType.BINARY).message(Order.sample()).message(PARTY).build();
        try (WireSession session = connect(both)) {
            session.send(Order.sample());
            assertEquals(Order.sample(), session.receive());
            assertThrows(IllegalArgumentException.class, () -> session.send(PARTY), "the server does not accept Party");
        }
    }

    @Test
    void aReaderSharingNoTypeWithTheWriterFailsAtTheHello(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("orders.zw");
        try (WireSession writer = WireSession.writer(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                orders())) {
            writer.send(Order.sample());
        }
        SessionConfig parties = SessionConfig.builder(PARTIES).wires(WireType.JSON).message(PARTY).build();
        WireException refused = assertThrows(WireException.class,
                () -> WireSession.reader(FileChannel.open(file, StandardOpenOption.READ), parties));
        assertTrue(refused.getMessage().contains("this side has [Party], the peer [Order]"), refused.getMessage());
        assertEquals(0, refused.offset(), "the writer's hello starts the file");
    }
}
