package io.zwire.bench.session;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A 256-byte {@link Message256} passed between two threads through memory, the way low-latency
 * messaging measures itself: the sender writes it as a RAW document into the next slot of a ring
 * in one direct buffer and publishes the slot with a release store; the receiver spins on an
 * acquire load, reads the document in place and records now minus the send time the message
 * carries. The sender waits for each message to be taken before sending the next, so the figure is
 * one message's trip, not a queue's backlog. Each thread has its own {@link Bytes} view of the
 * shared memory and its own {@link Wire}; only the two counters cross threads.
 */
public final class InMemoryHandoff {
    private static final int SLOT = 256;
    private static final int SLOTS = 1024;
    /** Published and consumed counters, 128 bytes apart so they never share a cache line. */
    private static final int PUBLISHED = 16;
    private static final int CONSUMED = 32;

    private InMemoryHandoff() {
    }

    /**
     * Sends {@code warmup + measured} messages and returns the one-way latencies of the last
     * {@code measured}.
     *
     * @throws InterruptedException if interrupted while waiting for the receiver
     */
    public static Histogram run(int warmup, int measured) throws InterruptedException {
        ByteBuffer memory = ByteBuffer.allocateDirect(SLOT * SLOTS);
        AtomicLongArray counters = new AtomicLongArray(48);
        int total = warmup + measured;
        Histogram histogram = new Histogram(3_600_000_000_000L, 3);
        Thread receiver = new Thread(() -> receive(Bytes.wrap(memory), counters, total, warmup, histogram), "zwire-receiver");
        receiver.start();
        send(Bytes.wrap(memory), counters, total);
        receiver.join();
        return histogram;
    }

    private static void send(Bytes view, AtomicLongArray counters, int total) {
        Wire wire = WireType.RAW.apply(view.readPosition(0).writePosition(0));
        Message256 message = new Message256().fill(7);
        for (int i = 0; i < total; i++) {
            while (counters.get(CONSUMED) < i) {
                Thread.onSpinWait();
            }
            int slot = (i & (SLOTS - 1)) * SLOT;
            view.writePosition(slot);
            message.sequence = i;
            message.sentNanos = System.nanoTime();
            wire.writeDocument(message);
            counters.lazySet(PUBLISHED, i + 1);
        }
    }

    private static void receive(Bytes view, AtomicLongArray counters, int total, int warmup, Histogram histogram) {
        view.readPosition(0).writePosition(view.capacity());
        Wire wire = WireType.RAW.apply(view);
        Message256 message = new Message256();
        for (int i = 0; i < total; i++) {
            while (counters.get(PUBLISHED) <= i) {
                Thread.onSpinWait();
            }
            int slot = (i & (SLOTS - 1)) * SLOT;
            view.readPosition(slot);
            wire.readDocument(message);
            long latency = System.nanoTime() - message.sentNanos;
            if (message.sequence != i) {
                throw new IllegalStateException("message " + i + " arrived as " + message.sequence);
            }
            if (i >= warmup) {
                histogram.recordValue(latency);
            }
            counters.lazySet(CONSUMED, i + 1);
        }
    }
}
