/**
 * The YAML wires: {@code YAML} (field names as keys) and {@code YAML_NUMBERED} (field numbers as
 * keys), readable and writable by any YAML 1.2 tool.
 *
 * <h2>What is written</h2>
 * <pre>
 * zwire value       YAML written                              example
 * document          "---", then one "key: value" per line     ---
 *                   at column 0; "--- {}" when empty          id: 1000001
 * field key         the field's name (quoted if it must be),  symbol: EURUSD
 *                   or its number on YAML_NUMBERED            2: EURUSD
 * int8 .. int64,    decimal                                   qty: 1000000
 *   uint16
 * float32, float64  shortest text that reads back exactly,    price: 1.08345, big: 1.0E+300
 *                   exponent always signed; .nan .inf -.inf   neg: -0.0, nan: .nan
 * bool              true / false                              bool: true
 * char16            a one-character string; a lone           c: Z, hash: "#", s: "&#92;uD800"
 *                   surrogate as its &#92;u escape
 * text              plain when every YAML reader (1.2 core    symbol: EURUSD
 *                   and JSON schema, YAML 1.1) reads it back   text: "key: value"
 *                   as the same string, else double-quoted     tag: "yes"
 * bytes             !!binary and padded base64 on one line   data: !!binary AAEC/38=
 * enum              the constant's name, as text              side: BUY
 * null              null                                      party: null
 * object            its fields on the following lines,        party:
 *                   indented two spaces; {} when empty          name: Meridian Capital Partners
 * typed object      !Alias after the key, fields below        payload: !Party
 * sequence          "- " elements below, indented two         longs:
 *                   spaces; [] when empty                       - 5
 * object in a       its first field on the "- " line          parties:
 *   sequence                                                    - name: Bob
 *                                                                 id: 2
 * map               a block mapping below, indented two       limits:
 *                   spaces; {} when empty. Text keys as text    EURUSD: 1000000.0
 *                   values (quoted when they would read back    "123": 5.0
 *                   as another kind), integer keys plain, on    -3: 7.0
 *                   both wires: the map's own keys
 * </pre>
 * Every document ends with a line break, so the documents of many {@code writeDocument} calls
 * form one YAML stream. Text is quoted when it is empty; starts with an indicator, a blank, a
 * digit, or a sign or dot before a digit or dot; ends with a blank; holds {@code ": "},
 * {@code " #"}, a final {@code :}, a tab, a line break or a character that is not printable; or
 * is a word some schema reads as something else ({@code null ~ true false yes no on off y n
 * .inf .nan << =} in their capitalisations). Inside double quotes, {@code "} and {@code \} are
 * escaped, controls use their short escapes or {@code \xNN}, U+0085 is {@code \N}, and U+2028,
 * U+2029, U+FEFF, U+FFFE and U+FFFF are <code>&#92;uXXXX</code> (YAML's {@code \L} and {@code \P} are not
 * written: snakeyaml-engine does not read them). A field name longer than 1000 bytes uses the explicit
 * {@code ? name} form, as implicit keys are limited to 1024 characters.
 *
 * <h2>What is read</h2>
 * Any YAML 1.2 stream: block and flow styles mixed, comments, the four scalar styles with every
 * escape, literal and folded block scalars with indentation and chomping indicators, several
 * documents with {@code ---} and {@code ...}, directives, tags, anchors and aliases, CRLF line
 * ends. Fields in any order; values as the core schema spells them (integers also in {@code 0x}
 * and {@code 0o}, floats also as integers or {@code .inf}/{@code .nan} in any capitalisation,
 * {@code null}, {@code ~} or nothing for a default); numbers and text in quotes as well. A map
 * may be a flow mapping and its keys of any scalar style; a text key is read as its text (a plain
 * {@code 123} too), an integer key as the core schema spells integers, and a null, collection or
 * alias as a key is a {@link io.zwire.WireException}. The
 * typed path parses keys, numbers and text in place, allocating nothing; {@code readValue}
 * builds plain Java values.
 */
package io.zwire.yaml;
