package io.zwire.session;

/**
 * Where a server that authenticates its peers ({@link SessionConfig.Builder#authenticate}) finds
 * the key of the identity a client claims, so different clients can hold different keys.
 */
@FunctionalInterface
public interface PeerKeys {
    /**
     * The shared key of {@code identity}. Called on the server's thread once per handshake, so it
     * should not block for long; anything it throws ends that connection, not the server.
     *
     * @param identity the identity the client claims, not yet proved
     * @return the key (the server neither keeps nor changes the array), or null when the identity
     *         is unknown, which fails the authentication as a wrong key does
     */
    byte[] keyOf(String identity);
}
