package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;

/**
 * A readMarshallable that reads conditionally: names field {@code a} and does not read its value,
 * reads {@code b} (int64) and {@code c} (text), then names {@code d} and does not read it either.
 * Also read inside another object ({@link Outer}), as its field {@code inner}, before its field
 * {@code n} (int64). The self-describing text wires skip the unread values; counts what they
 * offer to {@link #unexpectedField}.
 */
public final class LeavesValuesUnread implements Marshallable {
    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");
    static final Field C = Field.of(3, "c");
    static final Field D = Field.of(4, "d");
    static final Field INNER = Field.of(5, "inner");
    static final Field N = Field.of(6, "n");

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
        in.read(D);
    }

    @Override
    public void unexpectedField(WireKey key, ValueIn value) {
        unexpected++;
        value.skip();
    }

    /** Holds a {@link LeavesValuesUnread} as {@code inner}, then {@code n}. */
    public static final class Outer implements Marshallable {
        public final LeavesValuesUnread inner = new LeavesValuesUnread();
        public long n;
        public int unexpected;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(INNER).marshallable(inner)
               .write(N).int64(n);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(INNER).marshallable(inner)
              .read(N).int64(this, (o, v) -> o.n = v);
        }

        @Override
        public void unexpectedField(WireKey key, ValueIn value) {
            unexpected++;
            value.skip();
        }
    }
}
