package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** Two fields, {@code a} (int32) and {@code b} (int64), read in order: number reading on the fast path. */
public final class IntAndLong implements Marshallable {
    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");

    public int a;
    public long b;

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(A).int32(a)
           .write(B).int64(b);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(A).int32(this, (o, v) -> o.a = v)
          .read(B).int64(this, (o, v) -> o.b = v);
    }
}
