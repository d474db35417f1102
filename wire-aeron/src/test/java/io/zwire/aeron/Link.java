package io.zwire.aeron;

import io.aeron.Publication;
import io.aeron.Subscription;
import io.zwire.WireException;
import io.zwire.WireType;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A publication and a subscription on one channel and a fresh stream, with zwire's publisher and
 * subscriber over them. The subscriber compares each message, as it arrives, with the next one
 * expected (the instance is reused, so it is compared before the next read overwrites it).
 */
final class Link implements AutoCloseable {
    private static final AtomicInteger STREAMS = new AtomicInteger(1000);

    final Publication publication;
    final Subscription subscription;
    final WirePublication out;
    final WireSubscriber in;
    final ArrayDeque<Object> expected = new ArrayDeque<>();
    final List<String> mismatches = new ArrayList<>();
    final List<WireException> badMessages = new ArrayList<>();
    int received;

    Link(EmbeddedAeron aeron, String channel, WireType wire, AeronMessageTypes publisherTypes, AeronMessageTypes subscriberTypes) {
        int stream = STREAMS.incrementAndGet();
        subscription = aeron.aeron.addSubscription(channel, stream);
        publication = aeron.aeron.addExclusivePublication(channel, stream);
        out = WirePublication.of(publication, wire, publisherTypes);
        in = WireSubscriber.of(subscriberTypes, (message, header) -> {
            Object want = expected.poll();
            if (!message.equals(want)) {
                mismatches.add("expected " + want + ", read " + message);
            }
            received++;
        }, (problem, header) -> badMessages.add(problem));
        Pump.awaitConnected(publication, subscription);
    }

    void poll() {
        in.poll(subscription, 16);
    }

    /** Publishes {@code message} and expects {@code read} on the other side. */
    void send(Object message, Object read) {
        expected.add(read);
        Pump.publish(out, this::poll, message);
    }

    void send(Object message) {
        send(message, message);
    }

    /** Polls until every message expected has arrived and {@code refusals} bad messages were reported. */
    void drain(int refusals) {
        Pump.pollUntil(() -> expected.isEmpty() && badMessages.size() >= refusals, this::poll,
                expected.size() + " more messages and " + refusals + " refusals on " + out);
    }

    @Override
    public void close() {
        publication.close();
        subscription.close();
    }
}
