package io.zwire.netty;

import io.zwire.example.Order;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client that keeps a window of orders in flight from its own event loop: each echo that
 * arrives sends the next order, until a round of {@code messages} has come back. Runs rounds on
 * request, so a test can measure one round apart from the warm-up.
 */
final class PingPong extends EventLog {
    private final Order[] orders = {NettyPeers.order(1), NettyPeers.order(2), NettyPeers.order(3), NettyPeers.order(4)};
    private final int window;
    private volatile CountDownLatch done = new CountDownLatch(0);
    private int toSend;
    private int toReceive;
    private ZwireConnection connection;
    final CountDownLatch ready = new CountDownLatch(1);

    PingPong(int window) {
        this.window = window;
    }

    @Override
    public void onReady(ZwireConnection ready) {
        this.connection = ready;
        this.ready.countDown();
    }

    @Override
    public void onMessage(ZwireConnection from, Object message) {
        if (--toReceive == 0) {
            done.countDown();
        } else if (toSend > 0) {
            send();
        }
    }

    private void send() {
        connection.send(orders[toSend-- & 3]);
    }

    /** Sends {@code messages} orders through the echo, {@code window} at a time, and waits for every echo. */
    void round(int messages) throws InterruptedException {
        assertTrue(ready.await(10, TimeUnit.SECONDS), () -> "the handshake completed; errors " + errors);
        CountDownLatch finished = new CountDownLatch(1);
        connection.channel().eventLoop().execute(() -> {
            done = finished;
            toSend = messages;
            toReceive = messages;
            for (int i = 0; i < window && toSend > 0; i++) {
                send();
            }
        });
        assertTrue(finished.await(60, TimeUnit.SECONDS), () -> "the round of " + messages + " completed; errors " + errors);
    }
}
