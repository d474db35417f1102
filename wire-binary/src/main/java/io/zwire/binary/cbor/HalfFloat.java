package io.zwire.binary.cbor;

/**
 * IEEE 754 binary16 conversions for CBOR's half-precision floats ({@code Float.float16ToFloat}
 * only arrived in JDK 20).
 */
final class HalfFloat {
    /** The half-precision NaN CBOR encoders write: quiet, no payload. */
    static final int NAN = 0x7E00;

    private HalfFloat() {
    }

    /** The float a half's 16 bits denote; exact. */
    static float toFloat(int half) {
        int sign = (half & 0x8000) << 16;
        int exponent = half >>> 10 & 0x1F;
        int mantissa = half & 0x3FF;
        if (exponent == 0) {
            float magnitude = mantissa * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        if (exponent == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F800000 | mantissa << 13);
        }
        return Float.intBitsToFloat(sign | exponent - 15 + 127 << 23 | mantissa << 13);
    }

    /**
     * The half that holds {@code value} exactly, or -1 if none does; a NaN is held when its
     * payload fits in a half's 10 significand bits, so Java's own NaN is {@link #NAN}.
     */
    static int fromFloatExact(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = bits >>> 16 & 0x8000;
        int exponent = (bits >>> 23 & 0xFF) - 127;
        int mantissa = bits & 0x7FFFFF;
        if (exponent == 128) {
            return (mantissa & 0x1FFF) == 0 ? sign | 0x7C00 | mantissa >>> 13 : -1;
        }
        if (exponent == -127) {
            return mantissa == 0 ? sign : -1;
        }
        if (exponent >= -14 && exponent <= 15) {
            return (mantissa & 0x1FFF) != 0 ? -1 : sign | exponent + 15 << 10 | mantissa >>> 13;
        }
        if (exponent >= -24 && exponent < -14) {
            // A half subnormal is m * 2^-24 with m < 1024; the float is (2^23 | mantissa) * 2^(exponent - 23).
            int significand = mantissa | 0x800000;
            int shift = -(exponent + 1);
            return (significand & (1 << shift) - 1) != 0 ? -1 : sign | significand >>> shift;
        }
        return -1;
    }
}
