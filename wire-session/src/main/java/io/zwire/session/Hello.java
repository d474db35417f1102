package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.WireType;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The handshake record each side sends first, and the rule that picks the session's wire.
 *
 * <pre>
 * hello        offset  size  field
 *              0       4     magic: the ASCII bytes 'Z' 'W' 'R' 'E'
 *              4       2     protocol version, uint16 (this is version 1)
 *              6       4     length of the rest of the hello, int32 (at most 65536)
 *              10      1     flags: bit 0 set = RAW allowed; bit 1 set = CRC32C per frame offered;
 *                            bit 2 set = this side demands authentication, and the nonce that ends
 *                            the hello is its challenge; bit 3 set = this side holds a credential,
 *                            and the nonce is what the server's proof must cover (one of the two at most)
 *                            (other bits are ignored, so a peer that does not know bit 1 never offers it)
 *              11      1     n, the number of wires
 *              12      n     wire codes, preferred first: 1 YAML, 2 YAML_NUMBERED, 3 JSON,
 *                            4 BINARY, 5 NUMBERED, 6 RAW (codes a peer does not know are ignored)
 *              12+n    2     m, the number of message types, uint16
 *              ...           m times: alias length k (1 byte), k bytes of ASCII alias,
 *                            schema fingerprint (int64)
 *              end-32  32    with flag bit 2 or 3 only: the nonce, {@value #NONCE_BYTES} bytes from a
 *                            SecureRandom, fresh per connection (see {@link AuthRecord})
 * All integers little-endian. The index of a message type in this list is what the sender's
 * frames carry (see {@link WireSession}).
 * </pre>
 *
 * <p>Negotiation runs on both sides over the same two hellos and so reaches the same answer
 * without a third message: RAW if both sides allow it and list it, and both list the same aliases
 * with equal fingerprints; otherwise the self-describing wire both speak with the lowest sum of
 * the two preference ranks (ties: the lower wire code); if there is none, a {@link WireException}
 * on both sides. A one-way session (a file) has no second hello: the writer uses its first
 * preference and the reader checks it can read that. Before any of this, two hellos that share no
 * message type alias fail the handshake on both sides ({@link #requireSharedMessageType}).
 *
 * <p>Flag bits 2 and 3 came after version 1 without a new version number, so that two sides that
 * do not authenticate still exchange the very bytes they did before them. A server that demands
 * authentication sets bit 2 and sends its challenge; a client that holds a credential sets bit 3
 * and sends the nonce the server's proof must cover. A peer that predates the bits reads such a hello
 * as one that does not end after its message types, and fails its handshake before sending a
 * frame, which is the outcome it should have against a server it cannot authenticate to.
 */
final class Hello {
    static final String WIRE = "SESSION";
    static final int MAGIC = 'Z' | 'W' << 8 | 'R' << 16 | 'E' << 24;
    static final int VERSION = 1;
    static final int HEADER = 10;
    /** Where the protocol version is, from the hello's start. */
    static final int VERSION_OFFSET = 4;
    /** Where the length of the rest of the hello is, from the hello's start. */
    static final int LENGTH_OFFSET = 6;
    static final int MAX_BODY = 65536;
    static final int FLAGS_OFFSET = 10;
    static final int FLAG_RAW = 1;
    static final int FLAG_CHECKSUMS = 2;
    static final int FLAG_CHALLENGE = 4;
    static final int FLAG_CREDENTIAL = 8;
    static final int NONCE_BYTES = 32;

    final List<WireType> wires;
    final boolean rawAllowed;
    final String[] aliases;
    final long[] fingerprints;
    /** This side offers a CRC32C per frame; the session uses it when both sides offer it. */
    final boolean checksums;
    /** This side's authentication nonce (flag bit 2 or 3), or null when it does not authenticate. */
    final byte[] nonce;
    /** With a nonce: true when it is a server's challenge (bit 2), false when a client's (bit 3). */
    final boolean challenges;

    Hello(List<WireType> wires, boolean rawAllowed, String[] aliases, long[] fingerprints) {
        this(wires, rawAllowed, aliases, fingerprints, false);
    }

    Hello(List<WireType> wires, boolean rawAllowed, String[] aliases, long[] fingerprints, boolean checksums) {
        this(wires, rawAllowed, aliases, fingerprints, checksums, null, false);
    }

    private Hello(List<WireType> wires, boolean rawAllowed, String[] aliases, long[] fingerprints, boolean checksums,
                  byte[] nonce, boolean challenges) {
        this.wires = wires;
        this.rawAllowed = rawAllowed;
        this.aliases = aliases;
        this.fingerprints = fingerprints;
        this.checksums = checksums;
        this.nonce = nonce;
        this.challenges = challenges;
    }

    /**
     * This hello as a session sends it: offering {@code offered} (a one-way writer names only the
     * wire it writes) and carrying {@code authNonce}, or none when null, as a server's challenge
     * when {@code challenge} says so, else as a client's nonce.
     */
    Hello sent(List<WireType> offered, byte[] authNonce, boolean challenge) {
        return new Hello(offered, rawAllowed, aliases, fingerprints, checksums, authNonce, challenge);
    }

    static Hello of(SessionConfig config) {
        List<SessionConfig.MessageType> messages = config.messages();
        String[] aliases = new String[messages.size()];
        long[] fingerprints = new long[messages.size()];
        for (int i = 0; i < aliases.length; i++) {
            aliases[i] = messages.get(i).alias();
            fingerprints[i] = messages.get(i).fingerprint();
        }
        return new Hello(config.wires(), config.rawAllowed(), aliases, fingerprints, config.checksumFrames());
    }

    void write(Bytes out) {
        int start = out.writePosition();
        out.writeInt32(MAGIC).writeInt16(VERSION).writeInt32(0);
        out.writeInt8((rawAllowed ? FLAG_RAW : 0) | (checksums ? FLAG_CHECKSUMS : 0) | (nonce == null ? 0 : challenges ? FLAG_CHALLENGE : FLAG_CREDENTIAL))
                .writeInt8(wires.size());
        for (WireType wire : wires) {
            out.writeInt8(wire.code());
        }
        out.writeInt16(aliases.length);
        for (int i = 0; i < aliases.length; i++) {
            byte[] alias = aliases[i].getBytes(StandardCharsets.US_ASCII);
            out.writeInt8(alias.length).write(alias).writeInt64(fingerprints[i]);
        }
        if (nonce != null) {
            out.write(nonce);
        }
        out.writeInt32At(start + 6, out.writePosition() - start - HEADER);
    }

    /**
     * The total size of the hello starting at the read position, once its header has arrived
     * (-1 before that), after checking the magic, version and length.
     *
     * @param streamOffset where the read position is in the stream, for error messages
     */
    static int size(Bytes in, long streamOffset) {
        if (in.readRemaining() < HEADER) {
            return -1;
        }
        int p = in.readPosition();
        if (in.readInt32At(p) != MAGIC) {
            throw new WireException(WIRE, streamOffset, "the zwire hello, starting with the bytes 'ZWRE'");
        }
        int version = in.readInt16At(p + VERSION_OFFSET) & 0xFFFF;
        if (version != VERSION) {
            throw new WireException(WIRE, streamOffset + VERSION_OFFSET, "protocol version " + VERSION + ", found " + version);
        }
        int body = in.readInt32At(p + LENGTH_OFFSET);
        if (body < 3 || body > MAX_BODY) {
            throw new WireException(WIRE, streamOffset + LENGTH_OFFSET, "a hello length of 3.." + MAX_BODY + " bytes, found " + body);
        }
        return HEADER + body;
    }

    /**
     * Decodes a complete hello of {@code size} bytes at the read position and moves past it.
     * Allocates the hello, in proportion to {@code size}: declared counts are checked against the
     * bytes present first.
     *
     * @throws WireException if the hello is malformed
     */
    static Hello read(Bytes in, int size, long streamOffset) {
        int start = in.readPosition();
        int end = start + size;
        int p = start + HEADER;
        int flags = in.readInt8At(p++);
        boolean raw = (flags & FLAG_RAW) != 0;
        boolean checksums = (flags & FLAG_CHECKSUMS) != 0;
        boolean challenge = (flags & FLAG_CHALLENGE) != 0;
        if (challenge && (flags & FLAG_CREDENTIAL) != 0) {
            throw new WireException(WIRE, streamOffset + FLAGS_OFFSET, "a hello that either demands authentication (flag bit 2)"
                    + " or offers a credential (bit 3), found both");
        }
        int typesEnd = (flags & (FLAG_CHALLENGE | FLAG_CREDENTIAL)) != 0 ? end - NONCE_BYTES : end;
        int wireCount = in.readUint8At(p++);
        if (p + wireCount + 2 > typesEnd) {
            throw new WireException(WIRE, streamOffset + (p - start), typesEnd == end ? "a wire list within the hello's length"
                    : "a wire list and the nonce of " + NONCE_BYTES + " bytes (flag bit 2 or 3) within the hello's length");
        }
        List<WireType> wires = new ArrayList<>();
        for (int i = 0; i < wireCount; i++) {
            int code = in.readUint8At(p++);
            WireType wire = WireType.ofCode(code);
            if (wire != null && !wires.contains(wire)) {
                wires.add(wire);
            }
        }
        int typeCount = in.readInt16At(p) & 0xFFFF;
        p += 2;
        // Each message type takes at least 10 bytes (length, one alias byte, fingerprint): a count
        // the bytes present cannot hold is refused before anything is allocated for it.
        if ((long) typeCount * 10 > typesEnd - p) {
            throw new WireException(WIRE, streamOffset + (p - 2 - start), "at most " + (typesEnd - p) / 10
                    + " message types in the hello's remaining " + (typesEnd - p) + " bytes, found a count of " + typeCount);
        }
        String[] aliases = new String[typeCount];
        long[] fingerprints = new long[typeCount];
        for (int i = 0; i < typeCount; i++) {
            int length = p < typesEnd ? in.readUint8At(p++) : 0;
            if (length == 0 || p + length + 8 > typesEnd) {
                throw new WireException(WIRE, streamOffset + (p - start), "message type " + i + " of " + typeCount
                        + ": an alias of 1..255 bytes and a fingerprint within the hello's length");
            }
            byte[] alias = new byte[length];
            in.copyTo(p, alias, 0, length);
            for (byte b : alias) {
                if (b <= ' ' || b > '~') {
                    throw new WireException(WIRE, streamOffset + (p - start), "an ASCII alias");
                }
            }
            aliases[i] = new String(alias, StandardCharsets.US_ASCII);
            fingerprints[i] = in.readInt64At(p + length);
            p += length + 8;
        }
        if (p != typesEnd) {
            throw new WireException(WIRE, streamOffset + (p - start), typesEnd == end
                    ? "the hello to end after its message types" : "the hello's message types, then its nonce of " + NONCE_BYTES + " bytes");
        }
        byte[] nonce = null;
        if (typesEnd != end) {
            nonce = new byte[NONCE_BYTES];
            in.copyTo(typesEnd, nonce, 0, NONCE_BYTES);
        }
        in.readPosition(end);
        return new Hello(wires, raw, aliases, fingerprints, checksums, nonce, challenge);
    }

    /** The wire both sides use, by the rule in the class comment. */
    static WireType negotiate(Hello mine, Hello theirs) {
        if (mine.rawAllowed && theirs.rawAllowed && mine.wires.contains(WireType.RAW)
                && theirs.wires.contains(WireType.RAW) && sameSchemas(mine, theirs)) {
            return WireType.RAW;
        }
        WireType best = null;
        int bestRank = Integer.MAX_VALUE;
        for (int i = 0; i < mine.wires.size(); i++) {
            WireType wire = mine.wires.get(i);
            int j = theirs.wires.indexOf(wire);
            if (j < 0 || !wire.isSelfDescribing()) {
                continue;
            }
            int rank = i + j;
            if (rank < bestRank || rank == bestRank && wire.code() < best.code()) {
                best = wire;
                bestRank = rank;
            }
        }
        if (best == null) {
            throw new WireException(WIRE, -1, "a self-describing wire both sides speak (or RAW with equal schemas): this side speaks "
                    + mine.wires + (mine.rawAllowed ? " with RAW allowed" : "") + ", the peer " + theirs.wires
                    + (theirs.rawAllowed ? " with RAW allowed" : "") + (sameSchemas(mine, theirs) ? "" : "; their schemas differ"));
        }
        return best;
    }

    /**
     * The two-way handshake's choice, the one sequence a {@link WireSession} and a
     * {@link SessionProtocol} both run: the hellos must share a message type, then the wire is
     * {@link #negotiate}d. Allocates nothing.
     *
     * @param streamOffset where the peer's hello starts in the stream
     * @return the wire both sides use
     * @throws WireException when no message type is on both lists, or no wire is shared
     */
    static WireType agree(Hello mine, Hello theirs, long streamOffset) {
        requireSharedMessageType(mine, theirs, streamOffset);
        return negotiate(mine, theirs);
    }

    /**
     * Refuses a pair of hellos that share no message type alias. Each side's list is both what it
     * sends and what it accepts, so without a shared alias neither side may send the other
     * anything, not even a reply: the handshake says so, naming both lists, rather than the
     * first {@code send} (or the first frame) failing later. A shared alias is enough, whatever
     * its fingerprint: the self-describing wires read a type whose schema differs.
     *
     * @param streamOffset where the peer's hello starts in the stream
     * @throws WireException when no alias is on both lists
     */
    static void requireSharedMessageType(Hello mine, Hello theirs, long streamOffset) {
        List<String> theirAliases = List.of(theirs.aliases);
        for (String alias : mine.aliases) {
            if (theirAliases.contains(alias)) {
                return;
            }
        }
        throw new WireException(WIRE, streamOffset, "a message type both sides know, but none is shared: this side has "
                + List.of(mine.aliases) + ", the peer " + theirAliases);
    }

    /**
     * For a one-way session: the writer's first preference, if the reader can read it (RAW only
     * with equal schemas).
     *
     * @param rawProblem why this side does not offer RAW, if it does not for that reason
     */
    static WireType adopt(Hello mine, Hello writer, Optional<String> rawProblem) {
        if (writer.wires.isEmpty()) {
            throw new WireException(WIRE, -1, "a writer that names its wire");
        }
        WireType wire = writer.wires.get(0);
        if (!mine.wires.contains(wire)) {
            throw new WireException(WIRE, -1, "the writer's wire " + wire + " among this reader's " + mine.wires);
        }
        if (wire == WireType.RAW && !(mine.rawAllowed && sameSchemas(mine, writer))) {
            throw new WireException(WIRE, -1, "a reader that may read the writer's RAW, but "
                    + (mine.rawAllowed ? schemaDifference(mine, writer) : notAllowedHere(rawProblem)));
        }
        return wire;
    }

    /**
     * Why a two-way negotiation chose {@code chosen}, for people: RAW's conditions when it was
     * chosen, otherwise the first of them that failed.
     *
     * @param rawProblem why this side does not offer RAW, if it does not for that reason
     */
    static String reason(Hello mine, Hello theirs, WireType chosen, Optional<String> rawProblem) {
        if (chosen == WireType.RAW) {
            return "RAW: both sides allow and list it, and every message type's schema fingerprint matches";
        }
        String why;
        if (!mine.rawAllowed) {
            why = notAllowedHere(rawProblem);
        } else if (!mine.wires.contains(WireType.RAW)) {
            why = "this side does not list it";
        } else if (!theirs.rawAllowed) {
            why = "the peer does not allow it";
        } else if (!theirs.wires.contains(WireType.RAW)) {
            why = "the peer does not list it";
        } else {
            why = schemaDifference(mine, theirs);
        }
        return chosen + ", the best self-describing wire both speak; not RAW: " + why;
    }

    private static String notAllowedHere(Optional<String> rawProblem) {
        return rawProblem.map(problem -> "this side does not offer RAW, since " + problem)
                .orElse("this side does not allow RAW (SessionConfig.Builder.allowRaw)");
    }

    /** The first message type whose schema differs between the two hellos, in words. */
    private static String schemaDifference(Hello mine, Hello theirs) {
        List<String> theirAliases = List.of(theirs.aliases);
        for (int i = 0; i < mine.aliases.length; i++) {
            int j = theirAliases.indexOf(mine.aliases[i]);
            if (j < 0) {
                return "the peer has no message type '" + mine.aliases[i] + "'";
            }
            if (theirs.fingerprints[j] != mine.fingerprints[i]) {
                return "the schema of '" + mine.aliases[i] + "' differs: fingerprint "
                        + Long.toHexString(mine.fingerprints[i]) + " here, " + Long.toHexString(theirs.fingerprints[j])
                        + " at the peer";
            }
        }
        return "the peer has " + theirs.aliases.length + " message types, this side " + mine.aliases.length;
    }

    private static boolean sameSchemas(Hello mine, Hello theirs) {
        if (mine.aliases.length != theirs.aliases.length) {
            return false;
        }
        for (int i = 0; i < mine.aliases.length; i++) {
            int j = List.of(theirs.aliases).indexOf(mine.aliases[i]);
            if (j < 0 || theirs.fingerprints[j] != mine.fingerprints[i]) {
                return false;
            }
        }
        return true;
    }
}
