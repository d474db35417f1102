package io.zwire.session;

import io.zwire.Marshallable;
import io.zwire.ReadLimits;
import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.WireOptions;
import io.zwire.WireType;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What one side of a {@link WireSession} speaks: the wires in order of preference, whether RAW
 * may be used when both sides' schemas match, the message types it sends and accepts (registered
 * aliases with their schema fingerprints), read limits and the buffer pool; and what a peer may
 * cost: memory per session and per server, output queued for a peer that does not read, time to
 * finish the handshake, time idle, and connections per server. Immutable.
 *
 * <table>
 * <caption>Limits on what a peer may cost, and their defaults</caption>
 * <tr><th>limit</th><th>default</th><th>applies to</th></tr>
 * <tr><td>{@link #maxSessionBytes()}</td><td>16 MiB</td><td>every session (receive buffer), and on a
 *     server send and receive buffers together</td></tr>
 * <tr><td>{@link #maxServerBytes()}</td><td>a quarter of the JVM's maximum heap</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #maxPendingOutputBytes()}</td><td>1 MiB</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #handshakeTimeout()}</td><td>10 s</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #idleTimeout()}</td><td>10 min</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #maxConnections()}</td><td>1024</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #maxConnectionsPerAddress()}</td><td>an eighth of {@link #maxConnections()}, at least
 *     16 (never more than {@link #maxConnections()})</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #maxServerBytesPerAddress()}</td><td>an eighth of {@link #maxServerBytes()}, at least
 *     1 MiB (never more than {@link #maxServerBytes()})</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #frameTimeout()}</td><td>30 s</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #shedAfterIdle()}</td><td>5 s</td><td>{@link WireServer}</td></tr>
 * <tr><td>{@link #failedAuthenticationDelay()}</td><td>100 ms</td><td>{@link WireServer}</td></tr>
 * </table>
 *
 * <p>Who may talk: a server with {@link Builder#authenticate} lets in only peers that prove a key
 * in the handshake (HMAC-SHA256 over both hellos, never the key itself; see {@link AuthRecord}
 * in the source), and a client with {@link Builder#credential} proves one and accepts only a
 * server that proves the same key back. A {@link WireServer} without a key serves loopback peers
 * only, unless {@link Builder#openToAnyAddress()} says otherwise. No configuration prints or
 * returns a key.
 *
 * <pre>{@code
 * SessionConfig config = SessionConfig.builder(types)
 *         .wires(WireType.BINARY, WireType.YAML, WireType.RAW)
 *         .allowRaw()
 *         .message(Order.class)
 *         .build();
 * }</pre>
 */
public final class SessionConfig {
    /**
     * One message type: its alias, Java type and schema fingerprint.
     *
     * @param alias the name the {@link TypeRegistry} gives the type
     * @param type the message's Java class
     * @param fingerprint the hash of its {@link Schema}, which both sides compare before agreeing to RAW
     */
    public record MessageType(String alias, Class<?> type, long fingerprint) {
    }

    private final List<WireType> wires;
    private final boolean rawAllowed;
    private final WireOptions options;
    private final List<MessageType> messages;
    private final BytesPool pool;
    private final String rawProblem;
    private final long maxSessionBytes;
    private final long maxServerBytes;
    private final int maxPendingOutputBytes;
    private final Duration handshakeTimeout;
    private final Duration idleTimeout;
    private final int maxConnections;
    private final int maxConnectionsPerAddress;
    private final long maxServerBytesPerAddress;
    private final Duration frameTimeout;
    private final Duration shedAfterIdle;
    private final boolean checksumFrames;
    private final PeerKeys peerKeys;
    private final PeerAccess peerAccess;
    private final String credentialIdentity;
    private final byte[] credentialKey;
    private final boolean openToAnyAddress;
    private final Duration failedAuthenticationDelay;
    private final Predicate<InetAddress> loopback;

    private SessionConfig(Builder builder) {
        this.wires = List.copyOf(builder.wires);
        this.rawProblem = builder.rawProblems.isEmpty() ? null : String.join("; ", builder.rawProblems.values());
        this.rawAllowed = builder.rawAllowed && rawProblem == null;
        this.options = WireOptions.defaults().withTypes(builder.types).withLimits(builder.limits);
        this.messages = List.copyOf(builder.messages.values());
        this.pool = builder.pool;
        this.maxSessionBytes = builder.maxSessionBytes;
        this.maxServerBytes = builder.maxServerBytes > 0 ? builder.maxServerBytes : Runtime.getRuntime().maxMemory() / 4;
        this.maxPendingOutputBytes = builder.maxPendingOutputBytes;
        this.handshakeTimeout = builder.handshakeTimeout;
        this.idleTimeout = builder.idleTimeout;
        this.maxConnections = builder.maxConnections;
        this.maxConnectionsPerAddress = (int) AddressShares.share(builder.maxConnectionsPerAddress, maxConnections,
                AddressShares.MIN_CONNECTIONS);
        this.maxServerBytesPerAddress = AddressShares.share(builder.maxServerBytesPerAddress, maxServerBytes,
                AddressShares.MIN_BYTES);
        this.frameTimeout = builder.frameTimeout;
        this.shedAfterIdle = builder.shedAfterIdle;
        this.checksumFrames = builder.checksumFrames;
        this.peerKeys = builder.peerKeys;
        this.peerAccess = builder.peerAccess;
        this.credentialIdentity = builder.credentialIdentity;
        this.credentialKey = builder.credentialKey;
        this.openToAnyAddress = builder.openToAnyAddress;
        this.failedAuthenticationDelay = builder.failedAuthenticationDelay;
        this.loopback = builder.loopback;
    }

    /**
     * Starts a configuration whose message types are resolved through {@code types}.
     *
     * @param types the registry that names the message types and creates their instances
     * @return a new builder with the defaults of the table above
     */
    public static Builder builder(TypeRegistry types) {
        return new Builder(types);
    }

    /** {@return the wires this side speaks, preferred first; an unmodifiable list} */
    public List<WireType> wires() {
        return wires;
    }

    /**
     * {@return true when this side agrees to RAW if every message type's fingerprint matches the
     * peer's} That is, {@link Builder#allowRaw()} was given and every message type reads what it
     * writes, in order (see {@link #rawProblem()}).
     */
    public boolean rawAllowed() {
        return rawAllowed;
    }

    /**
     * {@return why this side does not offer RAW although {@link Builder#allowRaw()} was given, or
     * empty} It names the message types whose {@code readMarshallable} reads in another order or as other kinds than
     * their {@code writeMarshallable} writes ({@link Schema#rawProblem()}), which RAW would misread.
     */
    public Optional<String> rawProblem() {
        return Optional.ofNullable(rawProblem);
    }

    /** {@return the options the session's wires are created with: the registry and read limits} */
    public WireOptions options() {
        return options;
    }

    /** {@return the message types this side sends and accepts, in the order their indices go on the wire} */
    public List<MessageType> messages() {
        return messages;
    }

    /** {@return the pool the session's buffers come from and return to} */
    public BytesPool pool() {
        return pool;
    }

    /**
     * {@return the most bytes one session's buffers may hold} Every session refuses a frame or hello whose
     * receive buffer would pass it (a {@link io.zwire.WireException} that ends the session);
     * receive buffers grow by doubling as bytes arrive, never to a size a header declares, so the
     * largest frame a session takes is the largest power-of-two multiple of the pool's buffer
     * size that fits beside the send buffer. On a {@link WireServer} the send buffer counts too,
     * and a session whose replies take it past the limit is closed with the reason.
     */
    public long maxSessionBytes() {
        return maxSessionBytes;
    }

    /**
     * {@return the most bytes the buffers of all of a {@link WireServer}'s sessions may hold together} When
     * input or a newcomer finds no room, the server first gives back grown receive buffers no frame
     * uses, then sheds the sessions holding the most bytes of unfinished frames and untaken replies,
     * each only if it holds more than the one asking ({@link CloseReason#SHED}); failing that, a session whose input would pass it is closed, and a
     * connection the server cannot give its first buffers is refused ({@link CloseReason#MEMORY}).
     */
    public long maxServerBytes() {
        return maxServerBytes;
    }

    /**
     * {@return the bytes of output a {@link WireServer} queues for one peer before it stops reading
     * from that peer} Past it the server reads nothing more from the peer until everything queued for it is written,
     * so a peer that sends and never reads holds at most this much output (plus the replies to
     * one message) and is closed by the {@link #idleTimeout()} if it never reads again.
     */
    public int maxPendingOutputBytes() {
        return maxPendingOutputBytes;
    }

    /**
     * {@return how long a {@link WireServer} waits for a new connection's hello, and its answer to
     * the server's challenge where the server authenticates, before closing it}
     */
    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    /**
     * {@return how long a {@link WireServer} keeps a connection that neither completed a message nor
     * took any of its replies} Bytes of a frame that never completes do not count, so a peer cannot hold
     * a connection by trickling a byte at a time. {@link Duration#ZERO} keeps it forever.
     */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    /**
     * {@return how many connections a {@link WireServer} keeps open at once} When all are taken, a
     * newcomer gets the slot of the session longest without a completed message, if that one has
     * gone without for {@link #shedAfterIdle()}; otherwise the newcomer is refused with
     * {@link CloseReason#SERVER_FULL}.
     */
    public int maxConnections() {
        return maxConnections;
    }

    /**
     * {@return how many of a {@link WireServer}'s connections one remote address may hold} One more
     * from that address is refused with {@link CloseReason#ADDRESS_CONNECTIONS} (with
     * {@link CloseReason#SERVER_FULL} when the server is full too), and never takes another's
     * slot. Loopback is an address like any other; clients behind one NAT or proxy share an
     * address, so such a server raises this.
     */
    public int maxConnectionsPerAddress() {
        return maxConnectionsPerAddress;
    }

    /**
     * {@return the part of {@link #maxServerBytes()} the sessions of one remote address may hold
     * together} A newcomer from an address at its share is refused with {@link CloseReason#MEMORY},
     * and a session whose input would pass it is closed with that reason; neither makes the server
     * shed another session. The largest frame one address can send alone is about half of this
     * (receive buffers grow by doubling).
     */
    public long maxServerBytesPerAddress() {
        return maxServerBytesPerAddress;
    }

    /**
     * {@return how long a {@link WireServer} waits for the rest of a frame once its first bytes have
     * arrived} Past it the session is closed with {@link CloseReason#SLOW_FRAME}, so a peer that
     * trickles a large frame holds its buffer for this long, not for the {@link #idleTimeout()}.
     * The default of 30 s asks about 280 KiB/s of a peer sending an 8 MiB frame. {@link Duration#ZERO}
     * for none.
     */
    public Duration frameTimeout() {
        return frameTimeout;
    }

    /**
     * {@return how long a session must have gone without a completed message before a
     * {@link WireServer} with every slot taken sheds it for a newcomer} A session that completes
     * messages more often than this is never shed for a slot.
     */
    public Duration shedAfterIdle() {
        return shedAfterIdle;
    }

    /**
     * {@return true (the default) when this side offers a CRC32C per frame in its hello} A two-way session
     * checks frames when both sides offer it, and a {@link WireSession#writer} writes them when it
     * does. See {@link WireSession} for the frame layout.
     */
    public boolean checksumFrames() {
        return checksumFrames;
    }

    /**
     * {@return true when this side demands that its peers authenticate ({@link Builder#authenticate})}
     * Applies to two-way sessions; a one-way session has no peer to answer.
     */
    public boolean requiresAuthentication() {
        return peerKeys != null;
    }

    /** {@return the identity this side proves to a server that demands it ({@link Builder#credential}), or empty} */
    public Optional<String> credentialIdentity() {
        return Optional.ofNullable(credentialIdentity);
    }

    /**
     * {@return true when a {@link WireServer} without a key serves peers from any address
     * ({@link Builder#openToAnyAddress()})} False by default: such a server refuses a peer whose
     * address is not loopback (127.0.0.0/8, ::1) with {@link CloseReason#ACCESS_DENIED}. A server
     * that authenticates serves any address that proves a key, whatever this says.
     */
    public boolean openToAnyAddress() {
        return openToAnyAddress;
    }

    /**
     * {@return how long a {@link WireServer} holds a peer that failed authentication, or that its
     * {@link PeerAccess} refused, before it closes it with the reason} As Kafka's
     * {@code connection.failed.authentication.delay.ms}: a client that retries at once gets a
     * refusal at most this often, and the server's thread does not wait meanwhile. The peer keeps
     * its connection slot during the delay.
     */
    public Duration failedAuthenticationDelay() {
        return failedAuthenticationDelay;
    }

    PeerKeys peerKeys() {
        return peerKeys;
    }

    PeerAccess peerAccess() {
        return peerAccess;
    }

    /** The credential's key: never copied out of the package, printed or put in a message. */
    byte[] credentialKey() {
        return credentialKey;
    }

    /** True when {@code address} counts as loopback for the rule of {@link #openToAnyAddress()}. */
    boolean isLoopback(InetAddress address) {
        return loopback.test(address);
    }

    /** Collects a configuration. Not thread-safe. */
    public static final class Builder {
        /** The shortest key {@link #credential} takes. */
        public static final int MIN_KEY_BYTES = 16;
        private final TypeRegistry types;
        private final List<WireType> wires = new ArrayList<>();
        private final Map<String, MessageType> messages = new LinkedHashMap<>();
        private final Map<String, String> rawProblems = new LinkedHashMap<>();
        private boolean rawAllowed;
        private ReadLimits limits = ReadLimits.defaults();
        private BytesPool pool;
        private long maxSessionBytes = 16L << 20;
        private long maxServerBytes;
        private int maxPendingOutputBytes = 1 << 20;
        private Duration handshakeTimeout = Duration.ofSeconds(10);
        private Duration idleTimeout = Duration.ofMinutes(10);
        private int maxConnections = 1024;
        private int maxConnectionsPerAddress;
        private long maxServerBytesPerAddress;
        private Duration frameTimeout = Duration.ofSeconds(30);
        private Duration shedAfterIdle = Duration.ofSeconds(5);
        private boolean checksumFrames = true;
        private PeerKeys peerKeys;
        private PeerAccess peerAccess;
        private String credentialIdentity;
        private byte[] credentialKey;
        private boolean openToAnyAddress;
        private Duration failedAuthenticationDelay = Duration.ofMillis(100);
        private Predicate<InetAddress> loopback = InetAddress::isLoopbackAddress;

        private Builder(TypeRegistry types) {
            this.types = types;
        }

        /**
         * The wires this side speaks, preferred first. Each must be available (its module present).
         *
         * @param preferred the wires, preferred first; replaces any given before
         * @return this builder
         * @throws IllegalArgumentException for an unavailable wire or a repeated one
         */
        public Builder wires(WireType... preferred) {
            wires.clear();
            for (WireType wire : preferred) {
                if (!wire.isAvailable()) {
                    throw new IllegalArgumentException(wire + " is not available: its module is not on the path");
                }
                if (wires.contains(wire)) {
                    throw new IllegalArgumentException(wire + " is listed twice");
                }
                wires.add(wire);
            }
            return this;
        }

        /**
         * Agrees to RAW when both sides allow it and every message type's schema fingerprint matches.
         *
         * @return this builder
         */
        public Builder allowRaw() {
            rawAllowed = true;
            return this;
        }

        /**
         * Adds a message type, by the alias {@code type} has in the registry. Its schema is recorded
         * on a new instance from the registry's factory ({@link Schema#of(java.util.function.Supplier,
         * TypeRegistry)}), or through the type's marshaller for a type registered with one
         * ({@link TypeRegistry.Builder#add(String, Class, io.zwire.Marshaller)}), so the fingerprint is the same on every peer with the same type; a type
         * whose read order differs from its write order ({@link Schema#rawProblem()}) makes this side
         * not offer RAW ({@link SessionConfig#rawProblem()}). Allocates.
         *
         * @param type a class registered in the builder's {@link TypeRegistry}
         * @return this builder
         * @throws IllegalArgumentException if {@code type} is not registered
         */
        public Builder message(Class<?> type) {
            TypeRegistry.Entry entry = entry(type);
            return add(entry, entry.schema(types));
        }

        /**
         * As {@link #message(Class)} for {@code sample}'s class: the fingerprint comes from a new
         * instance all the same, and the sample's values play no part in it. The sample serves as
         * the write side the read order is compared with, so a type whose write method cannot run
         * on a new instance (an unboxed null, say) can still be added.
         *
         * @param sample an instance of a registered class, written once to record its write order
         * @return this builder
         * @throws IllegalArgumentException if the sample's class is not registered
         */
        public Builder message(Marshallable sample) {
            return add(entry(sample.getClass()), Schema.of(sample, types));
        }

        private TypeRegistry.Entry entry(Class<?> type) {
            TypeRegistry.Entry entry = types.byType(type);
            if (entry == null) {
                throw new IllegalArgumentException(type.getName() + " is not in the TypeRegistry " + types);
            }
            return entry;
        }

        private Builder add(TypeRegistry.Entry entry, Schema schema) {
            messages.put(entry.alias(), new MessageType(entry.alias(), entry.type(), schema.fingerprint()));
            rawProblems.remove(entry.alias());
            schema.rawProblem().ifPresent(problem -> rawProblems.put(entry.alias(), "message type '" + entry.alias()
                    + "': " + problem));
            return this;
        }

        /**
         * Read limits for the session's wires; {@link ReadLimits#maxDocumentBytes} also bounds a frame.
         *
         * @param readLimits the limits; {@link ReadLimits#defaults()} unless given
         * @return this builder
         */
        public Builder limits(ReadLimits readLimits) {
            limits = readLimits;
            return this;
        }

        /**
         * The buffer pool; by default each configuration gets its own heap pool.
         *
         * @param bytesPool the pool, which may be shared by several configurations
         * @return this builder
         */
        public Builder pool(BytesPool bytesPool) {
            pool = bytesPool;
            return this;
        }

        /**
         * {@link SessionConfig#maxSessionBytes()}.
         *
         * @param bytes the limit in bytes
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder maxSessionBytes(long bytes) {
            maxSessionBytes = positive(bytes, "maxSessionBytes");
            return this;
        }

        /**
         * {@link SessionConfig#maxServerBytes()}.
         *
         * @param bytes the limit in bytes
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder maxServerBytes(long bytes) {
            maxServerBytes = positive(bytes, "maxServerBytes");
            return this;
        }

        /**
         * {@link SessionConfig#maxPendingOutputBytes()}.
         *
         * @param bytes the limit in bytes
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder maxPendingOutputBytes(int bytes) {
            maxPendingOutputBytes = (int) positive(bytes, "maxPendingOutputBytes");
            return this;
        }

        /**
         * {@link SessionConfig#handshakeTimeout()}.
         *
         * @param timeout the time a peer has to send its hello
         * @return this builder
         * @throws IllegalArgumentException if {@code timeout} is not positive
         */
        public Builder handshakeTimeout(Duration timeout) {
            positive(timeout.toNanos(), "handshakeTimeout");
            handshakeTimeout = timeout;
            return this;
        }

        /**
         * {@link SessionConfig#idleTimeout()}; {@link Duration#ZERO} for none.
         *
         * @param timeout the idle time after which a connection is closed
         * @return this builder
         * @throws IllegalArgumentException if {@code timeout} is negative
         */
        public Builder idleTimeout(Duration timeout) {
            idleTimeout = notNegative(timeout, "idleTimeout");
            return this;
        }

        /**
         * {@link SessionConfig#maxConnections()}.
         *
         * @param connections the most connections open at once
         * @return this builder
         * @throws IllegalArgumentException if {@code connections} is not positive
         */
        public Builder maxConnections(int connections) {
            maxConnections = (int) positive(connections, "maxConnections");
            return this;
        }

        /**
         * {@link SessionConfig#maxConnectionsPerAddress()}; a value above {@link #maxConnections}
         * means {@link #maxConnections}.
         *
         * @param connections the most connections one remote address may hold
         * @return this builder
         * @throws IllegalArgumentException if {@code connections} is not positive
         */
        public Builder maxConnectionsPerAddress(int connections) {
            maxConnectionsPerAddress = (int) positive(connections, "maxConnectionsPerAddress");
            return this;
        }

        /**
         * {@link SessionConfig#maxServerBytesPerAddress()}; a value above {@link #maxServerBytes}
         * means {@link #maxServerBytes}.
         *
         * @param bytes the most bytes the sessions of one remote address may hold
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder maxServerBytesPerAddress(long bytes) {
            maxServerBytesPerAddress = positive(bytes, "maxServerBytesPerAddress");
            return this;
        }

        /**
         * {@link SessionConfig#frameTimeout()}; {@link Duration#ZERO} for none.
         *
         * @param timeout the time a frame has to arrive whole once its first bytes have come
         * @return this builder
         * @throws IllegalArgumentException if {@code timeout} is negative
         */
        public Builder frameTimeout(Duration timeout) {
            frameTimeout = notNegative(timeout, "frameTimeout");
            return this;
        }

        /**
         * {@link SessionConfig#shedAfterIdle()}.
         *
         * @param idle the time without a completed message after which a session may lose its slot to a newcomer
         * @return this builder
         * @throws IllegalArgumentException if {@code idle} is negative
         */
        public Builder shedAfterIdle(Duration idle) {
            shedAfterIdle = notNegative(idle, "shedAfterIdle");
            return this;
        }

        /**
         * {@link SessionConfig#checksumFrames()}: whether this side offers a CRC32C per frame.
         *
         * @param offered true to offer checksums, false to refuse them
         * @return this builder
         */
        public Builder checksumFrames(boolean offered) {
            checksumFrames = offered;
            return this;
        }

        private static Duration notNegative(Duration value, String name) {
            if (value.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative: " + value);
            }
            return value;
        }

        /**
         * Demands that every peer authenticate in the handshake: the server challenges with a
         * fresh nonce, the client answers with an identity and an HMAC-SHA256 under that
         * identity's key, the server checks it in constant time and then asks {@code access}.
         * A peer that fails is closed before any of its frames reaches a handler, with
         * {@link CloseReason#AUTHENTICATION_FAILED} or {@link CloseReason#ACCESS_DENIED}, after
         * {@link SessionConfig#failedAuthenticationDelay()}. A peer that passes gets the server's
         * own proof over its nonce, and {@link WireSession#peerIdentity()} names it.
         *
         * @param keys   the key of each identity a client may claim
         * @param access the say on each peer that proved its identity, e.g. {@link PeerAccess#ANY_AUTHENTICATED}
         * @return this builder
         */
        public Builder authenticate(PeerKeys keys, PeerAccess access) {
            peerKeys = Objects.requireNonNull(keys, "keys");
            peerAccess = Objects.requireNonNull(access, "access");
            return this;
        }

        /**
         * The identity and key this side proves to a server that demands authentication. A side
         * with a credential accepts only a server that proves the same key back, so it fails the
         * handshake against a server that does not ask for one. The key is copied, used only to
         * compute MACs, and never sent, printed or put in a message.
         *
         * @param identity the name the server looks the key up by: 1 to 255 bytes of UTF-8
         * @param key      the shared key, at least {@value #MIN_KEY_BYTES} bytes (32 random bytes is the norm for HMAC-SHA256)
         * @return this builder
         * @throws IllegalArgumentException for an identity or key of another length
         */
        public Builder credential(String identity, byte[] key) {
            int identityBytes = identity.getBytes(StandardCharsets.UTF_8).length;
            if (identityBytes < 1 || identityBytes > AuthRecord.MAX_IDENTITY) {
                throw new IllegalArgumentException("an identity of 1.." + AuthRecord.MAX_IDENTITY + " bytes of UTF-8, found "
                        + identityBytes);
            }
            if (key.length < MIN_KEY_BYTES) {
                throw new IllegalArgumentException("a key of at least " + MIN_KEY_BYTES + " bytes, found " + key.length);
            }
            credentialIdentity = identity;
            credentialKey = Arrays.copyOf(key, key.length);
            return this;
        }

        /**
         * Lets a {@link WireServer} without a key serve peers from any address, not only
         * loopback ones: anyone who can reach its port may then send any configured message.
         *
         * @return this builder
         */
        public Builder openToAnyAddress() {
            openToAnyAddress = true;
            return this;
        }

        /**
         * {@link SessionConfig#failedAuthenticationDelay()}.
         *
         * @param delay how long a refused peer is held before it is closed; {@link Duration#ZERO}
         *              closes it at the server's next sweep of its timeouts (within 100 ms)
         * @return this builder
         * @throws IllegalArgumentException if {@code delay} is negative
         */
        public Builder failedAuthenticationDelay(Duration delay) {
            failedAuthenticationDelay = notNegative(delay, "failedAuthenticationDelay");
            return this;
        }

        /** What counts as a loopback address; tests use it to see a peer on 127.0.0.1 as remote. */
        Builder loopback(Predicate<InetAddress> isLoopback) {
            loopback = isLoopback;
            return this;
        }

        private static long positive(long value, String name) {
            if (value <= 0) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }

        /**
         * {@return the configuration} Without a pool given, creates a heap pool of 4 KiB buffers, 4 per stripe.
         *
         * @throws IllegalStateException if no wire or no message type was given, or more than 65535
         *                               message types, or both {@link #authenticate} and {@link #credential}
         */
        public SessionConfig build() {
            if (peerKeys != null && credentialKey != null) {
                throw new IllegalStateException("authenticate is for the server's side and credential for the client's:"
                        + " one configuration takes one of them");
            }
            if (wires.isEmpty() || messages.isEmpty()) {
                throw new IllegalStateException("a session needs at least one wire and one message type");
            }
            if (messages.size() > 0xFFFF) {
                throw new IllegalStateException("at most 65535 message types: " + messages.size());
            }
            if (pool == null) {
                pool = BytesPool.heap(4096, 4);
            }
            return new SessionConfig(this);
        }
    }
}
