package io.zwire.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshaller;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.session.FrameCodec;
import io.zwire.session.SessionConfig;
import io.zwire.session.SessionProtocol;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a Netty server sends and holds for its peers: bounded output, buffers sized to the message. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyOutboundTest {
    private static final int MAX_PENDING = 64 * 1024;
    /** Far more than the limit and the loopback socket buffers together: unbounded queuing would show. */
    private static final long FLOOD_BYTES = 64L << 20;

    /** A server-side echo that remembers its connection, so the test can look at its channel. */
    private static final class WatchedEcho extends Echo {
        final CompletableFuture<ZwireConnection> connection = new CompletableFuture<>();

        @Override
        public void onReady(ZwireConnection ready) {
            connection.complete(ready);
        }
    }

    private static long pendingOnTheEventLoop(Channel channel) throws Exception {
        return channel.eventLoop().submit(() -> OutputLimit.pendingBytes(channel)).get(5, TimeUnit.SECONDS);
    }

    private static byte[] hello(SessionConfig config) {
        Bytes hello = Bytes.elastic(256);
        SessionProtocol.of(config).writeHello(hello);
        return hello.toByteArray();
    }

    /** As many whole Order frames as fit in 64 KiB, as one byte stream to send over and over. */
    private static ByteBuffer frames(SessionConfig config) {
        Bytes frame = Bytes.elastic(256);
        FrameCodec frames = new FrameCodec(config.options().limits().maxDocumentBytes(), true);
        int start = frames.begin(frame, 0);
        WireType.BINARY.apply(frame, config.options()).writeDocument(NettyPeers.order(7));
        frames.end(frame, start, "Order");
        byte[] one = frame.toByteArray();
        ByteBuffer chunk = ByteBuffer.allocate(64 * 1024 / one.length * one.length);
        while (chunk.hasRemaining()) {
            chunk.put(one);
        }
        return chunk.flip();
    }

    @Test
    void aPeerThatSendsAndNeverReadsHoldsNoMoreThanMaxPendingOutputBytesAndOthersAreServed() throws Exception {
        SessionConfig config = SessionConfig.builder(NettyPeers.TYPES).wires(WireType.BINARY).message(Order.sample())
                .maxPendingOutputBytes(MAX_PENDING).build();
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO);
             SocketChannel flooder = SocketChannel.open()) {
            WatchedEcho echo = new WatchedEcho();
            Channel server = peers.server(config, () -> echo);
            flooder.setOption(StandardSocketOptions.SO_RCVBUF, 16 * 1024);
            flooder.connect(new InetSocketAddress("127.0.0.1", NettyPeers.port(server)));
            flooder.configureBlocking(false);
            ByteBuffer stream = ByteBuffer.wrap(hello(config));
            ByteBuffer chunk = frames(config);
            long sent = 0;
            // writes until the server stops taking bytes for half a second, or all of them went
            long stalledSince = System.nanoTime();
            while (sent < FLOOD_BYTES && System.nanoTime() - stalledSince < TimeUnit.MILLISECONDS.toNanos(500)) {
                if (!stream.hasRemaining()) {
                    stream = chunk.rewind();
                }
                int written = flooder.write(stream);
                sent += written;
                if (written > 0) {
                    stalledSince = System.nanoTime();
                } else {
                    Thread.sleep(1);
                }
            }
            Channel served = echo.connection.get(5, TimeUnit.SECONDS).channel();
            long pending = pendingOnTheEventLoop(served);
            assertTrue(pending <= MAX_PENDING + 1024, "the server holds " + pending + " bytes for a peer that never reads");
            long stoppedAt = sent;
            assertTrue(stoppedAt < FLOOD_BYTES, () -> "the server stopped reading before the peer sent all " + FLOOD_BYTES + " bytes");
            NettyHostilePeersTest.assertServed(peers, server, config, null);
        }
    }

    /** Put nearest the socket: records the capacity of every buffer the codec writes. */
    @ChannelHandler.Sharable
    private static final class BufferSizes extends ChannelOutboundHandlerAdapter {
        final List<Integer> capacities = new CopyOnWriteArrayList<>();

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            capacities.add(((ByteBuf) msg).capacity());
            ctx.write(msg, promise);
        }
    }

    private static Order message(int i) {
        return i == 1 ? new Order(i, "L".repeat(100_000), 1, 1, io.zwire.example.Side.BUY, null) : NettyPeers.order(i);
    }

    @Test
    void afterOneLargeMessageSmallMessagesAreEncodedIntoSmallBuffers() throws Exception {
        SessionConfig config = NettyPeers.config(WireType.BINARY);
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Channel server = peers.server(config, Echo::new);
            Recorder client = new Recorder(NettyOutboundTest::message);
            BufferSizes sizes = new BufferSizes();
            ZwireConnection connection = peers.client(NettyPeers.port(server), config, client, null, null, sizes);
            client.awaitReady();
            for (int i = 0; i < 50; i++) {
                connection.channel().writeAndFlush(message(i));
            }
            client.awaitReceived(50);
            List<Integer> frames = sizes.capacities.subList(1, sizes.capacities.size());   // after the hello
            assertEquals(50, frames.size());
            assertTrue(frames.get(1) >= 100_000, "the large message has a buffer of its size: " + frames.get(1));
            for (int i = 2; i < frames.size(); i++) {
                assertTrue(frames.get(i) <= ZwireConnection.MAX_SIZE_HINT, "message " + i + " after the large one got a buffer of " + frames.get(i));
            }
        }
    }

    private static final Field VALUE = Field.of(1, "value");
    private static final AtomicInteger FAULTY_WRITES = new AtomicInteger();
    /** A one-int message whose write code has a bug for a negative value: it throws IndexOutOfBoundsException itself. */
    private static final Marshaller<int[]> FAULTY = Marshaller.of(int[].class, () -> new int[1],
            (a, out) -> {
                if (a[0] < 0) {
                    FAULTY_WRITES.incrementAndGet();
                    throw new IndexOutOfBoundsException("a bug in the message's own write code");
                }
                out.write(VALUE).int32(a[0]);
            },
            (a, in) -> in.read(VALUE).int32(a, (o, v) -> o[0] = v));

    @Test
    void anIndexOutOfBoundsFromTheMessagesOwnWriteCodeReachesTheSenderAfterOneRun() throws Exception {
        SessionConfig config = SessionConfig.builder(TypeRegistry.builder().add("Faulty", int[].class, FAULTY).build())
                .wires(WireType.BINARY).message(int[].class).build();
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Channel server = peers.server(config, Echo::new);
            Recorder client = new Recorder(i -> null);
            ZwireConnection connection = peers.client(NettyPeers.port(server), config, client);
            client.awaitReady();
            ExecutionException thrown = assertThrows(ExecutionException.class,
                    () -> connection.channel().eventLoop().submit(() -> connection.send(new int[] {-1})).get(5, TimeUnit.SECONDS));
            assertSame(IndexOutOfBoundsException.class, thrown.getCause().getClass(), thrown.getCause().toString());
            assertEquals(1, FAULTY_WRITES.get(), "the write code ran once, not again on the copy path");
        }
    }
}
