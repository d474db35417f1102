package io.zwire.session;

import io.zwire.Schema;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.testkit.model.SwappedQuote;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionConfigTest {
    private static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Order", Order.class, Order::new)
            .add("Party", Party.class, Party::new)
            .add("AllTypes", AllTypes.class, AllTypes::new)
            .add("Quote", SwappedQuote.class, SwappedQuote::new)
            .build();

    private static SessionConfig.Builder builder() {
        return SessionConfig.builder(TYPES).wires(WireType.RAW).allowRaw();
    }

    private static List<Long> fingerprints(SessionConfig config) {
        return config.messages().stream().map(SessionConfig.MessageType::fingerprint).toList();
    }

    /** Peers that gave a sparse sample used to compute other fingerprints and fall back from RAW. */
    @Test
    void theFingerprintsDoNotDependOnTheSamples() {
        AllTypes full = new AllTypes();
        full.longs.add(1L);
        full.parties.add(new Party("p", "a", 1));
        full.matrix.add(List.of(1, 2));
        full.payload = new Party();
        List<Long> populated = fingerprints(builder().message(Order.sample()).message(full).build());
        assertEquals(populated, fingerprints(builder().message(new Order()).message(new AllTypes()).build()));
        assertEquals(populated, fingerprints(builder().message(Order.class).message(AllTypes.class).build()));
        assertEquals(List.of(Schema.of(Order::new).fingerprint(), Schema.of(AllTypes::new, TYPES).fingerprint()), populated);
    }

    @Test
    void aMessageTypeThatReadsOutOfWriteOrderTakesRawOff() {
        SessionConfig ordered = builder().message(Order.class).build();
        assertTrue(ordered.rawAllowed());
        assertTrue(ordered.rawProblem().isEmpty());
        SessionConfig swapped = builder().message(Order.class).message(SwappedQuote.class).build();
        assertFalse(swapped.rawAllowed());
        assertEquals("message type 'Quote': SwappedQuote reads ask (3) where it writes bid (2) first: RAW would put"
                + " bid's value into ask", swapped.rawProblem().orElseThrow());
    }

    @Test
    void theLimitsOnWhatAPeerMayCostHaveTheDocumentedDefaultsAndRefuseNonsense() {
        SessionConfig config = SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.class).build();
        assertEquals(16L << 20, config.maxSessionBytes());
        assertEquals(Runtime.getRuntime().maxMemory() / 4, config.maxServerBytes());
        assertEquals(1 << 20, config.maxPendingOutputBytes());
        assertEquals(java.time.Duration.ofSeconds(10), config.handshakeTimeout());
        assertEquals(java.time.Duration.ofMinutes(10), config.idleTimeout());
        assertEquals(1024, config.maxConnections());
        assertTrue(config.checksumFrames());
        SessionConfig.Builder builder = SessionConfig.builder(TYPES);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> builder.maxSessionBytes(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> builder.maxServerBytes(-1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> builder.maxPendingOutputBytes(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> builder.handshakeTimeout(java.time.Duration.ZERO));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> builder.idleTimeout(java.time.Duration.ofSeconds(-1)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> builder.maxConnections(0));
    }

    @Test
    void anAddressMayHoldAnEighthOfTheServerByDefaultAtLeastAFewConnectionsAndAMiBNeverMoreThanTheServer() {
        SessionConfig config = SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.class)
                .maxServerBytes(32L << 20).build();
        assertEquals(128, config.maxConnectionsPerAddress());
        assertEquals(4L << 20, config.maxServerBytesPerAddress());
        assertEquals(java.time.Duration.ofSeconds(30), config.frameTimeout());
        assertEquals(java.time.Duration.ofSeconds(5), config.shedAfterIdle());
        SessionConfig small = SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.class)
                .maxConnections(64).maxServerBytes(4L << 20).build();
        assertEquals(16, small.maxConnectionsPerAddress());
        assertEquals(1L << 20, small.maxServerBytesPerAddress());
        SessionConfig tiny = SessionConfig.builder(TYPES).wires(WireType.BINARY).message(Order.class)
                .maxConnections(3).maxServerBytes(512 << 10).maxConnectionsPerAddress(10).build();
        assertEquals(3, tiny.maxConnectionsPerAddress());
        assertEquals(512 << 10, tiny.maxServerBytesPerAddress());
        SessionConfig.Builder builder = SessionConfig.builder(TYPES);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> builder.maxConnectionsPerAddress(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> builder.maxServerBytesPerAddress(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> builder.frameTimeout(java.time.Duration.ofSeconds(-1)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> builder.shedAfterIdle(java.time.Duration.ofSeconds(-1)));
    }
}
