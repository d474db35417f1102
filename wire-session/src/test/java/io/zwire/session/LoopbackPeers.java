package io.zwire.session;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Peers of a {@link WireServer} on loopback addresses: the whole of 127.0.0.0/8 is loopback on
 * Linux, so a test binds each peer to the address it plays (127.0.0.1 the good client, 127.0.0.2
 * and up the attackers) and the server sees them as different hosts.
 */
final class LoopbackPeers {
    static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    static final String GOOD = "127.0.0.1";
    static final int KIB = 1 << 10;
    static final int MIB = 1 << 20;

    private LoopbackPeers() {
    }

    /** 127.0.0.2 .. 127.0.0.(1 + count): the addresses attackers play. */
    static List<String> attackers(int count) {
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            addresses.add("127.0.0." + (2 + i));
        }
        return addresses;
    }

    /** A server that echoes every message, bound to 127.0.0.1, with the test's limits. */
    static WireServer serve(WireServer.Handler handler, UnaryOperator<SessionConfig.Builder> limits) throws IOException {
        return serve(handler, limits, new Lines());
    }

    /** As {@link #serve(WireServer.Handler, UnaryOperator)}, its refusals and closes logged to {@code log}. */
    static WireServer serve(WireServer.Handler handler, UnaryOperator<SessionConfig.Builder> limits, System.Logger log)
            throws IOException {
        SessionConfig config = limits.apply(SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample())
                .pool(BytesPool.heap(4096, 8))).build();
        return WireServer.start(new InetSocketAddress(GOOD, 0), config, handler, log);
    }

    /** A blocking connection to {@code port} on 127.0.0.1 from {@code from}. */
    static SocketChannel connect(String from, int port) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.bind(new InetSocketAddress(from, 0));
            channel.connect(new InetSocketAddress(GOOD, port));
            return channel;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    /** A client session over {@code channel}, its handshake done; closes the channel if that fails. */
    static WireSession client(SocketChannel channel) throws IOException {
        return WireSession.open(channel, SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample())
                .pool(BytesPool.heap(4096, 2)).build());
    }

    static WireSession client(String from, int port) throws IOException {
        return client(connect(from, port));
    }

    static Order order(int i) {
        return new Order(i, "SYM" + (i % 7), i * 0.25, i * 10L, Side.values()[i % 2], new Party("p" + (i % 3), "a", i));
    }

    /** The start of a frame of {@code length} bytes after its length field (message type 0) and {@code body} bytes of it. */
    static ByteBuffer unfinishedFrame(int length, int body) {
        return ByteBuffer.allocate(6 + body).order(ByteOrder.LITTLE_ENDIAN).putInt(length).putShort((short) 0)
                .position(6 + body).flip();
    }

    /** Echoes every message back. */
    static final class Echo implements WireServer.Handler {
        @Override
        public void onMessage(WireSession session, Object message) throws IOException {
            session.write(message);
        }
    }

    /** Echoes a small order; answers a large one with a small order, so no reply grows the send buffer. */
    static final class AcknowledgeLarge implements WireServer.Handler {
        @Override
        public void onMessage(WireSession session, Object message) throws IOException {
            session.write(((Order) message).symbol().length() > 100 ? order(0) : message);
        }
    }

    /** A log that keeps every line, in order. */
    static final class Lines implements System.Logger {
        final List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public String getName() {
            return "lines";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, java.util.ResourceBundle bundle, String msg, Throwable thrown) {
            lines.add(msg);
        }

        @Override
        public void log(Level level, java.util.ResourceBundle bundle, String format, Object... params) {
            lines.add(format);
        }
    }

    static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // the server may have closed it first
        }
    }
}
