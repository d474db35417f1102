package io.zwire.internal;

import io.zwire.Bytes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * The 32-bit hash that field names, interned strings and enum constants are looked up by: the
 * same value over an array range and over the same bytes in a {@link Bytes}, whatever its
 * backing, and equal to {@link io.zwire.Field#nameHash()} for a field's name. Allocates nothing.
 *
 * <p>Eight bytes a step with a 64-bit multiply-xorshift mix: names and symbols are short, so the
 * tail and the final avalanche dominate. From 32 bytes on, two words a step go into two
 * independent chains, merged at the end: each mix waits on the previous one's multiply, so two
 * chains take half the latency of one.
 */
public final class ByteRangeHash {
    private static final VarHandle LONG_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long SEED = 0x9E3779B97F4A7C15L;
    private static final long SEED_2 = 0xC2B2AE3D27D4EB4FL;
    private static final int TWO_LANES = 32;

    private ByteRangeHash() {
    }

    /**
     * The hash of a range of the written bytes of {@code bytes}.
     *
     * @param bytes  the input
     * @param offset start of the range
     * @param length length of the range
     * @return the hash, equal to {@link #of(byte[], int, int)} over the same bytes
     * @throws IndexOutOfBoundsException if the range is not within the written bytes
     */
    public static int of(Bytes bytes, int offset, int length) {
        if (offset < 0 || length < 0 || length > bytes.writePosition() - offset) {
            throw new IndexOutOfBoundsException("access of " + length + " bytes at offset " + offset
                    + " outside the written bytes [0, " + bytes.writePosition() + ")");
        }
        byte[] array = BytesAccess.array(bytes);
        return array != null ? of(array, offset, length) : ofBuffer(bytes, offset, length);
    }

    /** The buffer-backed path: the same steps through absolute little-endian reads. */
    private static int ofBuffer(Bytes bytes, int offset, int length) {
        long h = SEED ^ length;
        int i = 0;
        if (length >= TWO_LANES) {
            long second = SEED_2;
            for (; i + 16 <= length; i += 16) {
                h = mix(h, bytes.readInt64At(offset + i));
                second = mix(second, bytes.readInt64At(offset + i + 8));
            }
            h = mix(h, second);
        }
        for (; i + 8 <= length; i += 8) {
            h = mix(h, bytes.readInt64At(offset + i));
        }
        long tail = 0;
        for (int shift = 0; i < length; i++, shift += 8) {
            tail |= (long) bytes.readUint8At(offset + i) << shift;
        }
        return finish(h, tail);
    }

    /**
     * The hash of an array range.
     *
     * @param data   the array
     * @param offset start of the range
     * @param length length of the range
     * @return the hash
     * @throws IndexOutOfBoundsException if the range is not within {@code data}
     */
    public static int of(byte[] data, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, data.length);
        long h = SEED ^ length;
        int i = 0;
        if (length >= TWO_LANES) {
            long second = SEED_2;
            for (; i + 16 <= length; i += 16) {
                h = mix(h, (long) LONG_ARRAY.get(data, offset + i));
                second = mix(second, (long) LONG_ARRAY.get(data, offset + i + 8));
            }
            h = mix(h, second);
        }
        for (; i + 8 <= length; i += 8) {
            h = mix(h, (long) LONG_ARRAY.get(data, offset + i));
        }
        long tail = 0;
        for (int shift = 0; i < length; i++, shift += 8) {
            tail |= (long) (data[offset + i] & 0xFF) << shift;
        }
        return finish(h, tail);
    }

    private static long mix(long h, long word) {
        long x = (h ^ word) * 0xBF58476D1CE4E5B9L;
        return x ^ x >>> 31;
    }

    private static int finish(long h, long tail) {
        long x = mix(h, tail) * 0x94D049BB133111EBL;
        return (int) (x ^ x >>> 32);
    }
}
