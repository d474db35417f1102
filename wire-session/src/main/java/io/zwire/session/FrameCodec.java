package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.WireException;

import java.util.zip.CRC32C;

/**
 * The frame of a zwire session, without any I/O: how a sender frames one document and how a
 * receiver checks a frame before it reads the document inside. {@link WireSession} frames with it,
 * and so does any other transport that speaks the session protocol (the Netty pipeline of
 * {@code io.zwire.netty}), so the layout lives here once.
 *
 * <pre>
 * frame        offset  size  field
 *              0       4     length L of the rest of the frame, int32 (2 + C .. maxDocumentBytes + 2 + C)
 *              4       2     message type: its index in the sender's hello, uint16
 *              6       L-2-C one document on the negotiated wire
 *              L       C     with checksums (C = 4): CRC32C of bytes 0 .. L-1 (length, type and
 *                            document), int32; without them C = 0 and the frame ends at 4 + L - 1
 * All integers little-endian.
 * </pre>
 *
 * <p>Where a frame would start, a peer may instead send a close record (why it closes the session);
 * {@link #frameSize} throws it as a {@link SessionClosedException} once it has arrived.
 *
 * <p>One instance per session and direction pair, made once the handshake has settled whether
 * frames carry checksums ({@link Negotiation#checksums()}). Allocates nothing after construction.
 * Not thread-safe (it holds the checksum state).
 */
public final class FrameCodec {
    /** Bytes of the length field that starts every frame. */
    public static final int LENGTH_BYTES = 4;
    /** Offset of the message type index in a frame. */
    public static final int TYPE_OFFSET = 4;
    /** Bytes before the document: the length and the message type. */
    public static final int HEADER_BYTES = 6;
    /** Bytes of the CRC32C that ends a frame when the session checks frames. */
    public static final int CHECKSUM_BYTES = 4;
    private static final int TYPE_BYTES = HEADER_BYTES - LENGTH_BYTES;
    /** Bytes of a direct frame checksummed per copy into {@link #scratch}. */
    private static final int CHECKSUM_CHUNK = 512;

    private final int maxLength;
    private final int trailer;
    private final CRC32C crc = new CRC32C();
    /**
     * For frames in direct memory: {@code Bytes.updateChecksum} over a region re-pointed per
     * message would make a fresh {@code ByteBuffer} view each time, so the bytes are checksummed
     * through this array instead, one chunk at a time: a copy of the frame, and no garbage.
     */
    private byte[] scratch;

    /**
     * A codec for frames of documents up to {@code maxDocumentBytes} (a session uses its
     * {@link io.zwire.ReadLimits#maxDocumentBytes()}). Allocates the codec only.
     *
     * @param maxDocumentBytes the largest document a frame may carry
     * @param checksums        true when each frame ends with a CRC32C that is checked on arrival
     */
    public FrameCodec(int maxDocumentBytes, boolean checksums) {
        this.trailer = checksums ? CHECKSUM_BYTES : 0;
        this.maxLength = maxDocumentBytes + TYPE_BYTES + trailer;
    }

    /** {@return true when frames end with a CRC32C} */
    public boolean checksums() {
        return trailer != 0;
    }

    /** {@return the largest whole frame this codec writes or accepts, header included} */
    public int maxFrameBytes() {
        return LENGTH_BYTES + maxLength;
    }

    /**
     * Starts a frame at the write position: writes its header, the length left to {@link #end}.
     * The caller then writes one document. Allocates nothing (an elastic {@code out} may grow).
     *
     * @param out  where the frame goes
     * @param type the message type's index in the sender's hello
     * @return where the frame starts, for {@link #end}
     * @throws IndexOutOfBoundsException if a fixed-capacity {@code out} has no room for the header
     */
    public int begin(Bytes out, int type) {
        int start = out.writePosition();
        out.writeInt32(0).writeInt16(type);
        return start;
    }

