/**
 * The NUMBERED wire: the Protocol Buffers encoding, keyed by field numbers, readable by any
 * protobuf decoder given the matching {@code .proto} (the one for the test model's {@code Order}
 * is {@code wire-binary/src/test/proto/order.proto}).
 *
 * <pre>
 * documents   protobuf's delimited format (parseDelimitedFrom / writeDelimitedTo), one after another:
 *
 *             +------------------------------+----------------------------------------+
 *             | length: varint, 5 bytes      | message: the fields, in write order     |
 *             | padded, back-patched         |                                        |
 *             +------------------------------+----------------------------------------+
 *
 * field       +---------------------------------+-------------------------------+
 *             | tag: varint(number &lt;&lt; 3 | wt)  | value, as the wire type says  |
 *             +---------------------------------+-------------------------------+
 *             wt 0 varint    1 fixed64 (8 bytes, little-endian)    2 length-delimited: varint n, n bytes
 *             wt 5 fixed32 (4 bytes, little-endian)               3, 4 group start/end (read only to skip)
 *
 * map         protobuf's map&lt;K, V&gt; encoding: the map's field once per entry, each an entry message
 *             +--------------+---------------------+---------------------+-----------------------+
 *             | tag(N, LEN)  | length: 5 bytes,    | key: tag(1, wt),    | value: tag(2, wt),    |
 *             |              | padded, patched     | then the key        | then the value        |
 *             +--------------+---------------------+---------------------+-----------------------+
 *             the entry's length is reserved at its key and patched at the next key or the map's end
 *
 * lengths     of documents, nested messages, map entries and packed runs are written as 5-byte varints
 *             (0x80|b0 0x80|b1 0x80|b2 0x80|b3 b4), reserved before the body and patched after
 *             it: one pass, nothing moved. Any decoder accepts them; lengths of text and byte
 *             strings are known up front and written minimally.
 * </pre>
 *
 * <table>
 *   <caption>zwire value kinds and their protobuf types</caption>
 *   <tr><th>zwire</th><th>.proto type</th><th>wire type</th><th>encoding</th></tr>
 *   <tr><td>int8, int16, int32</td><td>sint32</td><td>0</td><td>zig-zag varint (reading checks the range)</td></tr>
 *   <tr><td>int64</td><td>sint64</td><td>0</td><td>zig-zag varint</td></tr>
 *   <tr><td>uint16, char16</td><td>uint32</td><td>0</td><td>varint, 0..65535</td></tr>
 *   <tr><td>float32</td><td>float</td><td>5</td><td>fixed32, the IEEE 754 bits</td></tr>
 *   <tr><td>float64</td><td>double</td><td>1</td><td>fixed64, the IEEE 754 bits</td></tr>
 *   <tr><td>bool</td><td>bool</td><td>0</td><td>varint 0 or 1 (any non-zero reads as true)</td></tr>
 *   <tr><td>enum</td><td>enum, value = ordinal</td><td>0</td><td>varint ordinal</td></tr>
 *   <tr><td>text</td><td>string</td><td>2</td><td>UTF-8</td></tr>
 *   <tr><td>bytes</td><td>bytes</td><td>2</td><td>the bytes</td></tr>
 *   <tr><td>object</td><td>message</td><td>2</td><td>its fields</td></tr>
 *   <tr><td>typed object</td><td>{@code message Typed { string alias = 1; bytes value = 2; }}</td><td>2</td>
 *       <td>the registered alias, then the object's fields as {@code value}: the shape of
 *       {@code google.protobuf.Any}, with the alias where Any has a type URL</td></tr>
 *   <tr><td>sequence of primitives</td><td>repeated, packed</td><td>2</td><td>one length-delimited run of values without tags</td></tr>
 *   <tr><td>sequence of text, bytes, objects</td><td>repeated</td><td>2</td><td>the field repeated, once per element</td></tr>
 *   <tr><td>sequence of sequences</td><td>repeated message {@code { repeated T elements = 1; }}</td><td>2</td>
 *       <td>each inner sequence is a message whose field 1 holds its elements</td></tr>
 *   <tr><td>map, text or int keys</td><td>{@code map<string, V>}, {@code map<sint32, V>}, {@code map<sint64, V>}</td>
 *       <td>2</td><td>one entry message per key: key = 1 (string, or zig-zag varint for int32 and int64
 *       keys), value = 2 (encoded as a field of its kind); a null value is an entry with its key alone</td></tr>
 *   <tr><td>map of sequences, map of maps</td><td>{@code repeated} entry messages of their own</td><td>2</td>
 *       <td>the value is field 2 repeated: packed, or one occurrence per element or inner entry</td></tr>
 *   <tr><td>map as a sequence element</td><td>message {@code { repeated Entry entries = 1; }}</td><td>2</td>
 *       <td>each map is a message whose field 1 holds its entries</td></tr>
 *   <tr><td>null</td><td>(field absent)</td><td></td><td>nothing is written</td></tr>
 * </table>
 *
 * <p><b>Null and missing are the same.</b> A null text, byte string, enum, object or typed object
 * writes nothing, exactly like a field the writer's version does not have; both read as null (and
 * an empty string, an object of defaults, the first enum constant are present and read back as
 * themselves). Every other field is written even when it is 0, so declare singular fields
 * {@code optional} in the {@code .proto} to keep that presence. A null sequence element has no
 * protobuf form and is refused with {@link IllegalArgumentException}; null, empty and missing
 * sequences all read as empty, and so do null, empty and missing maps.
 *
 * <p><b>Reading</b> follows protobuf: fields in any order; for a scalar field that occurs more than
 * once the last occurrence wins; occurrences of a nested message field merge (later scalars win,
 * sequences concatenate); a typed object is read from its last occurrence; the elements of a
 * sequence are all the occurrences of its number, packed or not, wherever they are. Unknown
 * fields of every wire type, groups included, are skipped in bounded work and offered to
 * {@link io.zwire.Marshallable#unexpectedField}, once per number, with a {@link io.zwire.WireKey}
 * whose {@code number()} is the field number. A value whose wire type does not fit the kind read
 * (text where an int64 was asked for) is a {@link io.zwire.WireException}, as is anything
 * malformed, cut off, or beyond {@link io.zwire.ReadLimits}. {@link io.zwire.ValueIn#skip()} on an
 * element inside a packed run skips the rest of that run: a run carries no type, so its elements
 * cannot be told apart without one. For the same reason a sequence element read as another
 * primitive kind than it was written (a bool read as a float64), or a text element read as a
 * primitive (its length-delimited bytes are then a packed run), gives a value of its bytes, as
 * protobuf does when the reader's schema differs; a value that would run past its run is refused
 * and the rest of the run passed over, so code that catches the refusal reads on from the next
 * occurrence.
 *
 * <p><b>Maps</b> are read as protobuf reads {@code map<K, V>}: the entries are every occurrence of
 * the map's field, wherever they are in the message, in the order they appear (a key that appears
 * twice is delivered twice; protobuf keeps the last). Inside an entry, key and value may come in
 * either order; a repeated key or scalar value reads its last occurrence, a repeated message value
 * merges, a repeated field 2 read as a sequence or map gathers its elements or entries; unknown
 * fields are skipped (they are not offered to {@code unexpectedField}). A missing key reads as
 * protobuf's default, {@code ""} or 0; a missing value reads as a missing field does: 0, null text
 * ({@link io.zwire.ValueIn#isNull()} true), an object of defaults, an empty sequence or map. A key
 * of another wire type than the one read (a varint read as text) is a
 * {@link io.zwire.WireException}. The entries of one map count against
 * {@link io.zwire.ReadLimits#maxSequenceLength()}; a map is one level of
 * {@link io.zwire.ReadLimits#maxDepth()}, its entries none.
 *
 * <p>{@link io.zwire.Wire#readValue} reads a document without a schema, as {@code protoc
 * --decode_raw} does (see {@code ProtoValues}); {@link io.zwire.Wire#writeValue} is not supported,
 * because plain values do not say which protobuf type to write (sint or uint, float or double,
 * string or message).
 */
package io.zwire.binary.proto;
