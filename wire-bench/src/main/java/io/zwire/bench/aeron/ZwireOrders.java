package io.zwire.bench.aeron;

import io.aeron.Publication;
import io.aeron.Subscription;
import io.zwire.WireType;
import io.zwire.aeron.AeronMessageTypes;
import io.zwire.aeron.PublishResult;
import io.zwire.aeron.WirePublication;
import io.zwire.aeron.WireSubscriber;
import io.zwire.cli.OrderSessions;
import io.zwire.example.Order;

/**
 * Orders through zwire's {@link WirePublication} and {@link WireSubscriber} on one wire: the pong
 * reads each into its reused {@link Order} and publishes that instance back, as the
 * {@code WireSession} loopback server echoes.
 */
final class ZwireOrders implements OrderCodec {
    private final WireType wire;
    private final AeronMessageTypes types = AeronMessageTypes.of(OrderSessions.TYPES);

    ZwireOrders(WireType wire) {
        this.wire = wire;
    }

    @Override
    public String name() {
        return wire.name();
    }

    @Override
    public Ping ping(Publication out, Subscription in) {
        WirePublication publisher = WirePublication.of(out, wire, types);
        Order[] orders = OrderSessions.orders();
        WireSubscriber[] subscriber = new WireSubscriber[1];
        Ping ping = new Ping() {
            @Override
            long publish(int i) {
                return published(publisher.publish(orders[i & 3])) ? orders[i & 3].id() : NOT_PUBLISHED;
            }

            @Override
            int poll() {
                return subscriber[0].poll(in, 1);
            }
        };
        subscriber[0] = WireSubscriber.of(types, (message, header) -> ping.echoed(((Order) message).id()),
                (problem, header) -> {
                    throw problem;
                });
        return ping;
    }

    @Override
    public Pong pong(Publication out, Subscription in) {
        WirePublication publisher = WirePublication.of(out, wire, types);
        WireSubscriber subscriber = WireSubscriber.of(types, (message, header) -> {
            long start = System.nanoTime();
            while (!published(publisher.publish(message))) {
                OrderCodec.checkTimeout(start, "the echo to publish");
            }
        }, (problem, header) -> {
            throw problem;
        });
        return () -> subscriber.poll(in, 1);
    }

    private static boolean published(PublishResult result) {
        if (result == PublishResult.PUBLISHED) {
            return true;
        }
        if (!result.isRetryable()) {
            throw new IllegalStateException("publishing failed: " + result);
        }
        return false;
    }
}
