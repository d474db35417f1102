package io.zwire.binary.proto;

import java.io.ByteArrayOutputStream;

/**
 * Hand-built protobuf input for the reading tests: whatever sequence of tags and values a test
 * needs, well formed or not, and {@link #document()} to frame it as a delimited document with a
 * minimal length, as protobuf's {@code writeDelimitedTo} does.
 */
final class ProtoBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static ProtoBytes fields() {
        return new ProtoBytes();
    }

    ProtoBytes raw(int... values) {
        for (int value : values) {
            out.write(value);
        }
        return this;
    }

    ProtoBytes varint(long value) {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }

    ProtoBytes tag(int number, int wireType) {
        return varint((long) number << 3 | wireType);
    }

    ProtoBytes sint(int number, long value) {
        return tag(number, 0).varint(value << 1 ^ value >> 63);
    }

    ProtoBytes uint(int number, long value) {
        return tag(number, 0).varint(value);
    }

    ProtoBytes fixed64(int number, long bits) {
        tag(number, 1);
        for (int i = 0; i < 8; i++) {
            out.write((int) (bits >>> 8 * i));
        }
        return this;
    }

    ProtoBytes fixed32(int number, int bits) {
        tag(number, 5);
        for (int i = 0; i < 4; i++) {
            out.write(bits >>> 8 * i);
        }
        return this;
    }

    ProtoBytes float64(int number, double value) {
        return fixed64(number, Double.doubleToRawLongBits(value));
    }

    ProtoBytes text(int number, String value) {
        return bytes(number, value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    ProtoBytes bytes(int number, byte[] value) {
        tag(number, 2).varint(value.length);
        out.writeBytes(value);
        return this;
    }

    ProtoBytes message(int number, ProtoBytes body) {
        return bytes(number, body.toByteArray());
    }

    /** A packed run of zig-zag varints. */
    ProtoBytes packedSint(int number, long... values) {
        ProtoBytes run = new ProtoBytes();
        for (long value : values) {
            run.varint(value << 1 ^ value >> 63);
        }
        return bytes(number, run.toByteArray());
    }

    ProtoBytes startGroup(int number) {
        return tag(number, 3);
    }

    ProtoBytes endGroup(int number) {
        return tag(number, 4);
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }

    /** The fields framed as one delimited document. */
    byte[] document() {
        byte[] body = out.toByteArray();
        ProtoBytes framed = new ProtoBytes().varint(body.length);
        framed.out.writeBytes(body);
        return framed.toByteArray();
    }
}
