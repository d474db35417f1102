package io.zwire.session;

import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

import static io.zwire.session.LoopbackPeers.GOOD;
import static io.zwire.session.LoopbackPeers.KIB;
import static io.zwire.session.LoopbackPeers.MIB;
import static io.zwire.session.LoopbackPeers.client;
import static io.zwire.session.LoopbackPeers.connect;
import static io.zwire.session.LoopbackPeers.order;
import static io.zwire.session.LoopbackPeers.unfinishedFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link WireServer}'s per-address limits, frame timeout, receive buffers that shrink back, and
 * shedding under pressure: each refused or shed peer is told the {@link CloseReason}, the server
 * counts it, and a flood of refusals is one log line. Real servers on 127.0.0.1, peers bound to
 * other loopback addresses.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WireServerSheddingTest {
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<AutoCloseable> peers = new ArrayList<>();
    private final LoopbackPeers.Lines log = new LoopbackPeers.Lines();
    private WireServer server;

    @AfterEach
    void stop() {
        threads.shutdownNow();
        peers.forEach(LoopbackPeers::closeQuietly);
        if (server != null) {
            server.close();
        }
    }

    private void serve(WireServer.Handler handler, UnaryOperator<SessionConfig.Builder> limits) throws IOException {
        server = LoopbackPeers.serve(handler, limits, log);
    }

    private WireSession peer(String from) throws IOException {
        WireSession session = client(from, server.port());
        peers.add(session);
        return session;
    }

    /** Connects from {@code from} and sends {@code sent} bytes of a frame of {@code declared}; returns the open connection. */
    private SocketChannel unfinished(String from, int declared, int sent) throws IOException {
        SocketChannel channel = connect(from, server.port());
        peers.add(client(channel));
        channel.write(unfinishedFrame(declared, sent));
        return channel;
    }

    private static void roundTrip(WireSession session, int i) throws IOException {
        session.send(order(i));
        assertEquals(order(i), session.receive());
    }

    private static CloseReason refusal(String from, int port) {
        return assertThrows(SessionClosedException.class, () -> client(from, port)).reason();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.sleep(5);
        }
    }

    private long linesNaming(CloseReason reason) {
        return log.lines.stream().filter(line -> line.contains(" for " + reason + " ")).count();
    }

    @Test
    void connectionsFromAnAddressAtItsLimitAreRefusedCountedAndLoggedOnceWhileOthersAreServed() throws Exception {
        serve(new LoopbackPeers.Echo(), b -> b.maxConnections(16).maxConnectionsPerAddress(2));
        peer("127.0.0.2");
        peer("127.0.0.2");
        for (int i = 0; i < 30; i++) {
            SessionClosedException refused = assertThrows(SessionClosedException.class, () -> client("127.0.0.2", server.port()));
            assertEquals(CloseReason.ADDRESS_CONNECTIONS, refused.reason());
            assertTrue(refused.detail().contains("(127.0.0.2) holds 2 connections"), refused.detail());
            assertTrue(refused.detail().contains("SessionConfig.maxConnectionsPerAddress"), refused.detail());
        }
        roundTrip(peer(GOOD), 1);
        assertEquals(30, server.closes(CloseReason.ADDRESS_CONNECTIONS));
        assertEquals(0, server.closes(CloseReason.SHED));
        assertEquals(1, linesNaming(CloseReason.ADDRESS_CONNECTIONS), "one line for 30 refusals: " + log.lines);
    }

    @Test
    void aFullServerShedsTheSessionLongestWithoutAMessageForANewcomerButNeverABusyOneNorForAnAddressAtItsLimit()
            throws Exception {
        serve(new LoopbackPeers.Echo(), b -> b.maxConnections(4).maxConnectionsPerAddress(2)
                .shedAfterIdle(Duration.ofMillis(1_500)));
        WireSession oldest = peer("127.0.0.2");
        peer("127.0.0.2");
        peer("127.0.0.3");
        WireSession busy = peer("127.0.0.4");
        AtomicBoolean stop = new AtomicBoolean();
        CompletableFuture<Void> busyLoop = CompletableFuture.runAsync(() -> {
            try {
                for (int i = 0; !stop.get(); i++) {
                    roundTrip(busy, i);
                    Thread.sleep(50);
                }
            } catch (IOException | InterruptedException e) {
                throw new RuntimeException(e);
            }
        }, threads);
        assertEquals(CloseReason.SERVER_FULL, refusal(GOOD, server.port()), "no session has gone 1.5 s without a message yet");
        Thread.sleep(1_700);
        SessionClosedException full = assertThrows(SessionClosedException.class, () -> client("127.0.0.2", server.port()));
        assertEquals(CloseReason.SERVER_FULL, full.reason());
        assertTrue(full.detail().contains("2 by this address, its limit (SessionConfig.maxConnectionsPerAddress)"), full.detail());
        assertEquals(0, server.closes(CloseReason.SHED), "an address at its limit makes the server shed no one");

        roundTrip(peer(GOOD), 1);
        SessionClosedException shed = assertThrows(SessionClosedException.class, oldest::receive);
        assertEquals(CloseReason.SHED, shed.reason());
        assertTrue(shed.detail().contains("had completed no message for"), shed.detail());
        assertEquals(1, server.closes(CloseReason.SHED));
        assertEquals(2, server.closes(CloseReason.SERVER_FULL));
        stop.set(true);
        busyLoop.get(10, TimeUnit.SECONDS);
        roundTrip(busy, 99);
    }

    @Test
    void aNewcomerWhoseAddressHasNoMemoryLeftIsRefusedWithoutSheddingAnIdleSession() throws Exception {
        serve(new LoopbackPeers.Echo(), b -> b.maxConnections(3).maxConnectionsPerAddress(3)
                .maxServerBytesPerAddress(530 * KIB).shedAfterIdle(Duration.ofMillis(200)));
        WireSession idle = peer(GOOD);
        unfinished("127.0.0.2", 1_000 * KIB, 300 * KIB);
        await(() -> server.bufferBytes() == 8 * KIB + 516 * KIB, "the 300 KiB arrived: a 512 KiB receive buffer");
        peer("127.0.0.2");
        Thread.sleep(400);
        SessionClosedException refused = assertThrows(SessionClosedException.class, () -> client("127.0.0.2", server.port()));
        assertEquals(CloseReason.MEMORY, refused.reason(), refused.getMessage());
        assertTrue(refused.detail().contains("SessionConfig.maxServerBytesPerAddress"), refused.detail());
        assertEquals(0, server.closes(CloseReason.SHED), "an address without memory for a newcomer makes the server shed no one");
        roundTrip(idle, 1);
    }

    /**
     * Serves with the budgets given, and has a peer from 127.0.0.2 send 300 KiB of a frame of
     * {@code declared} bytes: once they have arrived, it holds a 512 KiB receive buffer and a 4 KiB
     * send buffer.
     */
    private SocketChannel serveBesideA300KiBFrame(long serverBytes, long bytesPerAddress, int declared) throws Exception {
        serve(new LoopbackPeers.Echo(), b -> b.maxServerBytes(serverBytes).maxServerBytesPerAddress(bytesPerAddress));
        SocketChannel frame = unfinished("127.0.0.2", declared, 300 * KIB);
        await(() -> server.bufferBytes() == 516 * KIB, "the 300 KiB arrived: a 512 KiB receive buffer");
        return frame;
    }

    @Test
    void whenTheMemoryBudgetIsFullTheSessionHoldingTheMostBytesOfAnUnfinishedFrameIsShedForANewcomer() throws Exception {
        long budget = 600 * KIB;
        serveBesideA300KiBFrame(budget, budget, 512 * KIB);
        unfinished("127.0.0.3", 512 * KIB, 40 * KIB);
        await(() -> server.bufferBytes() == 584 * KIB, "the 40 KiB arrived: a 64 KiB receive buffer");
        while (server.bufferBytes() + 8 * KIB <= budget) {
            peer("127.0.0.4");
        }
        roundTrip(peer(GOOD), 1);
        WireSession largestSession = (WireSession) peers.get(0);
        SessionClosedException shed = assertThrows(SessionClosedException.class, largestSession::receive);
        assertEquals(CloseReason.SHED, shed.reason());
        assertTrue(shed.detail().contains("held the most bytes of unfinished frames and untaken replies, 307206"), shed.detail());
        assertTrue(shed.detail().contains("SessionConfig.maxServerBytes"), shed.detail());
        assertEquals(1, server.closes(CloseReason.SHED));
        assertEquals(0, server.closes(CloseReason.MEMORY));
    }

    @Test
    void aReceiveBufferThatCannotGrowShedsASessionHoldingMoreBytesOfAnUnfinishedFrame() throws Exception {
        long budget = 600 * KIB;
        serveBesideA300KiBFrame(budget, budget, 512 * KIB);
        // 200 KiB need a 256 KiB buffer: its growth from 64 to 128 KiB finds no room, and the
        // session holding 300 KiB is shed for it
        unfinished("127.0.0.3", 512 * KIB, 200 * KIB);
        SessionClosedException shed = assertThrows(SessionClosedException.class, ((WireSession) peers.get(0))::receive);
        assertEquals(CloseReason.SHED, shed.reason());
        await(() -> server.bufferBytes() == 260 * KIB, "the 200 KiB arrived: a 256 KiB receive buffer");
        assertEquals(1, server.closes(CloseReason.SHED));
        assertEquals(0, server.closes(CloseReason.MEMORY));
    }

    @Test
    void anAddressAtItsShareOfMemoryIsRefusedAndClosedWithMemoryAndShedsNoOne() throws Exception {
        SocketChannel frame = serveBesideA300KiBFrame(4 * MIB, 600 * KIB, 2 * MIB);
        peer(GOOD);
        CloseReason refused = null;
        for (int i = 0; i < 20 && refused == null; i++) {
            try {
                peer("127.0.0.2");
            } catch (SessionClosedException e) {
                refused = e.reason();
                assertTrue(e.detail().contains("SessionConfig.maxServerBytesPerAddress"), e.detail());
            }
        }
        assertEquals(CloseReason.MEMORY, refused, "a newcomer beyond its address's share of memory is refused");
        assertEquals(0, server.closes(CloseReason.SHED), "and sheds no one");
        // the frame grows on past its address's share: that session is closed and told why
        frame.write(ByteBuffer.allocate(300 * KIB));
        SessionClosedException closed = assertThrows(SessionClosedException.class, ((WireSession) peers.get(0))::receive);
        assertEquals(CloseReason.MEMORY, closed.reason());
        assertTrue(closed.detail().contains("SessionConfig.maxServerBytesPerAddress"), closed.detail());
        await(() -> server.closes(CloseReason.MEMORY) == 2, "the server counted both: " + server.closes(CloseReason.MEMORY));
        roundTrip(peer(GOOD), 1);
    }

    @Test
    void aFrameStillUnfinishedAfterTheFrameTimeoutIsClosedAsSlowFrameLongBeforeTheIdleTimeout() throws Exception {
        serve(new LoopbackPeers.Echo(), b -> b.frameTimeout(Duration.ofMillis(300)));
        SocketChannel channel = connect("127.0.0.2", server.port());
        WireSession session = client(channel);
        peers.add(session);
        long start = System.nanoTime();
        channel.write(unfinishedFrame(1_000, 0));
        ByteBuffer oneByte = ByteBuffer.allocate(1);
        try {
            for (int i = 0; i < 100 && server.closes(CloseReason.SLOW_FRAME) == 0; i++) {
                channel.write(oneByte.clear());
                Thread.sleep(20);
            }
        } catch (IOException closedByTheServer) {
            // the close record came first, and receive() reads it
        }
        SessionClosedException slow = assertThrows(SessionClosedException.class, session::receive);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(CloseReason.SLOW_FRAME, slow.reason());
        assertTrue(slow.detail().contains("SessionConfig.frameTimeout"), slow.detail());
        assertTrue(millis < 2_000, "closed after " + millis + " ms; the idle timeout is 10 minutes");
        assertEquals(1, server.closes(CloseReason.SLOW_FRAME));
    }

    @Test
    void aClientStreamingMessagesForLongerThanTheFrameTimeoutIsNeverClosed() throws Exception {
        serve(new LoopbackPeers.Echo(), b -> b.frameTimeout(Duration.ofMillis(200)));
        WireSession session = peer(GOOD);
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(800);
        int sent = 0;
        while (System.nanoTime() < until) {
            for (int i = 0; i < 50; i++) {
                session.write(order(sent + i));
            }
            session.flush();
            for (int i = 0; i < 50; i++) {
                assertEquals(order(sent + i), session.receive());
            }
            sent += 50;
        }
        assertEquals(0, server.closes(CloseReason.SLOW_FRAME), "after " + sent + " messages");
    }

    @Test
    void aReceiveBufferGivesItsMemoryBackOnceALargeFrameIsRead() throws Exception {
        serve(new LoopbackPeers.AcknowledgeLarge(), b -> b.maxServerBytes(64L * MIB).maxServerBytesPerAddress(64L * MIB));
        WireSession session = peer(GOOD);
        roundTrip(session, 1);
        long small = server.bufferBytes();
        session.send(new Order(2, "x".repeat(8 * MIB - 4 * KIB), 1, 1, Side.SELL, new Party("p", "a", 1)));
        assertEquals(order(0), session.receive(), "the server read the 8 MiB order");
        long deadline = System.nanoTime() + 5_000_000_000L;
        int smallMessages = 0;
        while (server.bufferBytes() > 64 * KIB + 4 * KIB && System.nanoTime() < deadline) {
            roundTrip(session, smallMessages++);
            Thread.sleep(50);
        }
        System.out.printf("a session's buffers: %,d bytes before an 8 MiB frame, %,d after it and %d small messages%n",
                small, server.bufferBytes(), smallMessages);
        assertTrue(server.bufferBytes() <= 64 * KIB + 4 * KIB, "held 5 s after the large frame: " + server.bufferBytes());
    }

    @Test
    void aPeerThatKeepsSendingLargeFramesKeepsItsReceiveBuffer() throws Exception {
        serve(new LoopbackPeers.AcknowledgeLarge(), b -> b.maxServerBytes(64L * MIB).maxServerBytesPerAddress(64L * MIB));
        WireSession session = peer(GOOD);
        Order large = new Order(2, "x".repeat(256 * KIB), 1, 1, Side.SELL, new Party("p", "a", 1));
        session.send(large);
        assertEquals(order(0), session.receive());
        long grown = server.bufferBytes();
        // a large frame every 100 ms for 2.5 s: the server's looks (about one a second) find its buffer used each time
        for (int i = 0; i < 25; i++) {
            session.send(large);
            assertEquals(order(0), session.receive());
            assertEquals(grown, server.bufferBytes(), "the buffer was kept, not given back and grown again, at frame " + i);
            Thread.sleep(100);
        }
    }
}
