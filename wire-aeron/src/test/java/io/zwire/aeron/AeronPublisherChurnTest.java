package io.zwire.aeron;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Publishers that come and go, each sending messages longer than a frame: the subscriber, as its
 * subscription's unavailable-image handler, frees each one's reassembly buffer when its image goes.
 */
class AeronPublisherChurnTest {
    @RegisterExtension
    static final EmbeddedAeron AERON = new EmbeddedAeron();
    private static final int PUBLISHERS = 4;
    private static final int STREAM = 4242;

    @Test
    void theReassemblyBufferOfEachPublisherThatGoesIsFreed() {
        List<Object> read = new ArrayList<>();
        WireSubscriber in = WireSubscriber.of(AeronFailureIsolationTest.TYPES, (message, header) -> read.add(message.toString()),
                (problem, header) -> read.add(problem));
        Set<Integer> sessions = new HashSet<>();
        try (Subscription subscription = AERON.aeron.addSubscription("aeron:ipc", STREAM, null, in)) {
            for (int i = 0; i < PUBLISHERS; i++) {
                Fragile large = new Fragile(i, "x".repeat(3 * 1024));
                try (ExclusivePublication publication = AERON.aeron.addExclusivePublication("aeron:ipc", STREAM)) {
                    sessions.add(publication.sessionId());
                    Pump.awaitConnected(publication, subscription);
                    WirePublication out = WirePublication.of(publication, WireType.BINARY, AeronFailureIsolationTest.TYPES);
                    Runnable poll = () -> in.poll(subscription, 16);
                    Pump.publish(out, poll, large);
                    int expected = i + 1;
                    Pump.pollUntil(() -> read.size() == expected, poll, "message " + expected);
                    assertEquals(large.toString(), read.get(i), "read whole, through the assembler");
                }
            }
            Pump.pollUntil(() -> in.freedSessionBuffers() == PUBLISHERS, () -> in.poll(subscription, 16),
                    PUBLISHERS + " reassembly buffers freed (freed " + in.freedSessionBuffers() + ")");
        }
        assertEquals(PUBLISHERS, sessions.size(), "each publisher a session of its own");
    }
}
