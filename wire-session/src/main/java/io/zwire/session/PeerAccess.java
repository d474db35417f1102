package io.zwire.session;

import java.net.InetSocketAddress;

/**
 * The server's say on a peer that has proved its identity ({@link SessionConfig.Builder#authenticate}):
 * by address, by identity, or both.
 */
@FunctionalInterface
public interface PeerAccess {
    /** Lets in every peer that proved its identity. */
    PeerAccess ANY_AUTHENTICATED = (peer, identity) -> true;

    /**
     * Whether the peer may use the server. Called on the server's thread once per handshake,
     * after the peer proved it holds the key of {@code identity}, so it should not block for long;
     * anything it throws ends that connection, not the server.
     *
     * @param peer     the peer's address, as its connection shows it
     * @param identity the identity the peer proved
     * @return true to let the peer in; false closes it with {@link CloseReason#ACCESS_DENIED}
     */
    boolean allows(InetSocketAddress peer, String identity);
}
