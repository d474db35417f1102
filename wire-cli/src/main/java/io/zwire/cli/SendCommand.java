package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireSession;
import io.zwire.test.harness.MarshallableType;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code zwire send}: connects to a {@code zwire serve}, offers one wire (or all), sends messages
 * keeping a window in flight, and checks that every echo carries what was sent ({@link EchoCheck});
 * a connection, handshake or echo that does not come within {@code --timeout} ends the run
 * ({@link SendWatchdog}).
 * The messages are the documents of {@code --in} read into the {@code --type} class, or that
 * type's {@code sample()}, or by default four example {@code Order}s.
 */
public final class SendCommand implements Command {
    private static final long PROGRESS_EVERY_NANOS = 2_000_000_000L;
    private static final long DEFAULT_COUNT = 100_000;
    private static final long DEFAULT_TIMEOUT_SECONDS = 10;

    @Override
    public String name() {
        return "send";
    }

    @Override
    public String summary() {
        return "send messages (Orders, or your --type from a YAML/JSON file) to a zwire serve and check the echoes";
    }

    @Override
    public String synopsis() {
        return "zwire send [--host H] [--port P] [--key-file FILE [--identity NAME]] [--wire W] [--count N] [--window K]\n"
                + "                  [--timeout SECONDS] [--type CLASS [--classpath PATH]] [--in FILE|- [--from WIRE]]";
    }

