package io.zwire;

/** The kind of value a field holds, as a {@link Schema} records it from the write and read methods. */
public enum FieldKind {
    /** Signed 8-bit integer. */
    INT8,
    /** Signed 16-bit integer. */
    INT16,
    /** Unsigned 16-bit integer. */
    UINT16,
    /** Signed 32-bit integer. */
    INT32,
    /** Signed 64-bit integer. */
    INT64,
    /** IEEE 754 single. */
    FLOAT32,
    /** IEEE 754 double. */
    FLOAT64,
    /** Boolean. */
    BOOL,
    /** One UTF-16 code unit. */
    CHAR16,
    /** UTF-8 text. */
    TEXT,
    /** Byte string. */
    BYTES,
    /** Enum constant. */
    ENUM,
    /** Nested object. */
    MARSHALLABLE,
    /** Nested object tagged with a registered alias. */
    TYPED,
    /** Sequence of elements. */
    SEQUENCE,
    /** Map of text or integer keys to values of one kind ({@link FieldSchema#key()}, {@link FieldSchema#element()}). */
    MAP,
    /**
     * The kind is unknown: written, an explicit {@link ValueOut#nullValue()}; read, a field named
     * and then skipped ({@link ValueIn#skip()}) or left unread.
     */
    NULL
}
