package io.zwire.testkit.model;

import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireOut;

/**
 * Text that may be null, held without allocating: the characters in a reused builder, and whether
 * the value was null, as {@link ValueIn#isNull()} tells before {@link ValueIn#textTo} leaves the
 * builder empty for both null and "".
 */
public final class NullableText {
    public final StringBuilder text = new StringBuilder();
    public boolean isNull = true;

    /** Holds {@code value}, which may be null. */
    public NullableText set(String value) {
        isNull = value == null;
        text.setLength(0);
        if (value != null) {
            text.append(value);
        }
        return this;
    }

    /** Writes the text, or null. */
    public WireOut write(ValueOut out) {
        return out.text(isNull ? null : text);
    }

    /**
     * Asks whether the value is null, asks again (the answer must not change: nothing was
     * consumed), then reads the text.
     */
    public void read(ValueIn in) {
        isNull = in.isNull();
        if (in.isNull() != isNull) {
            throw new IllegalStateException("isNull() changed its answer when asked again");
        }
        in.textTo(text);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NullableText t && isNull == t.isNull && text.toString().contentEquals(t.text);
    }

    @Override
    public int hashCode() {
        return isNull ? 0 : text.toString().hashCode();
    }

    @Override
    public String toString() {
        return isNull ? "null" : "\"" + text + "\"";
    }
}
