package io.zwire.aeron;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Objects;

/** A type whose own methods fail for chosen values, as a user's buggy code would: the adapter must not take it for a full buffer or a dead poll. */
public final class Fragile implements Marshallable {
    /** A value whose write method throws an {@link IndexOutOfBoundsException} of the user's own. */
    static final long WRITE_FAILS = -1;
    /** A value whose read method throws an {@link IllegalStateException}. */
    static final long READ_FAILS = -2;
    static final Field VALUE = Field.of(1, "value");
    static final Field NOTE = Field.of(2, "note");

    long value;
    String note;

    public Fragile() {
    }

    Fragile(long value, String note) {
        this.value = value;
        this.note = note;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(VALUE).int64(value);
        if (value == WRITE_FAILS) {
            throw new IndexOutOfBoundsException("a user's bug: index " + value);
        }
        out.write(NOTE).text(note);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(VALUE).int64(this, (o, v) -> o.value = v)
          .read(NOTE).text(this, (o, v) -> o.note = v);
        if (value == READ_FAILS) {
            throw new IllegalStateException("a user's bug: cannot read " + value);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Fragile f && value == f.value && Objects.equals(note, f.note);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, note);
    }

    @Override
    public String toString() {
        return "Fragile{" + value + " " + (note == null ? null : note.length() + " chars") + "}";
    }
}
