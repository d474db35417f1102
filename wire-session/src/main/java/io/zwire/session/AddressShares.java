package io.zwire.session;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * What each remote address holds of a {@link WireServer}: its connections and its part of the
 * server's memory budget ({@link SessionConfig#maxConnectionsPerAddress()},
 * {@link SessionConfig#maxServerBytesPerAddress()}). Updated when a connection is accepted or
 * ends, never per message; an address's entry goes when its last connection does, so the map
 * holds at most one entry per open connection. Used by the server's thread alone.
 *
 * <p>The defaults give an address an eighth of the server, so it takes at least eight addresses to
 * fill it, while a server small enough that an eighth is too few still lets one address open a
 * handful of connections and send a frame of half a MiB.
 */
final class AddressShares {
    /** By default an address may hold this fraction (one over it) of the server's connections and memory. */
    static final int DEFAULT_FRACTION = 8;
    /** The least the default gives an address: a few processes on one host, or a small pool of clients. */
    static final long MIN_CONNECTIONS = 16;
    /** The least memory the default gives an address, when the server's budget allows it. */
    static final long MIN_BYTES = 1L << 20;

    /** One address's holding. */
    static final class Share {
        final InetAddress address;
        final MemoryBudget memory;
        int connections;

        Share(InetAddress address, MemoryBudget memory) {
            this.address = address;
            this.memory = memory;
        }
    }

    private final Map<InetAddress, Share> byAddress = new HashMap<>();
    private final MemoryBudget server;
    private final long bytesPerAddress;

    AddressShares(MemoryBudget server, long bytesPerAddress) {
        this.server = server;
        this.bytesPerAddress = bytesPerAddress;
    }

    /**
     * What an address may hold of one of the server's limits: {@code configured} if given
     * (positive), else a {@link #DEFAULT_FRACTION}th of {@code whole} but at least {@code minimum};
     * never more than {@code whole}.
     */
    static long share(long configured, long whole, long minimum) {
        long share = configured > 0 ? configured : Math.max(whole / DEFAULT_FRACTION, minimum);
        return Math.min(share, whole);
    }

    /** {@return the connections {@code address} holds now} */
    int connections(InetAddress address) {
        Share share = byAddress.get(address);
        return share == null ? 0 : share.connections;
    }

    /** {@return whether {@code address}'s share of the memory budget has room for {@code bytes} more} */
    boolean hasRoom(InetAddress address, long bytes) {
        Share share = byAddress.get(address);
        return share == null || share.memory.used() + bytes <= bytesPerAddress;
    }

    /** Counts a new connection from {@code address}; allocates the address's entry if it had none. */
    Share open(InetAddress address) {
        Share share = byAddress.get(address);
        if (share == null) {
            share = new Share(address, server.share(bytesPerAddress, "the memory budget of this address ("
                    + address.getHostAddress() + "), ", "SessionConfig.maxServerBytesPerAddress"));
            byAddress.put(address, share);
        }
        share.connections++;
        return share;
    }

    /** Counts a connection of {@code share}'s address as ended, after its session gave back its memory. */
    void close(Share share) {
        if (--share.connections == 0) {
            byAddress.remove(share.address);
        }
    }
}
