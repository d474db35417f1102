package io.zwire;

import io.zwire.spi.WireWriter;

/**
 * What {@link Marshallable#writeMarshallable} writes to: name the field, then give its value.
 *
 * <pre>{@code
 * out.write(ID).int64(id)
 *    .write(SYMBOL).text(symbol);
 * }</pre>
 *
 * <p>One final class for every wire, so the user's method stays monomorphic; each call forwards
 * once to the wire's codec. Allocates nothing.
 */
public final class WireOut {
    private final WireType type;
    private final ValueOut fieldValue;
    private final ValueOut elementValue;

    WireOut(WireType type, WireWriter writer, TypeRegistry types) {
        this.type = type;
        this.fieldValue = new ValueOut(writer, this, types);
        this.elementValue = new ValueOut(writer, this, types);
    }

    /** Starts the field; the returned {@link ValueOut} writes its value. */
    public ValueOut write(Field field) {
        ValueOut value = fieldValue;
        value.field = field;
        return value;
    }

    /** The wire being written, for the rare type that writes differently per wire. */
    public WireType wireType() {
        return type;
    }

    ValueOut elements() {
        return elementValue;
    }
}
