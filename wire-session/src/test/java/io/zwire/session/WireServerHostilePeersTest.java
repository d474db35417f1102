package io.zwire.session;

import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real {@link WireServer} on 127.0.0.1 against peers that try to take it down; every test is bounded in time. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WireServerHostilePeersTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();
    private static final Exception CLEAN = new Exception("closed cleanly");
    private static final int MIB = 1 << 20;

    private final BytesPool serverPool = BytesPool.heap(4096, 8);
    /** Threads of the test's own, so no test waits on a shared pool another test holds. */
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private WireServer server;

    /** Echoes every message; records errors and how each connection ended. */
    private static class Echo implements WireServer.Handler {
        final BlockingQueue<Exception> closes = new LinkedBlockingQueue<>();
        final BlockingQueue<WireException> errors = new LinkedBlockingQueue<>();
        final AtomicInteger messages = new AtomicInteger();

        @Override
        public void onMessage(WireSession session, Object message) throws IOException {
            messages.incrementAndGet();
            session.write(message);
        }

        @Override
        public void onError(WireSession session, WireException error) {
            errors.add(error);
        }

        @Override
        public void onClose(WireSession session, Exception cause) {
            closes.add(cause == null ? CLEAN : cause);
        }

        Exception nextClose() throws InterruptedException {
            Exception cause = closes.poll(10, TimeUnit.SECONDS);
            assertNotNull(cause, "the server reported the connection's end");
            return cause;
        }
    }

    private SessionConfig config(UnaryOperator<SessionConfig.Builder> limits) {
        return limits.apply(SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample()).pool(serverPool)).build();
    }

    private void serve(WireServer.Handler handler, UnaryOperator<SessionConfig.Builder> limits) throws IOException {
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config(limits), handler);
    }

    private SocketChannel connect() throws IOException {
        return SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()));
    }

    private WireSession client() throws IOException {
        return client(connect());
    }

    private static WireSession client(SocketChannel channel) throws IOException {
        return WireSession.open(channel, SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.sample())
                .pool(BytesPool.heap(4096, 2)).build());
    }

    @AfterEach
    void stop() {
        threads.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    private static Order order(int i) {
        return new Order(i, "SYM" + (i % 7), i * 0.25, i * 10L, Side.values()[i % 2], new Party("p" + (i % 3), "a", i));
    }

    /** Sends {@code count} orders one at a time and checks each echo. */
    private static void roundTrips(WireSession session, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            session.send(order(i));
            assertEquals(order(i), session.receive(), "echo of round trip " + i);
        }
    }

    /** A frame header: the length of the rest, then message type 0. */
    private static ByteBuffer frameHeader(int length) {
        return ByteBuffer.allocate(6).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(length).putShort((short) 0).flip();
    }

    /**
     * A well-framed frame, with its CRC32C, whose document is not well-formed CBOR (0x1c: a
     * reserved additional value).
     */
    private static ByteBuffer badDocumentFrame() {
        ByteBuffer frame = ByteBuffer.allocate(11).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(7).putShort((short) 0)
                .put((byte) 0x1c);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(frame.array(), 0, 7);
        return frame.putInt((int) crc.getValue()).flip();
    }

    private static long usedHeapAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    @Test
    void fiftyPeersDeclaring256MiBFramesHoldOnlyWhatTheySendWithinTheServerBudgetWhileAGoodClientCompletes10000RoundTrips()
            throws Exception {
        long serverBudget = 16L * MIB;
        Echo echo = new Echo();
        // The session budget lets a 256 MiB frame through, so only received bytes and the server's budget bound memory.
        serve(echo, b -> b.maxSessionBytes(1024L * MIB).maxServerBytes(serverBudget));
        long heapBefore = usedHeapAfterGc();
        AtomicLong peak = new AtomicLong();
        AtomicInteger stop = new AtomicInteger();
        CompletableFuture<Void> sampler = CompletableFuture.runAsync(() -> {
            while (stop.get() == 0 && !Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(server.bufferBytes(), Math::max);
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
        }, threads);
        CompletableFuture<Void> goodClient = CompletableFuture.runAsync(() -> {
            try (WireSession session = client()) {
                roundTrips(session, 10_000);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, threads);
        List<SocketChannel> attackers = new ArrayList<>();
        List<WireSession> attackerSessions = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            SocketChannel channel = connect();
            attackers.add(channel);
            attackerSessions.add(client(channel));
            channel.write(frameHeader(256 * MIB));
        }
        long heapDeclared = usedHeapAfterGc();
        long heldDeclared = server.bufferBytes();
        // Each attacker then sends 1 MiB of its frame: 50 MiB in all, past the 16 MiB budget.
        ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
        int refused = 0;
        for (SocketChannel channel : attackers) {
            try {
                for (int sent = 0; sent < MIB; sent += chunk.capacity()) {
                    chunk.clear();
                    while (chunk.hasRemaining()) {
                        channel.write(chunk);
                    }
                }
            } catch (IOException closedByTheServer) {
                refused++;
            }
        }
        long heapAttacked = usedHeapAfterGc();
        long heldAttacked = server.bufferBytes();
        goodClient.get(30, TimeUnit.SECONDS);
        stop.set(1);
        sampler.get(5, TimeUnit.SECONDS);
        int budgetCloses = 0;
        for (Exception cause; budgetCloses < 40 && (cause = echo.closes.poll(5, TimeUnit.SECONDS)) != null; ) {
            // all 50 come from 127.0.0.1, so its share of the budget (an eighth, 2 MiB) is what they hit
            if (cause.getMessage().contains("SessionConfig.maxServerBytesPerAddress")) {
                budgetCloses++;
            }
        }
        System.out.printf("50 peers declaring 256 MiB frames: server buffers %,d bytes after the headers, %,d after 50 MiB"
                        + " sent (peak %,d, budget %,d); heap used after GC %,d before, %,d after the headers, %,d after"
                        + " the data; %d peers closed for the budget (%d saw it while sending); pool holds %,d bytes (Java %s)%n",
                heldDeclared, heldAttacked, peak.get(), serverBudget, heapBefore, heapDeclared, heapAttacked, budgetCloses, refused,
                serverPool.retainedBytes(), Runtime.version());
        assertTrue(heldDeclared < 2L * MIB, "declared sizes are not allocations: " + heldDeclared);
        assertTrue(peak.get() <= serverBudget, "the server's buffers stayed within the budget: peak " + peak.get());
        assertTrue(budgetCloses >= 30, "peers past the budget were closed naming it: " + budgetCloses);
        // The heap also counts the clients' side and G1's humongous regions (an array of just over
        // 1 MiB fills a 2 MiB region), so it is bounded more loosely than the counted buffers;
        // without the budget it would hold 50 frames of 256 MiB.
        assertTrue(heapAttacked - heapBefore < 4 * serverBudget, "heap held under attack " + (heapAttacked - heapBefore));
        for (SocketChannel channel : attackers) {
            channel.close();
        }
        for (WireSession session : attackerSessions) {
            session.close();
        }
        assertTrue(serverPool.retainedBytes() <= serverPool.maxRetainedBytes());
        try (WireSession session = client()) {
            roundTrips(session, 10);
        }
    }

    @Test
    void aFrameBeyondTheSessionBudgetIsRefusedWhenItsHeaderArrives() throws Exception {
        Echo echo = new Echo();
        serve(echo, UnaryOperator.identity());
        try (SocketChannel channel = connect(); WireSession session = client(channel)) {
            channel.write(frameHeader(256 * MIB));
            Exception cause = echo.nextClose();
            assertInstanceOf(WireException.class, cause);
            assertTrue(cause.getMessage().contains("SessionConfig.maxSessionBytes"), cause.getMessage());
            assertNull(session.receive(), "the server closed the connection");
        }
    }

    @Test
    void aClientThatNeverReadsHoldsBoundedOutputOthersAreServedAndTheIdleTimeoutEndsIt() throws Exception {
        Echo echo = new Echo();
        int pendingBound = 64 * 1024;
        serve(echo, b -> b.maxPendingOutputBytes(pendingBound).idleTimeout(Duration.ofSeconds(2)));
        SocketChannel hog = SocketChannel.open();
        hog.setOption(StandardSocketOptions.SO_RCVBUF, 8 * 1024);
        hog.connect(new InetSocketAddress("127.0.0.1", server.port()));
        WireSession hogSession = client(hog);
        AtomicInteger sent = new AtomicInteger();
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; i < 2_000_000; i++) {
                    hogSession.write(order(i));
                    if ((i & 63) == 63) {
                        hogSession.flush();
                    }
                    sent.incrementAndGet();
                }
            } catch (IOException | RuntimeException closed) {
                // the server closed it, or the test did
            }
        }, threads);
        long peak = 0;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
        try (WireSession good = client()) {
            while (System.nanoTime() < deadline) {
                roundTrips(good, 100);
                peak = Math.max(peak, server.bufferBytes());
            }
        }
        System.out.printf("a client that never reads: it sent %,d messages, the server echoed %,d; server buffers peaked at"
                + " %,d bytes (pending output bound %,d)%n", sent.get(), echo.messages.get(), peak, pendingBound);
        assertTrue(sent.get() > 10_000, "the hog sent a lot: " + sent.get());
        assertTrue(peak < 2L * MIB, "the server's buffers stayed bounded: " + peak);
        Exception first = echo.nextClose();
        Exception second = echo.nextClose();
        assertTrue(first == CLEAN || second == CLEAN, "the good client closed cleanly: " + first + ", " + second);
        Exception hogEnd = first == CLEAN ? second : first;
        assertInstanceOf(SocketTimeoutException.class, hogEnd);
        assertTrue(hogEnd.getMessage().contains("idle timeout"), hogEnd.getMessage());
        hog.close();
        sender.get(10, TimeUnit.SECONDS);
        hogSession.close();
    }

    /** Throws in every callback it can, including onClose. */
    private static final class Thrower extends Echo {
        @Override
        public void onMessage(WireSession session, Object message) throws IOException {
            long id = ((Order) message).id();
            if (id == 13) {
                throw new IllegalStateException("the handler fails on order 13");
            }
            if (id == 14) {
                throw new OutOfMemoryError("the handler runs out of memory on order 14");
            }
            super.onMessage(session, message);
        }

        @Override
        public void onClose(WireSession session, Exception cause) {
            super.onClose(session, cause);
            throw new IllegalStateException("the handler fails in onClose too");
        }
    }

    @Test
    void aHandlerThatThrowsEvenAnErrorAndInOnCloseEndsOnlyThatSession() throws Exception {
        Thrower thrower = new Thrower();
        serve(thrower, UnaryOperator.identity());
        try (WireSession bystander = client()) {
            roundTrips(bystander, 5);
            for (int failing : new int[] {13, 14}) {
                try (WireSession session = client()) {
                    roundTrips(session, 3);
                    session.send(order(failing));
                    assertNull(session.receive(), "the server closed the failing session");
                }
                Exception cause = thrower.nextClose();
                assertTrue(cause.getMessage().contains("order " + failing), cause.toString());
                if (failing == 14) {
                    assertInstanceOf(OutOfMemoryError.class, cause.getCause());
                }
                roundTrips(bystander, 5);
            }
        }
        assertEquals(CLEAN, thrower.nextClose());
        try (WireSession later = client()) {
            roundTrips(later, 5);
        }
        assertEquals(CLEAN, thrower.nextClose());
        assertEquals(0, server.sessions());
    }

    @Test
    void aBadDocumentMidSessionGoesToOnErrorAndTheSessionContinues() throws Exception {
        Echo echo = new Echo();
        serve(echo, UnaryOperator.identity());
        try (SocketChannel channel = connect(); WireSession session = client(channel)) {
            roundTrips(session, 3);
            assertTrue(session.checksumsFrames(), "both sides offer checksums by default");
            channel.write(badDocumentFrame());
            WireException error = echo.errors.poll(10, TimeUnit.SECONDS);
            assertNotNull(error, "the handler saw the bad document");
            roundTrips(session, 3);
            assertEquals(6, echo.messages.get());
        }
        assertEquals(CLEAN, echo.nextClose());
    }

    @Test
    void aHandlerMayEndTheSessionOnABadDocument() throws Exception {
        Echo echo = new Echo() {
            @Override
            public void onError(WireSession session, WireException error) {
                super.onError(session, error);
                try {
                    session.close();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }
        };
        serve(echo, UnaryOperator.identity());
        try (SocketChannel channel = connect(); WireSession session = client(channel)) {
            roundTrips(session, 1);
            channel.write(badDocumentFrame());
            assertInstanceOf(WireException.class, echo.nextClose());
            assertNull(session.receive(), "the server closed the connection");
        }
        assertEquals(0, server.sessions());
    }

    @Test
    void aClientThatNeverFinishesItsHelloIsClosedAfterTheHandshakeTimeout() throws Exception {
        Echo echo = new Echo();
        serve(echo, b -> b.handshakeTimeout(Duration.ofMillis(300)));
        try (SocketChannel silent = connect(); SocketChannel partial = connect()) {
            partial.write(ByteBuffer.wrap(new byte[] {'Z', 'W', 'R', 'E', 1}));
            for (int i = 0; i < 2; i++) {
                Exception cause = echo.nextClose();
                assertInstanceOf(SocketTimeoutException.class, cause);
                assertTrue(cause.getMessage().contains("handshake timeout"), cause.getMessage());
            }
            assertEquals(0, server.sessions());
            assertEquals(-1, drain(silent), "the server closed the connection");
            assertEquals(-1, drain(partial), "the server closed the connection");
        }
        try (WireSession session = client()) {
            roundTrips(session, 3);
        }
    }

    /** Reads until the end of the stream (the server's hello arrives first); bounded by the socket's timeout. */
    private static int drain(SocketChannel channel) throws IOException {
        channel.socket().setSoTimeout(10_000);
        java.io.InputStream in = channel.socket().getInputStream();
        byte[] buffer = new byte[4096];
        int n;
        while ((n = in.read(buffer)) > 0) {
            // the server's hello
        }
        return n;
    }

    @Test
    void connectionsBeyondMaxConnectionsAreRefusedAtOnceAndToldWhy() throws Exception {
        Echo echo = new Echo();
        serve(echo, b -> b.maxConnections(3));
        List<WireSession> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                open.add(client());
                roundTrips(open.get(i), 1);
            }
            assertEquals(3, server.sessions());
            try (SocketChannel extra = connect()) {
                SessionClosedException refused = assertThrows(SessionClosedException.class, () -> client(extra),
                        "the fourth connection is refused");
                assertEquals(CloseReason.SERVER_FULL, refused.reason());
                assertTrue(refused.getMessage().contains("SessionConfig.maxConnections"), refused.getMessage());
            }
            assertEquals(3, server.sessions());
            open.remove(0).close();
            assertEquals(CLEAN, echo.nextClose());
            try (WireSession again = client()) {
                roundTrips(again, 1);
            }
        } finally {
            for (WireSession session : open) {
                session.close();
            }
        }
    }

    @Test
    void aHandlerThatClosesTheSessionInOnMessageGivesBackItsShareOfTheServerBudget() throws Exception {
        Echo closer = new Echo() {
            @Override
            public void onMessage(WireSession session, Object message) throws IOException {
                messages.incrementAndGet();
                session.close();
            }
        };
        serve(closer, b -> b);
        for (int i = 0; i < 5; i++) {
            try (WireSession session = client()) {
                session.send(order(i));
                assertEquals(CLEAN, closer.nextClose());
            }
            assertEquals(0, server.bufferBytes(), "bytes still counted after " + (i + 1) + " sessions closed by the handler");
        }
        try (WireSession session = client()) {
            session.send(order(9));
            closer.nextClose();
        }
        assertEquals(6, closer.messages.get());
    }

    @Test
    void aPeerThatShutsDownItsOutputStillGetsEveryReply() throws Exception {
        Echo echo = new Echo();
        serve(echo, b -> b);
        try (SocketChannel channel = connect(); WireSession session = client(channel)) {
            for (int i = 0; i < 10; i++) {
                session.write(order(i));
            }
            session.flush();
            channel.shutdownOutput();
            for (int i = 0; i < 10; i++) {
                assertEquals(order(i), session.receive(), "reply " + i + " after the half-close");
            }
            assertNull(session.receive(), "the server closes after the last reply");
        }
        assertEquals(CLEAN, echo.nextClose());
    }

    @Test
    void aPeerThatKeepsItsSocketFullDelaysAnotherHandshakeByATurnNotForAsLongAsItSends() throws Exception {
        Echo counter = new Echo() {
            @Override
            public void onMessage(WireSession session, Object message) {
                messages.incrementAndGet();
            }
        };
        serve(counter, b -> b);
        AtomicInteger stop = new AtomicInteger();
        CompletableFuture<Void> blaster = CompletableFuture.runAsync(() -> {
            try (WireSession session = client()) {
                Order order = order(1);
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (stop.get() == 0 && System.nanoTime() < until) {
                    for (int i = 0; i < 2_000; i++) {
                        session.write(order);
                    }
                    session.flush();
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, threads);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (counter.messages.get() < 100_000 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(counter.messages.get() >= 100_000, "the blaster is sending");
            long start = System.nanoTime();
            try (WireSession session = client()) {
                assertTrue(session.isReady(), "the handshake completed");
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            // Unbounded turns held the selector thread for as long as the blaster sent (4.5 s and more).
            assertTrue(millis < 2_000, "a handshake took " + millis + " ms beside a peer keeping its socket full");
        } finally {
            stop.set(1);
        }
        blaster.get(30, TimeUnit.SECONDS);
    }

    @Test
    void aPeerTricklingAnUnfinishedFrameIsClosedByTheIdleTimeout() throws Exception {
        Echo echo = new Echo();
        serve(echo, b -> b.idleTimeout(Duration.ofMillis(400)));
        try (SocketChannel channel = connect(); WireSession session = client(channel)) {
            assertTrue(session.isReady(), "the handshake completed");
            channel.write(frameHeader(1_000));
            ByteBuffer oneByte = ByteBuffer.allocate(1);
            for (int i = 0; i < 40 && echo.closes.isEmpty(); i++) {
                Thread.sleep(100);
                try {
                    channel.write(oneByte.clear());
                } catch (IOException closedByTheServer) {
                    break;
                }
            }
            Exception cause = echo.nextClose();
            assertInstanceOf(SocketTimeoutException.class, cause);
            assertTrue(cause.getMessage().contains("idle timeout"), cause.getMessage());
        }
    }
}
