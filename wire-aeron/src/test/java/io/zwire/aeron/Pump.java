package io.zwire.aeron;

import io.aeron.Publication;
import io.aeron.Subscription;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Publishing and polling with bounded waits: every loop here ends by itself, at the latest at its deadline. */
final class Pump {
    static final Duration DEADLINE = Duration.ofSeconds(20);

    private Pump() {
    }

    /** Publishes {@code message}, polling {@code poller} while the publication is back-pressured or not yet connected. */
    static void publish(WirePublication publication, Runnable poller, Object message) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        PublishResult result;
        while ((result = publication.publish(message)) != PublishResult.PUBLISHED) {
            if (!result.isRetryable() || System.nanoTime() - deadline > 0) {
                throw new AssertionError("could not publish " + message + ": " + result);
            }
            poller.run();
        }
    }

    /** Runs {@code poller} until {@code done}. */
    static void pollUntil(BooleanSupplier done, Runnable poller, String what) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for " + what);
            }
            poller.run();
            Thread.onSpinWait();
        }
    }

    /** Waits until the publication sees the subscription. */
    static void awaitConnected(Publication publication, Subscription subscription) {
        pollUntil(() -> publication.isConnected() && subscription.isConnected(), Thread::yield,
                "publication " + publication.channel() + " to connect");
    }
}
