package io.zwire.internal;

/**
 * The exceptions for a call on a {@link io.zwire.WireOut} or {@link io.zwire.WireIn} made where it
 * cannot be: a field named inside a sequence or a field's value, a value read with no field named
 * or read twice, or any call when no document is being written or read (through a facade kept past
 * the {@code writeMarshallable} or {@code readMarshallable} call it was given to). Writers and readers raise them from the slow
 * paths their per-field checks already lead to, so catching the mistake costs nothing per field.
 */
public final class MisplacedCalls {
    private MisplacedCalls() {
    }

    /** For {@code what} ("out.write(qty)", "a value written") when no document is being written. */
    public static IllegalStateException writtenOutsideDocument(String what) {
        return new IllegalStateException(what + " outside Wire.writeDocument: the WireOut passed to writeMarshallable"
                + " is valid only during that call");
    }

    /** For {@code what} ("in.read(qty)", "a value read") when no document is being read. */
    public static IllegalStateException readOutsideDocument(String what) {
        return new IllegalStateException(what + " outside Wire.readDocument: the WireIn passed to readMarshallable"
                + " is valid only during that call");
    }

    /** For a value read, or asked {@code isNull()}, in an object with no {@code in.read(field)} before it. */
    public static IllegalStateException valueWithoutField() {
        return new IllegalStateException("a value read without in.read(field) first");
    }

    /** For a second read of the value handed to {@code unexpectedField}. */
    public static IllegalStateException unexpectedValueReadTwice() {
        return new IllegalStateException("the unexpected field's value can be read once");
    }

    /** For {@code out.write(field)} outside a document ({@code closed}) or inside a sequence. */
    public static IllegalStateException fieldWritten(Object field, boolean closed) {
        if (closed) {
            return writtenOutsideDocument("out.write(" + field + ")");
        }
        return new IllegalStateException("out.write(" + field + ") inside a sequence: write its elements through the"
                + " sequence's ValueOut, or wrap them in objects");
    }

    /**
     * For {@code in.read(field)} where no object's fields are being read: outside a document
     * ({@code closed}), inside a sequence ({@code sequence}) or inside the value handed to
     * {@code unexpectedField}.
     */
    public static IllegalStateException fieldRead(Object field, boolean closed, boolean sequence) {
        if (closed) {
            return readOutsideDocument("in.read(" + field + ")");
        }
        return new IllegalStateException("in.read(" + field + ") inside a " + (sequence ? "sequence" : "field's value")
                + ": read its elements through the ValueIn you were given");
    }
}
