package io.zwire.netty;

import io.netty.channel.Channel;
import io.zwire.TypeRegistry;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.session.PeerAccess;
import io.zwire.session.SessionConfig;
import io.zwire.session.WireServer;
import io.zwire.session.WireSession;
import io.zwire.example.Order;
import io.zwire.testkit.model.OrderWithVenue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One protocol: a Netty client talks to a WireServer, a WireSession client to a Netty server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NettyInteropTest {
    private static final WireServer.Handler WIRE_ECHO = (session, message) -> session.send(message);

    @Test
    void aNettyClientTalksToAWireServerAndTheyAgreeOnRawWhenSchemasMatch() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO);
             WireServer server = WireServer.start(new InetSocketAddress("127.0.0.1", 0),
                     NettyPeers.config(WireType.BINARY, WireType.RAW), WIRE_ECHO)) {
            Recorder client = new Recorder(NettyPeers::order);
            ZwireConnection connection = peers.client(server.port(), NettyPeers.config(WireType.RAW, WireType.BINARY), client);
            client.awaitReady();
            assertEquals(WireType.RAW, connection.wireType(), connection.wireReason());
            assertTrue(connection.checksumsFrames());
            for (int i = 0; i < 500; i++) {
                connection.channel().writeAndFlush(NettyPeers.order(i));
            }
            client.awaitReceived(500);
        }
    }

    @Test
    void aWireSessionClientTalksToANettyServer() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Channel server = peers.server(NettyPeers.config(WireType.NUMBERED, WireType.RAW), () -> NettyRoundTripTest.ECHO);
            try (WireSession session = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", NettyPeers.port(server))),
                    NettyPeers.config(WireType.RAW, WireType.NUMBERED))) {
                assertEquals(WireType.RAW, session.wireType(), session.wireReason());
                assertTrue(session.checksumsFrames());
                for (int i = 0; i < 500; i++) {
                    session.send(NettyPeers.order(i));
                    assertEquals(NettyPeers.order(i), session.receive());
                }
            }
        }
    }

    @Test
    void differentSchemasAgreeOnASelfDescribingWireAndReadWhatTheyShare() throws Exception {
        TypeRegistry venueTypes = TypeRegistry.builder().add("Order", OrderWithVenue.class, OrderWithVenue::new).build();
        SessionConfig serverConfig = SessionConfig.builder(venueTypes).wires(WireType.RAW, WireType.BINARY).allowRaw()
                .message(OrderWithVenue.class).build();
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Channel server = peers.server(serverConfig, () -> (connection, message) -> {
                OrderWithVenue order = (OrderWithVenue) message;
                order.venue("XLON");
                connection.send(order);
            });
            try (WireSession session = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", NettyPeers.port(server))),
                    NettyPeers.config(WireType.RAW, WireType.BINARY))) {
                assertEquals(WireType.BINARY, session.wireType());
                assertTrue(session.wireReason().contains("schema of 'Order' differs"), session.wireReason());
                session.send(NettyPeers.order(7));
                Order back = (Order) session.receive();
                assertEquals(7, back.id());
                assertEquals("SYM0", back.symbol());
                assertNull(back.party(), "a field the server's version lacks reads as its default");
            }
        }
    }

    @Test
    void aNettyClientFacingAServerThatDemandsZwireAuthenticationIsToldToUseTls() throws Exception {
        SessionConfig authenticating = SessionConfig.builder(NettyPeers.TYPES).wires(WireType.BINARY).message(Order.sample())
                .authenticate(identity -> new byte[32], PeerAccess.ANY_AUTHENTICATED).build();
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO);
             WireServer server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), authenticating, WIRE_ECHO)) {
            Recorder client = new Recorder(NettyPeers::order);
            ZwireConnection connection = peers.client(server.port(), NettyPeers.config(WireType.BINARY), client);
            WireException refused = assertInstanceOf(WireException.class, client.nextError());
            assertTrue(refused.getMessage().contains("zwire key authentication") && refused.getMessage().contains("TLS"),
                    refused.getMessage());
            assertTrue(client.closed.await(10, TimeUnit.SECONDS), "the client closed its side");
            assertTrue(!connection.isReady());
        }
    }
}
