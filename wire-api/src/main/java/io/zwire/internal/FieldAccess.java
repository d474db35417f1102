package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.Field;

/**
 * The encoded name a {@link Field} computes once, for {@link FieldNames}: its UTF-8 bytes without
 * the copy {@link Field#nameBytes()} makes, and the word and mask of a short name. Not exported
 * outside zwire. {@link Field} installs the accessor when its class initialises, so every caller
 * holding a {@code Field} finds it installed.
 */
public final class FieldAccess {
    /** Implemented inside {@code io.zwire} by {@link Field}. */
    public interface Accessor {
        /** The name's UTF-8 bytes, not a copy: never written to. */
        byte[] utf8(Field field);

        /** For a name of up to 8 bytes, the name as a little-endian word (zero-padded). */
        long nameWord(Field field);

        /** For a name of up to 8 bytes, the mask of the name's bytes within {@link #nameWord}. */
        long nameMask(Field field);

        /** See {@link FieldNames#nameEquals}. */
        boolean nameAt(Bytes bytes, int offset, Field field);
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

    private FieldAccess() {
    }

    /**
     * Called once, by {@link Field}.
     *
     * @param fieldAccessor the accessor
     * @throws IllegalStateException if one is installed already
     */
    public static void install(Accessor fieldAccessor) {
        if (accessor != null) {
            throw new IllegalStateException("already installed");
        }
        accessor = fieldAccessor;
    }

    static byte[] utf8(Field field) {
        return Installed.ACCESSOR.utf8(field);
    }

    static long nameWord(Field field) {
        return Installed.ACCESSOR.nameWord(field);
    }

    static long nameMask(Field field) {
        return Installed.ACCESSOR.nameMask(field);
    }

    static boolean nameAt(Bytes bytes, int offset, Field field) {
        return Installed.ACCESSOR.nameAt(bytes, offset, field);
    }
}
