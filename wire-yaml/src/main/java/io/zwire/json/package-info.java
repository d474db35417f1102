/**
 * The JSON wire ({@link io.zwire.WireType#JSON}): RFC 8259 JSON with field names, readable by any
 * JSON parser. Internal: reached through {@link io.zwire.WireType}, not exported.
 *
 * <h2>What the writer emits</h2>
 * <pre>
 * zwire value        JSON written                                    example
 * document           one compact object on one line, then '\n'      {"id":1,"symbol":"EURUSD"}\n
 * field              "name":value, in write order, no whitespace
 * int8 .. int64,     a JSON integer                                  -42
 *   uint16
 * float32, float64   the shortest decimal that reads back exactly    1.08345, 1.0E-7, -0.0
 *                    (the form of JDK 19+ Double.toString)
 *   NaN, infinities  the strings "NaN", "Infinity", "-Infinity"      "NaN"
 * bool               true / false
 * char16             a string of one character; an unpaired          "A", "&#92;uD800"
 *                    surrogate as its &#92;u escape
 * text, enum         a string (enum: the constant's name)            "EURUSD", "BUY"
 * bytes              a base64 string, RFC 4648 alphabet, padded      "AAEC/38="
 * null               null
 * object             an object                                       {"name":"Alice","id":7}
 * typed object       an object whose only key is '@' + the alias     {"@Order":{"id":1}}
 * sequence           an array                                        [1,2,3]
 * map                an object; text keys escaped as strings are,    {"EURUSD":1.5,"":2.0}
 *                    integer keys as their decimal text              {"5":1,"-3":2}
 * </pre>
 * Strings are UTF-8 with {@code "} and {@code \} escaped, control characters as {@code \n},
 * {@code \t}, {@code \r}, {@code \b}, {@code \f} or <code>&#92;u00XX</code>, and everything else (DEL,
 * non-ASCII, U+2028) as it is. An unpaired surrogate, which UTF-8 cannot hold, is written as its
 * <code>&#92;uXXXX</code> escape, so text reads back exactly.
 *
 * <p><b>Numbers and JavaScript.</b> JSON has no NaN or infinity, so they travel as the strings
 * Jackson and the protobuf JSON mapping use; {@code -0.0} stays a number. 64-bit integers are
 * written as plain JSON numbers, exact for any JSON parser that keeps integers (Jackson, Python,
 * Go's json.Number); a JavaScript reader, whose numbers are doubles, loses precision beyond
 * 2<sup>53</sup> (9007199254740992). The reader accepts such fields as strings too.
 *
 * <h2>Documents</h2>
 * A stream is NDJSON: a document is one JSON value, which may span lines, and it ends its line:
 * only blanks may follow it before a line break or the end of the input, and the next document
 * starts on a new line ({@code [][]} and {@code {"a":1} "x"} are errors, not two documents). A
 * UTF-8 byte order mark at the very start of the buffer is skipped, as RFC 8259 allows. A file that
 * holds exactly one JSON text is read with {@link io.zwire.Wire#readSingleValue}, where empty
 * input is an error too. After a bad document the reader resumes after it if it was well-formed
 * JSON (at the next line, if something followed it on its line), otherwise at the next line.
 *
 * <h2>What the reader accepts</h2>
 * Strict RFC 8259 syntax (no comments, trailing commas, single quotes, NaN literals, leading zeros
 * or raw control characters in strings; valid UTF-8 only, no overlong forms or encoded
 * surrogates), with any whitespace, escapes anywhere (keys included), and fields in any order. It
 * is lenient where other JSON writers differ in convention, never where a value would change:
 * <ul>
 * <li>integer fields: also a number with a fraction or exponent that is exactly an integer
 *     ({@code 1.0}, {@code 2e3}), or a string of decimal digits ({@code "9007199254740993"});
 *     anything outside the field's range is an error, never truncated;</li>
 * <li>float fields: also a number inside a string ({@code "1.5"});</li>
 * <li>byte strings: the URL-safe alphabet too, with or without padding;</li>
 * <li>{@code null} for any field: its default (0, false, null, an empty sequence or map);</li>
 * <li>integer map keys: the key's text, escapes decoded, as an optionally signed decimal within
 *     64 bits ({@code "007"} is 7); any other key asked for as an integer is an error where the key
 *     starts;</li>
 * <li>unpaired surrogate escapes (<code>"&#92;uD800"</code>): kept in text read as {@code String} or into
 *     a {@code StringBuilder}; a key holding one matches no field and reaches
 *     {@link io.zwire.Marshallable#unexpectedField} as written.</li>
 * </ul>
 *
 * <h2>Limits</h2>
 * {@link io.zwire.ReadLimits} bound: nesting ({@code maxDepth} levels of objects and arrays
 * inside a document's root value); each string, key or number ({@code maxTextBytes}, counted in
 * encoded bytes, escapes included); the elements of a sequence, the entries of a map and, on the
 * plain-value path, the fields of an object ({@code maxSequenceLength}); and a document ({@code maxDocumentBytes}).
 * Skipping is iterative; nothing is allocated from the input before these checks.
 *
 * <h2>Plain values</h2>
 * {@link io.zwire.Wire#readValue} reads any JSON value (not only objects) as maps, lists,
 * strings, {@code Long}/{@code BigInteger}, {@code Double}/{@code BigDecimal}, booleans and null
 * (see {@code JsonValueReader} for the number rules); byte strings stay base64 strings, as JSON
 * cannot tell them from text. A key repeated in one object is an error. A one-key object
 * {@code {"@Alias": {...}}} reads as {@link io.zwire.Tagged} only with
 * {@link io.zwire.WireOptions#jsonTypedObjects()}; {@link io.zwire.Wire#writeValue} writes
 * {@code Tagged} that way, and refuses (with a {@link io.zwire.WireException}) keys JSON cannot
 * hold and keys written alike (see {@code JsonValueWriter}). The repository's
 * {@code docs/conversion.md} has the whole set of rules.
 */
package io.zwire.json;
