package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.internal.Utf8AfterPrefix;

/**
 * Writes CBOR heads and scalars in their shortest form: the argument in the initial byte when it
 * is below 24, else in 1, 2, 4 or 8 big-endian bytes; floats as the narrowest of half, single and
 * double that holds the value exactly, a NaN with its sign and payload. Static, allocation-free, shared by the writers.
 */
final class CborOutput {
    private CborOutput() {
    }

    /** A head with an unsigned 64-bit {@code argument} (a negative long stands for 2^63 and above). */
    static void head(Bytes bytes, int major, long argument) {
        int type = major << 5;
        if (argument >= 0 && argument < 24) {
            bytes.writeInt8(type | (int) argument);
        } else if (argument >= 0 && argument <= 0xFF) {
            bytes.writeInt8(type | 24).writeInt8((int) argument);
        } else if (argument >= 0 && argument <= 0xFFFF) {
            bytes.writeInt8(type | 25).writeInt16(Short.reverseBytes((short) argument));
        } else if (argument >= 0 && argument <= 0xFFFF_FFFFL) {
            bytes.writeInt8(type | 26).writeInt32(Integer.reverseBytes((int) argument));
        } else {
            bytes.writeInt8(type | 27).writeInt64(Long.reverseBytes(argument));
        }
    }

    /**
     * An integer in its shortest form. Arguments below 2^16 are written here directly, since
     * {@link #head} is too large for the JIT to inline into every field.
     */
    static void integer(Bytes bytes, long value) {
        long argument = value >= 0 ? value : ~value;
        int major = value >= 0 ? 0 : 0x20;
        if (argument < 24) {
            bytes.writeInt8(major | (int) argument);
        } else if (argument <= 0xFF) {
            bytes.writeInt16(major | 24 | (int) argument << 8);
        } else if (argument <= 0xFFFF) {
            bytes.writeInt8(major | 25).writeInt16(Short.reverseBytes((short) argument));
        } else {
            head(bytes, value >= 0 ? CborInput.UNSIGNED : CborInput.NEGATIVE, argument);
        }
    }

    static void float32(Bytes bytes, float value) {
        int half = HalfFloat.fromFloatExact(value);
        if (half >= 0) {
            bytes.writeInt8(0xF9).writeInt16(Short.reverseBytes((short) half));
        } else {
            bytes.writeInt8(0xFA).writeInt32(Integer.reverseBytes(Float.floatToRawIntBits(value)));
        }
    }

    static void float64(Bytes bytes, double value) {
        float narrow = (float) value;
        if (narrow == value) {
            float32(bytes, narrow);
        } else if (value != value) {
            nan(bytes, Double.doubleToRawLongBits(value));
        } else {
            bytes.writeInt8(0xFB).writeInt64(Long.reverseBytes(Double.doubleToRawLongBits(value)));
        }
    }

    /** A NaN in the narrowest width that keeps its sign and payload; Java's own NaN is {@code f9 7e00}. */
    private static void nan(Bytes bytes, long bits) {
        int half = FloatWidening.nanAsHalf(bits);
        int single = FloatWidening.nanAsFloat(bits);
        if (half >= 0) {
            bytes.writeInt8(0xF9).writeInt16(Short.reverseBytes((short) half));
        } else if (single != 0) {
            bytes.writeInt8(0xFA).writeInt32(Integer.reverseBytes(single));
        } else {
            bytes.writeInt8(0xFB).writeInt64(Long.reverseBytes(bits));
        }
    }

    /**
     * A text string. Up to 255 chars, the head's size is guessed from the char count (UTF-8 has at
     * least as many bytes), the text written after it, and the head filled in if the guess holds:
     * one pass over the chars instead of one to measure and one to write.
     */
    static void text(Bytes bytes, CharSequence text) {
        int chars = text.length();
        if (chars <= 0xFF) {
            int at = bytes.writePosition();
            int headLength = chars < 24 ? 1 : 2;
            int length = Utf8AfterPrefix.write(bytes, headLength, text, headLength == 1 ? 23 : 0xFF);
            if (length >= 0) {
                if (headLength == 1) {
                    bytes.writeInt8At(at, CborInput.TEXT_STRING << 5 | length);
                } else {
                    bytes.writeInt8At(at, CborInput.TEXT_STRING << 5 | 24).writeInt8At(at + 1, length);
                }
                return;
            }
        }
        head(bytes, CborInput.TEXT_STRING, Bytes.utf8Length(text));
        bytes.writeUtf8(text);
    }

    static void byteString(Bytes bytes, byte[] value, int offset, int length) {
        head(bytes, CborInput.BYTE_STRING, length);
        bytes.write(value, offset, length);
    }
}
