package io.zwire.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.zwire.Bytes;
import io.zwire.BytesCapacityException;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.session.FrameCodec;
import io.zwire.session.MessageSlots;
import io.zwire.session.Negotiation;
import io.zwire.session.SessionProtocol;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One connection of a {@link ZwireCodec}: what its handshake settled, and the sending side, which
 * frames each message straight into a pooled {@code ByteBuf} from the channel's allocator.
 *
 * <p>A message is encoded in place: a region {@link Bytes} is pointed at the buffer's writable
 * bytes ({@code ByteBuf.internalNioBuffer}, which allocates nothing for Netty's pooled buffers) and
 * the document is written there. The buffer is sized per message type, by the largest frame of that
 * type sent so far (256 bytes to start) up to {@value #MAX_SIZE_HINT} bytes; a message that does not
 * fit is encoded into a reused elastic {@code Bytes} and copied into a buffer of its exact size. So
 * a type's frames of up to {@value #MAX_SIZE_HINT} bytes pay the copy once per new largest size and
 * never in steady state, while a larger frame is copied each time: the trade-off that keeps one
 * large message from making every later buffer, of every type, that large.
 *
 * <p>Not thread-safe: {@link #send} and {@link #write} run on the channel's event loop, as the
 * {@link MessageHandler}'s calls do; from another thread, use {@code channel().writeAndFlush(message)},
 * which the codec encodes on the event loop (Netty then allocates a task and a promise per write).
 */
public final class ZwireConnection {
    private static final int FIRST_SIZE_HINT = 256;
    /** The largest buffer a message is first tried in; larger frames always take the copy. */
    static final int MAX_SIZE_HINT = 4096;

    private final SessionProtocol protocol;
    private final MessageSlots slots;
    private final Bytes outRegion = Bytes.region();
    private ChannelHandlerContext ctx;
    private Negotiation negotiation;
    private FrameCodec frames;
    private Wire outWire;
    /** The fallback for a message larger than its type's size hint: made the first time one comes. */
    private Bytes spill;
    private Wire spillWire;
    /** Per message type: the buffer size a message is first encoded into. */
    private final int[] sizeHints;

    ZwireConnection(SessionProtocol protocol) {
        this.protocol = protocol;
        this.slots = new MessageSlots(protocol.config());
        this.sizeHints = new int[protocol.config().messages().size()];
        Arrays.fill(sizeHints, FIRST_SIZE_HINT);
    }

    void attach(ChannelHandlerContext context) {
        this.ctx = context;
    }

    /** Takes the handshake's settlement; from now on the connection sends and receives frames. */
    void settle(Negotiation settled) {
        this.negotiation = settled;
        this.frames = settled.frameCodec();
        this.outWire = settled.wireType().apply(outRegion, protocol.config().options());
    }

    SessionProtocol protocol() {
        return protocol;
    }

    MessageSlots slots() {
        return slots;
    }

    Negotiation negotiation() {
        return negotiation;
    }

    FrameCodec frames() {
        return frames;
    }

    /** {@return the channel this connection runs on} */
    public Channel channel() {
        return ctx.channel();
    }

    /** {@return true once the handshake completed: the wire is chosen and messages may be sent} */
    public boolean isReady() {
        return negotiation != null;
    }

    /** {@return the wire the handshake chose, or null before it completes} */
    public WireType wireType() {
        return negotiation == null ? null : negotiation.wireType();
    }

    /** {@return why the handshake chose {@link #wireType()}, in words, or null before it completes} */
    public String wireReason() {
        return negotiation == null ? null : negotiation.reason();
    }

    /** {@return true when both sides offered, and so every frame carries, a CRC32C; false before the handshake} */
    public boolean checksumsFrames() {
        return negotiation != null && negotiation.checksums();
    }

    /**
     * Frames {@code message} into a pooled buffer and writes it to the channel without flushing.
     * In steady state zwire's code allocates nothing per message; Netty's pooled buffers add under
     * a byte per message (measured in {@code NettyZeroGarbageTest}). Call on the channel's event loop.
     *
     * @param message an instance of a configured message type the peer accepts
     * @throws IllegalStateException    before the handshake completes
     * @throws IllegalArgumentException if the message's type is not configured, the peer does not
     *                                  accept it, or it encodes larger than the frame limit
     */
    public void write(Object message) {
        ctx.write(encode(ctx.alloc(), message), ctx.voidPromise());
    }

    /**
     * {@link #write} then flush; allocates as {@link #write} does. Call on the channel's event loop.
     *
     * @param message an instance of a configured message type the peer accepts
     * @throws IllegalStateException    before the handshake completes
     * @throws IllegalArgumentException as {@link #write}
     */
    public void send(Object message) {
        ctx.writeAndFlush(encode(ctx.alloc(), message), ctx.voidPromise());
    }

    /** Flushes what {@link #write} queued. Allocates nothing. */
    public void flush() {
        ctx.flush();
    }

    void readComplete(MessageHandler handler) throws Exception {
        handler.onReadComplete(this);
    }

    /** {@return true when {@code message} is of a message type this connection frames} */
    boolean frames(Object message) {
        return slots.index(message.getClass()) >= 0;
    }

    /**
     * The frame of {@code message} in a new buffer from {@code allocator}, which the caller owns.
     * zwire's code allocates nothing in steady state; the allocator may (Netty's pooled allocator
     * adds under a byte per message, measured in {@code NettyZeroGarbageTest}).
     */
    ByteBuf encode(ByteBufAllocator allocator, Object message) {
        if (negotiation == null) {
            throw new IllegalStateException("the handshake is not complete: send from MessageHandler.onReady on");
        }
        int index = slots.index(message.getClass());
        if (index < 0 || !negotiation.peerAccepts(index)) {
            throw new IllegalArgumentException(message.getClass().getName()
                    + (index < 0 ? " is not a message type of this connection" : " is not accepted by the peer"));
        }
        ByteBuf buf = allocator.ioBuffer(sizeHints[index]);
        try {
            int written = encodeInPlace(buf, message, index);
            if (written >= 0) {
                buf.writerIndex(buf.writerIndex() + written);
                return buf;
            }
        } catch (RuntimeException | Error e) {
            buf.release();
            throw e;
        }
        buf.release();
        return encodeAndCopy(allocator, message, index);
    }

    /** Writes the frame into the buffer's writable bytes; its size, or -1 if it does not fit. */
    private int encodeInPlace(ByteBuf buf, Object message, int index) {
        pointAt(buf, buf.capacity() - buf.writerIndex());
        try {
            int start = frames.begin(outRegion, index);
            slots.write(outWire, message, index);
            return frames.end(outRegion, start, message.getClass().getSimpleName());
        } catch (BytesCapacityException full) {
            // only the region running out: any other exception is the message's own and goes to the caller
            return -1;
        }
    }

    /**
     * The slow path: frames the message in the reused elastic buffer and copies it into a new buffer
     * of its size; raises the type's size hint to fit it, up to {@link #MAX_SIZE_HINT}.
     */
    private ByteBuf encodeAndCopy(ByteBufAllocator allocator, Object message, int index) {
        if (spill == null) {
            spill = Bytes.elastic(2 * FIRST_SIZE_HINT);
            spillWire = negotiation.wireType().apply(spill, protocol.config().options());
        }
        spill.clear();
        int start = frames.begin(spill, index);
        slots.write(spillWire, message, index);
        int size = frames.end(spill, start, message.getClass().getSimpleName());
        sizeHints[index] = Math.min(MAX_SIZE_HINT, Math.max(sizeHints[index], size));
        ByteBuf buf = allocator.ioBuffer(size, size);
        try {
            pointAt(buf, size);
            outRegion.write(spill, 0, size);
            buf.writerIndex(size);
            return buf;
        } catch (RuntimeException | Error e) {
            buf.release();
            throw e;
        }
    }

    private void pointAt(ByteBuf buf, int length) {
        ByteBuffer target = buf.nioBufferCount() == 1 ? buf.internalNioBuffer(buf.writerIndex(), length)
                : buf.nioBuffer(buf.writerIndex(), length);
        outRegion.writeRegion(target, target.position(), length);
    }

    @Override
    public String toString() {
        return "ZwireConnection[" + (negotiation == null ? "handshaking" : negotiation.wireType()) + ", "
                + (ctx == null ? "detached" : ctx.channel()) + "]";
    }
}
