package io.zwire.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.zwire.Bytes;
import io.zwire.session.CloseReason;
import io.zwire.session.SessionProtocol;

/** Ends a channel as a {@code WireServer} ends a connection: a close record saying why, then the close. */
final class CloseRecords {
    private CloseRecords() {
    }

    /** Writes the close record of {@code reason} and closes the channel once it is written. Allocates the record: once per connection. */
    static void closeWith(ChannelHandlerContext ctx, CloseReason reason, String detail) {
        Bytes record = Bytes.elastic(128);
        SessionProtocol.writeClose(record, reason, detail);
        ctx.writeAndFlush(Unpooled.wrappedBuffer(record.toByteArray())).addListener(ChannelFutureListener.CLOSE);
    }
}
