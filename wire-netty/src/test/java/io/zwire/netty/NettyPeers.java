package io.zwire.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.session.SessionConfig;
import io.zwire.session.SessionProtocol;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Assumptions;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Real Netty servers and clients on loopback for the tests: one event loop thread per group, the
 * NIO transport or the native epoll one, optional TLS. Closing it stops every channel and loop.
 */
final class NettyPeers implements AutoCloseable {
    /**
     * The pooled allocator, chosen on purpose: Netty 4.2's default is the adaptive allocator, which
     * allocated 150 to 170 bytes per message in NettyZeroGarbageTest.
     */
    static final ByteBufAllocator ALLOCATOR = io.netty.buffer.PooledByteBufAllocator.DEFAULT;
    static final TypeRegistry TYPES = TypeRegistry.builder().add("Order", Order.class, Order::new).build();

    /** The event-loop transports the tests run on. */
    enum Transport {
        NIO, EPOLL;

        /** Skips the calling test, with the reason, where this transport does not load. */
        void assumeAvailable() {
            if (this == EPOLL) {
                Assumptions.assumeTrue(Epoll.isAvailable(), () -> "native epoll does not load here: " + Epoll.unavailabilityCause());
            }
        }
    }

    private final Transport transport;
    private final EventLoopGroup serverLoop;
    private final EventLoopGroup clientLoop;
    private final List<Channel> channels = new ArrayList<>();

    NettyPeers(Transport transport) {
        transport.assumeAvailable();
        this.transport = transport;
        this.serverLoop = group();
        this.clientLoop = group();
    }

    private EventLoopGroup group() {
        return new MultiThreadIoEventLoopGroup(1, transport == Transport.EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    }

    static SessionConfig config(WireType... wires) {
        return SessionConfig.builder(TYPES).wires(wires).allowRaw().message(Order.sample()).build();
    }

    static Order order(int i) {
        return new Order(i, "SYM" + (i % 7), i * 0.25, i * 10L, Side.values()[i % 2], new Party("p" + (i % 3), "a", i));
    }

    EventLoopGroup serverLoop() {
        return serverLoop;
    }

    EventLoopGroup clientLoop() {
        return clientLoop;
    }

    /**
     * Starts a server on {@code 127.0.0.1}, an ephemeral port.
     *
     * @param tls     the server's TLS context, or null for plain TCP
     * @param first   a handler to put first in each accepted pipeline (a limit), or null
     */
    Channel server(SessionConfig config, Supplier<MessageHandler> handlers, SslContext tls, ChannelHandler first)
            throws InterruptedException {
        SessionProtocol protocol = SessionProtocol.of(config);
        Class<? extends ServerChannel> type = transport == Transport.EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        Channel server = new ServerBootstrap().group(serverLoop).channel(type)
                .childOption(ChannelOption.ALLOCATOR, ALLOCATOR)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (first != null) {
                            ch.pipeline().addLast(first);
                        }
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        ch.pipeline().addLast(new ZwireCodec(protocol, handlers.get()));
                    }
                }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
        channels.add(server);
        return server;
    }

    Channel server(SessionConfig config, Supplier<MessageHandler> handlers) throws InterruptedException {
        return server(config, handlers, null, null);
    }

    /** Connects a client from {@code localHost} (any port) to {@code port} on 127.0.0.1; returns its codec's connection. */
    ZwireConnection client(int port, SessionConfig config, MessageHandler handler, SslContext tls, String localHost)
            throws InterruptedException {
        return client(port, config, handler, tls, localHost, null);
    }

    /** As above, with {@code first} put first in the client's pipeline, when not null. */
    ZwireConnection client(int port, SessionConfig config, MessageHandler handler, SslContext tls, String localHost,
                           ChannelHandler first) throws InterruptedException {
        SessionProtocol protocol = SessionProtocol.of(config);
        ZwireCodec[] codec = new ZwireCodec[1];
        Bootstrap bootstrap = new Bootstrap().group(clientLoop)
                .channel(transport == Transport.EPOLL ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, ALLOCATOR)
                .handler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (first != null) {
                            ch.pipeline().addLast(first);
                        }
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc(), "localhost", port));
                        }
                        codec[0] = new ZwireCodec(protocol, handler);
                        ch.pipeline().addLast(codec[0]);
                    }
                });
        if (localHost != null) {
            bootstrap.localAddress(new InetSocketAddress(localHost, 0));
        }
        Channel channel = bootstrap.connect(new InetSocketAddress("127.0.0.1", port)).sync().channel();
        channels.add(channel);
        return codec[0].connection();
    }

    ZwireConnection client(int port, SessionConfig config, MessageHandler handler) throws InterruptedException {
        return client(port, config, handler, null, null);
    }

    static int port(Channel server) {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        for (Channel channel : channels) {
            channel.close().awaitUninterruptibly();
        }
        serverLoop.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly();
        clientLoop.shutdownGracefully(0, 2, java.util.concurrent.TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
