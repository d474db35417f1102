/**
 * The RAW wire: no field metadata, fields in write order, little-endian.
 *
 * <pre>
 * document      +----------------+------------------------------+
 *               | length: int32  | fields, in write order       |   length counts the fields only
 *               +----------------+------------------------------+
 *
 * value         layout (no key, no type code: the shared schema says what comes next)
 * int8, bool    1 byte; bool is 0 or 1
 * int16, uint16, char16
 *               2 bytes
 * int32         4 bytes
 * float32       4 bytes, IEEE 754 bits (NaN payloads kept)
 * int64         8 bytes
 * float64       8 bytes, IEEE 754 bits
 * text, bytes   varint(n + 1), then n bytes (UTF-8 for text)     varint 0 = null
 * enum          varint(ordinal + 1)                              varint 0 = null
 * object        byte 1, then its fields inline                   byte 0 = null
 * typed object  alias as text, then its fields inline            null alias = null
 * sequence      byte 1, count: int32, then the elements          byte 0 = null
 * map           byte 1, count: int32, then per entry:            byte 0 = null
 *                 key    text as text; int32 and int64 keys as int64 (8 bytes)
 *                 value  as its kind
 * null          byte 0: every nullable kind starts with a byte that is 0 exactly when null
 * </pre>
 *
 * <p>varint: unsigned LEB128, 7 bits a byte, low bits first. All multi-byte values little-endian.
 *
 * <p>What RAW checks, having no keys or type codes:
 * <ul>
 *   <li><b>the schema, in a session's handshake</b>: each side sends the
 *       {@link io.zwire.Schema#fingerprint()} of every message type, recorded from its
 *       {@code readMarshallable} on a new instance, and RAW is chosen only when all are equal;</li>
 *   <li><b>read order against write order, at first use</b>: the first time a RAW wire reads a
 *       class (and when a session configures it), the class's {@code readMarshallable} must ask for
 *       the fields its {@code writeMarshallable} writes, in the same order and as the same kinds,
 *       or the read is refused with an {@link IllegalStateException} naming the first field out of
 *       place ({@link io.zwire.Schema#rawProblem()}), and a session does not offer RAW;</li>
 *   <li><b>each document's framing</b>: its length against the bytes that follow, every value
 *       against the document's end, presence markers, counts (a sequence's against
 *       {@link io.zwire.ReadLimits#maxSequenceLength()} and one byte an element left, a map's against
 *       that limit and two bytes an entry left, before anything is read), ordinals and UTF-8, and that the
 *       reader stopped exactly at the document's end. A failure is a {@link io.zwire.WireException}
 *       whose message says the writer's schema probably differs.</li>
 * </ul>
 * RAW cannot skip what it does not know the layout of, so a map's entries, or an entry's value,
 * left unread by {@code readMarshallable} are an {@link IllegalStateException}.
 * What RAW cannot check: two types with the same layout and another meaning (a {@code size}
 * replaced by an {@code orderCount} of the same kind) read each other's documents without an
 * error. Only the fingerprints tell them apart, so over a bare {@link io.zwire.Wire}, without a
 * handshake, use RAW only where writer and reader are known to share the type.
 */
package io.zwire.binary.raw;
