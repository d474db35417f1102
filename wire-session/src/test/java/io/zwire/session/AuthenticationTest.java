package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@link WireServer} on 127.0.0.1 that demands authentication, against good clients and
 * every way to fail it; each test is bounded in time.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class AuthenticationTest {
    private static final byte[] ALICE_KEY = "correct horse battery staple 1234".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OTHER_KEY = "not the key alice holds, at all".getBytes(StandardCharsets.US_ASCII);
    private static final PeerKeys KEYS = identity -> identity.equals("alice") ? ALICE_KEY : null;

    /** The server under test: nothing of a refused peer may reach its handler. */
    private EchoServer handler;
    private WireServer server;

    @AfterEach
    void stop() {
        if (handler != null) {
            handler.close();
        }
    }

    private static SessionConfig.Builder config() {
        return EchoServer.orders();
    }

    private void serve(SessionConfig config) throws IOException {
        handler = EchoServer.start(config);
        server = handler.server;
    }

    private void serve(PeerAccess access, Duration delay) throws IOException {
        serve(config().authenticate(KEYS, access).failedAuthenticationDelay(delay).build());
    }

    private void serve() throws IOException {
        serve(PeerAccess.ANY_AUTHENTICATED, Duration.ZERO);
    }

    private SocketChannel connect() throws IOException {
        return handler.connect();
    }

    private WireSession client(String identity, byte[] key) throws IOException {
        return handler.client(config().credential(identity, key).build());
    }

    private SessionClosedException refused(String identity, byte[] key) {
        return assertThrows(SessionClosedException.class, () -> client(identity, key).close());
    }

    private void assertNothingReachedTheHandler() {
        assertEquals(0, handler.opened.get(), "no refused peer's session opened");
        assertEquals(0, handler.messages.get(), "no refused peer's message reached the handler");
    }

    @Test
    void theRightKeyPassesBothWaysAndMessagesFlow() throws Exception {
        serve();
        try (WireSession session = client("alice", ALICE_KEY)) {
            assertTrue(session.isReady());
            session.send(Order.sample());
            assertEquals(Order.sample(), session.receive());
        }
        assertEquals("alice", handler.identities.poll(10, TimeUnit.SECONDS), "the handler sees who is talking");
        assertEquals(0, server.closes(CloseReason.AUTHENTICATION_FAILED));
    }

    @Test
    void aWrongKeyAndAnUnknownIdentityAreRefusedAlikeAndCounted() throws Exception {
        serve();
        SessionClosedException wrongKey = refused("alice", OTHER_KEY);
        SessionClosedException unknown = refused("mallory", ALICE_KEY);
        assertEquals(CloseReason.AUTHENTICATION_FAILED, wrongKey.reason());
        assertEquals(CloseReason.AUTHENTICATION_FAILED, unknown.reason());
        assertEquals(wrongKey.detail(), unknown.detail(), "the words do not tell which part failed");
        assertFalse(wrongKey.getMessage().contains("horse") || wrongKey.getMessage().contains("not the key"),
                "no key in the message: " + wrongKey.getMessage());
        assertNothingReachedTheHandler();
        assertEquals(2, server.closes(CloseReason.AUTHENTICATION_FAILED));
    }

    @Test
    void aClientWithoutACredentialIsToldTheServerRequiresOne() throws Exception {
        serve();
        SessionClosedException missing = assertThrows(SessionClosedException.class,
                () -> WireSession.open(connect(), config().build()));
        assertEquals(CloseReason.AUTHENTICATION_FAILED, missing.reason());
        assertTrue(missing.detail().contains("SessionConfig.Builder.credential"), missing.detail());
        assertNothingReachedTheHandler();
        assertEquals(1, server.closes(CloseReason.AUTHENTICATION_FAILED));
    }

    @Test
    void anAnswerReplayedFromAnEarlierConnectionIsRefused() throws Exception {
        serve();
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        try (WireSession session = WireSession.open(new TappedChannel(connect(), sent, Integer.MAX_VALUE), config().credential("alice", ALICE_KEY).build())) {
            assertTrue(session.isReady(), "the recorded handshake passed");
        }
        try (SocketChannel replay = connect()) {
            replay.write(ByteBuffer.wrap(sent.toByteArray()));
            SessionClosedException closed = closeAfterHello(replay);
            assertEquals(CloseReason.AUTHENTICATION_FAILED, closed.reason());
        }
        assertEquals(1, handler.opened.get(), "only the recorded connection opened");
        assertEquals(1, server.closes(CloseReason.AUTHENTICATION_FAILED));
    }

    @Test
    void framesSentBeforeAuthenticatingNeverReachTheHandler() throws Exception {
        serve();
        SessionConfig plain = config().checksumFrames(false).build();
        Bytes bytes = Bytes.elastic(512);
        Hello.of(plain).sent(List.of(WireType.BINARY), new byte[Hello.NONCE_BYTES], false).write(bytes);
        int frame = bytes.writePosition();
        bytes.writeInt32(0).writeInt16(0);
        WireType.BINARY.apply(bytes, plain.options()).writeDocument(Order.sample());
        bytes.writeInt32At(frame, bytes.writePosition() - frame - 4);
        try (SocketChannel early = connect()) {
            early.write(ByteBuffer.wrap(bytes.toByteArray()));
            assertEquals(CloseReason.AUTHENTICATION_FAILED, closeAfterHello(early).reason());
        }
        assertNothingReachedTheHandler();
    }

    @Test
    void theAccessCheckSeesTheAddressAndMayRefuseIt() throws Exception {
        serve((peer, identity) -> !peer.getAddress().getHostAddress().equals("127.0.0.2"), Duration.ZERO);
        SocketChannel fromElsewhere = handler.connectFrom(InetAddress.getByName("127.0.0.2"));
        SessionClosedException denied = assertThrows(SessionClosedException.class,
                () -> WireSession.open(fromElsewhere, config().credential("alice", ALICE_KEY).build()));
        assertEquals(CloseReason.ACCESS_DENIED, denied.reason());
        assertNothingReachedTheHandler();
        try (WireSession local = client("alice", ALICE_KEY)) {
            local.send(Order.sample());
            assertEquals(Order.sample(), local.receive(), "the same identity from 127.0.0.1 is let in");
        }
        assertEquals(1, server.closes(CloseReason.ACCESS_DENIED));
        assertEquals(0, server.closes(CloseReason.AUTHENTICATION_FAILED));
    }

    @Test
    void aFailedPeerIsHeldForTheDelayWhileAGoodClientIsServedWithinASecond() throws Exception {
        serve(PeerAccess.ANY_AUTHENTICATED, Duration.ofSeconds(2));
        long start = System.nanoTime();
        CompletableFuture<Long> refusedAfter = CompletableFuture.supplyAsync(() -> {
            SessionClosedException closed = refused("alice", OTHER_KEY);
            assertEquals(CloseReason.AUTHENTICATION_FAILED, closed.reason());
            return (System.nanoTime() - start) / 1_000_000;
        });
        while (server.closes(CloseReason.AUTHENTICATION_FAILED) == 0) {
            Thread.sleep(10);
        }
        long goodStart = System.nanoTime();
        try (WireSession good = client("alice", ALICE_KEY)) {
            good.send(Order.sample());
            assertEquals(Order.sample(), good.receive());
        }
        long goodMillis = (System.nanoTime() - goodStart) / 1_000_000;
        assertFalse(refusedAfter.isDone(), "the failed peer is still held while the good client is served");
        assertTrue(goodMillis < 1000, "the good client was served in " + goodMillis + " ms");
        long heldMillis = refusedAfter.get(10, TimeUnit.SECONDS);
        System.out.printf("failed authentication delay 2 s: the failed peer was told after %,d ms; a good client was served"
                + " in %,d ms meanwhile%n", heldMillis, goodMillis);
        assertTrue(heldMillis >= 2000 && heldMillis < 4000, "the failed peer was told after " + heldMillis + " ms");
        assertEquals(1, server.closes(CloseReason.AUTHENTICATION_FAILED));
    }

    @Test
    void aHandshakeArrivingOneByteAtATimeStillAuthenticates() throws Exception {
        serve();
        SocketChannel channel = connect();
        channel.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
        try (WireSession session = WireSession.open(new TappedChannel(channel, new ByteArrayOutputStream(), 1), config().credential("alice", ALICE_KEY).build())) {
            session.send(Order.sample());
            assertEquals(Order.sample(), session.receive());
        }
        assertEquals("alice", handler.identities.poll(10, TimeUnit.SECONDS));
    }

    @Test
    void aHeldPeerKeepsItsConnectionSlotUntilItIsClosed() throws Exception {
        serve(config().authenticate(KEYS, PeerAccess.ANY_AUTHENTICATED).failedAuthenticationDelay(Duration.ofSeconds(1))
                .maxConnections(1).build());
        CompletableFuture<SessionClosedException> held = CompletableFuture.supplyAsync(() -> refused("alice", OTHER_KEY));
        while (server.closes(CloseReason.AUTHENTICATION_FAILED) == 0) {
            Thread.sleep(10);
        }
        assertEquals(CloseReason.SERVER_FULL, refused("alice", ALICE_KEY).reason(), "the held peer still takes the one slot");
        assertEquals(CloseReason.AUTHENTICATION_FAILED, held.get(10, TimeUnit.SECONDS).reason());
        while (server.sessions() > 0) {
            Thread.sleep(10);
        }
        try (WireSession good = client("alice", ALICE_KEY)) {
            good.send(Order.sample());
            assertEquals(Order.sample(), good.receive(), "the slot is free once the held peer is closed");
        }
    }

    @Test
    void aBlockingServerSideSessionRefusesAtOnce() throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            SessionConfig serverSide = config().authenticate(KEYS, PeerAccess.ANY_AUTHENTICATED)
                    .failedAuthenticationDelay(Duration.ofSeconds(5)).build();
            CompletableFuture<WireException> serverOpen = CompletableFuture.supplyAsync(() ->
                    assertThrows(WireException.class, () -> WireSession.open(listener.accept(), serverSide)));
            long start = System.nanoTime();
            SessionClosedException refused = assertThrows(SessionClosedException.class,
                    () -> WireSession.open(SocketChannel.open(listener.getLocalAddress()), config().credential("alice", OTHER_KEY).build()));
            assertEquals(CloseReason.AUTHENTICATION_FAILED, refused.reason());
            assertTrue(System.nanoTime() - start < 4_000_000_000L, "no delay without a WireServer to hold the peer");
            assertTrue(serverOpen.get(10, TimeUnit.SECONDS).getMessage().contains(Authenticator.NOT_PROVED));
        }
    }

    @Test
    void aBlockingServerSideSessionThatAuthenticatesAClientSendsItsProofAndMessagesFlow() throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            SessionConfig serverSide = config().authenticate(KEYS, PeerAccess.ANY_AUTHENTICATED).build();
            CompletableFuture<Object> echoed = CompletableFuture.supplyAsync(() -> {
                try (WireSession server = WireSession.open(listener.accept(), serverSide)) {
                    Object message = server.receive();
                    server.send(message);
                    return message;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            // the client on the test's own thread: the class's @Timeout bounds a handshake that hangs
            try (WireSession client = WireSession.open(SocketChannel.open(listener.getLocalAddress()),
                    config().credential("alice", ALICE_KEY).build())) {
                client.send(Order.sample());
                assertEquals(Order.sample(), client.receive());
                assertEquals(Order.sample(), echoed.get(10, TimeUnit.SECONDS));
            }
        }
    }

    @Test
    void aClientWithACredentialRefusesAServerThatDoesNotAskForOne() throws Exception {
        serve(config().build());
        WireException refused = assertThrows(WireException.class, () -> client("alice", ALICE_KEY));
        assertFalse(refused instanceof SessionClosedException, "the client refuses by itself");
        assertTrue(refused.getMessage().contains("the peer does not ask for one"), refused.getMessage());
    }

    @Test
    void aServerThatCannotProveTheKeyIsRefusedByTheClient() throws Exception {
        try (ServerSocketChannel impostor = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            CompletableFuture<Void> pretend = CompletableFuture.runAsync(() -> {
                try (SocketChannel peer = impostor.accept()) {
                    Bytes bytes = Bytes.elastic(512);
                    Hello.of(config().build()).sent(List.of(WireType.BINARY), new byte[Hello.NONCE_BYTES], true).write(bytes);
                    AuthRecord.write(bytes, new byte[0], new byte[AuthRecord.MAC_BYTES]);
                    peer.write(ByteBuffer.wrap(bytes.toByteArray()));
                    drain(peer);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            SocketChannel channel = SocketChannel.open(impostor.getLocalAddress());
            WireException refused = assertThrows(WireException.class,
                    () -> WireSession.open(channel, config().credential("alice", ALICE_KEY).build()));
            assertTrue(refused.getMessage().contains("its proof does not match"), refused.getMessage());
            pretend.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aConfigurationIsEitherTheServersSideOrTheClients() {
        assertThrows(IllegalStateException.class, () -> config().authenticate(KEYS, PeerAccess.ANY_AUTHENTICATED)
                .credential("alice", ALICE_KEY).build());
        assertThrows(IllegalArgumentException.class, () -> config().credential("alice", new byte[15]));
        assertThrows(IllegalArgumentException.class, () -> config().credential("", ALICE_KEY));
    }

    /** Reads a server's hello and then its close record, to the end of the stream, as a peer that predates close records would. */
    static SessionClosedException closeAfterHello(SocketChannel channel) throws IOException {
        Bytes received = Bytes.elastic(1024);
        ByteBuffer chunk = ByteBuffer.allocate(1024);
        while (channel.read(chunk.clear()) >= 0) {
            received.write(chunk.array(), 0, chunk.position());
        }
        int hello = Hello.size(received, 0);
        received.readPosition(hello);
        assertTrue(CloseRecord.startsAt(received), "a close record follows the hello");
        return CloseRecord.read(received, CloseRecord.size(received), Hello.WIRE, hello);
    }

    private static void drain(SocketChannel peer) {
        try {
            while (peer.read(ByteBuffer.allocate(4096)) >= 0) {
                Thread.onSpinWait();
            }
        } catch (IOException reset) {
            // the client closed on its refusal; nothing more to read
        }
    }

    /**
     * A channel that keeps a copy of every byte written through it, and writes at most
     * {@code maxPerWrite} bytes per call (so the server can receive the handshake in pieces).
     */
    private record TappedChannel(SocketChannel channel, ByteArrayOutputStream written, int maxPerWrite) implements ByteChannel {
        @Override
        public int read(ByteBuffer dst) throws IOException {
            return channel.read(dst);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            ByteBuffer part = src.duplicate();
            part.limit(part.position() + Math.min(maxPerWrite, part.remaining()));
            int start = src.position();
            int wrote = channel.write(part);
            written.write(src.array(), src.arrayOffset() + start, wrote);
            src.position(start + wrote);
            return wrote;
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
