package io.zwire.session;

import io.zwire.example.Order;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A {@link WireServer} without a key serves loopback peers only, unless its user opens it. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UnauthenticatedAccessTest {
    private EchoServer echo;
    private WireServer server;

    @AfterEach
    void stop() {
        if (echo != null) {
            echo.close();
        }
    }

    private static SessionConfig.Builder config() {
        return EchoServer.orders();
    }

    private void serve(InetAddress address, UnaryOperator<SessionConfig.Builder> access) throws IOException {
        echo = EchoServer.start(address, access.apply(config()).build());
        server = echo.server;
    }

    private WireSession client(InetAddress from) throws IOException {
        return WireSession.open(echo.connectFrom(from), config().build());
    }

    private static void assertServed(WireSession session) throws IOException {
        try (session) {
            session.send(Order.sample());
            assertEquals(Order.sample(), session.receive());
        }
    }

    @Test
    void aPeerTheServerDoesNotSeeAsLoopbackIsDeniedWithWordsSayingHowToOpenTheServer() throws Exception {
        InetAddress local = InetAddress.getByName("127.0.0.1");
        serve(local, builder -> builder.loopback(address -> false));
        SessionClosedException denied = assertThrows(SessionClosedException.class, () -> client(local));
        assertEquals(CloseReason.ACCESS_DENIED, denied.reason());
        assertTrue(denied.detail().contains("SessionConfig.Builder.openToAnyAddress")
                && denied.detail().contains("SessionConfig.Builder.authenticate"), denied.detail());
        assertEquals(0, echo.opened.get(), "the handler never saw the peer");
        assertEquals(1, server.closes(CloseReason.ACCESS_DENIED));
    }

    @Test
    void aServerOpenedToAnyAddressServesThatPeer() throws Exception {
        InetAddress local = InetAddress.getByName("127.0.0.1");
        serve(local, builder -> builder.loopback(address -> false).openToAnyAddress());
        assertServed(client(local));
        assertEquals(0, server.closes(CloseReason.ACCESS_DENIED));
    }

    @Test
    void theWholeOf127Slash8AndColonColon1CountAsLoopback() throws Exception {
        SessionConfig config = config().build();
        assertTrue(config.isLoopback(InetAddress.getByName("127.0.0.2")));
        assertTrue(config.isLoopback(InetAddress.getByName("127.255.1.9")));
        assertTrue(config.isLoopback(InetAddress.getByName("::1")));
        assertFalse(config.isLoopback(InetAddress.getByName("192.0.2.7")));
        assertFalse(config.isLoopback(InetAddress.getByName("128.0.0.1")));

        InetAddress local = InetAddress.getByName("127.0.0.1");
        serve(local, builder -> builder);
        assertServed(client(InetAddress.getByName("127.0.0.2")));
    }

    @Test
    void aPeerOnThisMachinesNonLoopbackInterfaceIsDenied() throws Exception {
        Optional<InetAddress> external = nonLoopbackAddress();
        assumeTrue(external.isPresent(), "this machine has no non-loopback IPv4 address to bind the server to");
        serve(external.get(), builder -> builder);
        SessionClosedException denied = assertThrows(SessionClosedException.class, () -> client(external.get()));
        assertEquals(CloseReason.ACCESS_DENIED, denied.reason());
        assertEquals(1, server.closes(CloseReason.ACCESS_DENIED));
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
        for (NetworkInterface face : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!face.isUp() || face.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(face.getInetAddresses())) {
                if (address instanceof Inet4Address && !address.isLoopbackAddress() && !address.isLinkLocalAddress()) {
                    return Optional.of(address);
                }
            }
        }
        return Optional.empty();
    }
}
