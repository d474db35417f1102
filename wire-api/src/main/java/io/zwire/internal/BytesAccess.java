package io.zwire.internal;

import io.zwire.Bytes;

/**
 * The backing array of a heap {@link Bytes}, for zwire's own text readers, whose scanning loops
 * run over a {@code byte[]} with a local index (as jackson-core's do) rather than a bounds-checked
 * call per byte. Not exported outside zwire: writing through the array bypasses every check.
 * {@link Bytes} installs the accessor when its class initialises.
 */
public final class BytesAccess {
    /** Implemented inside {@code io.zwire} by {@link Bytes}. */
    public interface Accessor {
        /** The backing array, or null for a buffer-backed instance. */
        byte[] array(Bytes bytes);
    }

    private static Accessor accessor;

    private BytesAccess() {
    }

    /** Called once, by {@link Bytes}. */
    public static void install(Accessor bytesAccessor) {
        if (accessor != null) {
            throw new IllegalStateException("already installed");
        }
        accessor = bytesAccessor;
    }

    /**
     * The backing array of {@code bytes}, or null when it is buffer-backed. The array is replaced
     * when an elastic instance grows: fetch it again after any write.
     */
    public static byte[] array(Bytes bytes) {
        return accessor.array(bytes);
    }
}
