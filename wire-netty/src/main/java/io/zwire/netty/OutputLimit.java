package io.zwire.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.WriteBufferWaterMark;

/**
 * {@code SessionConfig.maxPendingOutputBytes} on a Netty channel, as a {@code WireServer} applies
 * it: once more than that many bytes of output are queued for the peer (written or flushed, not yet
 * on the socket), the channel stops reading from the peer until its output drains, so a peer that
 * sends and never reads holds at most the limit plus the replies to one message.
 *
 * <p>Reading resumes on {@code channelWritabilityChanged}, which Netty fires only when the queue
 * falls under the channel's low water mark. So that the event always follows a pause, a high water
 * mark above the limit is lowered to the limit (and the low mark to at most half of it) when the
 * codec is added: the trade-off is that such a channel reports {@code isWritable() == false} sooner.
 */
final class OutputLimit {
    private final int maxPendingBytes;

    OutputLimit(int maxPendingBytes) {
        this.maxPendingBytes = maxPendingBytes;
    }

    /** Lowers the channel's write water marks to the limit when they are above it. Allocates once. */
    void fitWaterMarks(Channel channel) {
        ChannelConfig config = channel.config();
        WriteBufferWaterMark marks = config.getWriteBufferWaterMark();
        if (marks.high() > maxPendingBytes) {
            config.setWriteBufferWaterMark(new WriteBufferWaterMark(Math.min(marks.low(), maxPendingBytes / 2), maxPendingBytes));
        }
    }

    /** {@return true when more output than the limit is queued for the channel's peer} Allocates nothing. */
    boolean exceeded(Channel channel) {
        return pendingBytes(channel) > maxPendingBytes;
    }

    /** {@return the bytes written to the channel and not yet on the socket; 0 once it is closed} Allocates nothing. */
    static long pendingBytes(Channel channel) {
        ChannelOutboundBuffer queued = channel.unsafe().outboundBuffer();
        return queued == null ? 0 : queued.totalPendingWriteBytes();
    }
}
