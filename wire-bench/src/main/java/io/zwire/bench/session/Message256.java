package io.zwire.bench.session;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * The message of the in-memory hand-off benchmark: 256 bytes as a RAW document (a 4-byte length,
 * 31 longs and an int), the size low-latency messaging benchmarks usually quote. The first long
 * carries the sender's {@link System#nanoTime()}; the fields are spelled out, as a user's type
 * would be.
 */
public final class Message256 implements Marshallable {
    static final Field SENTNANOS = Field.of(1, "sentNanos");
    static final Field SEQUENCE = Field.of(2, "sequence");
    static final Field P0 = Field.of(3, "p0");
    static final Field P1 = Field.of(4, "p1");
    static final Field P2 = Field.of(5, "p2");
    static final Field P3 = Field.of(6, "p3");
    static final Field P4 = Field.of(7, "p4");
    static final Field P5 = Field.of(8, "p5");
    static final Field P6 = Field.of(9, "p6");
    static final Field P7 = Field.of(10, "p7");
    static final Field P8 = Field.of(11, "p8");
    static final Field P9 = Field.of(12, "p9");
    static final Field P10 = Field.of(13, "p10");
    static final Field P11 = Field.of(14, "p11");
    static final Field P12 = Field.of(15, "p12");
    static final Field P13 = Field.of(16, "p13");
    static final Field P14 = Field.of(17, "p14");
    static final Field P15 = Field.of(18, "p15");
    static final Field P16 = Field.of(19, "p16");
    static final Field P17 = Field.of(20, "p17");
    static final Field P18 = Field.of(21, "p18");
    static final Field P19 = Field.of(22, "p19");
    static final Field P20 = Field.of(23, "p20");
    static final Field P21 = Field.of(24, "p21");
    static final Field P22 = Field.of(25, "p22");
    static final Field P23 = Field.of(26, "p23");
    static final Field P24 = Field.of(27, "p24");
    static final Field P25 = Field.of(28, "p25");
    static final Field P26 = Field.of(29, "p26");
    static final Field P27 = Field.of(30, "p27");
    static final Field P28 = Field.of(31, "p28");
    static final Field FLAGS = Field.of(32, "flags");

    public long sentNanos;
    public long sequence;
    public long p0;
    public long p1;
    public long p2;
    public long p3;
    public long p4;
    public long p5;
    public long p6;
    public long p7;
    public long p8;
    public long p9;
    public long p10;
    public long p11;
    public long p12;
    public long p13;
    public long p14;
    public long p15;
    public long p16;
    public long p17;
    public long p18;
    public long p19;
    public long p20;
    public long p21;
    public long p22;
    public long p23;
    public long p24;
    public long p25;
    public long p26;
    public long p27;
    public long p28;
    public int flags;

    /** Sets the payload from {@code seed}. */
    public Message256 fill(long seed) {
        p0 = seed * 31 + 0;
        p1 = seed * 31 + 1;
        p2 = seed * 31 + 2;
        p3 = seed * 31 + 3;
        p4 = seed * 31 + 4;
        p5 = seed * 31 + 5;
        p6 = seed * 31 + 6;
        p7 = seed * 31 + 7;
        p8 = seed * 31 + 8;
        p9 = seed * 31 + 9;
        p10 = seed * 31 + 10;
        p11 = seed * 31 + 11;
        p12 = seed * 31 + 12;
        p13 = seed * 31 + 13;
        p14 = seed * 31 + 14;
        p15 = seed * 31 + 15;
        p16 = seed * 31 + 16;
        p17 = seed * 31 + 17;
        p18 = seed * 31 + 18;
        p19 = seed * 31 + 19;
        p20 = seed * 31 + 20;
        p21 = seed * 31 + 21;
        p22 = seed * 31 + 22;
        p23 = seed * 31 + 23;
        p24 = seed * 31 + 24;
        p25 = seed * 31 + 25;
        p26 = seed * 31 + 26;
        p27 = seed * 31 + 27;
        p28 = seed * 31 + 28;
        flags = (int) seed;
        return this;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(SENTNANOS).int64(sentNanos)
           .write(SEQUENCE).int64(sequence)
           .write(P0).int64(p0)
           .write(P1).int64(p1)
           .write(P2).int64(p2)
           .write(P3).int64(p3)
           .write(P4).int64(p4)
           .write(P5).int64(p5)
           .write(P6).int64(p6)
           .write(P7).int64(p7)
           .write(P8).int64(p8)
           .write(P9).int64(p9)
           .write(P10).int64(p10)
           .write(P11).int64(p11)
           .write(P12).int64(p12)
           .write(P13).int64(p13)
           .write(P14).int64(p14)
           .write(P15).int64(p15)
           .write(P16).int64(p16)
           .write(P17).int64(p17)
           .write(P18).int64(p18)
           .write(P19).int64(p19)
           .write(P20).int64(p20)
           .write(P21).int64(p21)
           .write(P22).int64(p22)
           .write(P23).int64(p23)
           .write(P24).int64(p24)
           .write(P25).int64(p25)
           .write(P26).int64(p26)
           .write(P27).int64(p27)
           .write(P28).int64(p28)
           .write(FLAGS).int32(flags);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(SENTNANOS).int64(this, (o, v) -> o.sentNanos = v)
          .read(SEQUENCE).int64(this, (o, v) -> o.sequence = v)
          .read(P0).int64(this, (o, v) -> o.p0 = v)
          .read(P1).int64(this, (o, v) -> o.p1 = v)
          .read(P2).int64(this, (o, v) -> o.p2 = v)
          .read(P3).int64(this, (o, v) -> o.p3 = v)
          .read(P4).int64(this, (o, v) -> o.p4 = v)
          .read(P5).int64(this, (o, v) -> o.p5 = v)
          .read(P6).int64(this, (o, v) -> o.p6 = v)
          .read(P7).int64(this, (o, v) -> o.p7 = v)
          .read(P8).int64(this, (o, v) -> o.p8 = v)
          .read(P9).int64(this, (o, v) -> o.p9 = v)
          .read(P10).int64(this, (o, v) -> o.p10 = v)
          .read(P11).int64(this, (o, v) -> o.p11 = v)
          .read(P12).int64(this, (o, v) -> o.p12 = v)
          .read(P13).int64(this, (o, v) -> o.p13 = v)
          .read(P14).int64(this, (o, v) -> o.p14 = v)
          .read(P15).int64(this, (o, v) -> o.p15 = v)
          .read(P16).int64(this, (o, v) -> o.p16 = v)
          .read(P17).int64(this, (o, v) -> o.p17 = v)
          .read(P18).int64(this, (o, v) -> o.p18 = v)
          .read(P19).int64(this, (o, v) -> o.p19 = v)
          .read(P20).int64(this, (o, v) -> o.p20 = v)
          .read(P21).int64(this, (o, v) -> o.p21 = v)
          .read(P22).int64(this, (o, v) -> o.p22 = v)
          .read(P23).int64(this, (o, v) -> o.p23 = v)
          .read(P24).int64(this, (o, v) -> o.p24 = v)
          .read(P25).int64(this, (o, v) -> o.p25 = v)
          .read(P26).int64(this, (o, v) -> o.p26 = v)
          .read(P27).int64(this, (o, v) -> o.p27 = v)
          .read(P28).int64(this, (o, v) -> o.p28 = v)
          .read(FLAGS).int32(this, (o, v) -> o.flags = v);
    }
}
