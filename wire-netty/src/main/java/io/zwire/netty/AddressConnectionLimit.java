package io.zwire.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.zwire.session.CloseReason;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the connections a server holds from one address: put one instance first in every
 * accepted channel's pipeline, before the {@link ZwireCodec}. A connection past the limit gets a
 * close record instead of a hello ({@link CloseReason#ADDRESS_CONNECTIONS}, which a zwire peer
 * reports as a {@link io.zwire.session.SessionClosedException}) and is closed; the codec behind never
 * sees it become active, read or close: the refused channel stops reading and what it had read is
 * released here. Connections from other addresses are served as before. The count is per exact
 * address: an IPv6 peer usually holds many addresses (a /64 or more), so this bounds a careless
 * client, not a determined one.
 *
 * <p>Sharable and thread-safe: one instance counts for all of a server's event loops. Allocates
 * per connection (the count's entry), never per message.
 */
@ChannelHandler.Sharable
public final class AddressConnectionLimit extends ChannelInboundHandlerAdapter {
    private static final AttributeKey<InetAddress> COUNTED = AttributeKey.valueOf(AddressConnectionLimit.class, "counted");
    /** Set on a channel this limit refused: nothing of it goes further down the pipeline. */
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf(AddressConnectionLimit.class, "refused");

    private final int maxPerAddress;
    private final ConcurrentHashMap<InetAddress, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final AtomicInteger refused = new AtomicInteger();

    /**
     * A limit of {@code maxPerAddress} open connections per remote address.
     *
     * @param maxPerAddress at least 1
     * @throws IllegalArgumentException if it is less than 1
     */
    public AddressConnectionLimit(int maxPerAddress) {
        if (maxPerAddress < 1) {
            throw new IllegalArgumentException("at least one connection per address, found " + maxPerAddress);
        }
        this.maxPerAddress = maxPerAddress;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (!(ctx.channel().remoteAddress() instanceof InetSocketAddress remote)) {
            ctx.fireChannelActive();
            return;
        }
        InetAddress address = remote.getAddress();
        AtomicInteger count = counts.compute(address, (a, c) -> {
            AtomicInteger counted = c == null ? new AtomicInteger() : c;
            counted.incrementAndGet();
            return counted;
        });
        ctx.channel().attr(COUNTED).set(address);
        if (count.get() > maxPerAddress) {
            refused.incrementAndGet();
            ctx.channel().attr(REFUSED).set(Boolean.TRUE);
            ctx.channel().config().setAutoRead(false);
            CloseRecords.closeWith(ctx, CloseReason.ADDRESS_CONNECTIONS, "at most " + maxPerAddress
                    + " connections from " + address.getHostAddress());
            return;
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (ctx.channel().hasAttr(REFUSED)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (!ctx.channel().hasAttr(REFUSED)) {
            ctx.fireChannelReadComplete();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        InetAddress address = ctx.channel().attr(COUNTED).getAndSet(null);
        if (address != null) {
            counts.computeIfPresent(address, (a, c) -> c.decrementAndGet() == 0 ? null : c);
        }
        if (!ctx.channel().hasAttr(REFUSED)) {
            ctx.fireChannelInactive();
        }
    }

    /** {@return the connections this limit has refused since it was made} */
    public int refused() {
        return refused.get();
    }

    /**
     * {@return the connections open from {@code address} now}
     *
     * @param address a remote address
     */
    public int connections(InetAddress address) {
        AtomicInteger count = counts.get(address);
        return count == null ? 0 : count.get();
    }
}
