package io.zwire.netty;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.zwire.WireType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** zwire over TLS through Netty's SslHandler (JDK provider), the server requiring a client certificate. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NettyTlsTest {
    private static TestCertificates certificates;
    private static SslContext serverTls;

    @BeforeAll
    static void makeCertificates() throws Exception {
        certificates = TestCertificates.make(Path.of("target", "tls"));
        serverTls = certificates.server();
    }

    @Test
    void messagesRoundTripOverMutualTls() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), () -> echo, serverTls, null);
            Recorder client = new Recorder(NettyPeers::order);
            ZwireConnection connection = peers.client(NettyPeers.port(server), NettyPeers.config(WireType.BINARY), client,
                    certificates.client("client"), null);
            client.awaitReady();
            assertEquals(WireType.BINARY, connection.wireType());
            for (int i = 0; i < 500; i++) {
                connection.channel().writeAndFlush(NettyPeers.order(i));
            }
            client.awaitReceived(500);
            SslHandler tls = connection.channel().pipeline().get(SslHandler.class);
            assertEquals("CN=localhost", tls.engine().getSession().getPeerPrincipal().getName());
        }
    }

    @Test
    void aClientCertificateFromAnotherCaIsRefused() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), () -> echo, serverTls, null);
            Recorder client = new Recorder(NettyPeers::order);
            peers.client(NettyPeers.port(server), NettyPeers.config(WireType.BINARY), client, certificates.client("rogue-client"), null);
            assertTrue(client.closed.await(20, TimeUnit.SECONDS), "the server closed the connection");
            assertEquals(1, client.ready.getCount(), "no handshake completed");
            assertEquals(0, echo.messages.get());
            assertTrue(echo.nextError().toString().contains("SSLHandshakeException"), "the server reported the TLS handshake failure");
        }
    }

    @Test
    void aPlainClientToATlsServerIsRefused() throws Exception {
        try (NettyPeers peers = new NettyPeers(NettyPeers.Transport.NIO)) {
            Echo echo = new Echo();
            Channel server = peers.server(NettyPeers.config(WireType.BINARY), () -> echo, serverTls, null);
            Recorder client = new Recorder(NettyPeers::order);
            peers.client(NettyPeers.port(server), NettyPeers.config(WireType.BINARY), client);
            assertTrue(client.closed.await(20, TimeUnit.SECONDS), "the server closed the connection");
            assertEquals(1, client.ready.getCount(), "no handshake completed");
            assertTrue(client.nextError().getMessage().contains("the peer's hello, but the peer closed the connection"));
            assertTrue(echo.nextError().toString().contains("NotSslRecordException"), "the server reported a record that is not TLS");
        }
    }
}
