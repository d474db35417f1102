package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * Fourteen int fields: the small, flat benchmark workload.
 * Generated: every field declared and read the same way.
 */
public final class Ints14 implements Marshallable {
    static final Field F1 = Field.of(1, "f1");
    static final Field F2 = Field.of(2, "f2");
    static final Field F3 = Field.of(3, "f3");
    static final Field F4 = Field.of(4, "f4");
    static final Field F5 = Field.of(5, "f5");
    static final Field F6 = Field.of(6, "f6");
    static final Field F7 = Field.of(7, "f7");
    static final Field F8 = Field.of(8, "f8");
    static final Field F9 = Field.of(9, "f9");
    static final Field F10 = Field.of(10, "f10");
    static final Field F11 = Field.of(11, "f11");
    static final Field F12 = Field.of(12, "f12");
    static final Field F13 = Field.of(13, "f13");
    static final Field F14 = Field.of(14, "f14");

    int f1;
    int f2;
    int f3;
    int f4;
    int f5;
    int f6;
    int f7;
    int f8;
    int f9;
    int f10;
    int f11;
    int f12;
    int f13;
    int f14;

    /**
     * The instance the garbage harness writes ({@code zwire garbage} looks for this method):
     * fields 1,000,001 to 1,000,014: three-byte varints, seven-digit text, as in the JMH workload. Allocates.
     */
    public static Ints14 sample() {
        return new Ints14().fill(1_000_000);
    }

    /** Sets field i to {@code seed + i}. */
    public Ints14 fill(int seed) {
        f1 = seed + 1;
        f2 = seed + 2;
        f3 = seed + 3;
        f4 = seed + 4;
        f5 = seed + 5;
        f6 = seed + 6;
        f7 = seed + 7;
        f8 = seed + 8;
        f9 = seed + 9;
        f10 = seed + 10;
        f11 = seed + 11;
        f12 = seed + 12;
        f13 = seed + 13;
        f14 = seed + 14;
        return this;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(F1).int32(f1)
           .write(F2).int32(f2)
           .write(F3).int32(f3)
           .write(F4).int32(f4)
           .write(F5).int32(f5)
           .write(F6).int32(f6)
           .write(F7).int32(f7)
           .write(F8).int32(f8)
           .write(F9).int32(f9)
           .write(F10).int32(f10)
           .write(F11).int32(f11)
           .write(F12).int32(f12)
           .write(F13).int32(f13)
           .write(F14).int32(f14);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(F1).int32(this, (o, v) -> o.f1 = v)
          .read(F2).int32(this, (o, v) -> o.f2 = v)
          .read(F3).int32(this, (o, v) -> o.f3 = v)
          .read(F4).int32(this, (o, v) -> o.f4 = v)
          .read(F5).int32(this, (o, v) -> o.f5 = v)
          .read(F6).int32(this, (o, v) -> o.f6 = v)
          .read(F7).int32(this, (o, v) -> o.f7 = v)
          .read(F8).int32(this, (o, v) -> o.f8 = v)
          .read(F9).int32(this, (o, v) -> o.f9 = v)
          .read(F10).int32(this, (o, v) -> o.f10 = v)
          .read(F11).int32(this, (o, v) -> o.f11 = v)
          .read(F12).int32(this, (o, v) -> o.f12 = v)
          .read(F13).int32(this, (o, v) -> o.f13 = v)
          .read(F14).int32(this, (o, v) -> o.f14 = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ints14 o && f1 == o.f1 && f2 == o.f2 && f3 == o.f3 && f4 == o.f4 && f5 == o.f5 && f6 == o.f6 && f7 == o.f7 && f8 == o.f8 && f9 == o.f9 && f10 == o.f10 && f11 == o.f11 && f12 == o.f12 && f13 == o.f13 && f14 == o.f14;
    }

    @Override
    public int hashCode() {
        return f1 * 31 + f14;
    }

    @Override
    public String toString() {
        return "Ints14{f1=" + f1 + ", ..., f14=" + f14 + "}";
    }
}
