package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;

/**
 * A readMarshallable that reads conditionally: names field {@code a} and does not read its value,
 * reads {@code b} (int64) and {@code c} (text), then names {@code d} and does not read it either.
 * Also read inside another object ({@link Outer}), as its field {@code inner}, before its field
 * {@code n} (int64). The self-describing wires skip the unread values; counts what they offer to
 * {@link #unexpectedField}. {@link Written} and {@link WrittenOuter} write what it reads, with
 * values of every kind for {@code a} and {@code d}.
 */
public final class LeavesValuesUnread implements Marshallable {
    static final Field A = Field.of(1, "a");
    static final Field B = Field.of(2, "b");
    static final Field C = Field.of(3, "c");
    static final Field D = Field.of(4, "d");
    static final Field INNER = Field.of(5, "inner");
    static final Field N = Field.of(6, "n");
    static final Field X = Field.of(7, "x");

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

    /**
     * The kinds of value written for the fields left unread, each chosen to be mistaken for what
     * follows it if it were not skipped: 16 is the protobuf tag of field {@code b} (number 2,
     * varint), "b" the CBOR and YAML key of {@code b}; the object holds keys {@code b} and
     * {@code c} of its own.
     */
    public enum Unread {
        NUMBER, TEXT, DECIMAL, OBJECT, SEQUENCE
    }

    /**
     * Writes {@code a}, {@code b}, {@code c} and {@code d}, with {@code a} and {@code d} of one
     * {@link Unread} kind, in that order or the reverse (which a reader must index to read).
     */
    public static final class Written implements Marshallable {
        private final Unread kind;
        private final long b;
        private final String c;
        private final boolean reversed;

        private Written(Unread kind, long b, String c, boolean reversed) {
            this.kind = kind;
            this.b = b;
            this.c = c;
            this.reversed = reversed;
        }

        public static Written inOrder(Unread kind, long b, String c) {
            return new Written(kind, b, c, false);
        }

        public static Written reversed(Unread kind, long b, String c) {
            return new Written(kind, b, c, true);
        }

        @Override
        public void writeMarshallable(WireOut out) {
            if (reversed) {
                unread(out.write(D));
                out.write(C).text(c)
                   .write(B).int64(b);
                unread(out.write(A));
            } else {
                unread(out.write(A));
                out.write(B).int64(b)
                   .write(C).text(c);
                unread(out.write(D));
            }
        }

        private void unread(ValueOut value) {
            switch (kind) {
                case NUMBER -> value.int64(16);
                case TEXT -> value.text("b");
                case DECIMAL -> value.float64(2.5);
                case OBJECT -> {
                    LeavesValuesUnread inside = new LeavesValuesUnread();
                    inside.b = 99;
                    inside.c = "inside";
                    value.marshallable(inside);
                }
                case SEQUENCE -> value.sequence(this, (o, seq) -> {
                    seq.int64(16);
                    seq.int64(2);
                });
            }
        }

        @Override
        public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only; read as LeavesValuesUnread");
        }
    }

    /** Writes a {@link Written} as {@code inner}, then {@code x} (which the reader does not know), then {@code n}. */
    public static final class WrittenOuter implements Marshallable {
        private final Written inner;
        private final long n;

        public WrittenOuter(Written inner, long n) {
            this.inner = inner;
            this.n = n;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(INNER).marshallable(inner)
               .write(X).int64(7)
               .write(N).int64(n);
        }

        @Override
        public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only; read as LeavesValuesUnread.Outer");
        }
    }
}
