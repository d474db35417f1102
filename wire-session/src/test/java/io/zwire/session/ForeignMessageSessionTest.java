package io.zwire.session;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.foreign.Venue;
import io.zwire.example.Order;
import io.zwire.example.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Message types that are not Marshallable, registered with their marshallers, over a real server on 127.0.0.1. */
class ForeignMessageSessionTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Quote", Quote.class, QuoteMarshallers.QUOTES)
            .add("Point", Point.class, Records.POINT_RECORDS)
            .build();

    private WireServer server;

    private static SessionConfig config(WireType... wires) {
        return SessionConfig.builder(TYPES).wires(wires).allowRaw().message(Order.class).message(Quote.class)
                .message(Point.class).pool(BytesPool.heap(4096, 4)).build();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"RAW", "BINARY", "NUMBERED", "YAML", "JSON"})
    void foreignMessagesRoundTripBesideAMarshallableWithNoPerCallSetup(WireType wire) throws IOException {
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config(wire), (session, message) -> session.send(message));
        try (WireSession session = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port())),
                config(wire))) {
            assertEquals(wire, session.wireType());
            Object firstQuote = null;
            for (int i = 0; i < 50; i++) {
                Quote quote = new Quote(i, "SYM" + (i % 3), i * 0.5, i, Side.values()[i % 2], i % 2 == 0,
                        i % 3 == 0 ? null : new Venue("V" + (i % 4), i));
                session.send(quote);
                Object echoed = session.receive();
                assertEquals(quote, echoed);
                if (firstQuote == null) {
                    firstQuote = echoed;
                }
                assertSame(firstQuote, echoed, "a mutable message type is read into one reused instance");
                Point point = new Point(i, -i);
                session.send(point);
                Object echoedPoint = session.receive();
                assertEquals(point, echoedPoint);
                assertNotSame(point, echoedPoint);
                session.send(Order.sample());
                assertEquals(Order.sample(), session.receive());
            }
        }
    }

    /**
     * On RAW, and both wires over half a million below: long proofs. The default build holds a
     * session's garbage on BINARY (WireSessionTest) and a foreign type's through its marshaller on
     * every wire without a session (ZeroGarbageContract), each quick, where this pairing cost nine
     * seconds of TCP round trips.
     */
    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"RAW"})
    @Tag("long")
    void foreignMessagesAllocateNothingOnEitherSide(WireType wire) throws Exception {
        assertForeignMessagesAllocateNothing(wire, 200_000);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"RAW", "BINARY"})
    @Tag("long")
    void halfAMillionForeignMessagesAllocateNothingOnEitherSide(WireType wire) throws Exception {
        assertForeignMessagesAllocateNothing(wire, 500_000);
    }

    private void assertForeignMessagesAllocateNothing(WireType wire, int measured) throws Exception {
        long[] serverThread = new long[1];
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config(wire), (session, message) -> {
            serverThread[0] = Thread.currentThread().getId();
            session.send(message);
        });
        Quote[] quotes = {QuoteMarshallers.sample(), new Quote(2, "GBPUSD", 1.25, 7, Side.BUY, false, new Venue("XPAR", 2))};
        try (WireSession session = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port())),
                config(wire))) {
            WireSessionTest.exchange(session, quotes, 100_000, 32);
            long clientStart = io.zwire.test.AllocationMeter.allocatedBytes();
            long serverStart = io.zwire.test.AllocationMeter.allocatedBytes(serverThread[0]);
            WireSessionTest.exchange(session, quotes, measured, 32);
            double client = (io.zwire.test.AllocationMeter.allocatedBytes() - clientStart) / (double) measured;
            double serverSide = (io.zwire.test.AllocationMeter.allocatedBytes(serverThread[0]) - serverStart) / (double) measured;
            System.out.printf("session %-6s Quote client %.4f, server %.4f bytes/message over %,d messages each way (Java %s)%n",
                    wire, client, serverSide, measured, Runtime.version());
            assertTrue(client < 0.01, "client allocated " + client + " bytes per message");
            assertTrue(serverSide < 0.01, "server allocated " + serverSide + " bytes per message");
        }
    }

    @Test
    void aForeignMessageTypeHasTheFingerprintOfItsMarshallersSchema() {
        SessionConfig config = config(WireType.RAW);
        SessionConfig.MessageType quote = config.messages().get(1);
        assertEquals("Quote", quote.alias());
        assertSame(Quote.class, quote.type());
        assertEquals(io.zwire.Schema.of(QuoteMarshallers.QUOTES).fingerprint(), quote.fingerprint());
        assertTrue(config.rawAllowed());
    }

    @Test
    void anUnregisteredObjectIsRefused() throws IOException {
        server = WireServer.start(new InetSocketAddress("127.0.0.1", 0), config(WireType.BINARY),
                (session, message) -> session.send(message));
        try (WireSession session = WireSession.open(SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port())),
                config(WireType.BINARY))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> session.send(new Venue("X", 1)));
            assertTrue(e.getMessage().contains("Venue is not a message type of this session"), e.getMessage());
        }
    }
}
