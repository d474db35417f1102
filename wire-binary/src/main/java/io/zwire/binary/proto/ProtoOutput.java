package io.zwire.binary.proto;

import io.zwire.Bytes;

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
