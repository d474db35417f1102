package io.zwire.internal;

/**
 * The container a record component is writing and how its values are written, handed to the
 * wire's sequence or map lambda, which must capture nothing. One per thread, allocated on the
 * thread's first record write with a {@code List} or {@code Map} component (a virtual thread is a
 * thread: each one allocates its own once); after that, a thread-local lookup per container
 * written, and no allocation of its own.
 *
 * <p>The lambda, which the wire calls once before returning, takes both out and {@linkplain
 * #clear clears} the holder before it writes a value, so a container nested in a value reuses
 * the same holder; the writer holds it in a {@code try}-with-resources, whose {@link #close}
 * clears it again, so nothing outlives a write that threw.
 */
final class PendingContainer implements AutoCloseable {
    private static final ThreadLocal<PendingContainer> PENDING = ThreadLocal.withInitial(PendingContainer::new);

    private Object values;
    private Object container;

    private PendingContainer() {
    }

    /**
     * {@return this thread's holder, now holding {@code values} (how the container's values are
     * written) and {@code container}} Allocates the holder on the thread's first call only.
     */
    static PendingContainer hold(Object values, Object container) {
        PendingContainer pending = PENDING.get();
        pending.values = values;
        pending.container = container;
        return pending;
    }

    /** {@return how the held container's values are written} */
    Object values() {
        return values;
    }

    /** {@return the container held, which may be null} */
    Object container() {
        return container;
    }

    /** Empties the holder. */
    void clear() {
        values = null;
        container = null;
    }

    /** Empties the holder, as {@link #clear}: the end of the write that {@link #hold} began. */
    @Override
    public void close() {
        clear();
    }
}
