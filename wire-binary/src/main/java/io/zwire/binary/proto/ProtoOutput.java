package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.internal.BytesAccess;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Writes the pieces of the protobuf encoding: tags, zig-zag varints, and the 5-byte padded varint
 * lengths that are reserved before a message and back-patched after it. Static, allocation-free,
 * shared by the writers.
 */
final class ProtoOutput {
    /** Bytes a reserved length takes: a varint padded to 5 bytes holds any length up to 2^35 - 1. */
    static final int RESERVED_LENGTH = 5;
    /** The reserved length's first four bytes before patching: 0 with every continuation bit set. */
    private static final int PADDING = 0x80808080;

    /** The most a tag (5 bytes) and a value (a 10-byte varint or 8 fixed bytes) take. */
    private static final int MAX_FIELD = 15;
    private static final VarHandle INT_ARRAY = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ProtoOutput() {
    }

    static void tag(Bytes bytes, int number, int wireType) {
        int tag = number << 3 | wireType;
        if ((tag & ~0x7F) == 0) {
            bytes.writeInt8(tag);
        } else {
            bytes.writeVarint(tag & 0xFFFF_FFFFL);
        }
    }

    // The field writers below are the hot path: with room for a whole field in the backing array,
    // the tag and the value go straight in with one position update; near the end of the array,
    // or over a buffer, they take the checked Bytes methods.

    /**
     * A tag ({@code number << 3 | wire type}, unsigned) and a varint. Straight-line for a one-byte
     * tag and a value below 2^21 (up to 3 bytes), the code inlined into every field; anything
     * longer takes {@link #varintFieldSlow}.
     */
    static void varintField(Bytes bytes, int tag, long value) {
        byte[] a = BytesAccess.array(bytes);
        int p = bytes.writePosition();
        if (a == null || (tag & ~0x7F) != 0 || (value & ~0x1F_FFFFL) != 0 || a.length - p < 4) {
            varintFieldSlow(bytes, tag, value);
            return;
        }
        int v = (int) value;
        a[p] = (byte) tag;
        if (v < 0x80) {
            a[p + 1] = (byte) v;
            bytes.writePosition(p + 2);
        } else if (v < 0x4000) {
            a[p + 1] = (byte) (v | 0x80);
            a[p + 2] = (byte) (v >>> 7);
            bytes.writePosition(p + 3);
        } else {
            a[p + 1] = (byte) (v | 0x80);
            a[p + 2] = (byte) (v >>> 7 | 0x80);
            a[p + 3] = (byte) (v >>> 14);
            bytes.writePosition(p + 4);
        }
    }

    private static void varintFieldSlow(Bytes bytes, int tag, long value) {
        byte[] a = BytesAccess.array(bytes);
        int p = bytes.writePosition();
        if (a != null && a.length - p >= MAX_FIELD) {
            bytes.writePosition(putVarint(a, putVarint(a, p, tag & 0xFFFF_FFFFL), value));
        } else {
            bytes.writeVarint(tag & 0xFFFF_FFFFL).writeVarint(value);
        }
    }

    /** A tag and 8 little-endian bytes. */
    static void fixed64Field(Bytes bytes, int tag, long bits) {
        byte[] a = BytesAccess.array(bytes);
        int p = bytes.writePosition();
        if (a != null && a.length - p >= MAX_FIELD) {
            p = putVarint(a, p, tag & 0xFFFF_FFFFL);
            LONG_ARRAY.set(a, p, bits);
            bytes.writePosition(p + 8);
        } else {
            bytes.writeVarint(tag & 0xFFFF_FFFFL).writeInt64(bits);
        }
    }

    /** A tag and 4 little-endian bytes. */
    static void fixed32Field(Bytes bytes, int tag, int bits) {
        byte[] a = BytesAccess.array(bytes);
        int p = bytes.writePosition();
        if (a != null && a.length - p >= MAX_FIELD) {
            p = putVarint(a, p, tag & 0xFFFF_FFFFL);
            INT_ARRAY.set(a, p, bits);
            bytes.writePosition(p + 4);
        } else {
            bytes.writeVarint(tag & 0xFFFF_FFFFL).writeInt32(bits);
        }
    }

    private static int putVarint(byte[] a, int position, long value) {
        int p = position;
        long v = value;
        while ((v & ~0x7FL) != 0) {
            a[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        return p;
    }

    /** Zig-zag maps signed to unsigned so that small magnitudes stay short: 0, -1, 1, -2 become 0, 1, 2, 3. */
    static long zigZag(long value) {
        return value << 1 ^ value >> 63;
    }

    static long zigZag32(int value) {
        return (value << 1 ^ value >> 31) & 0xFFFF_FFFFL;
    }

    static long unZigZag(long encoded) {
        return encoded >>> 1 ^ -(encoded & 1);
    }

    /** Reserves a length at the write position and returns its offset, for {@link #patchLength}. */
    static int reserveLength(Bytes bytes) {
        int offset = bytes.writePosition();
        bytes.writeInt32(PADDING).writeInt8(0);
        return offset;
    }

    /**
     * Writes the number of bytes between the reserved length at {@code offset} and the write
     * position into it, as a padded varint: four bytes with the continuation bit, then the top bits.
     */
    static void patchLength(Bytes bytes, int offset) {
        int length = bytes.writePosition() - offset - RESERVED_LENGTH;
        bytes.writeInt32At(offset, length & 0x7F | (length >>> 7 & 0x7F) << 8 | (length >>> 14 & 0x7F) << 16
                | (length >>> 21 & 0x7F) << 24 | PADDING);
        bytes.writeInt8At(offset + 4, length >>> 28);
    }
}
