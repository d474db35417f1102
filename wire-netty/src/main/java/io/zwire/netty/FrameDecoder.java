package io.zwire.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.session.CloseReason;
import io.zwire.session.FrameCodec;
import io.zwire.session.SessionProtocol;

import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The inbound half of {@link ZwireCodec}: sends this side's hello when the channel becomes active,
 * settles the session from the peer's, then reads each frame in place, from the cumulated
 * {@code ByteBuf} through a region {@link Bytes}, into the reused instance of its type, and hands
 * it to the {@link MessageHandler}.
 *
 * <p>A frame's declared length is checked as soon as its 6-byte header has arrived, against the
 * frame limit ({@code ReadLimits.maxDocumentBytes}) and the session's memory budget
 * ({@code SessionConfig.maxSessionBytes}), so nothing is buffered for a frame that would be
 * refused: the connection closes with a {@link WireException} reported.
 *
 * <p>Once more than {@code SessionConfig.maxPendingOutputBytes} of output wait for the peer, the
 * decoder stops handing frames over and the channel stops reading ({@link OutputLimit}); frames
 * already received wait in the cumulation and are read when the output has drained.
 *
 * <p>Deadlines, as a {@code WireServer} keeps them: a peer whose hello is not whole within
 * {@code SessionConfig.handshakeTimeout} is closed with {@link CloseReason#IDLE}, and one whose frame
 * stays unfinished for {@code SessionConfig.frameTimeout} with {@link CloseReason#SLOW_FRAME}, however
 * steadily its bytes trickle in. One periodic check per connection, every quarter of the shorter
 * timeout, enforces both, so a close comes up to a quarter late and nothing is scheduled per frame.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    private final ZwireConnection connection;
    private final MessageHandler handler;
    private final Bytes inRegion = Bytes.region();
    private final long maxSessionBytes;
    private final OutputLimit outputLimit;
    private final long handshakeNanos;
    private final long frameNanos;
    /** When the channel became active, for the handshake deadline. */
    private long activeSince;
    /** When the frame still unfinished began to arrive; 0 when none is. */
    private long partialSince;
    private ScheduledFuture<?> deadlines;
    private Wire inWire;
    /** Where the cumulation's reader index is in the whole stream, for errors. */
    private long streamOffset;
    private boolean failed;
    /** Set once the hello went out: a channel a handler before this one refused never gets that far. */
    private boolean active;
    /** Set when the handler closed the channel: it gets no more frames, though more were received. */
    private boolean closedByHandler;
    /** Set for the decode after the channel closed: the frames received before it are still handed over. */
    private boolean lastDecode;
    /** Set while reading waits for the peer to take queued output. */
    private boolean paused;

    FrameDecoder(ZwireConnection connection, MessageHandler handler) {
        this.connection = connection;
        this.handler = handler;
        this.maxSessionBytes = connection.protocol().config().maxSessionBytes();
        this.outputLimit = new OutputLimit(connection.protocol().config().maxPendingOutputBytes());
        this.handshakeNanos = connection.protocol().config().handshakeTimeout().toNanos();
        this.frameNanos = connection.protocol().config().frameTimeout().toNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        connection.attach(ctx);
        outputLimit.fitWaterMarks(ctx.channel());
        super.handlerAdded(ctx);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        // The hello is written once per connection, so framing it through an elastic Bytes and a
        // copy costs nothing that matters.
        Bytes hello = Bytes.elastic(256);
        connection.protocol().writeHello(hello);
        ByteBuf buf = ctx.alloc().ioBuffer(hello.readRemaining());
        ByteBuffer target = buf.nioBuffer(0, hello.readRemaining());
        Bytes.region().writeRegion(target, target.position(), hello.readRemaining()).write(hello, 0, hello.readRemaining());
        buf.writerIndex(hello.readRemaining());
        ctx.writeAndFlush(buf, ctx.voidPromise());
        active = true;
        activeSince = System.nanoTime();
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(1), Math.min(handshakeNanos, frameNanos) / 4);
        deadlines = ctx.executor().scheduleAtFixedRate(() -> checkDeadlines(ctx), period, period, TimeUnit.NANOSECONDS);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (deadlines != null) {
            deadlines.cancel(false);
        }
        try {
            super.channelInactive(ctx);
        } finally {
            handler.onClose(connection);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (paused) {
            // ByteToMessageDecoder asks for another read when auto-read is off and it passed nothing
            // on, which this decoder never does: that would undo the pause
            discardSomeReadBytes();
            ctx.fireChannelReadComplete();
        } else {
            super.channelReadComplete(ctx);
        }
        if (!failed && connection.isReady()) {
            try {
                connection.readComplete(handler);
            } catch (Exception | Error e) {
                fail(ctx, e);
            }
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (paused && ctx.channel().isWritable() && !outputLimit.exceeded(ctx.channel())) {
            paused = false;
            partialSince = 0;
            ctx.channel().config().setAutoRead(true);
            if (actualReadableBytes() > 0) {
                // the frames that arrived before the pause: decoded now, not when the peer next sends
                channelRead(ctx, Unpooled.EMPTY_BUFFER);
                channelReadComplete(ctx);
            }
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!failed && !closedByHandler && !paused && in.isReadable() && step(ctx, in)) {
            // each step consumed one hello or frame
        }
        if (failed) {
            in.skipBytes(in.readableBytes());
        } else if (in.isReadable() && partialSince == 0) {
            partialSince = System.nanoTime();
        }
    }

    /** Closes a connection past its handshake or frame deadline. */
    private void checkDeadlines(ChannelHandlerContext ctx) {
        if (failed || !ctx.channel().isActive()) {
            return;
        }
        long now = System.nanoTime();
        if (!connection.isReady() && now - activeSince > handshakeNanos) {
            timeOut(ctx, CloseReason.IDLE, "no complete hello within the handshake timeout of "
                    + connection.protocol().config().handshakeTimeout() + " (SessionConfig.handshakeTimeout)");
        } else if (connection.isReady() && !paused && partialSince != 0 && now - partialSince > frameNanos) {
            timeOut(ctx, CloseReason.SLOW_FRAME, "the rest of a frame within the frame timeout of "
                    + connection.protocol().config().frameTimeout() + " (SessionConfig.frameTimeout)");
        }
    }

    private void timeOut(ChannelHandlerContext ctx, CloseReason reason, String detail) {
        failed = true;
        deadlines.cancel(false);
        report(new SocketTimeoutException(detail));
        CloseRecords.closeWith(ctx, reason, detail);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        lastDecode = true;
        decode(ctx, in, out);
        if (active && !failed && !closedByHandler && !paused && (in.isReadable() || !connection.isReady())) {
            String wire = connection.isReady() ? connection.wireType().name() : "SESSION";
            fail(ctx, new WireException(wire, streamOffset, connection.isReady()
                    ? "the rest of a frame, but the peer closed the connection after " + in.readableBytes() + " bytes of it"
                    : "the peer's hello, but the peer closed the connection"));
            in.skipBytes(in.readableBytes());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, cause);
    }

    /** Reads one hello or frame if it has all arrived; false when more bytes are needed or the connection failed. */
    private boolean step(ChannelHandlerContext ctx, ByteBuf in) {
        int readable = in.readableBytes();
        ByteBuffer view = in.nioBufferCount() == 1 ? in.internalNioBuffer(in.readerIndex(), readable)
                : in.nioBuffer(in.readerIndex(), readable);
        inRegion.readRegion(view, view.position(), readable);
        try {
            return (connection.isReady() ? frame(ctx, in) : hello(ctx, in)) && !handlerClosed(ctx) && !pausedForOutput(ctx);
        } catch (WireException e) {
            fail(ctx, e);
            return false;
        }
    }

    /** Stops handing frames over once the handler closed the channel; true if it did. */
    private boolean handlerClosed(ChannelHandlerContext ctx) {
        closedByHandler = !lastDecode && !ctx.channel().isActive();
        return closedByHandler;
    }

    /** Stops reading when the handler queued more output than the limit; true if it did. */
    private boolean pausedForOutput(ChannelHandlerContext ctx) {
        if (!paused && outputLimit.exceeded(ctx.channel())) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
        }
        return paused;
    }

    private boolean hello(ChannelHandlerContext ctx, ByteBuf in) {
        int size = SessionProtocol.helloSize(inRegion, streamOffset);
        if (size < 0 || inRegion.readRemaining() < size) {
            return false;
        }
        connection.settle(connection.protocol().negotiate(inRegion, size, streamOffset));
        inWire = connection.wireType().apply(inRegion, connection.protocol().config().options());
        consume(in, size);
        try {
            handler.onReady(connection);
        } catch (Exception | Error e) {
            fail(ctx, e);
            return false;
        }
        return true;
    }

    private boolean frame(ChannelHandlerContext ctx, ByteBuf in) {
        FrameCodec frames = connection.frames();
        String wire = connection.wireType().name();
        int size = frames.frameSize(inRegion, wire, streamOffset);
        if (size > maxSessionBytes) {
            throw new WireException(wire, streamOffset, "a frame within the session's memory budget of " + maxSessionBytes
                    + " bytes (SessionConfig.maxSessionBytes), found one of " + size + " bytes");
        }
        if (size < 0 || inRegion.readRemaining() < size) {
            return false;
        }
        int type = frames.checkedType(inRegion, size, wire, streamOffset);
        int local = connection.negotiation().localType(type);
        if (local < 0) {
            throw new WireException(wire, streamOffset + FrameCodec.TYPE_OFFSET, "a message type this side accepts, found index " + type);
        }
        inRegion.readPosition(FrameCodec.HEADER_BYTES).writePosition(frames.documentEnd(0, size));
        Object message;
        try {
            message = connection.slots().read(inWire, local);
            if (message == null || inRegion.readRemaining() != 0) {
                throw new WireException(wire, streamOffset, "exactly one document in the frame of " + size + " bytes");
            }
        } catch (WireException badDocument) {
            // the frame was whole and checked: the stream is still in step, so only this message is lost
            consume(in, size);
            report(badDocument);
            return true;
        }
        consume(in, size);
        try {
            handler.onMessage(connection, message);
        } catch (Exception | Error e) {
            fail(ctx, e);
            return false;
        }
        return true;
    }

    private void consume(ByteBuf in, int size) {
        in.skipBytes(size);
        streamOffset += size;
        partialSince = 0;
    }

    private void report(Throwable cause) {
        try {
            handler.onError(connection, cause);
        } catch (RuntimeException | Error ignored) {
            // the handler's own failure to report must not end the event loop's other work
        }
    }

    /** Reports {@code cause} and closes the connection; reads nothing more from it. */
    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        if (failed) {
            return;
        }
        failed = true;
        report(cause);
        ctx.close();
    }
}
