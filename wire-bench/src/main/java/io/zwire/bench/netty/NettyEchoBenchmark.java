package io.zwire.bench.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.zwire.WireType;
import io.zwire.cli.OrderSessions;
import io.zwire.example.Order;
import io.zwire.netty.MessageHandler;
import io.zwire.netty.ZwireCodec;
import io.zwire.netty.ZwireConnection;
import io.zwire.session.BytesPool;
import io.zwire.session.SessionProtocol;
import org.HdrHistogram.Histogram;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A Netty echo over loopback TCP on one wire, both ends in this JVM with an NIO event loop each
 * and the pooled allocator: round-trip latency with one {@link Order} in flight (timed on the
 * client's event loop, each echo sending the next order), then throughput with {@value #WINDOW}
 * orders in flight (each echo sends one more) until a count has come back. Both sides write on
 * each message and flush once per socket read ({@code MessageHandler.onReadComplete}).
 */
public final class NettyEchoBenchmark {
    /** Orders in flight in the throughput run. */
    public static final int WINDOW = 64;

    /** What one wire measured. */
    public record Result(WireType wire, Histogram roundTripNanos, long echoes, double echoSeconds) {
        /** {@return echoes per second with {@value NettyEchoBenchmark#WINDOW} in flight} */
        public double echoRate() {
            return echoes / echoSeconds;
        }
    }

    private NettyEchoBenchmark() {
    }

    /** The client side: runs one round at a time on its event loop. */
    private static final class Client implements MessageHandler {
        private final Order[] orders = OrderSessions.orders();
        private final CountDownLatch ready = new CountDownLatch(1);
        private ZwireConnection connection;
        private Histogram histogram;
        private CountDownLatch done;
        private long sentAt;
        private int toSend;
        private int toReceive;

        @Override
        public void onReady(ZwireConnection ready) {
            connection = ready;
            this.ready.countDown();
        }

        @Override
        public void onMessage(ZwireConnection from, Object message) {
            if (histogram != null) {
                histogram.recordValue(System.nanoTime() - sentAt);
            }
            if (--toReceive == 0) {
                done.countDown();
            } else if (toSend > 0) {
                send();
            }
        }

        @Override
        public void onReadComplete(ZwireConnection from) {
            from.flush();
        }

        private void send() {
            sentAt = System.nanoTime();
            connection.write(orders[toSend-- & 3]);
        }

        /** Sends {@code count} orders, {@code window} in flight, recording each round trip into {@code into} if not null. */
        void round(int count, int window, Histogram into) throws InterruptedException {
            CountDownLatch finished = new CountDownLatch(1);
            connection.channel().eventLoop().execute(() -> {
                histogram = into;
                done = finished;
                toSend = count;
                toReceive = count;
                for (int i = 0; i < window; i++) {
                    send();
                }
                connection.flush();
            });
            if (!finished.await(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the echo round did not complete");
            }
        }
    }

    /**
     * Measures one wire.
     *
     * @param roundTrips measured round trips, after as many again to warm up
     * @param echoes     echoes of the throughput run, after a tenth of that to warm up
     * @return the latency histogram and the echo rate
     * @throws InterruptedException if interrupted while waiting for a round
     */
    public static Result run(WireType wire, int roundTrips, int echoes) throws InterruptedException {
        SessionProtocol protocol = SessionProtocol.of(OrderSessions.config(List.of(wire), BytesPool.heap(4096, 2)));
        EventLoopGroup serverLoop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup clientLoop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            MessageHandler echo = MessageHandler.echo();
            Channel server = new ServerBootstrap().group(serverLoop).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new ZwireCodec(protocol, echo));
                        }
                    }).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            Client client = new Client();
            new Bootstrap().group(clientLoop).channel(NioSocketChannel.class)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new ZwireCodec(protocol, client));
                        }
                    }).connect(server.localAddress()).sync();
            if (!client.ready.await(10, TimeUnit.SECONDS) || client.connection.wireType() != wire) {
                throw new IllegalStateException("no handshake on " + wire);
            }
            Histogram histogram = new Histogram(3_600_000_000_000L, 3);
            client.round(roundTrips, 1, null);
            client.round(roundTrips, 1, histogram);
            client.round(echoes / 10, WINDOW, null);
            long start = System.nanoTime();
            client.round(echoes, WINDOW, null);
            double seconds = (System.nanoTime() - start) / 1e9;
            server.close().sync();
            return new Result(wire, histogram, echoes, seconds);
        } finally {
            clientLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
            serverLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }
}
