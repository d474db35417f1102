package io.zwire.session;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real {@link WireServer} for tests, on a free port, that echoes every message and records what
 * reached its handler: sessions opened (with the identity each proved), messages, and how each
 * connection ended.
 */
final class EchoServer implements WireServer.Handler, AutoCloseable {
    static final TypeRegistry ORDERS = TypeRegistry.builder().add("Order", Order.class, Order::new).build();

    final AtomicInteger opened = new AtomicInteger();
    final AtomicInteger messages = new AtomicInteger();
    final BlockingQueue<String> identities = new LinkedBlockingQueue<>();
    final BlockingQueue<Exception> closes = new LinkedBlockingQueue<>();
    final WireServer server;
    private final InetAddress address;

    private EchoServer(InetAddress address, SessionConfig config) throws IOException {
        this.address = address;
        this.server = WireServer.start(new InetSocketAddress(address, 0), config, this);
    }

    /** {@return a configuration of Orders on BINARY with a small pool of its own} */
    static SessionConfig.Builder orders() {
        return SessionConfig.builder(ORDERS).wires(WireType.BINARY).message(Order.sample()).pool(BytesPool.heap(4096, 4));
    }

    /** Starts a server on 127.0.0.1. */
    static EchoServer start(SessionConfig config) throws IOException {
        return start(InetAddress.getLoopbackAddress(), config);
    }

    /** Starts a server on {@code address}. */
    static EchoServer start(InetAddress address, SessionConfig config) throws IOException {
        return new EchoServer(address, config);
    }

    /** Connects to the server, not yet in a session. */
    SocketChannel connect() throws IOException {
        return SocketChannel.open(new InetSocketAddress(address, server.port()));
    }

    /** Connects from {@code from}, not yet in a session. */
    SocketChannel connectFrom(InetAddress from) throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.bind(new InetSocketAddress(from, 0));
        channel.connect(new InetSocketAddress(address, server.port()));
        return channel;
    }

    /** A client session with {@code config}. */
    WireSession client(SessionConfig config) throws IOException {
        return WireSession.open(connect(), config);
    }

    @Override
    public void onOpen(WireSession session) {
        opened.incrementAndGet();
        identities.add(String.valueOf(session.peerIdentity()));
    }

    @Override
    public void onMessage(WireSession session, Object message) throws IOException {
        messages.incrementAndGet();
        session.write(message);
    }

    @Override
    public void onClose(WireSession session, Exception cause) {
        closes.add(cause == null ? new Exception("closed cleanly") : cause);
    }

    @Override
    public void close() {
        server.close();
    }
}
