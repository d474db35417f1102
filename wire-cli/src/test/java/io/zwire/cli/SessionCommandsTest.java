package io.zwire.cli;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Side;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;
import io.zwire.example.Party;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.zwire.cli.ZwireRun.zwire;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code zwire send} against a real server on 127.0.0.1: what a refused handshake prints, and a
 * connect or handshake that never finishes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionCommandsTest {
    private WireServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void serve(SessionConfig config) throws IOException {
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config, new WireServer.Handler() {
            @Override
            public void onMessage(WireSession session, Object message) throws IOException {
                session.write(message);
            }
        });
    }

    @Test
    void sendToAServerWithOtherTypesPrintsOneLineNamingBothSidesTypes() throws Exception {
        TypeRegistry parties = TypeRegistry.builder().add("Party", Party.class, Party::new).build();
        serve(SessionConfig.builder(parties).wires(WireType.JSON, WireType.BINARY).message(new Party("p", "a", 1)).build());

        ZwireRun run = zwire("send", "--port", Integer.toString(server.port()), "--wire", "json", "--count", "10");

        assertEquals(Command.FAILED, run.status(), run.err());
        assertEquals(1, run.err().lines().count(), "one line, no stack trace: " + run.err());
        assertTrue(run.err().startsWith("zwire send: "), run.err());
        assertTrue(run.err().contains("this side has [Order], the peer [Party]"), run.err());
    }

    /** The echo check compares encodings, not {@code equals}, so it must still see an echo that differs. */
    @Test
    void anEchoThatDiffersFromWhatWasSentFailsShowingBothInYaml() throws Exception {
        Order other = new Order(9, "XAUUSD", 2.5, 1, Side.SELL, null);
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0),
                OrderSessions.config(OrderSessions.defaultWires(), BytesPool.heap(4096, 2)), new WireServer.Handler() {
                    @Override
                    public void onMessage(WireSession session, Object message) {
                        session.write(other);
                    }
                });

        ZwireRun run = zwire("send", "--port", Integer.toString(server.port()), "--wire", "json", "--count", "10");

        assertEquals(Command.FAILED, run.status(), run.err());
        assertTrue(run.err().startsWith("zwire send: echo 0 differs: sent\n---\nid: 1000001\n"), run.err());
        assertTrue(run.err().contains("received\n---\nid: 9\nsymbol: XAUUSD\n"), run.err());
    }

    @Test
    void aServerThatAcceptsAndNeverAnswersTheHandshakeEndsTheRunAfterTheTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout(10_000);
            CompletableFuture<Long> heard = CompletableFuture.supplyAsync(() -> holdSilently(silent));

            sendGivesUpAfterOneSecond(silent.getLocalPort(), "zwire send: 127.0.0.1:" + silent.getLocalPort()
                    + " accepted the connection but did not finish the handshake in 1 s: is it a zwire serve?\n");
            assertTrue(heard.get(10, TimeUnit.SECONDS) > 0, "send's hello reached the silent server");
        }
    }

    /**
     * A listening socket whose accept queue is full: Linux then drops the SYN of another connect,
     * which retries for minutes, so the connect itself is what never finishes. (Other systems may
     * refuse it at once instead.)
     */
    @Test
    @EnabledOnOs(value = OS.LINUX, disabledReason = "a full accept queue refuses a connect elsewhere instead of dropping it")
    void aConnectThatNeverFinishesEndsTheRunAfterTheTimeout() throws Exception {
        List<SocketChannel> queued = new ArrayList<>();
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", full.getLocalPort());
            for (int i = 0; i < 4; i++) {
                SocketChannel waiting = SocketChannel.open();
                queued.add(waiting);
                waiting.configureBlocking(false);
                waiting.connect(address);
            }
            awaitFullAcceptQueue(queued);

            sendGivesUpAfterOneSecond(full.getLocalPort(), "zwire send: no connection to 127.0.0.1:"
                    + full.getLocalPort() + " in 1 s: is the host up, and nothing between it and here dropping packets?\n");
        } finally {
            for (SocketChannel waiting : queued) {
                waiting.close();
            }
        }
    }

    /**
     * Waits (up to 5 s) until two of the {@code queued} connects have finished: a listen backlog of
     * 1 holds two connections on Linux, so from then on the kernel drops the next SYN. Without the
     * wait, a loaded machine could let send's connect into the queue before the others.
     */
    private static void awaitFullAcceptQueue(List<SocketChannel> queued) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        int connected = 0;
        while (connected < 2) {
            assertTrue(System.nanoTime() < end, "the accept queue did not fill within 5 s: " + connected + " connected");
            connected = 0;
            for (SocketChannel waiting : queued) {
                if (waiting.isConnected() || waiting.finishConnect()) {
                    connected++;
                }
            }
            Thread.sleep(10);
        }
    }

    /** Runs {@code zwire send --timeout 1} to {@code port}: it must fail with {@code err}, after one second and well before five. */
    private static void sendGivesUpAfterOneSecond(int port, String err) {
        long start = System.nanoTime();
        ZwireRun run = zwire("send", "--port", Integer.toString(port), "--timeout", "1");
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(Command.FAILED, run.status(), run.err());
        assertEquals(err, run.err());
        assertTrue(millis >= 1_000 && millis < 5_000, "gave up after " + millis + " ms");
    }

    /**
     * Accepts one connection on {@code server} and reads it until the peer closes it, writing
     * nothing; {@return the bytes read} Bounded by the server's and the connection's 10 s timeouts.
     */
    private static long holdSilently(ServerSocket server) {
        try (Socket connection = server.accept(); InputStream in = connection.getInputStream()) {
            connection.setSoTimeout(10_000);
            long read = 0;
            byte[] buffer = new byte[256];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                read += n;
            }
            return read;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void serveWithAKeyFileServesASendThatProvesTheKeyAndRefusesOthersInOneLine(@TempDir Path dir) throws Exception {
        Path key = Files.write(dir.resolve("key"), "0123456789abcdef0123456789abcdef\n".getBytes(StandardCharsets.US_ASCII));
        Path otherKey = Files.write(dir.resolve("other"), "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));
        String port = String.valueOf(LocalPorts.freePort());
        CompletableFuture<ZwireRun> serve = CompletableFuture.supplyAsync(() -> zwire("serve", "--port", port, "--key-file",
                key.toString(), "--identity", "desk-7", "--seconds", "3"));
        LocalPorts.awaitListening(Integer.parseInt(port));

        ZwireRun good = zwire("send", "--port", port, "--key-file", key.toString(), "--identity", "desk-7", "--count", "100");
        assertEquals(Command.OK, good.status(), good.err());
        assertTrue(good.out().contains("100 Orders sent and 100 equal echoes received"), good.out());

        for (ZwireRun refused : new ZwireRun[] {
                zwire("send", "--port", port, "--count", "10"),
                zwire("send", "--port", port, "--key-file", otherKey.toString(), "--identity", "desk-7", "--count", "10"),
                zwire("send", "--port", port, "--key-file", key.toString(), "--identity", "desk-8", "--count", "10")}) {
            assertEquals(Command.FAILED, refused.status(), refused.err());
            assertEquals(1, refused.err().lines().count(), "one line, no stack trace: " + refused.err());
            assertTrue(refused.err().contains("AUTHENTICATION_FAILED"), refused.err());
            assertFalse(refused.err().contains("0123456789abcdef"), "the key is never printed: " + refused.err());
        }
        ZwireRun wrongKey = zwire("send", "--port", port, "--key-file", otherKey.toString(), "--identity", "desk-7");
        assertTrue(wrongKey.err().matches("zwire send: SESSION at offset \\d+: expected more from the peer, but it closed the"
                + " session: the peer refused the credential \\(AUTHENTICATION_FAILED: the client did not prove a credential"
                + " this server accepts\\)\\R"), "the line docs/sessions.md shows: " + wrongKey.err());

        ZwireRun served = serve.get(20, TimeUnit.SECONDS);
        assertEquals(Command.OK, served.status(), served.err());
        assertTrue(served.out().contains("peers must prove the key of 'desk-7'"), served.out());
        assertTrue(served.out().contains("100 messages echoed"), served.out());
    }

    @Test
    void aKeyFileTooShortOrOpenWithAKeyAreUsageErrors(@TempDir Path dir) throws Exception {
        Path shortKey = Files.write(dir.resolve("short"), "fifteen bytes!!".getBytes(StandardCharsets.US_ASCII));
        ZwireRun send = zwire("send", "--key-file", shortKey.toString());
        assertEquals(Command.USAGE, send.status(), send.err());
        assertTrue(send.err().contains("holds 15 bytes of key, and a key needs at least 16"), send.err());
        ZwireRun serve = zwire("serve", "--port", "0", "--key-file", shortKey.toString(), "--open");
        assertEquals(Command.USAGE, serve.status(), serve.err());
        assertTrue(serve.err().contains("--open is for a server without --key-file"), serve.err());
    }
}
