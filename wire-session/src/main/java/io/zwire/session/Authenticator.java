package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.WireException;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.Channel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;

/**
 * The authentication step of one two-way session, after the hellos and before the first frame
 * ({@link AuthRecord} has the records and what their MACs cover). A side plays one of three parts,
 * by its {@link SessionConfig}:
 * <ul>
 * <li>the verifier ({@link SessionConfig.Builder#authenticate}) challenges in its hello, checks the
 *     client's answer in constant time, asks its {@link PeerAccess}, and proves the key back; a
 *     peer that fails is refused, never closed here: the owner closes it with {@link #refusal()},
 *     after a delay if it is a {@link WireServer};</li>
 * <li>the prover ({@link SessionConfig.Builder#credential}) answers the challenge and accepts only
 *     a server that proves the same key over its own nonce; a peer that does not challenge it is
 *     refused at once, since it could be anyone;</li>
 * <li>a side with neither goes on as before, except that a server's challenge makes it wait for
 *     that server's close record, which tells the user why (it has no credential).</li>
 * </ul>
 * Allocates, during the handshake only; after it the session drops this object.
 */
final class Authenticator {
    /** What {@link #advance} returns once the step is complete. */
    static final int DONE = -1;
    static final String REQUIRED = "this server requires authentication: the client needs a credential"
            + " (SessionConfig.Builder.credential)";
    static final String NOT_PROVED = "the client did not prove a credential this server accepts";
    static final String DENIED = "this server's access check refused this peer";
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * Signs for an identity the server does not know, so an unknown identity costs the same work
     * as a wrong key and the timing does not tell them apart.
     */
    private static final byte[] NO_SUCH_KEY = freshNonce();

    private enum Step { HELLOS, ANSWER, PROOF, AWAIT_REFUSAL, REFUSED, DONE }

    /**
     * Why the verifier refused its peer.
     *
     * @param reason the close record's reason
     * @param words  what the peer is told: the same for every way to fail the proof, so they leak nothing
     */
    record Refusal(CloseReason reason, String words) {
    }

    private final SessionConfig config;
    private final InetSocketAddress peer;
    /** This side's nonce, or null when it neither demands nor holds a credential. */
    private final byte[] nonce;
    private byte[] myHello;
    private byte[] clientHello;
    private byte[] serverHello;
    private byte[] key;
    private Step step = Step.HELLOS;
    private Refusal refusal;
    private String peerIdentity;

    /**
     * @param channel the session's channel: {@link PeerAccess} sees its remote address, or null
     *                when it has none (it is not a socket, or already closed)
     */
    Authenticator(SessionConfig config, Channel channel) {
        this.config = config;
        this.peer = remoteAddress(channel);
        this.nonce = config.requiresAuthentication() || config.credentialIdentity().isPresent() ? freshNonce() : null;
    }

    private static InetSocketAddress remoteAddress(Channel channel) {
        try {
            return channel instanceof SocketChannel socket ? (InetSocketAddress) socket.getRemoteAddress() : null;
        } catch (IOException closed) {
            return null;
        }
    }

