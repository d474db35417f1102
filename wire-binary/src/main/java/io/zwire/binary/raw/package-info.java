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
 * null          byte 0: every nullable kind starts with a byte that is 0 exactly when null
 * </pre>
 *
 * <p>varint: unsigned LEB128, 7 bits a byte, low bits first. All multi-byte values little-endian.
 * Both peers must share the schema ({@link io.zwire.Schema#fingerprint()}): RAW cannot detect a
 * reordered field of the same width, only a document whose length disagrees with what was read.
 */
package io.zwire.binary.raw;
