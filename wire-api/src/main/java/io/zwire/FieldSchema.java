package io.zwire;

import java.util.List;

/**
 * One recorded field (or sequence element) of a {@link Schema}. Immutable.
 */
public final class FieldSchema {
    private final int number;
    private final String name;
    private final FieldKind kind;
    private final List<FieldSchema> fields;
    private final FieldSchema element;
    private final List<String> constants;
    private final String alias;

    FieldSchema(int number, String name, FieldKind kind, List<FieldSchema> fields, FieldSchema element,
                List<String> constants, String alias) {
        this.number = number;
        this.name = name;
        this.kind = kind;
        this.fields = List.copyOf(fields);
        this.element = element;
        this.constants = List.copyOf(constants);
        this.alias = alias;
    }

    /** The field number; 0 for a sequence element. */
    public int number() {
        return number;
    }

    /** The field name; empty for a sequence element. */
    public String name() {
        return name;
    }

    /** What the field holds. */
    public FieldKind kind() {
        return kind;
    }

    /** The nested fields of a {@link FieldKind#MARSHALLABLE} or {@link FieldKind#TYPED} value; otherwise empty. */
    public List<FieldSchema> fields() {
        return fields;
    }

    /** For a {@link FieldKind#SEQUENCE}: the first element written, or null if the sample's sequence was empty. */
    public FieldSchema element() {
        return element;
    }

    /** For an {@link FieldKind#ENUM}: the constant names, in ordinal order; otherwise empty. */
    public List<String> constants() {
        return constants;
    }

    /** For a {@link FieldKind#TYPED} value: its alias; otherwise null. */
    public String alias() {
        return alias;
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
        text.append('\n');
        for (FieldSchema field : fields) {
            field.describe(text, indent + 1);
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
