package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.WireType;

/**
 * The zwire session handshake without any I/O, for transports other than {@link WireSession}'s
 * byte channels (the Netty pipeline of {@code io.zwire.netty} uses it): each side sends its hello
 * ({@link #writeHello}), waits until the peer's has arrived ({@link #helloSize}), and settles the
 * session from the two ({@link #negotiate}); frames then go through the {@link FrameCodec} the
 * settlement gives. The hello's layout and the rule that picks the wire are drawn once, in this
 * package, and {@link WireSession} runs on the same code, so a peer built on this class talks to a
 * {@link WireServer} and a {@link WireSession} client talks to it.
 *
 * <p>The rule: RAW if both sides allow and list it and every message type's schema fingerprint
 * matches; otherwise the self-describing wire both speak with the lowest sum of preference ranks;
 * checksums when both hellos offer them; and a handshake between two sides that share no message
 * type, or no usable wire, fails on both sides.
 *
 * <p>This class does not speak zwire's own key authentication ({@link SessionConfig.Builder#authenticate},
 * {@link SessionConfig.Builder#credential}): a transport that needs to know its peer uses its own
 * means (TLS). A configuration that asks for zwire authentication is refused at {@link #of}, and a
 * peer that demands or offers it is refused by {@link #negotiate} with a {@link WireException}
 * saying so. Immutable and thread-safe.
 */
public final class SessionProtocol {
    private final SessionConfig config;
    private final Hello mine;

    private SessionProtocol(SessionConfig config) {
        this.config = config;
        this.mine = Hello.of(config);
    }

    /**
     * The protocol for one side's configuration. Allocates, once.
     *
     * @param config this side's wires, message types, limits and checksum offer
     * @return the protocol, shareable by every connection with that configuration
     * @throws IllegalArgumentException if the configuration asks for zwire's key authentication,
     *                                  which this class does not speak
     */
    public static SessionProtocol of(SessionConfig config) {
        if (config.requiresAuthentication() || config.credentialIdentity().isPresent()) {
            throw new IllegalArgumentException("SessionProtocol does not speak zwire's key authentication"
                    + " (SessionConfig.Builder.authenticate or credential): authenticate the transport instead, e.g. with TLS");
        }
        return new SessionProtocol(config);
    }

    /** {@return the configuration this protocol was made for} */
    public SessionConfig config() {
        return config;
    }

    /**
     * Writes this side's hello at the write position of {@code out}. Allocates a little (the
     * aliases' bytes): once per connection.
     *
     * @param out where the hello goes
     * @throws IndexOutOfBoundsException if a fixed-capacity {@code out} has no room for it
     */
    public void writeHello(Bytes out) {
        mine.write(out);
    }

    /**
     * The total size of the peer's hello at the read position of {@code in}, checked as soon as
     * its header has arrived (magic, version, a length of at most 65,546 bytes), so a peer that
     * sends something else is refused before anything is buffered for it. Allocates nothing
     * unless it throws.
     *
     * @param in           the received bytes, the read position at the stream's start
     * @param streamOffset where the read position is in the stream, for errors
     * @return the hello's size, or -1 until its header (or a whole close record) has arrived
     * @throws SessionClosedException if the peer refused this side with a close record instead of
     *                                its hello (a full server, say), naming its reason
     * @throws WireException if the bytes are not a zwire hello
     */
    public static int helloSize(Bytes in, long streamOffset) {
        if (CloseRecord.startsAt(in)) {
            CloseRecord.throwIfArrived(in, Hello.WIRE, streamOffset);
            return -1;
        }
        return Hello.size(in, streamOffset);
    }

    /**
     * Reads the peer's complete hello of {@code size} bytes at the read position of {@code in},
     * moves past it and settles the session. Allocates the settlement, in proportion to the hello.
     *
     * @param in           the received bytes, holding the whole hello from the read position
     * @param size         what {@link #helloSize} returned
     * @param streamOffset where the hello starts in the stream, for errors
     * @return the wire, the checksum setting and the type mapping of this session
     * @throws WireException if the hello is malformed, the two sides share no message type or no
     *                       usable wire, or the peer demands or offers zwire key authentication
     */
    public Negotiation negotiate(Bytes in, int size, long streamOffset) {
        Hello theirs = Hello.read(in, size, streamOffset);
        if (theirs.nonce != null) {
            throw new WireException(Hello.WIRE, streamOffset + Hello.FLAGS_OFFSET, theirs.challenges
                    ? "a peer that does not demand zwire key authentication, but it does (SessionConfig.Builder.authenticate):"
                    + " this side does not speak it; authenticate the transport with TLS, or connect with a WireSession holding a credential"
                    : "a peer that does not offer a zwire key credential, but it does (SessionConfig.Builder.credential):"
                    + " this side does not verify it; authenticate the transport with TLS instead");
        }
        WireType chosen = Hello.agree(mine, theirs, streamOffset);
        return Negotiation.settle(config, mine, theirs, false, chosen, Hello.reason(mine, theirs, chosen, config.rawProblem()));
    }

    /**
     * Writes a close record telling the peer why this side closes the connection, in place of its
     * hello (a connection refused as it is accepted) or of a frame; the peer's {@link #helloSize}
     * or {@link FrameCodec#frameSize} throws it as a {@link SessionClosedException}. Allocates the
     * detail's bytes: once per connection.
     *
     * @param out    where the record goes
     * @param reason why, as a code the peer's software can act on
     * @param detail why, for people; cut to 256 bytes of UTF-8
     */
    public static void writeClose(Bytes out, CloseReason reason, String detail) {
        CloseRecord.write(out, reason, detail);
    }
}
