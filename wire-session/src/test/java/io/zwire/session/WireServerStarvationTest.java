package io.zwire.session;

import io.zwire.WireException;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.zwire.session.LoopbackPeers.GOOD;
import static io.zwire.session.LoopbackPeers.KIB;
import static io.zwire.session.LoopbackPeers.MIB;
import static io.zwire.session.LoopbackPeers.attackers;
import static io.zwire.session.LoopbackPeers.client;
import static io.zwire.session.LoopbackPeers.closeQuietly;
import static io.zwire.session.LoopbackPeers.connect;
import static io.zwire.session.LoopbackPeers.order;
import static io.zwire.session.LoopbackPeers.unfinishedFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The attacks of issue 31 against a real {@link WireServer} on 127.0.0.1, from one address
 * (127.0.0.2) and from eight (127.0.0.2 to 127.0.0.9): while each runs, a good client from
 * 127.0.0.1 completes its handshake and a round trip within a second. Every attacker is a loop on
 * a thread of the test's own that stops by itself at its deadline. Each test prints the good
 * client's wait, the figure docs/sessions.md reports.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WireServerStarvationTest {
    /** Each attack stops by itself after this, whatever happens. */
    private static final long ATTACK_MILLIS = 8_000;
    /** How long the good client keeps trying before it counts as not served. */
    private static final long PATIENCE_MILLIS = 3_000;
    private static final long SERVED_WITHIN_MILLIS = 1_000;
    /** The frame an attacker of the memory budget declares, and how much of it it sends. */
    private static final int DECLARED = 512 * KIB;
    private static final int SENT = 250 * KIB;
    private static final int BIG_FRAMES_PER_ADDRESS = 3;
    /** About 8 MiB: a frame that fits the 8 MiB receive buffer a session grows to. */
    private static final int LARGE_SYMBOL = 8 * MIB - 4 * KIB;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final CountDownLatch established = new CountDownLatch(1);
    private final AtomicInteger refusals = new AtomicInteger();
    private volatile boolean stop;
    private volatile long attackEnds;
    private WireServer server;

    @AfterEach
    void stopAll() {
        stop = true;
        threads.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    /** The limits that make a server share itself out: per-address memory and a short wait before shedding for a slot. */
    private static SessionConfig.Builder sharingLimits(SessionConfig.Builder builder, long bytesPerAddress) {
        builder.shedAfterIdle(Duration.ofMillis(300));
        return bytesPerAddress > 0 ? builder.maxServerBytesPerAddress(bytesPerAddress) : builder;
    }

    @ParameterizedTest(name = "from {0} address(es)")
    @ValueSource(ints = {1, 8})
    void connectionsThatSendAHelloAndThenNothingLeaveTheGoodClientASlot(int addresses) throws Exception {
        server = LoopbackPeers.serve(new LoopbackPeers.Echo(), b -> sharingLimits(b.maxConnections(64), 0));
        assertServedDuring("slots", addresses, () -> holdSlots(attackers(addresses)));
    }

    @ParameterizedTest(name = "from {0} address(es)")
    @ValueSource(ints = {1, 8})
    void unfinishedFramesTrickledOverManyConnectionsLeaveTheGoodClientMemory(int addresses) throws Exception {
        // 256 connections of two 4 KiB buffers fill the 2 MiB budget exactly, so filling it takes
        // unfinished frames, as in the issue, and not idle connections alone.
        server = LoopbackPeers.serve(new LoopbackPeers.Echo(),
                b -> sharingLimits(b.maxConnections(256).maxServerBytes(2 * MIB), 0));
        assertServedDuring("memory", addresses, () -> holdMemory(attackers(addresses)));
    }

    @ParameterizedTest(name = "from {0} address(es)")
    @ValueSource(ints = {1, 4})
    void peersThatCompletedAn8MiBFrameAndSendSmallMessagesLeaveTheGoodClientMemory(int addresses) throws Exception {
        // Room for each attacker's 8 MiB receive buffer and 4 KiB send buffer, plus 4 KiB: less
        // than a newcomer's two buffers while the attackers keep their large ones.
        long budget = addresses * (8L * MIB + 4 * KIB) + 4 * KIB;
        server = LoopbackPeers.serve(new LoopbackPeers.AcknowledgeLarge(), b -> sharingLimits(b.maxServerBytes(budget), 9L * MIB));
        assertServedDuring("an 8 MiB frame, then small messages", addresses, () -> largeThenSmall(attackers(addresses)));
    }

    /**
     * Runs {@code loop} as the attack and, once it holds the server, the good client: asserts it
     * was served within a second, after the attacker has stopped.
     */
    private void assertServedDuring(String attack, int addresses, AttackLoop loop) throws Exception {
        CompletableFuture<Void> attacker = attack(loop);
        long waited = goodClientWait(attack, addresses);
        System.out.printf("  the server's buffers hold %,d bytes%n", server.bufferBytes());
        stop = true;
        attacker.get(30, TimeUnit.SECONDS);
        assertTrue(waited >= 0 && waited < SERVED_WITHIN_MILLIS, "the good client was served within a second: waited "
                + (waited < 0 ? "more than " + PATIENCE_MILLIS : waited) + " ms");
    }

    /** The attack loop on a thread of the test's own; it has until {@link #ATTACK_MILLIS} from now. */
    private CompletableFuture<Void> attack(AttackLoop loop) {
        attackEnds = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ATTACK_MILLIS);
        return CompletableFuture.runAsync(() -> {
            try {
                loop.run();
            } catch (IOException | InterruptedException e) {
                throw new RuntimeException(e);
            } finally {
                established.countDown();
            }
        }, threads);
    }

    private interface AttackLoop {
        void run() throws IOException, InterruptedException;
    }

    private boolean attacking() {
        return !stop && System.nanoTime() < attackEnds;
    }

    /**
     * Once the attack holds the server, connects from 127.0.0.1 until a handshake and a round trip
     * succeed: the milliseconds from the first try, or -1 if not within {@link #PATIENCE_MILLIS}.
     */
    private long goodClientWait(String attack, int addresses) throws InterruptedException {
        assertTrue(established.await(20, TimeUnit.SECONDS), "the attack took hold");
        assertTrue(attacking(), "the attack still runs");
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        String lastFailure = "none";
        int tries = 0;
        long waited = -1;
        while (waited < 0 && System.nanoTime() < deadline) {
            tries++;
            try (WireSession session = client(GOOD, server.port())) {
                session.send(order(7));
                assertEquals(order(7), session.receive());
                waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            } catch (IOException | WireException e) {
                lastFailure = e.getMessage();
                Thread.sleep(20);
            }
        }
        System.out.printf("starvation, %s from %d address(es): the good client %s after %d tries (%d refusals seen by"
                + " the attacker; the good client's last failure: %s)%n", attack, addresses, waited < 0
                ? "was not served in " + PATIENCE_MILLIS + " ms" : "was served in " + waited + " ms", tries,
                refusals.get(), lastFailure);
        return waited;
    }

    /** Counts a refusal the attacker saw: the attack has taken what it can (so has a full server). */
    private void refused() {
        refusals.incrementAndGet();
        established.countDown();
    }

    /**
     * Opens connections that send a valid hello and nothing more, round the addresses, and keeps
     * trying as each is refused or shed: reconnecting is what kept the slots in the issue.
     */
    private void holdSlots(List<String> from) throws InterruptedException {
        Deque<WireSession> held = new ArrayDeque<>();
        try {
            for (int turn = 0; attacking(); turn++) {
                try {
                    held.add(client(from.get(turn % from.size()), server.port()));
                } catch (SessionClosedException e) {
                    refused();
                    Thread.sleep(10);
                } catch (IOException | WireException e) {
                    Thread.sleep(10);
                }
                if (held.size() > 200) {
                    closeQuietly(held.poll());
                }
                if (server.sessions() == 64) {
                    established.countDown();
                }
            }
        } finally {
            held.forEach(LoopbackPeers::closeQuietly);
        }
    }

    /**
     * From each address, up to {@value #BIG_FRAMES_PER_ADDRESS} connections that send
     * {@value #SENT} bytes of a frame of {@value #DECLARED} and then a byte every 100 ms, reopened
     * when the server closes them; and connections that send only a hello, to fill what is left.
     */
    private void holdMemory(List<String> from) throws InterruptedException {
        Deque<WireSession> held = new ArrayDeque<>();
        Map<String, List<SocketChannel>> frames = new HashMap<>();
        ByteBuffer oneByte = ByteBuffer.allocate(1);
        long trickleAt = 0;
        try {
            for (int turn = 0; attacking(); turn++) {
                String address = from.get(turn % from.size());
                List<SocketChannel> mine = frames.computeIfAbsent(address, a -> new ArrayList<>());
                try {
                    if (mine.size() < BIG_FRAMES_PER_ADDRESS) {
                        SocketChannel channel = connect(address, server.port());
                        held.add(client(channel));
                        mine.add(channel);
                        channel.write(unfinishedFrame(DECLARED, SENT));
                    } else if (held.size() < 300) {
                        held.add(client(address, server.port()));
                    } else {
                        Thread.sleep(10);
                    }
                } catch (SessionClosedException e) {
                    refused();
                    Thread.sleep(5);
                } catch (IOException | WireException e) {
                    Thread.sleep(5);
                }
                if (System.nanoTime() - trickleAt > TimeUnit.MILLISECONDS.toNanos(100)) {
                    trickleAt = System.nanoTime();
                    for (List<SocketChannel> channels : frames.values()) {
                        channels.removeIf(channel -> !trickle(channel, oneByte));
                    }
                }
                while (held.size() > 600) {
                    closeQuietly(held.poll());
                }
                if (server.bufferBytes() + 8 * KIB > 2 * MIB) {
                    established.countDown();
                }
            }
        } finally {
            held.forEach(LoopbackPeers::closeQuietly);
        }
    }

    /** Sends one more byte of the frame; false (and closed) once the server has closed the connection. */
    private static boolean trickle(SocketChannel channel, ByteBuffer oneByte) {
        try {
            channel.write(oneByte.clear());
            return true;
        } catch (IOException closed) {
            closeQuietly(channel);
            return false;
        }
    }

    /** From each address, one session that sends an order of about 8 MiB, then a small one every 100 ms. */
    private void largeThenSmall(List<String> from) throws IOException, InterruptedException {
        Order large = new Order(1, "x".repeat(LARGE_SYMBOL), 1, 1, Side.BUY, new Party("p", "a", 1));
        List<WireSession> sessions = new ArrayList<>();
        try {
            for (String address : from) {
                WireSession session = client(address, server.port());
                sessions.add(session);
                session.send(large);
                assertEquals(order(0), session.receive(), "the server took the large order");
            }
            established.countDown();
            for (int i = 0; attacking(); i++) {
                for (WireSession session : sessions) {
                    session.send(order(i));
                    assertEquals(order(i), session.receive());
                }
                Thread.sleep(100);
            }
        } finally {
            sessions.forEach(LoopbackPeers::closeQuietly);
        }
    }
}
