package io.zwire.session;

import io.zwire.WireException;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Serves {@link WireSession}s on one selector thread: accepts connections, completes each
 * handshake as bytes arrive, and hands every message to a {@link Handler}, which may reply through
 * the session. The loop allocates nothing per message in steady state.
 *
 * <p>No peer can take the server down, and each costs bounded memory and time
 * ({@link SessionConfig} holds the limits):
 * <ul>
 * <li>buffers grow with the bytes a peer actually sends, within {@link SessionConfig#maxSessionBytes()}
 *     per session and {@link SessionConfig#maxServerBytes()} for all sessions together; a peer over
 *     either is closed with the reason;</li>
 * <li>back-pressure: once more than {@link SessionConfig#maxPendingOutputBytes()} of replies wait
 *     for a peer, the server stops reading from that peer until they are all written, and goes on
 *     serving the others;</li>
 * <li>one remote address holds at most {@link SessionConfig#maxConnectionsPerAddress()} connections
 *     and {@link SessionConfig#maxServerBytesPerAddress()} of the memory budget; a newcomer beyond
 *     either is refused ({@link CloseReason#ADDRESS_CONNECTIONS}, {@link CloseReason#MEMORY}) and
 *     never makes the server shed another's session;</li>
 * <li>a connection without its hello after {@link SessionConfig#handshakeTimeout()}, with a frame
 *     begun and unfinished for {@link SessionConfig#frameTimeout()}, or with no message completed and
 *     no reply taken for {@link SessionConfig#idleTimeout()}, is closed with a
 *     {@link SocketTimeoutException} ({@link CloseReason#IDLE}, {@link CloseReason#SLOW_FRAME});</li>
 * <li>under pressure the worst holder is shed ({@link CloseReason#SHED}), not the newcomer: with
 *     every one of {@link SessionConfig#maxConnections()} taken, the session longest without a
 *     completed message, if that is at least {@link SessionConfig#shedAfterIdle()} (else the newcomer
 *     is refused, {@link CloseReason#SERVER_FULL}); with no room in the memory budget, the session
 *     holding the most bytes of unfinished frames and untaken replies, if it holds more than the one asking;</li>
 * <li>refusals and closes are counted by reason ({@link #closes(CloseReason)}) and logged
 *     ({@link System.Logger}, level INFO) at most once per reason per 10 s, each line summing up the
 *     closes since the last;</li>
 * <li>who may talk: with {@link SessionConfig.Builder#authenticate} only a peer that proves a key
 *     in the handshake, without one only loopback peers unless {@link SessionConfig#openToAnyAddress()};
 *     a peer that fails is held unread for {@link SessionConfig#failedAuthenticationDelay()} (the
 *     thread goes on serving the others), then closed with the reason, and none of its frames
 *     reaches the {@link Handler}; it is counted and logged with the other refusals;</li>
 * <li>a peer the server closes on purpose (refused, timed out, or at shutdown) is told why first,
 *     in a {@link CloseRecord}, which its {@link WireSession} throws as a {@link SessionClosedException}
 *     naming the {@link CloseReason};</li>
 * <li>a connection that fails (bad handshake, bad frame, a peer gone mid-message, or any
 *     {@code Throwable} from its session or from a {@link Handler} callback) is closed, its buffers
 *     returned to the pool, and reported to {@link Handler#onClose}; the others go on;</li>
 * <li>a bad document in a well-framed frame goes to {@link Handler#onError}, and the session goes on
 *     unless the handler closes it;</li>
 * <li>one connection handles at most {@value #MESSAGES_PER_TURN} messages before the others get a
 *     turn; a peer that shuts down its output still gets its replies before the server closes.</li>
 * </ul>
 * Memory the server holds for buffers is at most {@link SessionConfig#maxServerBytes()} plus one
 * session's growth of its send buffer, plus what the pool keeps ({@link BytesPool#maxRetainedBytes()}).
 */
public final class WireServer implements Closeable {
    private static final System.Logger LOG = System.getLogger(WireServer.class.getName());
    /** How often timeouts are checked; a timeout fires at most this late. */
    private static final long SWEEP_NANOS = 100_000_000L;
    /**
     * Sweeps between looks for receive buffers no frame needed since the last look (about a
     * second): a peer that sends large frames more often keeps its buffer and allocates nothing.
     */
    private static final int SWEEPS_PER_SHRINK = 10;
    /**
     * Messages one connection may have handled per turn before the others and the timeouts get
     * theirs: a peer that keeps its socket full would otherwise hold the selector thread.
     */
    static final int MESSAGES_PER_TURN = 256;

    /** What the server does with each connection. Called on the server's thread only. */
    public interface Handler {
        /**
         * A message arrived; {@code message} is the session's reused instance, valid during the
         * call. Anything thrown closes this session and reaches {@link #onClose}.
         *
         * @param session the connection's session, on the server's thread
         * @param message the decoded message, an instance of one of the configured message types
         * @throws IOException from a reply the handler writes; it closes this session
         */
        void onMessage(WireSession session, Object message) throws IOException;

        /**
         * The handshake completed. Anything thrown closes this session and reaches {@link #onClose}.
         *
         * @param session the new session, its wire agreed
         */
        default void onOpen(WireSession session) {
        }

        /**
         * A well-framed frame held a bad document: the session is still usable. The default keeps
         * it; closing the session here ends it, and {@link #onClose} then gets {@code error}.
         *
         * @param session the connection's session, on the server's thread
         * @param error what was wrong with the document, with the wire and offset
         */
        default void onError(WireSession session, WireException error) {
        }

        /**
         * The connection ended: {@code cause} is null for a clean close by the peer or the server;
         * an {@code Error} thrown in the session arrives wrapped in an {@link IOException}. Anything
         * thrown here is logged ({@link System.Logger}, level WARNING) and the server goes on.
         *
         * @param session the ended session, already closed
         * @param cause why it ended, or null for a clean close
         */
        default void onClose(WireSession session, Exception cause) {
        }
    }

    /** One connection's session and the server's bookkeeping for it. */
    private static final class Connection {
        final SelectionKey key;
        final WireSession session;
        /** What the connection's address holds of the server, given back when the connection ends. */
        final AddressShares.Share share;
        final long openedAt;
        long activeAt;
        /** True while bytes of a frame that has not completed are buffered, since {@link #frameSince}. */
        boolean framePending;
        long frameSince;
        /** True while reading is stopped until the pending output is written. */
        boolean paused;
        /** True after the peer's end of stream while the replies still queued are written. */
        boolean draining;
        /** True while queued for another turn in {@link #backlog}. */
        boolean backlogged;
        /** True while held, unread, after its authentication failed ({@link RefusedPeers}). */
        boolean held;
        boolean ended;

        Connection(SelectionKey key, WireSession session, AddressShares.Share share, long now) {
            this.key = key;
            this.session = session;
            this.share = share;
            this.openedAt = now;
            this.activeAt = now;
        }
    }

    private final ServerSocketChannel server;
    private final Selector selector;
    private final SessionConfig config;
    private final Handler handler;
    private final Thread thread;
    private final Consumer<SelectionKey> onKey = this::onKey;
    private final MemoryBudget memory;
    private final AddressShares addresses;
    private final CloseTally tally;
    private final RefusedPeers<Connection> refusedPeers;
    private final Consumer<Connection> closeRefused = this::closeRefused;
    private final List<Connection> connections = new ArrayList<>();
    /**
     * Connections that used their turn ({@link #MESSAGES_PER_TURN}) with input left: served again
     * after the next non-blocking select, since the selector does not report bytes already read
     * into a session's buffer. Two lists swapped per turn, so queueing allocates nothing once they
     * have grown.
     */
    private List<Connection> backlog = new ArrayList<>();
    private List<Connection> backlogTurn = new ArrayList<>();
    private final long handshakeNanos;
    private final long idleNanos;
    private final long frameNanos;
    private final long shedIdleNanos;
    private long sweptAt = System.nanoTime();
    private long sweeps;
    private volatile boolean running = true;
    private volatile int sessions;

    private WireServer(ServerSocketChannel server, Selector selector, SessionConfig config, Handler handler,
                       System.Logger closeLog) {
        this.server = server;
        this.selector = selector;
        this.config = config;
        this.handler = handler;
        this.memory = new MemoryBudget(config.maxServerBytes());
        this.memory.reclaimWith(this::shedForMemory);
        this.addresses = new AddressShares(memory, config.maxServerBytesPerAddress());
        this.tally = new CloseTally(closeLog, "zwire server on port " + port());
        this.refusedPeers = new RefusedPeers<>(config);
        this.handshakeNanos = config.handshakeTimeout().toNanos();
        this.idleNanos = config.idleTimeout().toNanos();
        this.frameNanos = config.frameTimeout().toNanos();
        this.shedIdleNanos = config.shedAfterIdle().toNanos();
        this.thread = new Thread(this::loop, "zwire-server-" + port());
        this.thread.setDaemon(true);
    }

    /**
     * Binds {@code address} (port 0 picks a free port) and starts serving on a new daemon thread.
     * Does not block.
     *
     * @param address the local address to listen on
     * @param config what the server speaks and the limits on what a peer may cost
     * @param handler what the server does with each connection, called on the server's thread
     * @return the running server; {@link #close()} stops it
     * @throws IOException if the address cannot be bound
     */
    public static WireServer start(InetSocketAddress address, SessionConfig config, Handler handler) throws IOException {
        return start(address, config, handler, LOG);
    }

    /** As {@link #start(InetSocketAddress, SessionConfig, Handler)}, with the log its refusals and closes go to. */
    static WireServer start(InetSocketAddress address, SessionConfig config, Handler handler, System.Logger closeLog)
            throws IOException {
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
        WireServer wireServer = new WireServer(server, selector, config, handler, closeLog);
        wireServer.thread.start();
        return wireServer;
    }

    /** {@return the bound port} */
    public int port() {
        return server.socket().getLocalPort();
    }

    /** {@return the number of connections open now (handshaking or ready)} */
    public int sessions() {
        return sessions;
    }

    /**
     * {@return the bytes the open sessions' buffers hold, as counted against
     * {@link SessionConfig#maxServerBytes()}} A snapshot that may be read from any thread.
     */
    public long bufferBytes() {
        return memory.used();
    }

    /**
     * {@return how many peers this server has refused or closed for {@code reason}, telling them
     * so, since it started} {@link CloseReason#SHED} counts the sessions shed under pressure. A
     * snapshot that may be read from any thread; allocates nothing.
     *
     * @param reason the cause the peers were told
     */
    public long closes(CloseReason reason) {
        return tally.count(reason);
    }

    private void loop() {
        try {
            while (running) {
                if (backlog.isEmpty()) {
                    selector.select(onKey, 100);
                } else {
                    selector.selectNow(onKey);
                    serveBacklog();
                }
                long now = System.nanoTime();
                if (now - sweptAt >= SWEEP_NANOS) {
                    sweptAt = now;
                    sweep(now);
                }
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.ERROR, "zwire server on port " + port() + " stops: its selector failed", e);
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
        Connection connection = (Connection) key.attachment();
        try {
            serve(connection);
        } catch (Throwable t) {
            end(connection, t);
        }
    }

    private void serveBacklog() {
        List<Connection> turn = backlog;
        backlog = backlogTurn;
        backlogTurn = turn;
        for (int i = 0; i < turn.size(); i++) {
            Connection connection = turn.get(i);
            connection.backlogged = false;
            if (connection.ended || connection.paused || connection.draining) {
                continue;
            }
            try {
                read(connection);
            } catch (Throwable t) {
                end(connection, t);
            }
        }
        turn.clear();
    }

    private void serve(Connection connection) throws IOException {
        SelectionKey key = connection.key;
        WireSession session = connection.session;
        if (key.isWritable()) {
            connection.activeAt = System.nanoTime();
            if (session.flush()) {
                if (connection.draining) {
                    end(connection, null);
                    return;
                }
                if (connection.paused) {
                    connection.paused = false;
                    // the frame waited on the server, not on the peer: its deadline starts again
                    connection.frameSince = System.nanoTime();
                    key.interestOps(SelectionKey.OP_READ);
                    read(connection);
                    return;
                }
                key.interestOps(SelectionKey.OP_READ);
            }
        }
        if (key.isReadable() && !connection.draining) {
            read(connection);
        }
    }

    private void accept() {
        SocketChannel channel = null;
        WireSession session = null;
        AddressShares.Share share = null;
        try {
            channel = server.accept();
            if (channel == null) {
                return;
            }
            if (!refusedPeers.servesAddress(channel)) {
                refuse(channel, CloseReason.ACCESS_DENIED, RefusedPeers.LOOPBACK_ONLY, System.nanoTime());
                return;
            }
            long now = System.nanoTime();
            InetAddress address = ((InetSocketAddress) channel.getRemoteAddress()).getAddress();
            if (!admit(channel, address, now)) {
                return;
            }
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            share = addresses.open(address);
            session = WireSession.openNonBlocking(channel, config);
            MemoryBudget full = session.share(share.memory);
            if (full != null) {
                String detail = "no room for a new session's " + session.bufferBytes() + " bytes in " + full.describe();
                session.closeWith(CloseReason.MEMORY, detail);
                tally.closed(CloseReason.MEMORY, detail, now);
                addresses.close(share);
                return;
            }
            // The hello goes out when the selector finds the channel writable, so a peer that
            // resets at once ends a registered session and reaches Handler.onClose.
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            Connection connection = new Connection(key, session, share, now);
            share = null;
            key.attach(connection);
            connections.add(connection);
            sessions = connections.size();
        } catch (Throwable t) {
            if (channel != null) {
                try {
                    // closing the session gives back its share of the budget and its buffers
                    if (session != null) {
                        session.close();
                    } else {
                        channel.close();
                    }
                } catch (IOException ignored) {
                    // the accept failed already; nothing more to report about this connection
                }
            }
            if (share != null) {
                addresses.close(share);
            }
            LOG.log(System.Logger.Level.WARNING, "zwire server on port " + port() + " could not accept a connection", t);
        }
    }

    /**
     * Whether a newcomer from {@code address} gets a slot: true if one is free, or was freed by
     * shedding the idlest session; otherwise refuses it, telling it why. An address at its limit is
     * refused and never makes the server shed for it.
     */
    private boolean admit(SocketChannel channel, InetAddress address, long now) throws IOException {
        int fromAddress = addresses.connections(address);
        boolean addressFull = fromAddress >= config.maxConnectionsPerAddress();
        if (connections.size() >= config.maxConnections()) {
            long newcomerBytes = 2L * config.pool().bufferCapacity();
            if (!addressFull && !addresses.hasRoom(address, newcomerBytes)) {
                // its address's share would refuse it anyway: it must not cost another session its slot
                refuse(channel, CloseReason.MEMORY, "no room for a new session's " + newcomerBytes + " bytes in the memory"
                        + " budget of this address (" + address.getHostAddress() + "), "
                        + config.maxServerBytesPerAddress() + " bytes (SessionConfig.maxServerBytesPerAddress)", now);
                return false;
            }
            if (!addressFull && shedIdlest(now)) {
                return true;
            }
            refuse(channel, CloseReason.SERVER_FULL, "all " + config.maxConnections()
                    + " connections are taken (SessionConfig.maxConnections), " + (addressFull
                    ? fromAddress + " by this address, its limit (SessionConfig.maxConnectionsPerAddress)"
                    : "none without a message for " + config.shedAfterIdle() + " (SessionConfig.shedAfterIdle)"), now);
            return false;
        }
        if (addressFull) {
            refuse(channel, CloseReason.ADDRESS_CONNECTIONS, "this address (" + address.getHostAddress() + ") holds "
                    + fromAddress + " connections, its limit (SessionConfig.maxConnectionsPerAddress)", now);
            return false;
        }
        return true;
    }

    private void refuse(SocketChannel channel, CloseReason reason, String detail, long now) throws IOException {
        tally.closed(reason, detail, now);
        CloseRecord.refuse(channel, reason, detail);
    }

    /**
     * Sheds the session longest without a completed message (or a taken reply) if that is at least
     * {@link SessionConfig#shedAfterIdle()}, so a session that is busy is never shed for a slot.
     * Walks every connection: the server is full, and this runs once per newcomer.
     */
    private boolean shedIdlest(long now) {
        Connection idlest = null;
        for (int i = 0; i < connections.size(); i++) {
            Connection connection = connections.get(i);
            if (idlest == null || connection.activeAt - idlest.activeAt < 0) {
                idlest = connection;
            }
        }
        if (idlest == null || now - idlest.activeAt < shedIdleNanos) {
            return false;
        }
        end(idlest, CloseReason.SHED, new IOException("this session had completed no message for "
                + TimeUnit.NANOSECONDS.toMillis(now - idlest.activeAt) + " ms, the longest of the server's "
                + connections.size() + " when all were taken and a newcomer came (SessionConfig.maxConnections,"
                + " SessionConfig.shedAfterIdle)"));
        return true;
    }

    /**
     * The {@link MemoryBudget.Reclaimer} of the server's budget: gives back grown receive buffers no
     * frame uses, then sheds the sessions holding the most bytes of unfinished frames and untaken
     * replies, each more than {@code requester} holds, until {@code bytes} fit.
     * Walks every connection per session shed: this runs only when the budget is full.
     */
    private boolean shedForMemory(MemoryBudget budget, long bytes, WireSession requester) {
        for (int i = 0; i < connections.size() && budget.used() + bytes > budget.limit(); i++) {
            connections.get(i).session.shrinkReceiveBuffer();
        }
        long mine = requester.heldBytes();
        while (budget.used() + bytes > budget.limit()) {
            Connection worst = null;
            long most = mine;
            for (int i = 0; i < connections.size(); i++) {
                Connection connection = connections.get(i);
                long held = connection.session.heldBytes();
                if (held > most && connection.session != requester) {
                    worst = connection;
                    most = held;
                }
            }
            if (worst == null) {
                return false;
            }
            end(worst, CloseReason.SHED, new IOException("this session held the most bytes of unfinished frames and untaken replies, "
                    + most + ", when another needed " + bytes + " bytes and " + budget.describe()));
        }
        return true;
    }

    private void read(Connection connection) throws IOException {
        WireSession session = connection.session;
        boolean wasReady = session.isReady();
        for (int handled = 0; ; handled++) {
            if (handled == MESSAGES_PER_TURN) {
                if (!connection.backlogged) {
                    connection.backlogged = true;
                    backlog.add(connection);
                }
                break;
            }
            if (!session.isOpen()) {
                end(connection, null);
                return;
            }
            Object message;
            try {
                message = session.poll();
            } catch (WireException e) {
                if (!wasReady && session.isReady()) {
                    // the hello and a bad frame arrived together: the handshake did complete
                    wasReady = true;
                    handler.onOpen(session);
                }
                if (!session.isOpen()) {
                    throw e;
                }
                handler.onError(session, e);
                if (!session.isOpen()) {
                    end(connection, e);
                    return;
                }
                continue;
            }
            if (message == null && session.refusal() != null) {
                hold(connection);
                return;
            }
            if (!wasReady && session.isReady()) {
                wasReady = true;
                connection.activeAt = System.nanoTime();
                connection.framePending = false;
                handler.onOpen(session);
                if (!session.isOpen()) {
                    end(connection, null);
                    return;
                }
            }
            if (message == null) {
                break;
            }
            connection.activeAt = System.nanoTime();
            connection.framePending = false;
            handler.onMessage(session, message);
            if (!session.isOpen()) {
                end(connection, null);
                return;
            }
            session.settleMemory();
            if (session.pendingOutputBytes() > config.maxPendingOutputBytes() && !session.flush()) {
                connection.paused = true;
                connection.key.interestOps(SelectionKey.OP_WRITE);
                return;
            }
        }
        if (!session.isOpen()) {
            end(connection, null);
            return;
        }
        noteUnfinishedFrame(connection);
        session.settleMemory();
        boolean flushed = session.flush();
        if (session.isEndOfStream() && !connection.backlogged) {
            if (flushed) {
                end(connection, null);
            } else {
                // the peer may only have shut down its output: its replies still go out
                connection.draining = true;
                connection.key.interestOps(SelectionKey.OP_WRITE);
            }
        } else if (!flushed) {
            connection.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        }
    }

    /**
     * Starts the frame clock when a turn leaves part of a frame buffered, and stops it when none is;
     * a completed message stops it too, so the clock times the frame now arriving. Allocates nothing.
     */
    private static void noteUnfinishedFrame(Connection connection) {
        if (connection.session.unfinishedBytes() == 0) {
            connection.framePending = false;
        } else if (!connection.framePending) {
            connection.framePending = true;
            connection.frameSince = System.nanoTime();
        }
    }

    /** Stops reading a connection whose authentication failed, until {@link #sweep} closes it after the delay. */
    private void hold(Connection connection) {
        if (!connection.held) {
            connection.held = true;
            connection.key.interestOps(0);
            Authenticator.Refusal refusal = connection.session.refusal();
            long now = System.nanoTime();
            tally.closed(refusal.reason(), refusal.words(), now);
            refusedPeers.hold(connection, now);
        }
    }

    private void closeRefused(Connection connection) {
        Authenticator.Refusal refusal = connection.session.refusal();
        end(connection, refusal.reason(), new IOException(refusal.words()));
    }

    /**
     * Closes held connections whose delay is over, connections past their handshake, frame or idle
     * timeout, and logs the closes waiting for a line; allocates only for those.
     */
    private void sweep(long now) {
        refusedPeers.releaseDue(now, closeRefused);
        boolean shrink = ++sweeps % SWEEPS_PER_SHRINK == 0;
        for (int i = connections.size() - 1; i >= 0; i--) {
            Connection connection = connections.get(i);
            if (connection.held) {
                continue;
            }
            if (shrink) {
                connection.session.shrinkUnusedReceiveBuffer();
            }
            if (!connection.session.isReady() && now - connection.openedAt > handshakeNanos) {
                end(connection, CloseReason.IDLE, new SocketTimeoutException("no complete hello within the handshake timeout of "
                        + config.handshakeTimeout() + " (SessionConfig.handshakeTimeout)"));
            } else if (frameNanos > 0 && connection.framePending && !connection.paused
                    && connection.session.isReady() && now - connection.frameSince > frameNanos) {
                end(connection, CloseReason.SLOW_FRAME, new SocketTimeoutException("the rest of a frame within the frame"
                        + " timeout of " + config.frameTimeout() + " (SessionConfig.frameTimeout), but only "
                        + connection.session.unfinishedBytes() + " bytes of it arrived"));
            } else if (idleNanos > 0 && now - connection.activeAt > idleNanos) {
                end(connection, CloseReason.IDLE, new SocketTimeoutException("no message completed and no reply taken within the idle timeout of "
                        + config.idleTimeout() + " (SessionConfig.idleTimeout)"
                        + (connection.paused ? " while replies wait for the peer to read" : "")));
            }
        }
        tally.flush(now);
    }

    /** Ends a connection that failed, or ended cleanly with a null failure; a budget it passed is told as MEMORY. */
    private void end(Connection connection, Throwable failure) {
        end(connection, failure instanceof OverBudgetException ? CloseReason.MEMORY : null, failure);
    }

    /** Ends a connection; with a reason, the peer is told it (and the failure's message) first. */
    private void end(Connection connection, CloseReason reason, Throwable failure) {
        if (connection.ended) {
            return;
        }
        connection.ended = true;
        connection.key.cancel();
        connections.remove(connection);
        sessions = connections.size();
        WireSession session = connection.session;
        try {
            if (reason == null) {
                session.close();
            } else {
                String detail = failure == null ? "" : String.valueOf(failure.getMessage());
                if (!connection.held || reason != session.refusal().reason()) {
                    // a held peer was counted when it was refused
                    tally.closed(reason, detail, System.nanoTime());
                }
                session.closeWith(reason, detail);
            }
        } catch (Throwable ignored) {
            // closing a failed connection; the cause reported below is what matters
        }
        addresses.close(connection.share);
        Exception cause = failure == null || failure instanceof Exception ? (Exception) failure
                : new IOException("the session failed with " + failure, failure);
        try {
            handler.onClose(session, cause);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "Handler.onClose threw for " + session + " (its cause: " + cause + ")", t);
        }
    }

    private void closeAll() {
        for (Connection connection : new ArrayList<>(connections)) {
            end(connection, CloseReason.SHUTDOWN, null);
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

    /** Stops serving, closes every connection and waits (up to 5 s) for the server thread to end. */
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
