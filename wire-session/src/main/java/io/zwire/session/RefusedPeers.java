package io.zwire.session;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * A {@link WireServer}'s refusals of who may talk to it: a peer whose address the server does not
 * serve without a key, refused when it is accepted, and peers that failed the authentication step,
 * held for {@link SessionConfig#failedAuthenticationDelay()} and then closed, as Kafka delays its
 * answer after a failed authentication. Holding is a timer list the server's sweep reads, so the
 * selector thread never waits; every peer is held for the same delay, so the list is in deadline
 * order and the sweep looks at its head only. The server counts and logs the refusals
 * ({@link WireServer#closes(CloseReason)}).
 *
 * <p>Used on the server's thread only. Allocates one
 * entry per refused peer: refusals are not a steady-state path.
 *
 * @param <C> the server's record of a connection
 */
final class RefusedPeers<C> {
    static final String LOOPBACK_ONLY = "this server has no key, so it serves loopback peers only: give it a key"
            + " (SessionConfig.Builder.authenticate, zwire serve --key-file) or open it to any address"
            + " (SessionConfig.Builder.openToAnyAddress, zwire serve --open)";

    private record Held<C>(C connection, long dueAt) {
    }

    private final SessionConfig config;
    private final long delayNanos;
    private final ArrayDeque<Held<C>> held = new ArrayDeque<>();

    RefusedPeers(SessionConfig config) {
        this.config = config;
        this.delayNanos = config.failedAuthenticationDelay().toNanos();
    }

    /**
     * False for a just-accepted connection whose address this server does not serve: one not
     * loopback, on a server with no key that was not opened to any address ({@link #LOOPBACK_ONLY}
     * says why). Does not block.
     *
     * @throws IOException from the channel, asking its remote address
     */
    boolean servesAddress(SocketChannel channel) throws IOException {
        if (config.requiresAuthentication() || config.openToAnyAddress()) {
            return true;
        }
        SocketAddress remote = channel.getRemoteAddress();
        return remote instanceof InetSocketAddress address && config.isLoopback(address.getAddress());
    }

    /** Holds a connection its session refused ({@link WireSession#refusal()}) until the delay is over. */
    void hold(C connection, long now) {
        held.addLast(new Held<>(connection, now + delayNanos));
    }

    /** Hands each connection whose delay is over to {@code close}, in the order they were held. */
    void releaseDue(long now, Consumer<C> close) {
        while (!held.isEmpty() && now - held.peekFirst().dueAt() >= 0) {
            close.accept(held.pollFirst().connection());
        }
    }
}
