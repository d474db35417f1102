package io.zwire.bench.cli;

import io.zwire.cli.Command;
import io.zwire.bench.report.MarkdownSections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code zwire serve}, {@code send} and {@code sessions}, run in process with short settings. */
class SessionCommandsTest {
    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void serveReportsAConnectionStillInItsHandshakeWhenItStops() throws Exception {
        String port = String.valueOf(freePort());
        CompletableFuture<CommandRun> serve = CompletableFuture.supplyAsync(() -> CommandRun.zwireBench("serve", "--port", port, "--seconds", "2"));
        java.nio.channels.SocketChannel silent = null;
        for (int attempt = 0; attempt < 50 && silent == null; attempt++) {
            try {
                silent = java.nio.channels.SocketChannel.open(new java.net.InetSocketAddress("127.0.0.1", Integer.parseInt(port)));
            } catch (java.io.IOException notListeningYet) {
                Thread.sleep(50);
            }
        }
        try (java.nio.channels.SocketChannel open = silent) {
            assertTrue(open != null, "connected to zwire serve");
            CommandRun served = serve.get(20, TimeUnit.SECONDS);
            assertEquals(Command.OK, served.status(), served.err());
            assertTrue(served.out().contains("a connection closed before its handshake completed"), served.out());
        }
    }

    @Test
    void sendReportsAServerThatIsNotThere() throws Exception {
        CommandRun send = CommandRun.zwireBench("send", "--port", String.valueOf(freePort()), "--count", "1");
        assertEquals(Command.FAILED, send.status());
        assertTrue(send.err().startsWith("zwire send: cannot reach"), send.err());
    }

    @Test
    void sessionsWritesItsSectionIntoTheReport(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("benchmarks.md");
        Files.writeString(report, "# Benchmarks\n\n<!-- zwire:codecs:begin -->\nkept\n<!-- zwire:codecs:end -->\n");
        CommandRun run = CommandRun.zwireBench("sessions", "--wires", "raw", "--round-trips", "200", "--one-way", "1000", "--handoffs", "1000",
                "--pool-threads", "none", "--markdown", report.toString());
        assertEquals(Command.OK, run.status(), run.err());
        String text = Files.readString(report);
        assertTrue(text.contains("kept"), "other sections stay: " + text);
        assertTrue(text.contains("<!-- zwire:sessions-jdk" + Runtime.version().feature() + ":begin -->"), text);
        assertTrue(text.contains("| RAW |"), text);
        assertTrue(text.contains("p99.99 ns"), text);
    }

    @Test
    void markdownSectionsAreReplacedInPlaceOrAppended() {
        String document = "intro\n<!-- zwire:a:begin -->\nold\n<!-- zwire:a:end -->\noutro\n";
        assertEquals("intro\n<!-- zwire:a:begin -->\nnew\n<!-- zwire:a:end -->\noutro\n",
                MarkdownSections.replace(document, "a", "new\n"));
        assertEquals(document.stripTrailing() + "\n\n<!-- zwire:b:begin -->\nmore\n<!-- zwire:b:end -->\n",
                MarkdownSections.replace(document, "b", "more"));
        assertEquals("<!-- zwire:a:begin -->\nx\n<!-- zwire:a:end -->\n", MarkdownSections.replace("", "a", "x"));
    }
}
