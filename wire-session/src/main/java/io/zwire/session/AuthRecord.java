package io.zwire.session;

import io.zwire.Bytes;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The answer to a hello's authentication nonce, and the proof that answers it back.
 *
 * <pre>
 * auth record  offset  size  field
 *              0       4     magic: the ASCII bytes 'Z' 'W' 'R' 'A'
 *              4       1     n, the length of the identity (1..255 from a client; 0 in the server's proof)
 *              5       n     identity, UTF-8: whose key the MAC is under
 *              5+n     32    HMAC-SHA256 under that key of the transcript below
 * </pre>
 *
 * <p>The client sends one after the two hellos; the server answers with one of its own once the
 * client's checks out (mutual authentication), or closes with a {@link CloseRecord}. The magic
 * differs from the hello's and the close record's in its last byte, and read as a frame length it
 * is beyond any frame a session accepts, so a server expecting this record tells a frame sent too
 * early from it by its first four bytes.
 *
 * <p>Each MAC covers, in this order: a label naming the side that signs ({@value #CLIENT_LABEL} or
 * {@value #SERVER_LABEL}), a zero byte, the identity's length (1 byte) and bytes, then the client's
 * hello and the server's hello, each as its length (int32) and its bytes as sent. The hellos hold
 * both nonces (the server's challenge and the client's), so a MAC is fresh per connection and a
 * replayed answer fails; they also hold the offered wires and types, so a middle man who changes
 * either hello changes what the two sides sign and fails both checks. The labels keep a client's MAC
 * from passing as the server's proof. The key itself never travels.
 */
final class AuthRecord {
    static final int MAGIC = 'Z' | 'W' << 8 | 'R' << 16 | 'A' << 24;
    static final int IDENTITY_LENGTH_OFFSET = 4;
    static final int IDENTITY_OFFSET = 5;
    static final int MAC_BYTES = 32;
    static final int MAX_IDENTITY = 255;
    static final int MAX_SIZE = IDENTITY_OFFSET + MAX_IDENTITY + MAC_BYTES;
    static final String CLIENT_LABEL = "zwire client proof";
    static final String SERVER_LABEL = "zwire server proof";
    private static final String ALGORITHM = "HmacSHA256";

    private AuthRecord() {
    }

    /** True if the four bytes at the read position are this record's magic; false while fewer have arrived. */
    static boolean startsAt(Bytes in) {
        return in.readRemaining() >= 4 && in.readInt32At(in.readPosition()) == MAGIC;
    }

    /** The total size of the record at the read position, or -1 while its identity length has not arrived. */
    static int size(Bytes in) {
        if (in.readRemaining() <= IDENTITY_LENGTH_OFFSET) {
            return -1;
        }
        return IDENTITY_OFFSET + in.readUint8At(in.readPosition() + IDENTITY_LENGTH_OFFSET) + MAC_BYTES;
    }

    /** The identity of the whole record at the read position, as bytes (empty in a server's proof). */
    static byte[] identity(Bytes in) {
        int p = in.readPosition();
        byte[] identity = new byte[in.readUint8At(p + IDENTITY_LENGTH_OFFSET)];
        in.copyTo(p + IDENTITY_OFFSET, identity, 0, identity.length);
        return identity;
    }

    /** The MAC of the whole record of {@code size} bytes at the read position. */
    static byte[] mac(Bytes in, int size) {
        byte[] mac = new byte[MAC_BYTES];
        in.copyTo(in.readPosition() + size - MAC_BYTES, mac, 0, MAC_BYTES);
        return mac;
    }

    /** Appends a record; {@code identity} is at most {@value #MAX_IDENTITY} bytes. */
    static void write(Bytes out, byte[] identity, byte[] mac) {
        out.writeInt32(MAGIC).writeInt8(identity.length).write(identity).write(mac);
    }

    /** {@return the identity as the record carries it} UTF-8. */
    static byte[] encode(String identity) {
        return identity.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The MAC one side signs, by the transcript in the class comment. Allocates (a {@link Mac}
     * each time): once per side per handshake.
     *
     * @param key a non-empty key; never kept
     */
    static byte[] sign(byte[] key, String label, byte[] identity, byte[] clientHello, byte[] serverHello) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            mac.update(label.getBytes(StandardCharsets.US_ASCII));
            mac.update((byte) 0);
            mac.update((byte) identity.length);
            mac.update(identity);
            update(mac, clientHello);
            update(mac, serverHello);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            // Every Java SE runtime has HmacSHA256, and a non-empty key is always valid for it.
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static void update(Mac mac, byte[] part) {
        mac.update((byte) part.length);
        mac.update((byte) (part.length >>> 8));
        mac.update((byte) (part.length >>> 16));
        mac.update((byte) (part.length >>> 24));
        mac.update(part);
    }
}
