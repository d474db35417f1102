package io.zwire.session;

import io.zwire.Bytes;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * A pool of {@link Bytes} that stays fast when many threads take and return buffers at once.
 *
 * <p>Striped and lock-free: the pool is split into a power-of-two number of stripes (twice the
 * available processors, rounded up), each a run of slots taken and filled with one CAS. The
 * stripes share one array but sit at least 64 bytes apart, so stripes never share a cache line.
 * A thread starts at the stripe its id hashes to, so threads mostly touch different cache lines;
 * only when its stripe is empty (or full, on release) does it look at the others. Java cannot ask
 * which core a thread runs on, so the thread id stands in for it. Compared with one lock around a
 * deque, contended threads never queue behind each other; compared with no pool, steady state
 * allocates nothing.
 *
 * <p>{@link #acquire()} allocates only when every stripe is empty; {@link #release(Bytes)} drops
 * the buffer (for the garbage collector) when every stripe is full or when it grew beyond
 * {@link #maxPooledCapacity()}, so a buffer one peer made large is not kept for the next: the pool
 * never holds more than {@link #maxRetainedBytes()}. Thread-safe.
 */
public final class BytesPool {
    /** Slots between the starts of two stripes: the stripe's own slots plus a cache line of padding. */
    private static final int PADDING = 16;

    private final AtomicReferenceArray<Bytes> slots;
    private final int perStripe;
    private final int stride;
    private final int mask;
    private final IntFunction<Bytes> factory;
    private final int bufferCapacity;
    private final int maxPooledCapacity;

    private BytesPool(int buffersPerStripe, int bufferCapacity, int maxPooledCapacity, IntFunction<Bytes> factory) {
        if (buffersPerStripe < 1 || bufferCapacity < 0 || maxPooledCapacity < bufferCapacity) {
            throw new IllegalArgumentException("buffersPerStripe must be positive, bufferCapacity not negative and"
                    + " maxPooledCapacity at least bufferCapacity: " + buffersPerStripe + ", " + bufferCapacity
                    + ", " + maxPooledCapacity);
        }
        int stripeCount = Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors() * 2 - 1)) << 1;
        this.perStripe = buffersPerStripe;
        this.stride = buffersPerStripe + PADDING;
        this.slots = new AtomicReferenceArray<>(stripeCount * stride);
        this.mask = stripeCount - 1;
        this.factory = factory;
        this.bufferCapacity = bufferCapacity;
        this.maxPooledCapacity = maxPooledCapacity;
    }

    /**
     * A pool of elastic heap buffers starting at {@code bufferCapacity} bytes, keeping returned
     * buffers of up to {@code max(bufferCapacity, 64 KiB)}.
     *
     * @param bufferCapacity the initial capacity of each new buffer, in bytes
     * @param buffersPerStripe the slots of each stripe (the stripes are twice the processors, rounded up to a power of two)
     * @return the new, empty pool; its slot array is allocated now, its buffers on first {@link #acquire()}
     * @throws IllegalArgumentException if {@code buffersPerStripe} is not positive or {@code bufferCapacity} negative
     */
    public static BytesPool heap(int bufferCapacity, int buffersPerStripe) {
        return heap(bufferCapacity, buffersPerStripe, Math.max(bufferCapacity, 64 * 1024));
    }

    /**
     * A pool of elastic heap buffers starting at {@code bufferCapacity} bytes that keeps a returned
     * buffer only if its capacity is at most {@code maxPooledCapacity}.
     *
     * @param bufferCapacity the initial capacity of each new buffer, in bytes
     * @param buffersPerStripe the slots of each stripe (the stripes are twice the processors, rounded up to a power of two)
     * @param maxPooledCapacity the largest capacity, in bytes, of a buffer {@link #release} keeps
     * @return the new, empty pool; its slot array is allocated now, its buffers on first {@link #acquire()}
     * @throws IllegalArgumentException if {@code buffersPerStripe} is not positive, {@code bufferCapacity}
     *                                  negative, or {@code maxPooledCapacity} below {@code bufferCapacity}
     */
    public static BytesPool heap(int bufferCapacity, int buffersPerStripe, int maxPooledCapacity) {
        return new BytesPool(buffersPerStripe, bufferCapacity, maxPooledCapacity, Bytes::elastic);
    }

    /**
     * A pool of fixed-size direct buffers of {@code bufferCapacity} bytes, the best fit for socket I/O.
     *
     * @param bufferCapacity the capacity of every buffer, in bytes
     * @param buffersPerStripe the slots of each stripe (the stripes are twice the processors, rounded up to a power of two)
     * @return the new, empty pool; its slot array is allocated now, its buffers on first {@link #acquire()}
     * @throws IllegalArgumentException if {@code buffersPerStripe} is not positive or {@code bufferCapacity} negative
     */
    public static BytesPool direct(int bufferCapacity, int buffersPerStripe) {
        return new BytesPool(buffersPerStripe, bufferCapacity, bufferCapacity, Bytes::allocateDirect);
    }

    private int home() {
        // Fibonacci hashing spreads consecutive thread ids over the stripes.
        @SuppressWarnings("deprecation") // Thread.threadId() arrived in JDK 19; getId() is the same value
        long id = Thread.currentThread().getId();
        return (int) (id * 0x9E3779B97F4A7C15L >>> 40) & mask;
    }

    /** {@return a cleared buffer: pooled if one is free, otherwise new (which allocates)} Lock-free. */
    public Bytes acquire() {
        final AtomicReferenceArray<Bytes> all = slots;
        int home = home();
        for (int s = 0; s <= mask; s++) {
            int first = ((home + s) & mask) * stride;
            for (int i = first, end = first + perStripe; i < end; i++) {
                Bytes bytes = all.get(i);
                if (bytes != null && all.compareAndSet(i, bytes, null)) {
                    return bytes.clear();
                }
            }
        }
        return factory.apply(bufferCapacity);
    }

    /**
     * Returns {@code bytes} to the pool; the caller must not use it afterwards. Null is ignored; a
     * buffer of more than {@link #maxPooledCapacity()} bytes is dropped, and so is one that finds
     * every slot full. Allocates nothing; lock-free.
     *
     * @param bytes the buffer to return, or null
     */
    public void release(Bytes bytes) {
        if (bytes == null || bytes.capacity() > maxPooledCapacity) {
            return;
        }
        final AtomicReferenceArray<Bytes> all = slots;
        int home = home();
        for (int s = 0; s <= mask; s++) {
            int first = ((home + s) & mask) * stride;
            for (int i = first, end = first + perStripe; i < end; i++) {
                if (all.get(i) == null && all.compareAndSet(i, null, bytes)) {
                    return;
                }
            }
        }
    }

    /** {@return the number of buffers pooled now} A snapshot that concurrent threads may change at once. */
    public int available() {
        int count = 0;
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) != null) {
                count++;
            }
        }
        return count;
    }

    /** {@return the bytes held by the pooled buffers (their capacities)} A snapshot, as {@link #available()}. */
    public long retainedBytes() {
        long bytes = 0;
        for (int i = 0; i < slots.length(); i++) {
            Bytes pooled = slots.get(i);
            if (pooled != null) {
                bytes += pooled.capacity();
            }
        }
        return bytes;
    }

    /** {@return the capacity, in bytes, of a new buffer: every buffer starts at it} */
    public int bufferCapacity() {
        return bufferCapacity;
    }

    /** {@return the capacity, in bytes, of the largest buffer {@link #release} keeps} */
    public int maxPooledCapacity() {
        return maxPooledCapacity;
    }

    /** {@return the most bytes the pool ever holds: every slot filled with a buffer of {@link #maxPooledCapacity()}} */
    public long maxRetainedBytes() {
        return (long) (mask + 1) * perStripe * maxPooledCapacity;
    }

    /** {@return the number of stripes, a power of two} */
    public int stripes() {
        return mask + 1;
    }
}
