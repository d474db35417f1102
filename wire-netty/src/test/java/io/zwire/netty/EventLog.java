package io.zwire.netty;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The tests' handlers record what went wrong and when connections closed here. */
abstract class EventLog implements MessageHandler {
    final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
    final CountDownLatch closed = new CountDownLatch(1);
    volatile int closes;

    @Override
    public void onError(ZwireConnection connection, Throwable cause) {
        errors.add(cause);
    }

    @Override
    public void onClose(ZwireConnection connection) {
        closes++;
        closed.countDown();
    }

    Throwable nextError() throws InterruptedException {
        Throwable error = errors.poll(10, TimeUnit.SECONDS);
        assertNotNull(error, "an error was reported");
        return error;
    }
}