    private static byte[] freshNonce() {
        byte[] bytes = new byte[Hello.NONCE_BYTES];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    /** {@return this side's nonce for its hello, or null} */
    byte[] nonce() {
        return nonce;
    }

    /** {@return true when this side's hello challenges the peer (the verifier)} */
    boolean challenges() {
        return config.requiresAuthentication();
    }

    /** Keeps the bytes of this side's hello as sent, for the MACs. */
    void sent(Bytes out, int start, int end) {
        if (nonce == null) {
            return;
        }
        myHello = new byte[end - start];
        out.copyTo(start, myHello, 0, myHello.length);
    }

    /**
     * Both hellos are known: the prover queues its answer in {@code out}; the verifier refuses a
     * peer that holds no credential.
     *
     * @param theirHelloAt where the peer's whole hello starts in {@code in} (not yet consumed)
     * @throws WireException on the prover's side, when the peer does not challenge it
     */
    void hellos(Hello theirs, Bytes in, int theirHelloAt, int size, Bytes out, long streamOffset) {
        byte[] theirHello = null;
        if (nonce != null) {
            theirHello = new byte[size];
            in.copyTo(theirHelloAt, theirHello, 0, size);
        }
        boolean verifier = challenges();
        clientHello = verifier ? theirHello : myHello;
        serverHello = verifier ? myHello : theirHello;
        boolean peerChallenges = theirs.nonce != null && theirs.challenges;
        if (verifier) {
            if (theirs.nonce == null || theirs.challenges) {
                refuse(CloseReason.AUTHENTICATION_FAILED, REQUIRED);
            } else {
                step = Step.ANSWER;
            }
        } else if (nonce != null) {
            if (!peerChallenges) {
                throw new WireException(Hello.WIRE, streamOffset, "a server that asks this side to authenticate: this side holds"
                        + " a credential (SessionConfig.Builder.credential) and accepts only a server that proves it holds the"
                        + " same key, but the peer does not ask for one");
            }
            key = config.credentialKey();
            byte[] identity = AuthRecord.encode(config.credentialIdentity().orElseThrow());
            AuthRecord.write(out, identity, AuthRecord.sign(key, AuthRecord.CLIENT_LABEL, identity, clientHello, serverHello));
            step = Step.PROOF;
        } else {
            step = peerChallenges ? Step.AWAIT_REFUSAL : Step.DONE;
        }
    }

    /**
     * Takes the peer's record from {@code in} when it has arrived. Call after a close record at
     * the read position has been ruled out.
     *
     * @return {@link #DONE}; 0 while waiting (or refused); or the bytes the record needs, once its
     *         header says, so the caller can make room
     * @throws WireException on the client's side: a server that sends something else than its
     *                       proof, or a proof that does not match
     */
    int advance(Bytes in, Bytes out, long streamOffset) {
        switch (step) {
            case DONE:
                return DONE;
            case ANSWER:
                return answer(in, out);
            case PROOF:
                return proof(in, streamOffset);
            case AWAIT_REFUSAL:
                if (in.readRemaining() >= 4) {
                    throw new WireException(Hello.WIRE, streamOffset, "a close record from a server that demands"
                            + " authentication, since this side holds no credential (SessionConfig.Builder.credential)");
                }
                return 0;
            default:
                return 0;
        }
    }

    private int answer(Bytes in, Bytes out) {
        if (in.readRemaining() < 4) {
            return 0;
        }
        if (!AuthRecord.startsAt(in)) {
            // a frame (or anything else) before the answer: it never reaches a handler
            refuse(CloseReason.AUTHENTICATION_FAILED, NOT_PROVED);
            return 0;
        }
        int size = AuthRecord.size(in);
        if (size < 0 || in.readRemaining() < size) {
            return size < 0 ? 0 : size;
        }
        byte[] identity = AuthRecord.identity(in);
        byte[] mac = AuthRecord.mac(in, size);
        in.readPosition(in.readPosition() + size);
        String claimed = new String(identity, StandardCharsets.UTF_8);
        byte[] found = identity.length == 0 ? null : config.peerKeys().keyOf(claimed);
        boolean known = found != null && found.length > 0;
        byte[] expected = AuthRecord.sign(known ? found : NO_SUCH_KEY, AuthRecord.CLIENT_LABEL, identity, clientHello, serverHello);
        if (!MessageDigest.isEqual(expected, mac) || !known) {
            refuse(CloseReason.AUTHENTICATION_FAILED, NOT_PROVED);
            return 0;
        }
        if (!config.peerAccess().allows(peer, claimed)) {
            refuse(CloseReason.ACCESS_DENIED, DENIED);
            return 0;
        }
        AuthRecord.write(out, new byte[0], AuthRecord.sign(found, AuthRecord.SERVER_LABEL, identity, clientHello, serverHello));
        peerIdentity = claimed;
        step = Step.DONE;
        return DONE;
    }

    private int proof(Bytes in, long streamOffset) {
        if (in.readRemaining() < 4) {
            return 0;
        }
        if (!AuthRecord.startsAt(in)) {
            throw new WireException(Hello.WIRE, streamOffset, "the server's proof that it holds this side's key (an auth"
                    + " record, 'ZWRA'), found other bytes");
        }
        int size = AuthRecord.size(in);
        if (size < 0 || in.readRemaining() < size) {
            return size < 0 ? 0 : size;
        }
        byte[] mac = AuthRecord.mac(in, size);
        boolean empty = size == AuthRecord.IDENTITY_OFFSET + AuthRecord.MAC_BYTES;
        byte[] identity = AuthRecord.encode(config.credentialIdentity().orElseThrow());
        byte[] expected = AuthRecord.sign(key, AuthRecord.SERVER_LABEL, identity, clientHello, serverHello);
        if (!empty || !MessageDigest.isEqual(expected, mac)) {
            throw new WireException(Hello.WIRE, streamOffset, "a server that proves it holds this side's key, but its proof"
                    + " does not match: it holds another key, or it is not the server it claims to be");
        }
        in.readPosition(in.readPosition() + size);
        step = Step.DONE;
        return DONE;
    }

    private void refuse(CloseReason reason, String words) {
        refusal = new Refusal(reason, words);
        step = Step.REFUSED;
    }

    /** {@return why the verifier refused the peer, or null while it has not} */
    Refusal refusal() {
        return refusal;
    }

    /** {@return the identity the peer proved, or null} */
    String peerIdentity() {
        return peerIdentity;
    }
}
