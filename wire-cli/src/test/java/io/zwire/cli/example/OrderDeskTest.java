package io.zwire.cli.example;

import io.zwire.cli.OrderSessions;
import io.zwire.session.WireServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
