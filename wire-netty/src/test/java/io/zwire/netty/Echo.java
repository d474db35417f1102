package io.zwire.netty;

import java.util.concurrent.atomic.AtomicInteger;

/** A server's handler for the tests: echoes every message and records errors and closes, shared by all connections. */
class Echo extends EventLog {
    final AtomicInteger messages = new AtomicInteger();

    @Override
    public void onMessage(ZwireConnection connection, Object message) throws Exception {
        messages.incrementAndGet();
        connection.send(message);
    }
}