    @Override
    public String details() {
        return "Offers only --wire (and allows RAW if that is the wire), so the handshake shows what the server agrees\n"
                + "to; without --wire it offers every available wire and the server's ranking decides. Prints the\n"
                + "negotiated wire, progress every few seconds, then the count and the round-trip rate.\n"
                + "What is sent: with --in, every document of the file (- for standard input; yaml unless --from says\n"
                + "otherwise; JSON one document per line, as zwire convert reads it), each read into a new instance of\n"
                + "--type, in order, once each unless --count says how many in all; without --in, the type's public\n"
                + "static sample() (or a new instance) --count times; without --type, four example Orders. The type is\n"
                + "registered under its simple class name, and the server must carry a type of that name (zwire serve\n"
                + "--type with the same class). An echo must encode to the same bytes as what was sent, on the\n"
                + "negotiated wire or, where the bytes differ (a map's entries in another order), read back as plain\n"
                + "values, so a type needs no equals(); a type that overrides equals() is compared with it.\n"
                + "A connection, handshake or echo that does not come within --timeout seconds (a silent server, or one\n"
                + "that skipped a message it could not read, as when its type of that name differs) ends the run with\n"
                + "exit status 1.\n"
                + "With --key-file, proves the key to a server that asks (zwire serve --key-file) and accepts only a\n"
                + "server that proves the same key back.\n"
                + "Exit status: 0 when every echo matched, 1 on a mismatch, bad input, a refused handshake or a lost\n"
                + "connection, 2 on bad arguments or a type that cannot be loaded.\n"
                + "Example: zwire send --port 7878 --wire binary --count 100000\n"
                + "         zwire send --type com.acme.Trade --classpath target/classes --in trades.yaml";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("host", "H", "server address (default 127.0.0.1)"),
                Option.value("port", "P", "server port (default " + ServeCommand.PORT + ")"),
                KeyFile.option("prove this key to the server"),
                KeyFile.identityOption(),
                Option.value("wire", "W", "the one wire to offer (" + WireNames.known() + "); default: all available"),
                Option.value("count", "N", "messages to send (default: each --in document once, else " + DEFAULT_COUNT + ")"),
                Option.value("window", "K", "messages in flight before waiting for echoes (default 32)"),
                Option.value("timeout", "SECONDS", "give up when the connection, the handshake or an echo has not"
                        + " come in this long (default " + DEFAULT_TIMEOUT_SECONDS + ")"),
                UserClassPath.type(" of the messages (default: the example Order)"),
                UserClassPath.OPTION,
                Option.value("in", "FILE", "send the documents of this file (-: standard input)"),
                Option.value("from", "WIRE", "the wire --in is written on (default yaml; json, or any other)"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        String host = arguments.value("host", "127.0.0.1");
        int port = (int) arguments.longValue("port", ServeCommand.PORT, 1);
        int window = (int) arguments.longValue("window", 32, 1);
        long timeoutSeconds = arguments.longValue("timeout", DEFAULT_TIMEOUT_SECONDS, 1);
        String wireName = arguments.value("wire", null);
        List<WireType> wires = wireName == null ? OrderSessions.defaultWires() : List.of(WireNames.parse(wireName));
        String in = arguments.value("in", null);
        if (in == null && arguments.value("from", null) != null) {
            throw new UsageException("--from is the wire of --in: give --in too");
        }
        WireType from = WireNames.parse(arguments.value("from", "yaml"));
        try (MessageTypes types = MessageTypes.one(arguments)) {
            List<Marshallable> messages = in == null ? generated(types, console) : read(in, from, types.first(), console);
            if (messages.isEmpty()) {
                return FAILED;
            }
            long count = arguments.longValue("count", in == null ? DEFAULT_COUNT : messages.size(), 1);
            SessionConfig.Builder config = OrderSessions.allowRawIfOffered(types.sessionConfig(wires, BytesPool.heap(4096, 2)),
                    wires);
            String keyFile = arguments.value("key-file", null);
            if (keyFile != null) {
                byte[] key = KeyFile.read(keyFile);
                try {
                    config.credential(arguments.value("identity", KeyFile.DEFAULT_IDENTITY), key);
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--identity needs " + e.getMessage());
                }
            }
            return connect(host, port, config.build(), wires, new Exchange(messages, count, window,
                    types.first().simpleName(), timeoutSeconds, console));
        } catch (IOException e) {
            console.err().println("zwire send: " + e.getMessage());
            return FAILED;
        }
    }

    /**
     * Connects, shakes hands and runs the exchange, the watchdog armed throughout: a connect or
     * handshake that has not finished within the timeout fails as an echo that does not come does.
     */
    private static int connect(String host, int port, SessionConfig config, List<WireType> wires, Exchange exchange) {
        Console console = exchange.console;
        String server = host + ":" + port;
        try (SocketChannel channel = SocketChannel.open();
             SendWatchdog watchdog = new SendWatchdog(channel, TimeUnit.SECONDS.toNanos(exchange.timeoutSeconds))) {
            watchdog.expectBy();
            try {
                channel.connect(new InetSocketAddress(host, port));
            } catch (IOException e) {
                if (watchdog.fired()) {
                    return exchange.noAnswer("no connection to " + server,
                            "is the host up, and nothing between it and here dropping packets?");
                }
                throw e;
            }
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            WireSession opened;
            try {
                opened = WireSession.open(channel, config);
            } catch (IOException | WireException e) {
                if (watchdog.fired()) {
                    return exchange.noAnswer(server + " accepted the connection but did not finish the handshake",
                            "is it a zwire serve?");
                }
                throw e;
            }
            try (WireSession session = opened) {
                console.out().println("zwire send: connected to " + server + ", offered " + wires
                        + ", negotiated " + session.wireType());
                console.out().flush();
                return exchange.run(session, watchdog);
            }
        } catch (WireException e) {
            return exchange.failed(e.getMessage());
        } catch (IOException e) {
            return exchange.failed("cannot reach " + server + ": " + e.getMessage());
        } catch (RuntimeException e) {
            // A user's type whose write, read or equals method throws: its fault, told in one line.
            return exchange.failed("exchanging " + exchange.typeName + "s failed: " + e);
        }
    }

    /** The messages to send without {@code --in}: the example's four Orders, or the type's sample. */
    private static List<Marshallable> generated(MessageTypes types, Console console) {
        if (types.isExample()) {
            return List.of(OrderSessions.orders());
        }
        MarshallableType type = types.first();
        if (!type.hasSample()) {
            console.err().println("zwire send: " + type.name() + " has no public static sample() and no --in was given:"
                    + " sending a new instance, with default field values");
        }
        return List.of(type.newSource());
    }

    /**
     * Every document of {@code file} on {@code wire}, each read into a new instance of {@code type};
     * empty, after saying why on the error stream, when there is none or one is bad.
     */
    private static List<Marshallable> read(String file, WireType wire, MarshallableType type, Console console)
            throws IOException {
        byte[] input = ConvertCommand.read(file, console.in());
        String source = file.equals("-") ? "standard input" : file;
        Wire documents = wire.apply(Bytes.wrap(input));
        List<Marshallable> messages = new ArrayList<>();
        while (true) {
            Marshallable message = type.newTarget();
            try {
                if (!documents.readDocument(message)) {
                    break;
                }
            } catch (WireException e) {
                console.err().println("zwire send: bad " + WireNames.display(wire) + " input in document "
                        + (messages.size() + 1) + " of " + source + ": " + e.getMessage());
                return List.of();
            }
            messages.add(message);
        }
        if (messages.isEmpty()) {
            console.err().println("zwire send: no " + WireNames.display(wire) + " document in " + source);
        }
        return messages;
    }

    /** Sends the messages in turn, {@code window} in flight, and checks each echo against what was sent. */
    private static final class Exchange {
        private final List<Marshallable> messages;
        private final long count;
        private final int window;
        private final String typeName;
        private final long timeoutSeconds;
        private final Console console;

        Exchange(List<Marshallable> messages, long count, int window, String typeName, long timeoutSeconds,
                 Console console) {
            this.messages = messages;
            this.count = count;
            this.window = window;
            this.typeName = typeName;
            this.timeoutSeconds = timeoutSeconds;
            this.console = console;
        }

        int run(WireSession session, SendWatchdog watchdog) throws IOException {
            EchoCheck check = new EchoCheck(session.wireType(), messages);
            int size = messages.size();
            long start = System.nanoTime();
            long nextReport = start + PROGRESS_EVERY_NANOS;
            long sent = 0;
            long received = 0;
            while (received < count) {
                // Refill when half the window has come back: one write for many messages.
                if (sent < count && sent - received <= window / 2) {
                    while (sent < count && sent - received < window) {
                        session.write(messages.get((int) (sent++ % size)));
                    }
                    session.flush();
                }
                watchdog.expectBy();
                Object echo;
                try {
                    echo = session.receive();
                } catch (IOException | WireException e) {
                    if (watchdog.fired()) {
                        return noEcho(received);
                    }
                    throw e;
                }
                if (echo == null && watchdog.fired()) {
                    return noEcho(received);
                }
                if (echo == null) {
                    console.err().printf("zwire send: the server closed the connection after %,d of %,d echoes%n", received, count);
                    return FAILED;
                }
                int index = (int) (received % size);
                Marshallable expected = messages.get(index);
                if (echo.getClass() != expected.getClass() || !check.matches(index, (Marshallable) echo)) {
                    YamlText yaml = new YamlText();
                    console.err().print("zwire send: echo " + received + " differs: sent\n" + yaml.of(expected)
                            + "received\n" + yaml.of((Marshallable) echo));
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
            console.out().printf("zwire send: %,d %ss sent and %,d equal echoes received in %.3f s (%,.0f round trips/s,"
                    + " window %d)%n", count, typeName, received, seconds, received / seconds, window);
            return OK;
        }

        /** Says {@code what} on the error stream, after "zwire send: "; {@return FAILED} */
        int failed(String what) {
            console.err().println("zwire send: " + what);
            return FAILED;
        }

        /** Says that {@code what} did not come within the timeout, and the likely {@code cause}; {@return FAILED} */
        int noAnswer(String what, String cause) {
            return failed(what + " in " + timeoutSeconds + " s: " + cause);
        }

        private int noEcho(long received) {
            return noAnswer(String.format("no echo for message %,d", received + 1),
                    "the server skipped it (does its type differ?)");
        }
    }
}
