package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * Sixty-four int fields in one method: past the JIT's inlining budget, so the wide case.
 * Generated: every field declared and read the same way.
 */
public final class Ints64 implements Marshallable {
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
    static final Field F15 = Field.of(15, "f15");
    static final Field F16 = Field.of(16, "f16");
    static final Field F17 = Field.of(17, "f17");
    static final Field F18 = Field.of(18, "f18");
    static final Field F19 = Field.of(19, "f19");
    static final Field F20 = Field.of(20, "f20");
    static final Field F21 = Field.of(21, "f21");
    static final Field F22 = Field.of(22, "f22");
    static final Field F23 = Field.of(23, "f23");
    static final Field F24 = Field.of(24, "f24");
    static final Field F25 = Field.of(25, "f25");
    static final Field F26 = Field.of(26, "f26");
    static final Field F27 = Field.of(27, "f27");
    static final Field F28 = Field.of(28, "f28");
    static final Field F29 = Field.of(29, "f29");
    static final Field F30 = Field.of(30, "f30");
    static final Field F31 = Field.of(31, "f31");
    static final Field F32 = Field.of(32, "f32");
    static final Field F33 = Field.of(33, "f33");
    static final Field F34 = Field.of(34, "f34");
    static final Field F35 = Field.of(35, "f35");
    static final Field F36 = Field.of(36, "f36");
    static final Field F37 = Field.of(37, "f37");
    static final Field F38 = Field.of(38, "f38");
    static final Field F39 = Field.of(39, "f39");
    static final Field F40 = Field.of(40, "f40");
    static final Field F41 = Field.of(41, "f41");
    static final Field F42 = Field.of(42, "f42");
    static final Field F43 = Field.of(43, "f43");
    static final Field F44 = Field.of(44, "f44");
    static final Field F45 = Field.of(45, "f45");
    static final Field F46 = Field.of(46, "f46");
    static final Field F47 = Field.of(47, "f47");
    static final Field F48 = Field.of(48, "f48");
    static final Field F49 = Field.of(49, "f49");
    static final Field F50 = Field.of(50, "f50");
    static final Field F51 = Field.of(51, "f51");
    static final Field F52 = Field.of(52, "f52");
    static final Field F53 = Field.of(53, "f53");
    static final Field F54 = Field.of(54, "f54");
    static final Field F55 = Field.of(55, "f55");
    static final Field F56 = Field.of(56, "f56");
    static final Field F57 = Field.of(57, "f57");
    static final Field F58 = Field.of(58, "f58");
    static final Field F59 = Field.of(59, "f59");
    static final Field F60 = Field.of(60, "f60");
    static final Field F61 = Field.of(61, "f61");
    static final Field F62 = Field.of(62, "f62");
    static final Field F63 = Field.of(63, "f63");
    static final Field F64 = Field.of(64, "f64");

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
    int f15;
    int f16;
    int f17;
    int f18;
    int f19;
    int f20;
    int f21;
    int f22;
    int f23;
    int f24;
    int f25;
    int f26;
    int f27;
    int f28;
    int f29;
    int f30;
    int f31;
    int f32;
    int f33;
    int f34;
    int f35;
    int f36;
    int f37;
    int f38;
    int f39;
    int f40;
    int f41;
    int f42;
    int f43;
    int f44;
    int f45;
    int f46;
    int f47;
    int f48;
    int f49;
    int f50;
    int f51;
    int f52;
    int f53;
    int f54;
    int f55;
    int f56;
    int f57;
    int f58;
    int f59;
    int f60;
    int f61;
    int f62;
    int f63;
    int f64;

    /**
     * The instance the garbage harness writes ({@code zwire garbage} looks for this method):
     * fields -999 to -936: negative values, so zig-zag and the minus sign are exercised. Allocates.
     */
    public static Ints64 sample() {
        return new Ints64().fill(-1_000);
    }

