/**
 * The BINARY wire: CBOR (RFC 8949), with field names, readable by any CBOR decoder.
 *
 * <pre>
 * every data item starts with one initial byte:   major type (3 bits) | additional info (5 bits)
 *   additional info 0..23   the argument itself
 *                   24..27  the argument follows in 1, 2, 4 or 8 bytes, big-endian
 *                   31      indefinite length (strings, arrays, maps), or "break" (0xFF)
 *
 * zwire value        CBOR written                                   initial bytes
 * document           map of the fields, indefinite length           0xBF key value ... 0xFF
 * field key          text string: the field's name                  0x60..0x7B
 * int8 .. int64,     integer in its shortest form: major 0 for      0x00..0x1B,
 *   uint16, char16   n >= 0, major 1 (-1 - n) for n < 0              0x20..0x3B
 * float32, float64   the narrowest float that holds the value       0xF9 half, 0xFA single,
 *                    exactly (NaN is written as the half 0x7E00)    0xFB double
 * bool               simple values false / true                     0xF4 / 0xF5
 * null               simple value null                              0xF6
 * text, enum         text string (enum: the constant's name)        0x60..0x7B
 * bytes              byte string                                    0x40..0x5B
 * object             map, indefinite length                         0xBF ... 0xFF
 * typed object       tag 27 over [alias, map] (IANA tag 27:         0xD8 0x1B 0x82 alias map
 *                    "object with type name and constructor args")
 * sequence           array, indefinite length                       0x9F ... 0xFF
 * map                map, indefinite length, of key value pairs     0xBF key value ... 0xFF
 * map key            text string, or integer as above               0x60..0x7B, 0x00..0x3B
 * </pre>
 *
 * <p>A map's entries are read in the order they come; its keys may be text or integers (the
 * reader asks for one or the other, and a key of the other kind is a
 * {@link io.zwire.WireException}: an integer key is never read from text holding digits).
 * Definite-length maps from other encoders are read too, their declared entry count checked
 * against the bytes that remain (two bytes at least per entry) and
 * {@link io.zwire.ReadLimits#maxSequenceLength} before any entry is read.
 *
 * <p>Documents follow one another as a CBOR sequence (RFC 8742): each is one complete data item,
 * so no extra framing is needed to read them; nothing in it detects a damaged byte that still
 * parses, and after a refused document the reader searches for the next well-formed map
 * ({@code docs/unframed-streams.md}). The reader accepts what other encoders write: definite and
 * indefinite lengths everywhere (chunked strings included), every integer width whether minimal or
 * not, half, single and double floats, tags it does not know (ignored), undefined (as null where
 * an object, sequence or text is read; refused where a number or bool is), and fields in any
 * order; it skips values it does not need without recursion.
 *
 * <p><b>Duplicate keys.</b> A typed read refuses a field a map carries twice, or reads its first
 * or last value, as {@link io.zwire.RepeatedFields} says (the reader core's rule, the same on
 * every keyed wire). A plain-value read
 * ({@link io.zwire.Wire#readValue}) refuses a map with two equal keys with a
 * {@link io.zwire.WireException}; byte-string keys stay {@code byte[]} keys there.
 */
package io.zwire.binary.cbor;
