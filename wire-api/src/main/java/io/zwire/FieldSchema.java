package io.zwire;

import java.util.List;

/**
 * One recorded field (or sequence element) of a {@link Schema}: what the write method writes
 * ({@link Schema#fields()}) or what the read method asks for ({@link Schema#readFields()}).
 * Immutable.
 */
public final class FieldSchema {
    private final int number;
    private final String name;
    private final FieldKind kind;
    private final List<FieldSchema> fields;
    private final FieldSchema element;
    /** For a map: its first key (a TEXT, INT32 or INT64 with no number or name); otherwise null. */
    private final FieldSchema key;
    private final List<String> constants;
    private final String alias;
    /** The nested object's or enum's class where the recording knows it; otherwise null. */
    private final Class<?> type;
    /** Set where the recording did not go inside the value: a type already being read (recursion), or too deep. */
    private final boolean truncated;
    /** Set, once, by the recorder before the schema is published: see {@link #builtPerRead()}. */
    private boolean builtPerRead;

    FieldSchema(int number, String name, FieldKind kind, List<FieldSchema> fields, FieldSchema element,
                List<String> constants, String alias, Class<?> type) {
        this(number, name, kind, fields, element, constants, alias, type, false);
    }

    FieldSchema(int number, String name, FieldKind kind, List<FieldSchema> fields, FieldSchema element,
                List<String> constants, String alias, Class<?> type, boolean truncated) {
        this(number, name, kind, fields, null, element, constants, alias, type, truncated);
    }

    FieldSchema(int number, String name, FieldKind kind, List<FieldSchema> fields, FieldSchema key, FieldSchema element,
                List<String> constants, String alias, Class<?> type, boolean truncated) {
        this.key = key;
        this.number = number;
        this.name = name;
        this.kind = kind;
        this.fields = List.copyOf(fields);
        this.element = element;
        this.constants = List.copyOf(constants);
        this.alias = alias;
        this.type = type;
        this.truncated = truncated;
    }

    /**
     * The field number; 0 for a sequence element.
     *
     * @return the number
     */
    public int number() {
        return number;
    }

    /**
     * The field name; empty for a sequence element.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * What the field holds.
     *
     * @return the kind
     */
    public FieldKind kind() {
        return kind;
    }

    /**
     * The nested fields of a {@link FieldKind#MARSHALLABLE} or {@link FieldKind#TYPED} value;
     * otherwise empty. Also empty where the recording did not go inside: a null object written, a
     * typed object read (which type arrives is the document's choice), or an object of a type
     * already being read (a recursive type, marked {@code ...} in {@link Schema#describe()}).
     *
     * @return the fields, unmodifiable
     */
    public List<FieldSchema> fields() {
        return fields;
    }

    /**
     * For a {@link FieldKind#SEQUENCE}: the first element written or read; for a
     * {@link FieldKind#MAP}: the first entry's value. Null when there was none (an empty sequence
     * or map written; on the read side, one of an instance the recording may not change, see
     * {@link Schema#of(Marshallable, TypeRegistry)}).
     *
     * @return the element's schema
     */
    public FieldSchema element() {
        return element;
    }

    /**
     * For a {@link FieldKind#MAP}: its first key, of kind {@link FieldKind#TEXT},
     * {@link FieldKind#INT32} or {@link FieldKind#INT64}; null for other kinds, and for a map with
     * no entry recorded (as for {@link #element()}).
     *
     * @return the key's schema
     */
    public FieldSchema key() {
        return key;
    }

    /**
     * For an {@link FieldKind#ENUM}: the constant names, in ordinal order; otherwise empty.
     *
     * @return the constants' names, unmodifiable
     */
    public List<String> constants() {
        return constants;
    }

    /**
     * For a {@link FieldKind#TYPED} value written: its alias; otherwise, and on the read side, null.
     *
     * @return the alias
     */
    public String alias() {
        return alias;
    }

    /**
     * {@return the class of an {@link FieldKind#ENUM}'s constants, or of the {@link FieldKind#MARSHALLABLE}
     * object the read method reads into; null otherwise} Known on the read side only: the write
     * side does not see the object. Not part of {@link Schema#describe()} or the fingerprint: peers
     * may name their classes differently.
     */
    public Class<?> type() {
        return type;
    }

    /**
     * {@return true for a {@link FieldKind#MARSHALLABLE} read through a marshaller that builds a new
     * instance on every read ({@link Marshaller#immutable}, {@link Marshaller#ofRecord}), whatever
     * is offered to reuse} False for a {@code Marshallable} and a mutable type's marshaller, which
     * read into the instance they are given. Known on the read side only; not part of
     * {@link Schema#describe()} or the fingerprint.
     */
    public boolean builtPerRead() {
        return builtPerRead;
    }

    void markBuiltPerRead() {
        builtPerRead = true;
    }

    /**
     * {@return true where the read side did not go inside the value} Such a value is an object of a type already being read
     * (a recursive type: its fields are those of the enclosing object of {@link #type()}), or
     * anything nested deeper than the recording goes. Marked {@code ...} in {@link Schema#describe()}.
     */
    public boolean truncated() {
        return truncated;
    }

    void describe(StringBuilder text, int indent) {
        text.append("  ".repeat(indent));
        if (number > 0) {
            text.append(number).append(' ').append(name).append(' ');
        } else {
            text.append("- ");
        }
        text.append(kind);
        if (alias != null) {
            text.append(" !").append(alias);
        }
        if (!constants.isEmpty()) {
            text.append(' ').append(constants);
        }
        if (truncated) {
            text.append(" ...");
        }
        text.append('\n');
        for (FieldSchema field : fields) {
            field.describe(text, indent + 1);
        }
        if (key != null) {
            text.append("  ".repeat(indent + 1)).append("key ").append(key.kind).append('\n');
        }
        if (element != null) {
            element.describe(text, indent + 1);
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        describe(text, 0);
        return text.toString().strip();
    }
}
