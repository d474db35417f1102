package io.zwire;

/**
 * A CBOR simple value (RFC 8949 major type 7) with no Java equivalent, in the plain-value form of
 * a document ({@link Wire#readValue}): {@code undefined} (23) and the unassigned values 0 to 19
 * and 32 to 255. ({@code false}, {@code true} and {@code null} are 20 to 22 and read as Java's
 * own; 24 to 31 are not simple values.) It goes from CBOR to CBOR unchanged; a wire with no such
 * value (YAML, JSON) refuses it with a {@link WireException}: {@code undefined} is not
 * {@code null}.
 *
 * @param value the simple value's number
 */
public record SimpleValue(int value) {
    /** CBOR's {@code undefined}. */
    public static final SimpleValue UNDEFINED = new SimpleValue(23);

    /** The last simple value number that fits in a CBOR initial byte; later ones take a byte of their own. */
    private static final int LAST_IN_INITIAL_BYTE = 23;
    /** The first simple value number written in the byte after the initial one (RFC 8949 section 3.3). */
    private static final int FIRST_IN_NEXT_BYTE = 32;

    /**
     * A simple value. Allocates nothing beyond itself.
     *
     * @param value the simple value's number
     * @throws IllegalArgumentException for 20 to 22 (use {@code Boolean} and null), 24 to 31
     *         (reserved) or a number outside 0 to 255
     */
    public SimpleValue {
        if (value < 0 || value > 0xFF || value >= 20 && value <= 22
                || value > LAST_IN_INITIAL_BYTE && value < FIRST_IN_NEXT_BYTE) {
            throw new IllegalArgumentException("no CBOR simple value without a Java equivalent is numbered " + value);
        }
    }

    /** The value in CBOR's diagnostic notation: {@code undefined} or {@code simple(16)}; allocates. */
    @Override
    public String toString() {
        return value == UNDEFINED.value ? "undefined" : "simple(" + value + ")";
    }
}
