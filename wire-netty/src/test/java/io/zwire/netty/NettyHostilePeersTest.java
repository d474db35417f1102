package io.zwire.netty;

import io.netty.channel.Channel;
import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.session.CloseReason;
import io.zwire.session.SessionClosedException;
import io.zwire.session.SessionConfig;
import io.zwire.session.SessionProtocol;
import io.zwire.session.WireSession;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Netty server facing peers it does not trust: each bad peer is closed with the reason, the others are served. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyHostilePeersTest {
    private static final int MAX_DOCUMENT = 1024;

    private static SessionConfig limited() {
        return SessionConfig.builder(NettyPeers.TYPES).wires(WireType.BINARY).message(Order.sample())
                .limits(ReadLimits.defaults().withMaxDocumentBytes(MAX_DOCUMENT)).build();
    }

    private static SocketChannel connect(Channel server) throws IOException {
        return SocketChannel.open(new InetSocketAddress("127.0.0.1", NettyPeers.port(server)));
    }

    /** Reads until the server closes the connection; how many bytes came before that. */
    private static int readUntilClosed(SocketChannel socket) throws IOException {
        ByteBuffer sink = ByteBuffer.allocate(4096);
        int total = 0;
        for (int read; (read = socket.read(sink)) >= 0; sink.clear()) {
            total += read;
        }
        return total;
    }

    static void assertServed(NettyPeers peers, Channel server, SessionConfig config, String from) throws Exception {
        Recorder good = new Recorder(NettyPeers::order);
        ZwireConnection connection = peers.client(NettyPeers.port(server), config, good, null, from);
        good.awaitReady();
        for (int i = 0; i < 100; i++) {
            connection.channel().writeAndFlush(NettyPeers.order(i));
        }
        good.awaitReceived(100);
    }

    @Test
    void aDeclaredFrameLengthOverTheLimitClosesTheConnectionBeforeTheFrameIsBuffered() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            Channel server = peers.server(limited(), () -> echo);
            try (SocketChannel socket = connect(server)) {
                Bytes hello = Bytes.elastic(128);
                SessionProtocol.of(limited()).writeHello(hello);
                socket.write(ByteBuffer.wrap(hello.toByteArray()));
                // a header declaring 1 GiB: refused on its 6 bytes, nothing waits for the rest
                socket.write(ByteBuffer.wrap(Bytes.elastic(8).writeInt32(1 << 30).writeInt16(0).toByteArray()));
                WireException refused = assertInstanceOf(WireException.class, echo.nextError());
                assertTrue(refused.getMessage().contains("a frame length of") && refused.getMessage().contains("found 1073741824"),
                        refused.getMessage());
                readUntilClosed(socket);
            }
            assertServed(peers, server, limited(), null);
        }
    }

    @Test
    void garbageInsteadOfAHelloClosesThatConnectionAndTheServerGoesOn() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), () -> echo);
            try (SocketChannel socket = connect(server)) {
                socket.write(ByteBuffer.wrap("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
                WireException refused = assertInstanceOf(WireException.class, echo.nextError());
                assertTrue(refused.getMessage().contains("'ZWRE'"), refused.getMessage());
                readUntilClosed(socket);
            }
            assertServed(peers, server, NettyPeers.config(WireType.BINARY), null);
        }
    }

    @Test
    void connectionsFromOneAddressPastTheLimitAreRefusedWithTheReasonWhileAnotherAddressIsServed() throws Exception {
        AddressConnectionLimit limit = new AddressConnectionLimit(4);
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), Echo::new, null, limit);
            List<WireSession> held = new ArrayList<>();
            try {
                int refused = 0;
                for (int i = 0; i < 20; i++) {
                    SocketChannel socket = SocketChannel.open();
                    socket.bind(new InetSocketAddress("127.0.0.2", 0));
                    socket.connect(new InetSocketAddress("127.0.0.1", NettyPeers.port(server)));
                    try {
                        held.add(WireSession.open(socket, NettyPeers.config(WireType.BINARY)));
                    } catch (SessionClosedException e) {
                        assertEquals(CloseReason.ADDRESS_CONNECTIONS, e.reason(), e.getMessage());
                        refused++;
                    }
                }
                assertEquals(4, held.size());
                assertEquals(16, refused);
                assertEquals(16, limit.refused());
                assertServed(peers, server, NettyPeers.config(WireType.BINARY), "127.0.0.1");
                for (WireSession session : held) {
                    session.send(NettyPeers.order(1));
                    assertEquals(NettyPeers.order(1), session.receive(), "the held connections are still served");
                }
            } finally {
                for (WireSession session : held) {
                    session.close();
                }
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (limit.connections(InetAddress.getByName("127.0.0.2")) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(0, limit.connections(InetAddress.getByName("127.0.0.2")), "closed connections are counted out");
        }
    }

    @Test
    void aHandlerThatThrowsClosesOnlyItsOwnConnectionAndTheEventLoopServesTheOthers() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo() {
                @Override
                public void onMessage(ZwireConnection connection, Object message) throws Exception {
                    if (((Order) message).id() < 0) {
                        throw new IllegalStateException("the handler fails on a negative id");
                    }
                    super.onMessage(connection, message);
                }
            };
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), () -> echo);
            Recorder victim = new Recorder(NettyPeers::order);
            ZwireConnection doomed = peers.client(NettyPeers.port(server), NettyPeers.config(WireType.BINARY), victim);
            victim.awaitReady();
            doomed.channel().writeAndFlush(new Order(-1, "DOOM", 0, 0, io.zwire.example.Side.BUY, null));
            assertTrue(victim.closed.await(10, TimeUnit.SECONDS), "the server closed the connection whose handler threw");
            Throwable reported = echo.nextError();
            assertInstanceOf(IllegalStateException.class, reported);
            assertServed(peers, server, NettyPeers.config(WireType.BINARY), null);
        }
    }

    @Test
    void aBadDocumentInAWellFramedFrameIsReportedAndTheNextFrameIsRead() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            SessionConfig config = NettyPeers.config(WireType.BINARY);
            Channel server = peers.server(config, () -> echo);
            try (SocketChannel socket = connect(server)) {
                Bytes out = Bytes.elastic(256);
                SessionProtocol.of(config).writeHello(out);
                io.zwire.session.FrameCodec frames = new io.zwire.session.FrameCodec(ReadLimits.defaults().maxDocumentBytes(), true);
                int start = frames.begin(out, 0);
                out.writeInt8(0xFF).writeInt8(0xFF);   // a CBOR "break" with nothing open: not a document
                frames.end(out, start, "bad");
                start = frames.begin(out, 0);
                WireType.BINARY.apply(out, WireOptions.defaults()).writeDocument(NettyPeers.order(5));
                frames.end(out, start, "good");
                socket.write(ByteBuffer.wrap(out.toByteArray()));
                assertInstanceOf(WireException.class, echo.nextError());
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (echo.messages.get() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(2);
                }
                assertEquals(1, echo.messages.get(), "the frame after the bad one was read");
                assertEquals(0, echo.closes, "the connection stayed open");
            }
        }
    }

    /** The hello of {@code config}, then {@code count} BINARY frames of orders, as one byte stream. */
    private static byte[] helloAndOrders(SessionConfig config, int count) {
        Bytes out = Bytes.elastic(256);
        SessionProtocol.of(config).writeHello(out);
        io.zwire.session.FrameCodec frames = new io.zwire.session.FrameCodec(ReadLimits.defaults().maxDocumentBytes(), true);
        for (int i = 0; i < count; i++) {
            int start = frames.begin(out, 0);
            WireType.BINARY.apply(out, WireOptions.defaults()).writeDocument(NettyPeers.order(i));
            frames.end(out, start, "Order");
        }
        return out.toByteArray();
    }

    @Test
    void aHandlerThatClosesItsChannelGetsNoMoreOfTheFramesAlreadyReceived() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo closer = new Echo() {
                @Override
                public void onMessage(ZwireConnection connection, Object message) {
                    messages.incrementAndGet();
                    connection.channel().close();
                }
            };
            SessionConfig config = NettyPeers.config(WireType.BINARY);
            Channel server = peers.server(config, () -> closer);
            try (SocketChannel socket = connect(server)) {
                socket.write(ByteBuffer.wrap(helloAndOrders(config, 10)));
                readUntilClosed(socket);
            }
            assertTrue(closer.closed.await(10, TimeUnit.SECONDS), "the server closed the connection");
            assertEquals(1, closer.messages.get(), "frames handed over after the handler closed the channel");
        }
    }

    @Test
    void aConnectionRefusedByTheAddressLimitNeverReachesTheHandler() throws Exception {
        AddressConnectionLimit limit = new AddressConnectionLimit(1);
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            SessionConfig config = NettyPeers.config(WireType.BINARY);
            Channel server = peers.server(config, () -> echo, null, limit);
            try (WireSession held = WireSession.open(connect(server), config)) {
                try (SocketChannel refused = connect(server)) {
                    refused.write(ByteBuffer.wrap(helloAndOrders(config, 10)));
                    readUntilClosed(refused);
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (limit.refused() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(2);
                }
                assertEquals(1, limit.refused());
                held.send(NettyPeers.order(3));
                assertEquals(NettyPeers.order(3), held.receive(), "the held connection is served");
                assertEquals(1, echo.messages.get(), "only the held connection's message reached the handler");
                assertEquals(0, echo.closes, "no close was reported for a connection the handler never had");
            }
        }
    }

    private static final java.time.Duration SHORT_DEADLINE = java.time.Duration.ofMillis(300);

    /** Sends {@code bytes} one at a time, 20 ms apart, until they are all sent or the server closes; the time it took. */
    private static long trickle(SocketChannel socket, byte[] bytes) throws InterruptedException {
        long start = System.nanoTime();
        try {
            for (byte b : bytes) {
                socket.write(ByteBuffer.wrap(new byte[] {b}));
                Thread.sleep(20);
            }
        } catch (IOException closedByTheServer) {
            // the server gave up: what the test waits for
        }
        return System.nanoTime() - start;
    }

    /** Reads what the server sent until it closes: a close record ('ZWRX', then the reason's code, little-endian) must be in it. */
    private static void assertClosedWith(SocketChannel socket, CloseReason reason) throws IOException {
        ByteBuffer received = ByteBuffer.allocate(4096);
        while (received.hasRemaining() && socket.read(received) >= 0) {
            // until the server's close
        }
        String text = new String(received.array(), 0, received.position(), StandardCharsets.ISO_8859_1);
        int record = text.indexOf("ZWRX");
        assertTrue(record >= 0 && record + 6 <= received.position(), "a close record came: " + text);
        int code = (received.get(record + 4) & 0xFF) | (received.get(record + 5) & 0xFF) << 8;
        assertEquals(reason.code(), code, "the close record's reason: " + text);
    }

    /**
     * Sends {@code sent} whole and then trickles {@code trickled} to a server with {@code config}: the
     * server must give up within 5 s with a SocketTimeoutException and a close record of {@code reason},
     * having handed over no message, and go on serving others.
     */
    private static void assertTrickleClosed(SessionConfig config, byte[] sent, byte[] trickled, CloseReason reason) throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            Channel server = peers.server(config, () -> echo);
            try (SocketChannel socket = connect(server)) {
                socket.write(ByteBuffer.wrap(sent));
                long took = trickle(socket, trickled);
                assertInstanceOf(java.net.SocketTimeoutException.class, echo.nextError());
                assertTrue(took < TimeUnit.SECONDS.toNanos(5), "closed after " + took / 1_000_000 + " ms");
                assertEquals(0, echo.messages.get(), "nothing trickled was handed over");
                assertClosedWith(socket, reason);
            }
            assertServed(peers, server, config, null);
        }
    }

    @Test
    void aHelloTrickledSlowerThanTheHandshakeTimeoutIsClosedAsIdle() throws Exception {
        SessionConfig config = SessionConfig.builder(NettyPeers.TYPES).wires(WireType.BINARY).message(Order.sample())
                .handshakeTimeout(SHORT_DEADLINE).build();
        assertTrickleClosed(config, new byte[0], helloAndOrders(config, 0), CloseReason.IDLE);
    }

    @Test
    void aFrameTrickledSlowerThanTheFrameTimeoutIsClosedAsASlowFrame() throws Exception {
        SessionConfig config = SessionConfig.builder(NettyPeers.TYPES).wires(WireType.BINARY).message(Order.sample())
                .frameTimeout(SHORT_DEADLINE).build();
        byte[] stream = helloAndOrders(config, 1);
        int helloSize = helloAndOrders(config, 0).length;
        assertTrickleClosed(config, java.util.Arrays.copyOf(stream, helloSize),
                java.util.Arrays.copyOfRange(stream, helloSize, stream.length), CloseReason.SLOW_FRAME);
    }
}