    /** Sets field i to {@code seed + i}. */
    public Ints64 fill(int seed) {
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
        f15 = seed + 15;
        f16 = seed + 16;
        f17 = seed + 17;
        f18 = seed + 18;
        f19 = seed + 19;
        f20 = seed + 20;
        f21 = seed + 21;
        f22 = seed + 22;
        f23 = seed + 23;
        f24 = seed + 24;
        f25 = seed + 25;
        f26 = seed + 26;
        f27 = seed + 27;
        f28 = seed + 28;
        f29 = seed + 29;
        f30 = seed + 30;
        f31 = seed + 31;
        f32 = seed + 32;
        f33 = seed + 33;
        f34 = seed + 34;
        f35 = seed + 35;
        f36 = seed + 36;
        f37 = seed + 37;
        f38 = seed + 38;
        f39 = seed + 39;
        f40 = seed + 40;
        f41 = seed + 41;
        f42 = seed + 42;
        f43 = seed + 43;
        f44 = seed + 44;
        f45 = seed + 45;
        f46 = seed + 46;
        f47 = seed + 47;
        f48 = seed + 48;
        f49 = seed + 49;
        f50 = seed + 50;
        f51 = seed + 51;
        f52 = seed + 52;
        f53 = seed + 53;
        f54 = seed + 54;
        f55 = seed + 55;
        f56 = seed + 56;
        f57 = seed + 57;
        f58 = seed + 58;
        f59 = seed + 59;
        f60 = seed + 60;
        f61 = seed + 61;
        f62 = seed + 62;
        f63 = seed + 63;
        f64 = seed + 64;
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
           .write(F14).int32(f14)
           .write(F15).int32(f15)
           .write(F16).int32(f16)
           .write(F17).int32(f17)
           .write(F18).int32(f18)
           .write(F19).int32(f19)
           .write(F20).int32(f20)
           .write(F21).int32(f21)
           .write(F22).int32(f22)
           .write(F23).int32(f23)
           .write(F24).int32(f24)
           .write(F25).int32(f25)
           .write(F26).int32(f26)
           .write(F27).int32(f27)
           .write(F28).int32(f28)
           .write(F29).int32(f29)
           .write(F30).int32(f30)
           .write(F31).int32(f31)
           .write(F32).int32(f32)
           .write(F33).int32(f33)
           .write(F34).int32(f34)
           .write(F35).int32(f35)
           .write(F36).int32(f36)
           .write(F37).int32(f37)
           .write(F38).int32(f38)
           .write(F39).int32(f39)
           .write(F40).int32(f40)
           .write(F41).int32(f41)
           .write(F42).int32(f42)
           .write(F43).int32(f43)
           .write(F44).int32(f44)
           .write(F45).int32(f45)
           .write(F46).int32(f46)
           .write(F47).int32(f47)
           .write(F48).int32(f48)
           .write(F49).int32(f49)
           .write(F50).int32(f50)
           .write(F51).int32(f51)
           .write(F52).int32(f52)
           .write(F53).int32(f53)
           .write(F54).int32(f54)
           .write(F55).int32(f55)
           .write(F56).int32(f56)
           .write(F57).int32(f57)
           .write(F58).int32(f58)
           .write(F59).int32(f59)
           .write(F60).int32(f60)
           .write(F61).int32(f61)
           .write(F62).int32(f62)
           .write(F63).int32(f63)
           .write(F64).int32(f64);
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
          .read(F14).int32(this, (o, v) -> o.f14 = v)
          .read(F15).int32(this, (o, v) -> o.f15 = v)
          .read(F16).int32(this, (o, v) -> o.f16 = v)
          .read(F17).int32(this, (o, v) -> o.f17 = v)
          .read(F18).int32(this, (o, v) -> o.f18 = v)
          .read(F19).int32(this, (o, v) -> o.f19 = v)
          .read(F20).int32(this, (o, v) -> o.f20 = v)
          .read(F21).int32(this, (o, v) -> o.f21 = v)
          .read(F22).int32(this, (o, v) -> o.f22 = v)
          .read(F23).int32(this, (o, v) -> o.f23 = v)
          .read(F24).int32(this, (o, v) -> o.f24 = v)
          .read(F25).int32(this, (o, v) -> o.f25 = v)
          .read(F26).int32(this, (o, v) -> o.f26 = v)
          .read(F27).int32(this, (o, v) -> o.f27 = v)
          .read(F28).int32(this, (o, v) -> o.f28 = v)
          .read(F29).int32(this, (o, v) -> o.f29 = v)
          .read(F30).int32(this, (o, v) -> o.f30 = v)
          .read(F31).int32(this, (o, v) -> o.f31 = v)
          .read(F32).int32(this, (o, v) -> o.f32 = v)
          .read(F33).int32(this, (o, v) -> o.f33 = v)
          .read(F34).int32(this, (o, v) -> o.f34 = v)
          .read(F35).int32(this, (o, v) -> o.f35 = v)
          .read(F36).int32(this, (o, v) -> o.f36 = v)
          .read(F37).int32(this, (o, v) -> o.f37 = v)
          .read(F38).int32(this, (o, v) -> o.f38 = v)
          .read(F39).int32(this, (o, v) -> o.f39 = v)
          .read(F40).int32(this, (o, v) -> o.f40 = v)
          .read(F41).int32(this, (o, v) -> o.f41 = v)
          .read(F42).int32(this, (o, v) -> o.f42 = v)
          .read(F43).int32(this, (o, v) -> o.f43 = v)
          .read(F44).int32(this, (o, v) -> o.f44 = v)
          .read(F45).int32(this, (o, v) -> o.f45 = v)
          .read(F46).int32(this, (o, v) -> o.f46 = v)
          .read(F47).int32(this, (o, v) -> o.f47 = v)
          .read(F48).int32(this, (o, v) -> o.f48 = v)
          .read(F49).int32(this, (o, v) -> o.f49 = v)
          .read(F50).int32(this, (o, v) -> o.f50 = v)
          .read(F51).int32(this, (o, v) -> o.f51 = v)
          .read(F52).int32(this, (o, v) -> o.f52 = v)
          .read(F53).int32(this, (o, v) -> o.f53 = v)
          .read(F54).int32(this, (o, v) -> o.f54 = v)
          .read(F55).int32(this, (o, v) -> o.f55 = v)
          .read(F56).int32(this, (o, v) -> o.f56 = v)
          .read(F57).int32(this, (o, v) -> o.f57 = v)
          .read(F58).int32(this, (o, v) -> o.f58 = v)
          .read(F59).int32(this, (o, v) -> o.f59 = v)
          .read(F60).int32(this, (o, v) -> o.f60 = v)
          .read(F61).int32(this, (o, v) -> o.f61 = v)
          .read(F62).int32(this, (o, v) -> o.f62 = v)
          .read(F63).int32(this, (o, v) -> o.f63 = v)
          .read(F64).int32(this, (o, v) -> o.f64 = v);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ints64 o && f1 == o.f1 && f2 == o.f2 && f3 == o.f3 && f4 == o.f4 && f5 == o.f5 && f6 == o.f6 && f7 == o.f7 && f8 == o.f8 && f9 == o.f9 && f10 == o.f10 && f11 == o.f11 && f12 == o.f12 && f13 == o.f13 && f14 == o.f14 && f15 == o.f15 && f16 == o.f16 && f17 == o.f17 && f18 == o.f18 && f19 == o.f19 && f20 == o.f20 && f21 == o.f21 && f22 == o.f22 && f23 == o.f23 && f24 == o.f24 && f25 == o.f25 && f26 == o.f26 && f27 == o.f27 && f28 == o.f28 && f29 == o.f29 && f30 == o.f30 && f31 == o.f31 && f32 == o.f32 && f33 == o.f33 && f34 == o.f34 && f35 == o.f35 && f36 == o.f36 && f37 == o.f37 && f38 == o.f38 && f39 == o.f39 && f40 == o.f40 && f41 == o.f41 && f42 == o.f42 && f43 == o.f43 && f44 == o.f44 && f45 == o.f45 && f46 == o.f46 && f47 == o.f47 && f48 == o.f48 && f49 == o.f49 && f50 == o.f50 && f51 == o.f51 && f52 == o.f52 && f53 == o.f53 && f54 == o.f54 && f55 == o.f55 && f56 == o.f56 && f57 == o.f57 && f58 == o.f58 && f59 == o.f59 && f60 == o.f60 && f61 == o.f61 && f62 == o.f62 && f63 == o.f63 && f64 == o.f64;
    }

    @Override
    public int hashCode() {
        return f1 * 31 + f64;
    }

    @Override
    public String toString() {
        return "Ints64{f1=" + f1 + ", ..., f64=" + f64 + "}";
    }
}
