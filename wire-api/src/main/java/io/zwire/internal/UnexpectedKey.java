package io.zwire.internal;

import io.zwire.Marshallable;
import io.zwire.WireKey;

/**
 * The key a wire reader hands to {@link Marshallable#unexpectedField}: one per reader, refilled
 * for every unknown field, so offering a field allocates nothing once the name buffer has grown
 * to the longest name seen.
 */
public final class UnexpectedKey implements WireKey {
    private final boolean numbered;
    private final StringBuilder name = new StringBuilder(32);
    private int number;

    private UnexpectedKey(boolean numbered) {
        this.numbered = numbered;
    }

    /** A key of a wire with field names. Allocates. */
    public static UnexpectedKey named() {
        return new UnexpectedKey(false);
    }

    /** A key of a wire with field numbers; its name is always empty. Allocates. */
    public static UnexpectedKey numbered() {
        return new UnexpectedKey(true);
    }

    /** Empties the name and returns its buffer, for the reader to append the key's name to. */
    public StringBuilder clearName() {
        name.setLength(0);
        return name;
    }

    /** Sets the field number of a numbered key. */
    public void setNumber(int number) {
        this.number = number;
    }

    @Override
    public boolean isNumbered() {
        return numbered;
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public CharSequence name() {
        return name;
    }
}
