package io.zwire.netty;

import io.netty.channel.Channel;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Netty client and a Netty echo server on 127.0.0.1, on every wire and both event-loop transports. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyRoundTripTest {
    static final MessageHandler ECHO = (connection, message) -> connection.send(message);

    static Stream<Arguments> wiresAndTransports() {
        List<Arguments> cases = new ArrayList<>();
        for (NettyPeers.Transport transport : NettyPeers.Transport.values()) {
            for (WireType wire : WireType.values()) {
                cases.add(Arguments.of(wire, transport));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("wiresAndTransports")
    void everyMessageComesBackEqualOnTheNegotiatedWire(WireType wire, NettyPeers.Transport transport) throws Exception {
        try (NettyPeers peers = new NettyPeers(transport)) {
            Channel server = peers.server(NettyPeers.config(wire), () -> ECHO);
            Recorder client = new Recorder(NettyPeers::order);
            ZwireConnection connection = peers.client(NettyPeers.port(server), NettyPeers.config(wire), client);
            client.awaitReady();
            assertEquals(wire, connection.wireType(), connection.wireReason());
            assertTrue(connection.checksumsFrames(), "both sides offer checksums by default");
            int messages = 2_000;
            for (int i = 0; i < messages; i++) {
                connection.channel().write(NettyPeers.order(i));
            }
            connection.channel().flush();
            client.awaitReceived(messages);
            assertTrue(client.errors.isEmpty(), () -> "errors: " + client.errors);
        }
    }

    @ParameterizedTest(name = "over {0}")
    @MethodSource("transports")
    void aMessageLargerThanTheFirstBufferIsSentWholeAndLaterOnesFitInPlace(NettyPeers.Transport transport) throws Exception {
        try (NettyPeers peers = new NettyPeers(transport)) {
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), () -> ECHO);
            Order big = new Order(1, "X".repeat(5_000), 1, 1, io.zwire.example.Side.BUY, null);
            Recorder client = new Recorder(i -> i % 2 == 0 ? big : NettyPeers.order(i));
            ZwireConnection connection = peers.client(NettyPeers.port(server), NettyPeers.config(WireType.BINARY), client);
            client.awaitReady();
            for (int i = 0; i < 10; i++) {
                connection.channel().writeAndFlush(i % 2 == 0 ? big : NettyPeers.order(i));
            }
            client.awaitReceived(10);
        }
    }

    @ParameterizedTest(name = "over {0}")
    @MethodSource("transports")
    void repliesQueuedWithWriteLeaveWhenOnReadCompleteFlushes(NettyPeers.Transport transport) throws Exception {
        try (NettyPeers peers = new NettyPeers(transport)) {
            Channel server = peers.server(NettyPeers.config(WireType.RAW), MessageHandler::echo);
            Recorder client = new Recorder(NettyPeers::order);
            ZwireConnection connection = peers.client(NettyPeers.port(server), NettyPeers.config(WireType.RAW), client);
            client.awaitReady();
            for (int i = 0; i < 1_000; i++) {
                connection.channel().write(NettyPeers.order(i));
            }
            connection.channel().flush();
            client.awaitReceived(1_000);
        }
    }

    static Stream<NettyPeers.Transport> transports() {
        return Stream.of(NettyPeers.Transport.values());
    }
}