    /**
     * Ends the frame started at {@code start}: writes its length and, with checksums, its CRC32C.
     * Allocates nothing unless it throws.
     *
     * @param out   the bytes {@link #begin} wrote the header into, the document written after it
     * @param start what {@link #begin} returned
     * @param what  names the message for the error, e.g. its type's simple name
     * @return the frame's total size in bytes
     * @throws IllegalArgumentException if the frame is larger than the limit; the write position is
     *                                  then back at {@code start}
     * @throws IndexOutOfBoundsException if a fixed-capacity {@code out} has no room for the checksum
     */
    public int end(Bytes out, int start, String what) {
        int length = out.writePosition() - start - LENGTH_BYTES + trailer;
        if (length > maxLength) {
            out.writePosition(start);
            throw new IllegalArgumentException("a " + what + " of " + length + " bytes exceeds the frame limit of "
                    + maxLength + " (ReadLimits.maxDocumentBytes + 2" + (trailer == 0 ? ")" : " + 4 for the checksum)"));
        }
        out.writeInt32At(start, length);
        if (trailer != 0) {
            out.writeInt32(checksum(out, start, length));
        }
        return LENGTH_BYTES + length;
    }

    /**
     * The total size of the frame at the read position of {@code in}, checked against the limit as
     * soon as its header has arrived, so nothing is buffered for a frame that would be refused.
     * Allocates nothing unless it throws.
     *
     * @param in           the received bytes, the read position at a frame's start
     * @param wire         the wire's name, for errors
     * @param streamOffset where the read position is in the stream, for errors
     * @return the frame's size, header included, or -1 until its header (or the whole of a
     *         peer's close record) has arrived
     * @throws SessionClosedException if the peer sent a close record instead of a frame
     * @throws WireException if the declared length is outside {@code 2 + C .. maxDocumentBytes + 2 + C}
     */
    public int frameSize(Bytes in, String wire, long streamOffset) {
        if (in.readRemaining() < HEADER_BYTES) {
            return -1;
        }
        int p = in.readPosition();
        int length = in.readInt32At(p);
        if (length == CloseRecord.MAGIC) {
            CloseRecord.throwIfArrived(in, wire, streamOffset);
            return -1;
        }
        if (length < TYPE_BYTES + trailer || length > maxLength) {
            throw new WireException(wire, streamOffset, "a frame length of " + (TYPE_BYTES + trailer) + ".." + maxLength
                    + " (ReadLimits.maxDocumentBytes + 2" + (trailer == 0 ? "" : " + 4 for the checksum") + "), found " + length);
        }
        return LENGTH_BYTES + length;
    }

    /**
     * Checks a whole frame of {@code size} bytes at the read position of {@code in} (its CRC32C,
     * with checksums) and returns its message type index. Moves nothing. Allocates nothing unless
     * it throws.
     *
     * @param in           the received bytes, holding the whole frame from the read position
     * @param size         what {@link #frameSize} returned
     * @param wire         the wire's name, for errors
     * @param streamOffset where the frame starts in the stream, for errors
     * @return the sender's message type index
     * @throws WireException if the checksum does not match (a flipped or truncated frame)
     */
    public int checkedType(Bytes in, int size, String wire, long streamOffset) {
        int frame = in.readPosition();
        if (trailer != 0) {
            int computed = checksum(in, frame, size - CHECKSUM_BYTES);
            int found = in.readInt32At(frame + size - CHECKSUM_BYTES);
            if (found != computed) {
                throw new WireException(wire, streamOffset, "a frame of " + size + " bytes whose CRC32C matches: computed "
                        + Integer.toHexString(computed) + ", found " + Integer.toHexString(found)
                        + " (a flipped or truncated frame)");
            }
        }
        return in.readInt16At(frame + TYPE_OFFSET) & 0xFFFF;
    }

    /** The CRC32C of {@code length} bytes of {@code bytes} from {@code offset}. Allocates nothing after the first direct frame. */
    private int checksum(Bytes bytes, int offset, int length) {
        crc.reset();
        if (!bytes.isDirect()) {
            bytes.updateChecksum(crc, offset, length);
            return (int) crc.getValue();
        }
        if (scratch == null) {
            scratch = new byte[CHECKSUM_CHUNK];
        }
        for (int done = 0; done < length; done += CHECKSUM_CHUNK) {
            int chunk = Math.min(CHECKSUM_CHUNK, length - done);
            bytes.copyTo(offset + done, scratch, 0, chunk);
            crc.update(scratch, 0, chunk);
        }
        return (int) crc.getValue();
    }

    /**
     * {@return where the document of the frame at {@code frame} ends (exclusive)}
     *
     * @param frame where the frame starts
     * @param size  the frame's total size
     */
    public int documentEnd(int frame, int size) {
        return frame + size - trailer;
    }
}
