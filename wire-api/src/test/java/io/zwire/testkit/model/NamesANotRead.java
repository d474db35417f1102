package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;

/**
 * Names field {@code a} and does not read its value, then reads {@code b} (int64) and {@code c}
 * (text): a readMarshallable that reads conditionally. The self-describing text wires skip the
 * unread value; counts what they offer to {@link #unexpectedField}.
 */
public final class NamesANotRead implements Marshallable {
    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");
    static final Field C = Field.of(3, "c");

    public long b;
    public String c;
    public int unexpected;

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(B).int64(b)
           .write(C).text(c);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(A);
        in.read(B).int64(this, (o, v) -> o.b = v)
          .read(C).text(this, (o, v) -> o.c = v);
    }

    @Override
    public void unexpectedField(WireKey key, ValueIn value) {
        unexpected++;
        value.skip();
    }
}
