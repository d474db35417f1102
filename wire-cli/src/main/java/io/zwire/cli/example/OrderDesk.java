package io.zwire.cli.example;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * A {@link WireServer} with a handler, and a client of it: the server example of
 * docs/sessions.md, run by {@code OrderDeskTest} on 127.0.0.1. The desk answers each
 * {@link Order} with the order as it read it.
 */
public final class OrderDesk {
    static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    static final SessionConfig CONFIG = SessionConfig.builder(TYPES).wires(WireType.BINARY, WireType.JSON)
            .message(Order.class).build();

    /**
     * Starts the desk on 127.0.0.1. Returns once it listens; the server's own thread runs the
     * handler until {@link WireServer#close()}.
     *
     * @param port the port, 0 for any free one ({@link WireServer#port()} says which)
     * @param log  told of each session accepted and closed, on the server's thread
     * @throws IOException if the port cannot be bound
     */
    public static WireServer start(int port, Consumer<String> log) throws IOException {
        return WireServer.start(new InetSocketAddress("127.0.0.1", port), CONFIG, new WireServer.Handler() {
            @Override
            public void onOpen(WireSession session) {                       // the handshake chose the wire
                log.accept("accepted a session speaking " + session.wireType());
            }

            @Override
            public void onMessage(WireSession session, Object message) {    // on the server's one thread
                Order order = (Order) message;                               // reused for the next message
                session.write(order);                                        // sent after this batch of reads
            }

            @Override
            public void onClose(WireSession session, Exception cause) {     // cause is null for a clean close
                log.accept(cause == null ? "session closed" : "session failed: " + cause.getMessage());
            }
        });
    }

    /**
     * Sends {@code order} to the desk on 127.0.0.1:{@code port} and returns its answer. Blocks.
     *
     * @throws IOException if the desk cannot be reached
     */
    public static Order ask(int port, Order order) throws IOException {
        try (WireSession session = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", port)), CONFIG)) {
            session.send(order);
            return (Order) session.receive();                                // the session's reused instance
        }
    }

    private OrderDesk() {
    }
}
