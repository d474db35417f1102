package io.zwire.cli.example;

import io.zwire.cli.OrderSessions;
import io.zwire.example.Order;
import io.zwire.session.SessionClosedException;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The server example of docs/sessions.md, on a real server on 127.0.0.1. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OrderDeskTest {
    @Test
    void theDeskAcceptsASessionAnswersEachOrderAndLogsTheClose() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        int port;
        try (WireServer desk = OrderDesk.start(0, log::add)) {
            port = desk.port();
            for (Order order : OrderSessions.orders()) {
                assertEquals(order, OrderDesk.ask(port, order));
            }
            // The server's thread logs a close after the client's; wait for it, bounded.
            for (int wait = 0; wait < 100 && log.size() < 8; wait++) {
                Thread.sleep(20);
            }
            assertEquals(List.of("accepted a session speaking BINARY", "session closed",
                    "accepted a session speaking BINARY", "session closed",
                    "accepted a session speaking BINARY", "session closed",
                    "accepted a session speaking BINARY", "session closed"), log);
        }
        assertThrows(IOException.class, () -> OrderDesk.ask(port, Order.sample()), "closed: nothing listens any more");
    }

    /**
     * Closing the server closes the sessions still open: each one's onClose hears of it as a clean
     * close (a null cause, logged as "session closed"), and the client is told SHUTDOWN.
     */
    @Test
    @SuppressWarnings("try") // closing the desk mid-test is the point; the try closes it when an assertion fails first
    void closingTheDeskLogsACleanCloseAndTellsTheClientShutdown() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        try (WireServer desk = OrderDesk.start(0, log::add);
             WireSession client = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", desk.port())),
                     OrderDesk.CONFIG)) {
            client.send(Order.sample());
            assertEquals(Order.sample(), client.receive());
            desk.close();
            assertEquals(List.of("accepted a session speaking BINARY", "session closed"), log);
            SessionClosedException told = assertThrows(SessionClosedException.class, client::receive);
            assertTrue(told.getMessage().contains("the peer is shutting down (SHUTDOWN)"), told.getMessage());
        }
    }
}
