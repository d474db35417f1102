package io.zwire.netty;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client's handler for the tests: expects the i-th message to equal {@code expected.apply(i)}
 * (compared on the event loop, since the instance is reused), and records readiness, errors and the close.
 */
final class Recorder extends EventLog {
    private final IntFunction<Object> expected;
    final CountDownLatch ready = new CountDownLatch(1);
    volatile int received;
    volatile int mismatches;
    volatile String firstMismatch;

    Recorder(IntFunction<Object> expected) {
        this.expected = expected;
    }

    @Override
    public void onReady(ZwireConnection connection) {
        ready.countDown();
    }

    @Override
    public void onMessage(ZwireConnection connection, Object message) {
        if (!expected.apply(received).equals(message)) {
            if (mismatches++ == 0) {
                firstMismatch = "message " + received + ": " + message;
            }
        }
        received++;
    }

    void awaitReady() throws InterruptedException {
        assertTrue(ready.await(10, TimeUnit.SECONDS), () -> "the handshake completed; errors: " + errors);
    }

    void awaitReceived(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (received < count && System.nanoTime() < deadline && closed.getCount() > 0) {
            Thread.sleep(1);
        }
        assertTrue(received >= count, () -> "received " + received + " of " + count + "; errors: " + errors);
        assertTrue(mismatches == 0, () -> mismatches + " mismatches, the first " + firstMismatch);
    }
}
