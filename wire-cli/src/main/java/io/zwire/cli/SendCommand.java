package io.zwire.cli;

import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireSession;
import io.zwire.cli.example.Order;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * {@code zwire send}: connects to a {@code zwire serve}, offers one wire (or all), sends
 * {@code Order}s keeping a window in flight, and checks that every echo equals what was sent.
 */
public final class SendCommand implements Command {
    private static final long PROGRESS_EVERY_NANOS = 2_000_000_000L;

    @Override
    public String name() {
        return "send";
    }

    @Override
    public String summary() {
        return "send Orders to a zwire serve over one wire and check the echoes";
    }

    @Override
    public String synopsis() {
        return "zwire send [--host H] [--port P] [--key-file FILE [--identity NAME]] [--wire W] [--count N] [--window K]";
    }

    @Override
    public String details() {
        return "Offers only --wire (and allows RAW if that is the wire), so the handshake shows what the server agrees\n"
                + "to; without --wire it offers every available wire and the server's ranking decides. Prints the\n"
                + "negotiated wire, progress every few seconds, then the count and the round-trip rate.\n"
                + "With --key-file, proves the key to a server that asks (zwire serve --key-file) and accepts only a\n"
                + "server that proves the same key back.\n"
                + "Exit status: 0 when every echo matched, 1 on a mismatch, a refused handshake or a lost connection.\n"
                + "Example: zwire send --port 7878 --wire binary --count 100000";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("host", "H", "server address (default 127.0.0.1)"),
                Option.value("port", "P", "server port (default " + ServeCommand.PORT + ")"),
                KeyFile.option("prove this key to the server"),
                KeyFile.identityOption(),
                Option.value("wire", "W", "the one wire to offer (" + WireNames.known() + "); default: all available"),
                Option.value("count", "N", "Orders to send (default 100000)"),
                Option.value("window", "K", "Orders in flight before waiting for echoes (default 32)"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        String host = arguments.value("host", "127.0.0.1");
        int port = (int) arguments.longValue("port", ServeCommand.PORT, 1);
        long count = arguments.longValue("count", 100_000, 1);
        int window = (int) arguments.longValue("window", 32, 1);
        String wireName = arguments.value("wire", null);
        List<WireType> wires = wireName == null ? OrderSessions.defaultWires() : List.of(WireNames.parse(wireName));
        boolean allowRaw = wires.contains(WireType.RAW);
        SessionConfig.Builder config = OrderSessions.builder(wires, allowRaw, BytesPool.heap(4096, 2));
        String keyFile = arguments.value("key-file", null);
        if (keyFile != null) {
            byte[] key = KeyFile.read(keyFile);
            try {
                config.credential(arguments.value("identity", KeyFile.DEFAULT_IDENTITY), key);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--identity needs " + e.getMessage());
            }
        }
        try (SocketChannel channel = SocketChannel.open(new InetSocketAddress(host, port))) {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            try (WireSession session = WireSession.open(channel, config.build())) {
                console.out().println("zwire send: connected to " + host + ":" + port + ", offered " + wires
                        + ", negotiated " + session.wireType());
                console.out().flush();
                return exchange(session, count, window, console);
            }
        } catch (WireException e) {
            console.err().println("zwire send: " + e.getMessage());
        } catch (IOException e) {
            console.err().println("zwire send: cannot reach " + host + ":" + port + ": " + e.getMessage());
        }
        return FAILED;
    }

    private static int exchange(WireSession session, long count, int window, Console console) throws IOException {
        Order[] orders = OrderSessions.orders();
        long start = System.nanoTime();
        long nextReport = start + PROGRESS_EVERY_NANOS;
        long sent = 0;
        long received = 0;
        while (received < count) {
            // Refill when half the window has come back: one write for many messages.
            if (sent < count && sent - received <= window / 2) {
                while (sent < count && sent - received < window) {
                    session.write(orders[(int) (sent++ & 3)]);
                }
                session.flush();
            }
            Object echo = session.receive();
            if (echo == null) {
                console.err().printf("zwire send: the server closed the connection after %,d of %,d echoes%n", received, count);
                return FAILED;
            }
            if (!echo.equals(orders[(int) (received & 3)])) {
                console.err().println("zwire send: echo " + received + " differs: sent " + orders[(int) (received & 3)]
                        + ", received " + echo);
                return FAILED;
            }
            received++;
            long now = System.nanoTime();
            if (now >= nextReport) {
                console.err().printf("zwire send: %,d of %,d%n", received, count);
                nextReport = now + PROGRESS_EVERY_NANOS;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        console.out().printf("zwire send: %,d Orders sent and %,d equal echoes received in %.3f s (%,.0f round trips/s,"
                + " window %d)%n", count, received, seconds, received / seconds, window);
        return OK;
    }
}
