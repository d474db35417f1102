package io.zwire.session;

import io.zwire.Bytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The last thing a side sends before it closes a session on purpose: why.
 *
 * <pre>
 * close record offset  size  field
 *              0       4     magic: the ASCII bytes 'Z' 'W' 'R' 'X'
 *              4       2     reason code, uint16 ({@link CloseReason#code()})
 *              6       2     n, the length of the detail, uint16 (at most {@value #MAX_DETAIL})
 *              8       n     detail, UTF-8 text for people
 * All integers little-endian.
 * </pre>
 *
 * <p>One layout serves both places a close can come: in place of the server's hello (a
 * connection refused when it is accepted) and in place of a frame. The magic read as a frame
 * length is 1,481,791,322, beyond any frame a session accepts (its receive buffer is bounded by
 * {@link SessionConfig#maxSessionBytes()}), and it differs from the hello's 'ZWRE' in its last
 * byte, so a reader tells all three apart from their first four bytes. A peer that predates close
 * records reads one as a bad hello or frame length and closes: the same end, without the words.
 */
final class CloseRecord {
    static final int MAGIC = 'Z' | 'W' << 8 | 'R' << 16 | 'X' << 24;
    static final int REASON_OFFSET = 4;
    static final int DETAIL_LENGTH_OFFSET = 6;
    static final int DETAIL_OFFSET = 8;
    static final int MAX_DETAIL = 256;
    static final int MAX_SIZE = DETAIL_OFFSET + MAX_DETAIL;
    /** Input read and dropped per read while refusing; bounded so a refusal costs bounded work. */
    private static final int DRAIN_CHUNK = 1024;
    private static final int MAX_DRAIN = 64 * 1024;

    private CloseRecord() {
    }

    /** True if the four bytes at the read position are a close record's magic. Allocates nothing. */
    static boolean startsAt(Bytes in) {
        return in.readRemaining() >= 4 && in.readInt32At(in.readPosition()) == MAGIC;
    }

    /**
     * The total size of the close record at the read position, or -1 while its header has not all
     * arrived. Only call after {@link #startsAt}.
     */
    static int size(Bytes in) {
        if (in.readRemaining() < DETAIL_OFFSET) {
            return -1;
        }
        return DETAIL_OFFSET + Math.min(MAX_DETAIL, in.readInt16At(in.readPosition() + DETAIL_LENGTH_OFFSET) & 0xFFFF);
    }

    /**
     * Decodes a whole close record of {@code size} bytes at the read position into the exception
     * that reports it. Allocates (the detail and the exception): a close happens once per session.
     */
    static SessionClosedException read(Bytes in, int size, String wireName, long streamOffset) {
        int p = in.readPosition();
        CloseReason reason = CloseReason.of(in.readInt16At(p + REASON_OFFSET) & 0xFFFF);
        byte[] detail = new byte[size - DETAIL_OFFSET];
        in.copyTo(p + DETAIL_OFFSET, detail, 0, detail.length);
        in.readPosition(p + size);
        return new SessionClosedException(wireName, streamOffset, reason, new String(detail, StandardCharsets.UTF_8));
    }

    /**
     * Where a hello or frame would start: throws the peer's close record, if one starts at the read
     * position and has all arrived, as a {@link SessionClosedException}; returns otherwise.
     * Allocates only when it throws.
     */
    static void throwIfArrived(Bytes in, String wireName, long streamOffset) {
        if (!startsAt(in)) {
            return;
        }
        int size = size(in);
        if (size >= 0 && in.readRemaining() >= size) {
            throw read(in, size, wireName, streamOffset);
        }
    }

    /** Appends a close record to {@code out}; the detail is cut to {@value #MAX_DETAIL} bytes. */
    static void write(Bytes out, CloseReason reason, String detail) {
        byte[] text = detailBytes(detail);
        out.writeInt32(MAGIC).writeInt16(reason.code()).writeInt16(text.length).write(text);
    }

    /**
     * Refuses a connection that has had nothing written to it yet (one refused at accept): writes
     * a close record, ends the output and closes, without blocking. A socket's empty send buffer
     * takes {@value #MAX_SIZE} bytes at once; if it does not, the peer only misses the words.
     * Allocates the record: refusals are not a steady-state path.
     */
    static void refuse(SocketChannel channel, CloseReason reason, String detail) throws IOException {
        try {
            byte[] text = detailBytes(detail);
            ByteBuffer record = ByteBuffer.allocate(DETAIL_OFFSET + text.length).order(ByteOrder.LITTLE_ENDIAN);
            record.putInt(MAGIC).putShort((short) reason.code()).putShort((short) text.length).put(text).flip();
            channel.configureBlocking(false);
            channel.write(record);
            endOutput(channel);
        } finally {
            channel.close();
        }
    }

    /**
     * Ends the output of a non-blocking socket about to be closed, after its last bytes, and reads
     * and drops the input already arrived, up to {@value #MAX_DRAIN} bytes: closing a socket with
     * unread input resets the connection, and a reset can reach the peer before the bytes written
     * last. Does not block; a peer already gone is not an error here.
     */
    static void endOutput(SocketChannel channel) {
        try {
            if (channel.isBlocking()) {
                return;
            }
            channel.shutdownOutput();
            ByteBuffer dropped = ByteBuffer.allocate(DRAIN_CHUNK);
            for (int drained = 0; drained < MAX_DRAIN; drained += DRAIN_CHUNK) {
                dropped.clear();
                if (channel.read(dropped) <= 0) {
                    return;
                }
            }
        } catch (IOException gone) {
            // the peer reset first: it cannot be told, and closing is all that is left
        }
    }

    private static byte[] detailBytes(String detail) {
        byte[] text = detail.getBytes(StandardCharsets.UTF_8);
        if (text.length <= MAX_DETAIL) {
            return text;
        }
        int cut = MAX_DETAIL;
        while (cut > 0 && (text[cut] & 0xC0) == 0x80) {
            cut--;
        }
        return Arrays.copyOf(text, cut);
    }
}
