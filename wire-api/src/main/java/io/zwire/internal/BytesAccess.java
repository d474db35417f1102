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

        /** Sets the write position after bytes were stored through the array, unchecked. */
        void wrote(Bytes bytes, int position);
    }

    /** Set once by the class that implements the accessor, when that class initialises. */
    private static Accessor accessor;

    /**
     * The accessor as a constant: this holder initialises on the first access, which needs an
     * instance and so comes after the installing class has initialised. A {@code static final}
     * lets C2 fold the accessor and bind its call directly; read from the plain static above,
     * every access would load, null-check and type-check it on the wires' per-field paths.
     */
    private static final class Installed {
        static final Accessor ACCESSOR = accessor;
    }

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
        return Installed.ACCESSOR.array(bytes);
    }

    /**
     * Sets the write position of a heap {@code bytes} to {@code position} after the caller stored
     * the bytes before it through {@link #array}, without the checks of
     * {@link Bytes#writePosition(int)}: the caller has checked the array's room.
     *
     * @param bytes    the instance written
     * @param position the new write position, within the array
     */
    public static void wrote(Bytes bytes, int position) {
        Installed.ACCESSOR.wrote(bytes, position);
    }
}
