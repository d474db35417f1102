package io.zwire.bench.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.io.Serializable;
import java.util.Objects;

/**
 * One field of each fixed-width primitive: the "every kind once" benchmark workload. Also
 * {@link Serializable}, so the {@code ObjectOutputStream} peer can write the very same type.
 */
public final class MyData implements Marshallable, Serializable {
    private static final long serialVersionUID = 1L;

    private static final Field BYTE = Field.of(1, "b");
    private static final Field CHAR = Field.of(2, "c");
    private static final Field SHORT = Field.of(3, "s");
    private static final Field INT = Field.of(4, "i");
    private static final Field FLOAT = Field.of(5, "f");
    private static final Field LONG = Field.of(6, "l");
    private static final Field DOUBLE = Field.of(7, "d");

    private byte b;
    private char c;
    private short s;
    private int i;
    private float f;
    private long l;
    private double d;

    /** Every field 0. */
    public MyData() {
    }

    /** The benchmark values: none 0, none trivially short on a varint or text wire. */
    public static MyData sample() {
        return new MyData().set((byte) -7, 'Z', (short) 12_345, 1_234_567, 3.25f, 9_876_543_210L, 2.718281828459045);
    }

    /** Sets every field; returns this. Allocates nothing. */
    public MyData set(byte b, char c, short s, int i, float f, long l, double d) {
        this.b = b;
        this.c = c;
        this.s = s;
        this.i = i;
        this.f = f;
        this.l = l;
        this.d = d;
        return this;
    }

    /** The byte. */
    public byte b() {
        return b;
    }

    /** The char. */
    public char c() {
        return c;
    }

    /** The short. */
    public short s() {
        return s;
    }

    /** The int. */
    public int i() {
        return i;
    }

    /** The float. */
    public float f() {
        return f;
    }

    /** The long. */
    public long l() {
        return l;
    }

    /** The double. */
    public double d() {
        return d;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(BYTE).int8(b)
           .write(CHAR).char16(c)
           .write(SHORT).int16(s)
           .write(INT).int32(i)
           .write(FLOAT).float32(f)
           .write(LONG).int64(l)
           .write(DOUBLE).float64(d);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(BYTE).int8(this, (o, v) -> o.b = v)
          .read(CHAR).char16(this, (o, v) -> o.c = v)
          .read(SHORT).int16(this, (o, v) -> o.s = v)
          .read(INT).int32(this, (o, v) -> o.i = v)
          .read(FLOAT).float32(this, (o, v) -> o.f = v)
          .read(LONG).int64(this, (o, v) -> o.l = v)
          .read(DOUBLE).float64(this, (o, v) -> o.d = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MyData o && b == o.b && c == o.c && s == o.s && i == o.i
                && Float.compare(f, o.f) == 0 && l == o.l && Double.compare(d, o.d) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(b, c, s, i, f, l, d);
    }

    @Override
    public String toString() {
        return "MyData{b=" + b + ", c=" + c + ", s=" + s + ", i=" + i + ", f=" + f + ", l=" + l + ", d=" + d + "}";
    }
}
