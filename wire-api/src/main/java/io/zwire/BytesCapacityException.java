package io.zwire;

/**
 * Thrown when a write needs more room than a {@link Bytes} has and may take: a fixed-size
 * instance, a region ({@link Bytes#writeRegion}) or an elastic instance at its maximum capacity.
 * Nothing of the refused write is stored. It is an {@link IndexOutOfBoundsException}, as before it
 * had a name of its own, so callers that catch that keep working; a caller that falls back to a
 * larger buffer (a transport encoding in place) catches this one alone, so a bug in a user's write
 * method that throws another {@code IndexOutOfBoundsException} is not mistaken for a full buffer.
 */
public final class BytesCapacityException extends IndexOutOfBoundsException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception with {@code message}. Allocates (it is an exception).
     *
     * @param message the write refused and the limit it met
     */
    public BytesCapacityException(String message) {
        super(message);
    }
}
