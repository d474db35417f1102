package io.zwire.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;

/**
 * The outbound half of {@link ZwireCodec}: a message of a configured type written to the channel
 * ({@code channel.writeAndFlush(order)}) leaves as one frame, encoded in place into a pooled
 * buffer ({@link ZwireConnection#encode}); anything else (a {@code ByteBuf}, say) passes through.
 * A message that cannot be framed (before the handshake, a type the peer does not accept, too
 * large) fails the write's promise and is not sent.
 */
final class FrameEncoder extends ChannelOutboundHandlerAdapter {
    private final ZwireConnection connection;

    FrameEncoder(ZwireConnection connection) {
        this.connection = connection;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!connection.frames(msg)) {
            ctx.write(msg, promise);
            return;
        }
        try {
            ctx.write(connection.encode(ctx.alloc(), msg), promise);
        } catch (RuntimeException e) {
            promise.tryFailure(e);
        }
    }
}
