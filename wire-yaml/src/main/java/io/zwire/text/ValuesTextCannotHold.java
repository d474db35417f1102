package io.zwire.text;

import io.zwire.NumberedTag;
import io.zwire.SimpleValue;

/**
 * The plain values that YAML and JSON cannot hold, refused alike by both text wires'
 * {@code writeValue}: a {@link NumberedTag} (neither has numbered tags, and a tag that came as
 * text would read back as something else), a {@link SimpleValue} ({@code undefined} is not null)
 * and a NaN other than Java's own {@code Double.NaN} (a payload or a sign bit: both wires have
 * one NaN, {@code .nan} and {@code "NaN"}). Writing any of these would change the value without
 * a word; CBOR keeps all three. Static; allocates only the description it returns.
 */
public final class ValuesTextCannotHold {
    /** The bits of {@code Double.NaN} and of {@code Float.NaN}: quiet, positive, no payload. */
    private static final long PLAIN_DOUBLE_NAN = Double.doubleToRawLongBits(Double.NaN);
    private static final int PLAIN_FLOAT_NAN = Float.floatToRawIntBits(Float.NaN);

    private ValuesTextCannotHold() {
    }

    /**
     * What a text wire expected instead of {@code value}, or null when {@code value}'s own kind
     * is one it can hold (its contents are checked as they are written).
     */
    public static String refusal(Object value) {
        String found = null;
        if (value instanceof NumberedTag tag) {
            found = "the CBOR tag " + Long.toUnsignedString(tag.number()) + " (a numbered tag)";
        } else if (value instanceof SimpleValue simple) {
            found = "the CBOR simple value " + simple;
        } else if (value instanceof Double d && d.isNaN() && Double.doubleToRawLongBits(d) != PLAIN_DOUBLE_NAN) {
            found = "the NaN 0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + " (a sign bit or a payload)";
        } else if (value instanceof Float f && f.isNaN() && Float.floatToRawIntBits(f) != PLAIN_FLOAT_NAN) {
            found = "the float NaN 0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + " (a sign bit or a payload)";
        }
        return found == null ? null : "a value the text wires can hold, found " + found;
    }
}
