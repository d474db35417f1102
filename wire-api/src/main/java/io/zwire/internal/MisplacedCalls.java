package io.zwire.internal;

import io.zwire.Field;

/**
 * The exceptions for a call on a {@link io.zwire.WireOut} or {@link io.zwire.WireIn} made where it
 * cannot be: a field named inside a sequence, a map or a field's value, a field named and given no value,
 * a value read with no field named or read twice, or any call when no document is being written or
 * read (through a facade kept past the {@code writeMarshallable} or {@code readMarshallable} call
 * it was given to). Writers and readers raise them from slow paths, reached through checks of state
 * they keep per field anyway, so catching a mistake costs at most a compare and a store per field;
 * one place words them, so every wire reports a mistake alike.
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

    /**
     * For {@code call} ("readDocument", "writeValue") made on a Wire from inside a document it is
     * {@code doing} ("reading", "writing"): from a readMarshallable, a Marshaller or a sink.
     */
    public static IllegalStateException documentInsideDocument(String call, String doing) {
        return new IllegalStateException(call + " on a Wire from inside a document it is " + doing + ": a Wire handles"
                + " one document at a time, so read or write a nested type as a field's value (marshallable, object),"
                + " or through another Wire");
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
     * For a field named with {@code out.write(field)} and given no value, found when the next field
     * was named ({@code next}) or, with {@code next} null, when its object or document ended
     * ({@code documentLevel}). Every wire refuses it: a key with no value is malformed JSON and
     * CBOR and a null to a YAML reader, the field would silently be absent on NUMBERED, and RAW's
     * reader would take the next field's value for it.
     */
    public static IllegalStateException fieldWithoutValue(Field field, Field next, boolean documentLevel) {
        return fieldWithoutValue(describe(field), next, documentLevel);
    }

    /**
     * As {@link #fieldWithoutValue(Field, Field, boolean)}, for a wire that keeps only the field's
     * number while it waits for the value: a reference kept per field would cost a GC write barrier
     * on every field, to name it in an error.
     */
    public static IllegalStateException fieldWithoutValue(int number, Field next, boolean documentLevel) {
        return fieldWithoutValue("number " + number, next, documentLevel);
    }

    private static IllegalStateException fieldWithoutValue(String field, Field next, boolean documentLevel) {
        String when = next != null ? "field " + describe(next) + " was named"
                : documentLevel ? "the document ended" : "its object ended";
        return new IllegalStateException("field " + field + " was named with out.write(...) but given no value before "
                + when + ": call exactly one value method after each out.write(field)");
    }

    private static String describe(Field field) {
        return field.name() + " (" + field.number() + ")";
    }

    /**
     * For {@code in.read(field)} inside a sequence ({@code sequence}) or inside the value handed to
     * {@code unexpectedField}; outside a document it is {@link #readOutsideDocument}.
     */
    public static IllegalStateException fieldRead(Object field, boolean sequence) {
        return new IllegalStateException("in.read(" + field + ") inside a " + (sequence ? "sequence" : "field's value")
                + ": read its elements through the ValueIn you were given");
    }

    /** For {@code in.read(field)} inside a map, whose entries are keys and values. */
    public static IllegalStateException fieldReadInMap(Object field) {
        return new IllegalStateException("in.read(" + field + ") inside a map: read the key after hasNextEntry(), then"
                + " its value, or read the fields inside the value's object");
    }

    /** For {@code out.write(field)} inside a map, whose entries are keys and values. */
    public static IllegalStateException fieldWrittenInMap(Object field) {
        return new IllegalStateException("out.write(" + field + ") inside a map: write m.key(...) then its value,"
                + " or wrap the fields in an object");
    }

    /** For a map key written, or read, outside a map ({@code written} tells which). */
    public static IllegalStateException keyOutsideMap(boolean written) {
        return new IllegalStateException((written ? "a map key written" : "a map key read")
                + " outside a map: keys belong inside ValueOut.map or ValueIn.map, after hasNextEntry() when reading");
    }

    /** For a map key read in a map where no entry was found for it: before hasNextEntry(), or a second time. */
    public static IllegalStateException keyWithoutEntry() {
        return new IllegalStateException("a map key read with no entry found for it: call hasNextEntry() before each key,"
                + " and read each key once");
    }

    /** For a map key written after a key that has had no value, or a map ended right after its key. */
    public static IllegalStateException keyWithoutValue() {
        return new IllegalStateException("a map key written without its value: write exactly one value after each key");
    }

    /** For a value written, or read, inside a map with no key before it ({@code written} tells which). */
    public static IllegalStateException valueWithoutKey(boolean written) {
        return new IllegalStateException(written
                ? "a value written inside a map without its key: write m.key(...) before each value"
                : "a value read inside a map without its key: read the key after hasNextEntry(), then the value");
    }
}
