package io.zwire;

/**
 * A value tagged with a number, in the plain-value form of a document ({@link Wire#readValue}):
 * a CBOR tag (RFC 8949 major type 6) other than those zwire reads as a Java value of its own
 * (2 and 3 as {@code BigInteger}, refused unless their content is a byte string; 4 as
 * {@code BigDecimal} when its content is an integer exponent and an integer mantissa; 27 as
 * {@link Tagged} when its content is a type name and a value; and the self-describe tag 55799,
 * which marks a stream as CBOR and carries no data). A tag 4 or 27 of any other content stays a
 * {@code NumberedTag}. Such a tag goes
 * from CBOR to CBOR with its number; a wire with no numbered tags (YAML, JSON) refuses it with a
 * {@link WireException} rather than drop it.
 *
 * @param number the tag number, unsigned: CBOR's tag numbers run to 2^64-1, so a negative
 *               {@code long} stands for 2^63 and above ({@link Long#toUnsignedString} spells it)
 * @param value  the tagged value
 */
public record NumberedTag(long number, Object value) {
    /** The tag in CBOR's diagnostic notation, {@code 1(1363896240)}; allocates. */
    @Override
    public String toString() {
        return Long.toUnsignedString(number) + "(" + value + ")";
    }
}
