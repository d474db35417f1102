package io.zwire.session;

import io.zwire.WireType;

import java.util.List;

/**
 * What a handshake settled for one session: the wire, whether frames carry checksums, and how the
 * peer's message type indexes map to this side's. Both sides of a two-way session reach the same
 * settlement from the same two hellos (the rule is in {@link SessionProtocol}). Immutable;
 * allocated once per session, and nothing after that.
 */
public final class Negotiation {
    private final WireType wire;
    private final String reason;
    private final boolean checksums;
    /** The sender's message type index to ours, -1 where we do not accept the alias; empty when the writer sent no list. */
    private final int[] peerToLocal;
    /** Per local message type: whether the peer accepts it. */
    private final boolean[] peerAccepts;
    private final boolean oneWay;
    private final int maxDocumentBytes;

    private Negotiation(WireType wire, String reason, boolean checksums, int[] peerToLocal, boolean[] peerAccepts,
                        boolean oneWay, int maxDocumentBytes) {
        this.wire = wire;
        this.reason = reason;
        this.checksums = checksums;
        this.peerToLocal = peerToLocal;
        this.peerAccepts = peerAccepts;
        this.oneWay = oneWay;
        this.maxDocumentBytes = maxDocumentBytes;
    }

    /**
     * The settlement with a peer whose hello is {@code theirs}, or with no peer hello at all (a
     * one-way writer: every type accepted, checksums as this side's configuration says).
     */
    static Negotiation settle(SessionConfig config, Hello mine, Hello theirs, boolean oneWay, WireType chosen, String reason) {
        List<SessionConfig.MessageType> messages = config.messages();
        boolean[] accepts = new boolean[messages.size()];
        int[] toLocal;
        boolean checksums;
        if (theirs == null) {
            java.util.Arrays.fill(accepts, true);
            toLocal = new int[0];
            checksums = config.checksumFrames();
        } else {
            List<String> theirAliases = List.of(theirs.aliases);
            toLocal = new int[theirs.aliases.length];
            for (int i = 0; i < messages.size(); i++) {
                accepts[i] = oneWay || theirAliases.contains(messages.get(i).alias());
            }
            for (int i = 0; i < toLocal.length; i++) {
                int local = -1;
                for (int j = 0; j < messages.size(); j++) {
                    if (messages.get(j).alias().equals(theirs.aliases[i])) {
                        local = j;
                    }
                }
                toLocal[i] = local;
            }
            checksums = theirs.checksums && (oneWay || mine.checksums);
        }
        return new Negotiation(chosen, reason, checksums, toLocal, accepts, oneWay,
                config.options().limits().maxDocumentBytes());
    }

    /** {@return the wire both sides use} */
    public WireType wireType() {
        return wire;
    }

    /** {@return why the handshake chose {@link #wireType()}, in words} */
    public String reason() {
        return reason;
    }

    /** {@return true when every frame carries a CRC32C checked on arrival: both sides offered it} */
    public boolean checksums() {
        return checksums;
    }

    /**
     * A new frame codec for this session: the frame limit from the configuration's
     * {@link io.zwire.ReadLimits#maxDocumentBytes()}, checksums as settled. Allocates the codec.
     *
     * @return the codec both directions of this session use
     */
    public FrameCodec frameCodec() {
        return new FrameCodec(maxDocumentBytes, checksums);
    }

    /**
     * This side's index (in its {@link SessionConfig#messages()}) of the message type a peer's
     * frame names by {@code peerType}, its index in the peer's hello. Allocates nothing.
     *
     * @param peerType the type index a received frame carries
     * @return the local index, or -1 when this side does not accept that type
     */
    public int localType(int peerType) {
        int local = peerType < peerToLocal.length ? peerToLocal[peerType]
                : oneWay && peerToLocal.length == 0 ? peerType : -1;
        return local < peerAccepts.length ? local : -1;
    }

    /**
     * {@return true when the peer accepts the message type of local index {@code local}}
     *
     * @param local an index into this side's {@link SessionConfig#messages()}
     */
    public boolean peerAccepts(int local) {
        return peerAccepts[local];
    }
}
