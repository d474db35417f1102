package io.zwire.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.zwire.test.AllocationMeter;

/**
 * Put first in a pipeline, counts what the event loop allocates from the moment a received
 * {@code ByteBuf} enters the pipeline until the handlers behind it return: the codec's decode, the
 * user's handler, the reply's encode and its write and flush to the socket. What it leaves out is
 * Netty's own socket read, which happens before. Only its event loop touches the count.
 */
@ChannelHandler.Sharable
final class AllocationProbe extends ChannelInboundHandlerAdapter {
    private long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        long before = AllocationMeter.allocatedBytes();
        ctx.fireChannelRead(msg);
        bytes += AllocationMeter.allocatedBytes() - before;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        long before = AllocationMeter.allocatedBytes();
        ctx.fireChannelReadComplete();
        bytes += AllocationMeter.allocatedBytes() - before;
    }

    /** {@return the bytes counted so far} Call on the probe's event loop. */
    long bytes() {
        return bytes;
    }
}
