package io.zwire.cli;

import io.zwire.Marshallable;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.session.BytesPool;
import io.zwire.session.PeerAccess;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code zwire serve}: a {@link WireServer} (on 127.0.0.1 unless {@code --bind} says otherwise) that echoes every message it
 * receives (framed with {@link WireSession#write}; the server flushes after each batch of reads),
 * so {@code zwire send} measures round trips. The messages are the example {@code Order}, or the
 * user's {@code --type} classes. Prints each connection's negotiated wire, the first
 * {@code --print} messages of each connection in YAML, and its message count and rate when it ends.
 */
public final class ServeCommand implements Command {
    /** Default port. */
    static final int PORT = 7878;
    /** Messages printed per connection by default: enough to see what arrives, few enough for a rate run. */
    private static final long DEFAULT_PRINTED = 10;

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String summary() {
        return "serve zwire sessions, echoing every message and printing the first in YAML (Orders, or your --type)";
    }

    @Override
    public String synopsis() {
        return "zwire serve [--port P] [--bind ADDRESS] [--key-file FILE [--identity NAME] | --open] [--wires LIST] [--no-raw]"
                + " [--seconds N]\n                   [--type CLASSES [--classpath PATH]] [--print N]";
    }

    @Override
    public String details() {
        return "Each connection negotiates its wire in the handshake: RAW when both sides allow it and their schemas\n"
                + "match, otherwise the self-describing wire both speak that they rank best together. Runs until\n"
                + "interrupted (Ctrl-C), or for --seconds. A connection that sends a bad frame or goes over its limits is\n"
                + "closed and reported; a bad message in a good frame is reported and skipped; the others go on.\n"
                + "With --key-file, only a peer that proves it holds the key (zwire send --key-file) gets in, from any\n"
                + "address; the key never crosses the network. Without one, only loopback peers are served unless --open.\n"
                + "The messages are the example Order unless --type names your Marshallable classes (found on --classpath,\n"
                + "each registered under its simple class name; zwire send --type with one of them). The first --print\n"
                + "messages of each connection are printed as YAML documents, each after a line naming its connection.\n"
                + "Example: zwire serve --port 7878; zwire serve --bind 0.0.0.0 --key-file ~/.zwire/key\n"
                + "         zwire serve --type com.acme.Trade,com.acme.Quote --classpath target/classes --print 100";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.value("port", "P", "port to listen on (default " + PORT + "; 0 picks a free one)"),
                Option.value("bind", "ADDRESS", "address to listen on (default 127.0.0.1)"),
                KeyFile.option("serve only peers that prove they hold this key"),
                KeyFile.identityOption(),
                Option.flag("open", "without --key-file, serve peers from any address, not only loopback ones"),
                Option.value("wires", "LIST", "wires this side speaks, preferred first (default: all available, binary first;"
                        + " names: " + WireNames.known() + ")"),
                Option.flag("no-raw", "never agree to RAW, even with a peer whose schemas match"),
                Option.value("seconds", "N", "stop after N seconds (default: run until interrupted)"),
                MessageTypes.TYPE,
                UserClassPath.OPTION,
                Option.value("print", "N", "print the first N messages of each connection in YAML (default "
                        + DEFAULT_PRINTED + "; 0 for none)"));
    }

    @Override
    public int run(Arguments arguments, Console console) throws UsageException {
        int port = (int) arguments.longValue("port", PORT, 0);
        List<WireType> wires = arguments.list("wires").isEmpty() ? OrderSessions.defaultWires()
                : WireNames.parseAll(arguments.list("wires"));
        boolean allowRaw = !arguments.flag("no-raw");
        long seconds = arguments.longValue("seconds", 0, 0);
        InetAddress bind = address(arguments.value("bind", "127.0.0.1"));
        long printed = arguments.longValue("print", DEFAULT_PRINTED, 0);
        boolean interrupted;
        try (MessageTypes types = MessageTypes.all(arguments)) {
            SessionConfig.Builder config = types.sessionConfig(wires, BytesPool.heap(4096, 8));
            if (allowRaw) {
                config.allowRaw();
            }
            String access = access(arguments, config);
            Echo echo = new Echo(console, printed);
            try (WireServer server = WireServer.start(new InetSocketAddress(bind, port), config.build(), echo)) {
                console.out().println("zwire serve: listening on " + bind.getHostAddress() + ":" + server.port()
                        + ", speaking " + wires + (allowRaw ? "; RAW when the peer's schemas match" : "; RAW refused")
                        + "; " + access + "; messages " + types.names());
                console.out().flush();
                interrupted = sleep(seconds);
            } catch (IOException e) {
                console.err().println("zwire serve: cannot listen on port " + port + ": " + e.getMessage());
                return FAILED;
            }
        } catch (IOException e) {
            console.err().println("zwire serve: cannot close the class loader of --type: " + e.getMessage());
            return FAILED;
        }
        if (interrupted) {
            // Set again only now, so that closing the server still waited for its thread to finish.
            Thread.currentThread().interrupt();
        }
        return OK;
    }

    private static InetAddress address(String name) throws UsageException {
        try {
            return InetAddress.getByName(name);
        } catch (UnknownHostException e) {
            throw new UsageException("--bind " + name + " is not an address of this machine's");
        }
    }

    /** Adds who may talk to {@code config}, and says it in words for the first line. */
    private static String access(Arguments arguments, SessionConfig.Builder config) throws UsageException {
        String keyFile = arguments.value("key-file", null);
        if (keyFile != null) {
            if (arguments.flag("open")) {
                throw new UsageException("--open is for a server without --key-file: with a key, any address that proves it gets in");
            }
            String identity = arguments.value("identity", KeyFile.DEFAULT_IDENTITY);
            byte[] key = KeyFile.read(keyFile);
            config.authenticate(claimed -> claimed.equals(identity) ? key : null, PeerAccess.ANY_AUTHENTICATED);
            return "peers must prove the key of '" + identity + "'";
        }
        if (arguments.flag("open")) {
            config.openToAnyAddress();
            return "open to any address, without authentication";
        }
        return "loopback peers only (--key-file or --open to serve others)";
    }

    /** Sleeps {@code seconds} (0: for ever); {@return true when interrupted, which ends it early} */
    private static boolean sleep(long seconds) {
        try {
            Thread.sleep(seconds == 0 ? Long.MAX_VALUE : seconds * 1000);
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }

    /** Echoes messages, prints the first of each connection, and reports each connection; runs on the server's thread only. */
    private static final class Echo implements WireServer.Handler {
        private final Console console;
        private final long printed;
        private final YamlText yaml = new YamlText();
        private final Map<WireSession, Connection> connections = new IdentityHashMap<>();
        private int next;

        Echo(Console console, long printed) {
            this.console = console;
            this.printed = printed;
        }

        /** One open connection: its number in the log, the messages it has sent, and when it opened. */
        private static final class Connection {
            final long number;
            final long openedNanos;
            long messages;

            Connection(long number, long openedNanos) {
                this.number = number;
                this.openedNanos = openedNanos;
            }
        }

        @Override
        public void onOpen(WireSession session) {
            connections.put(session, new Connection(++next, System.nanoTime()));
            console.out().println("connection " + next + ": negotiated " + session.wireType());
            console.out().flush();
        }

        @Override
        public void onMessage(WireSession session, Object message) throws IOException {
            Connection connection = connections.get(session);
            if (++connection.messages <= printed) {
                console.out().print("connection " + connection.number + ", message " + connection.messages + ":\n"
                        + yaml.of((Marshallable) message));
                console.out().flush();
            }
            session.write(message);
        }

        @Override
        public void onError(WireSession session, WireException error) {
            Connection connection = connections.get(session);
            console.out().println("connection " + (connection == null ? "?" : Long.toString(connection.number))
                    + ": a bad message, skipped: " + error.getMessage());
            console.out().flush();
        }

        @Override
        public void onClose(WireSession session, Exception cause) {
            Connection connection = connections.remove(session);
            if (connection == null) {
                console.out().println(cause == null ? "a connection closed before its handshake completed"
                        : "a connection failed in its handshake: " + cause.getMessage());
            } else {
                double seconds = (System.nanoTime() - connection.openedNanos) / 1e9;
                console.out().printf("connection %d %s: %,d messages echoed in %.3f s (%,.0f messages/s)%n",
                        connection.number, cause == null ? "closed" : "failed (" + cause.getMessage() + ")",
                        connection.messages, seconds, connection.messages / Math.max(seconds, 1e-9));
            }
            console.out().flush();
        }
    }
}
