package io.zwire;

import io.zwire.spi.WireReader;

/**
 * What {@link Marshallable#readMarshallable} reads from: name the field, then take its value.
 *
 * <pre>{@code
 * in.read(ID).int64(this, (o, v) -> o.id = v)
 *   .read(SYMBOL).text(this, (o, s) -> o.symbol = s);
 * }</pre>
 *
 * <p>Read fields in write order for the fast path; on the self-describing wires any order works
 * (a mismatch costs one scan of the rest of the object). One final class for every wire, so the
 * user's method stays monomorphic. Allocates nothing.
 */
public final class WireIn {
    private final WireType type;
    private final ValueIn fieldValue;
    private final ValueIn elementValue;

    WireIn(WireType type, WireReader reader, TypeRegistry types) {
        this.type = type;
        this.fieldValue = new ValueIn(reader, this, types);
        this.elementValue = new ValueIn(reader, this, types);
    }

    /** Finds the field; the returned {@link ValueIn} reads its value (the default if it is missing). */
    public ValueIn read(Field field) {
        ValueIn value = fieldValue;
        value.field = field;
        return value;
    }

    /** The wire being read. */
    public WireType wireType() {
        return type;
    }

    ValueIn elements() {
        return elementValue;
    }
}
