package io.zwire.session;

import io.zwire.Marshallable;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Serves {@link WireSession}s on one selector thread: accepts connections, completes each
 * handshake as bytes arrive, and hands every message to a {@link Handler}, which may reply through
 * the session. A connection that fails (bad handshake, bad frame, a peer gone mid-message) is
 * closed, its buffers returned to the pool, and reported to {@link Handler#onClose}; the others go
 * on. The loop allocates nothing per message in steady state.
 */
public final class WireServer implements Closeable {
    /** What the server does with each connection. Called on the server's thread only. */
    public interface Handler {
        /** A message arrived; {@code message} is the session's reused instance, valid during the call. */
        void onMessage(WireSession session, Marshallable message) throws IOException;

        /** The handshake completed. */
        default void onOpen(WireSession session) {
        }

        /** The connection ended: {@code cause} is null for a clean close by the peer. */
        default void onClose(WireSession session, Exception cause) {
        }
    }

    private final ServerSocketChannel server;
    private final Selector selector;
    private final SessionConfig config;
    private final Handler handler;
    private final Thread thread;
    private final Consumer<SelectionKey> onKey = this::onKey;
    private volatile boolean running = true;
    private volatile int sessions;

    private WireServer(ServerSocketChannel server, Selector selector, SessionConfig config, Handler handler) {
        this.server = server;
        this.selector = selector;
        this.config = config;
        this.handler = handler;
        this.thread = new Thread(this::loop, "zwire-server-" + port());
        this.thread.setDaemon(true);
    }

    /**
     * Binds {@code address} (port 0 picks a free port) and starts serving on a new daemon thread.
     *
     * @throws IOException if the address cannot be bound
     */
    public static WireServer start(InetSocketAddress address, SessionConfig config, Handler handler) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        Selector selector = Selector.open();
        try {
            server.bind(address);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            server.close();
            selector.close();
            throw e;
        }
        WireServer wireServer = new WireServer(server, selector, config, handler);
        wireServer.thread.start();
        return wireServer;
    }

    /** The bound port. */
    public int port() {
        return server.socket().getLocalPort();
    }

    /** Connections currently open (handshaking or ready). */
    public int sessions() {
        return sessions;
    }

    private void loop() {
        try {
            while (running) {
                selector.select(onKey, 100);
            }
        } catch (IOException e) {
            running = false;
        } finally {
            closeAll();
        }
    }

    private void onKey(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            accept();
            return;
        }
        WireSession session = (WireSession) key.attachment();
        try {
            if (key.isWritable() && session.flush()) {
                key.interestOps(SelectionKey.OP_READ);
            }
            if (key.isReadable()) {
                read(key, session);
            }
        } catch (IOException | RuntimeException e) {
            end(key, session, e);
        }
    }

    private void accept() {
        SocketChannel channel = null;
        try {
            channel = server.accept();
            if (channel == null) {
                return;
            }
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            WireSession session = WireSession.openNonBlocking(channel, config);
            // The hello goes out when the selector finds the channel writable, so a peer that
            // resets at once ends a registered session and reaches Handler.onClose.
            channel.register(selector, SelectionKey.OP_READ | SelectionKey.OP_WRITE, session);
            sessions++;
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // the accept failed already; nothing more to report about this connection
                }
            }
        }
    }

    private void read(SelectionKey key, WireSession session) throws IOException {
        boolean wasReady = session.isReady();
        for (Marshallable message = session.poll(); ; message = session.poll()) {
            if (!wasReady && session.isReady()) {
                wasReady = true;
                handler.onOpen(session);
            }
            if (message == null) {
                break;
            }
            handler.onMessage(session, message);
        }
        if (session.isEndOfStream()) {
            end(key, session, null);
        } else if (!session.flush()) {
            key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
    }

    private void end(SelectionKey key, WireSession session, Exception cause) {
        key.cancel();
        sessions--;
        try {
            session.close();
        } catch (IOException ignored) {
            // closing a failed connection; the cause reported below is what matters
        }
        handler.onClose(session, cause);
    }

    private void closeAll() {
        List<SelectionKey> keys = new ArrayList<>(selector.keys());
        for (SelectionKey key : keys) {
            if (key.attachment() instanceof WireSession session) {
                end(key, session, null);
            }
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // shutting down
        }
        try {
            server.close();
        } catch (IOException ignored) {
            // shutting down
        }
    }

    /** Stops serving, closes every connection and waits for the server thread to end. */
    @Override
    public void close() {
        running = false;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
