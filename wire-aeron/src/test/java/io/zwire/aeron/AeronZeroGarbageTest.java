package io.zwire.aeron;

import io.aeron.Publication;
import io.aeron.Subscription;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The strict check: bytes allocated per message by the publishing thread and by the polling
 * thread, from HotSpot's exact per-thread counters, in steady state, over a real media driver.
 * The module's test JVM runs with {@code -XX:-DoEscapeAnalysis} (see its pom), so nothing here is
 * clean only because C2 removed an allocation.
 */
class AeronZeroGarbageTest {
    static final int WARM_UP = 10_000;
    /** Messages per measured round: a round that allocates 0 bytes on both threads is steady state. */
    static final int ROUND = 10_000;
    /**
     * Rounds before giving up. A round may still meet one-time work: a class loaded, a cache
     * filled, and, where C2 compiles (the long proofs; the default build's JVMs run C1 alone), the
     * JVM's own: the first time a method of a class is queued for C2, HotSpot resolves every string
     * literal of that class (error messages included) on the thread that queued it, a
     * {@code String} and its bytes each, a few hundred bytes at a time. On a slow machine C2 still
     * queues methods of new classes many rounds in, so the test measures until a round is clean.
     * A type that allocated per message would show in every round: a third of the 10,000
     * messages are each of the three types, so even 16 bytes a message of one type is over 50,000
     * bytes a round.
     */
    static final int MAX_ROUNDS = 30;
    private static final AtomicInteger STREAMS = new AtomicInteger(7000);
    @RegisterExtension
    static final EmbeddedAeron AERON = new EmbeddedAeron();

    /** The default build's cases: a text wire over IPC and a binary one over UDP, each path of the transport once. */
    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of("ipc", WireType.YAML), Arguments.of("udp", WireType.BINARY));
    }

    /** The long proof's: every other wire over IPC, and RAW over UDP. */
    static Stream<Arguments> otherCases() {
        List<Arguments> cases = new ArrayList<>();
        for (WireType wire : WireType.values()) {
            if (wire != WireType.YAML) {
                cases.add(Arguments.of("ipc", wire));
            }
        }
        cases.add(Arguments.of("udp", WireType.RAW));
        return cases.stream();
    }

    @ParameterizedTest(name = "{1} over {0}")
    @MethodSource("otherCases")
    @Tag("long")
    void everyOtherWireAndTransportAllocatesNothingPerMessageOnEitherThread(String transport, WireType wire) throws Exception {
        publishingAndReadingAllocateNothingPerMessageOnEitherThread(transport, wire);
    }

    @ParameterizedTest(name = "{1} over {0}")
    @MethodSource("cases")
    void publishingAndReadingAllocateNothingPerMessageOnEitherThread(String transport, WireType wire) throws Exception {
        String channel = transport.equals("ipc") ? "aeron:ipc" : EmbeddedAeron.udpChannel();
        AeronMessageTypes types = AeronMessageTypes.of(AeronRoundTripTest.TYPES);
        Object[] messages = messages();
        AtomicLong received = new AtomicLong();
        AtomicLong bad = new AtomicLong();
        WireSubscriber in = WireSubscriber.of(types, (message, header) -> received.lazySet(received.get() + 1),
                (problem, header) -> bad.incrementAndGet());
        int stream = STREAMS.incrementAndGet();
        try (Subscription subscription = AERON.aeron.addSubscription(channel, stream);
             Publication publication = AERON.aeron.addExclusivePublication(channel, stream)) {
            Pump.awaitConnected(publication, subscription);
            WirePublication out = WirePublication.of(publication, wire, types);
            Poller poller = new Poller(in, subscription);
            poller.start();
            try {
                publish(out, messages, WARM_UP, received);
                List<String> rounds = new ArrayList<>();
                boolean clean = false;
                for (int round = 0; round < MAX_ROUNDS && !clean; round++) {
                    long subscriberBefore = AllocationMeter.allocatedBytes(poller.getId());
                    long publisherBefore = AllocationMeter.allocatedBytes();
                    publish(out, messages, ROUND, received);
                    long publisherBytes = AllocationMeter.allocatedBytes() - publisherBefore;
                    long subscriberBytes = AllocationMeter.allocatedBytes(poller.getId()) - subscriberBefore;
                    rounds.add(publisherBytes + "/" + subscriberBytes);
                    clean = publisherBytes == 0 && subscriberBytes == 0;
                }
                System.out.printf("aeron %-4s %-13s bytes allocated (publisher/subscriber) per round of %,d messages: %s (Java %s)%n",
                        transport, wire, ROUND, rounds, Runtime.version());
                assertEquals(0, bad.get(), "bad messages");
                assertTrue(clean, "no round of " + ROUND + " messages allocated nothing on both threads: " + rounds);
            } finally {
                poller.stopAndJoin();
            }
        }
    }

    /**
     * Orders, vans with and without a driver and with sequences of every length, quotes. Every
     * order has a party: {@code Order} reads a party that follows a null one into a new
     * {@code Party} (its read method's choice, 32 bytes), which is the type's garbage, not the transport's.
     */
    static Object[] messages() {
        List<Object> messages = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            messages.add(new Order(i, i % 2 == 0 ? "EURUSD" : "GBPUSD", 1.08345 + i, 1_000_000L * i, Side.values()[i % 2],
                    new Party("Meridian Capital Partners", "MCP-EU-00004" + i, i)));
            messages.add(VanTelemetry.sample(i));
            messages.add(new Quote("USDJPY", 150.25 + i, 150.5 + i));
        }
        return messages.toArray();
    }

    /** Publishes {@code count} messages, cycling through {@code messages}, and waits until all have been read. */
    static void publish(WirePublication out, Object[] messages, int count, AtomicLong received) {
        long target = received.get() + count;
        long deadline = System.nanoTime() + Pump.DEADLINE.toNanos();
        for (int i = 0; i < count; i++) {
            while (out.publish(messages[i % messages.length]) != PublishResult.PUBLISHED) {
                if (System.nanoTime() - deadline > 0) {
                    throw new AssertionError("publishing timed out after " + i + " messages");
                }
                Thread.onSpinWait();
            }
        }
        while (received.get() < target) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("reading timed out at " + received.get() + " of " + target);
            }
            Thread.onSpinWait();
        }
    }

    /** The polling thread: polls until told to stop. */
    static final class Poller extends Thread {
        private final WireSubscriber in;
        private final Subscription subscription;
        private volatile boolean running = true;

        Poller(WireSubscriber in, Subscription subscription) {
            super("aeron-poller");
            this.in = in;
            this.subscription = subscription;
            setDaemon(true);
        }

        @Override
        public void run() {
            while (running) {
                if (in.poll(subscription, 16) == 0) {
                    Thread.onSpinWait();
                }
            }
        }

        void stopAndJoin() throws InterruptedException {
            running = false;
            join(Pump.DEADLINE.toMillis());
        }
    }
}
