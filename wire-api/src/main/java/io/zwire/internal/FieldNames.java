package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.Field;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Writes and matches a {@link Field}'s name as UTF-8 bytes in a {@link Bytes}, for the named wires'
 * writers and readers. A name of up to 8 bytes on a heap instance is one 8-byte store or one masked
 * 8-byte compare: small enough to inline into every field of a reader's or writer's fast path.
 * Nothing here allocates (but the growth of an elastic instance).
 */
public final class FieldNames {
    private static final VarHandle LONG_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private FieldNames() {
    }

    /**
     * Writes the UTF-8 bytes of {@code field}'s name at the write position of {@code bytes} (no
     * length, no quotes). A short name goes into a heap instance as one 8-byte store, which may
     * also change up to 7 bytes of free space past the new write position.
     *
     * @param bytes where to write
     * @param field whose name to write
     * @throws IndexOutOfBoundsException if a fixed-size {@code bytes} has no room for the name
     */
    public static void writeName(Bytes bytes, Field field) {
        final byte[] a = BytesAccess.array(bytes);
        final byte[] name = FieldAccess.utf8(field);
        final int p = bytes.writePosition();
        if (name.length <= 8 && a != null && a.length - p >= 8) {
            LONG_ARRAY.set(a, p, FieldAccess.nameWord(field));
            BytesAccess.wrote(bytes, p + name.length);
            return;
        }
        bytes.write(name, 0, name.length);
    }

    /**
     * True when the written bytes of {@code bytes} from {@code offset} begin with exactly
     * {@code field}'s name (the caller knows where the name ends).
     *
     * @param bytes  the input
     * @param offset where the name would start
     * @param field  the name to match
     * @return whether the bytes there are the name
     * @throws IndexOutOfBoundsException if the name's length from {@code offset} is not within the written bytes
     */
    public static boolean nameEquals(Bytes bytes, int offset, Field field) {
        return FieldAccess.nameAt(bytes, offset, field);
    }

    /**
     * True when the range of {@code bytes} holds exactly the UTF-8 bytes of {@code field}'s name.
     *
     * @param bytes  the input
     * @param offset start of the range
     * @param length length of the range
     * @param field  the name to match
     * @return whether the range is the name
     * @throws IndexOutOfBoundsException if the lengths are equal and the range is not within the written bytes
     */
    public static boolean rangeEquals(Bytes bytes, int offset, int length, Field field) {
        return bytes.contentEquals(offset, length, FieldAccess.utf8(field));
    }
}
