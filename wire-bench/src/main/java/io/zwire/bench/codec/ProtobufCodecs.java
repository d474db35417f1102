package io.zwire.bench.codec;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.zwire.bench.model.Ints14Values;
import io.zwire.bench.model.MyData;
import io.zwire.bench.model.OrderValues;
import io.zwire.bench.model.PartyValues;
import io.zwire.bench.model.Workload;
import io.zwire.example.Side;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * protobuf-java's {@link CodedOutputStream} and {@link CodedInputStream} driven by hand, as
 * protoc's generated code drives them for a proto3 schema with the same field numbers as the zwire
 * types: default values are not written, a nested message is preceded by its computed size, and
 * the parser switches on tags and skips unknown fields. Decoding fills a reused object, which
 * generated messages (immutable) cannot; so this is protobuf's encoding at its cheapest.
 *
 * <p>The schema this stands for: {@code Ints14 { int32 f1 = 1; ... }};
 * {@code MyData { sint32 b = 1; uint32 c = 2; sint32 s = 3; int32 i = 4; float f = 5; int64 l = 6;
 * double d = 7; }} (zig-zag for the small signed fields, as a schema author would choose);
 * {@code Order { int64 id = 1; string symbol = 2; double price = 3; int64 qty = 4; Side side = 5;
 * Party party = 6; }} with {@code Party { string name = 1; string account = 2; int64 id = 3; }}.
 */
final class ProtobufCodecs {
    private static final int CAPACITY = 1024;

    private ProtobufCodecs() {
    }

    static BenchCodec create(Workload workload) {
        return switch (workload) {
            case INTS14 -> new Ints14Codec();
            case MY_DATA -> new MyDataCodec();
            case ORDER -> new OrderCodec();
        };
    }

    private static final class Ints14Codec implements BenchCodec {
        private final byte[] buffer = new byte[CAPACITY];
        private final Ints14Values source = new Ints14Values().fill(Workload.INTS14_SEED);
        private final Ints14Values target = new Ints14Values();
        private int size = -1;

        @Override
        public int encode() {
            final Ints14Values s = source;
            CodedOutputStream out = CodedOutputStream.newInstance(buffer);
            try {
                writeInt32(out, 1, s.f1);
                writeInt32(out, 2, s.f2);
                writeInt32(out, 3, s.f3);
                writeInt32(out, 4, s.f4);
                writeInt32(out, 5, s.f5);
                writeInt32(out, 6, s.f6);
                writeInt32(out, 7, s.f7);
                writeInt32(out, 8, s.f8);
                writeInt32(out, 9, s.f9);
                writeInt32(out, 10, s.f10);
                writeInt32(out, 11, s.f11);
                writeInt32(out, 12, s.f12);
                writeInt32(out, 13, s.f13);
                writeInt32(out, 14, s.f14);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            size = out.getTotalBytesWritten();
            return size;
        }

        private static void writeInt32(CodedOutputStream out, int number, int value) throws IOException {
            if (value != 0) {
                out.writeInt32(number, value);
            }
        }

        @Override
        public Object decode() {
            final Ints14Values t = target;
            // proto3: a field absent from the bytes is 0, so the reused object starts from zeros.
            t.f1 = t.f2 = t.f3 = t.f4 = t.f5 = t.f6 = t.f7 = t.f8 = t.f9 = t.f10 = t.f11 = t.f12 = t.f13 = t.f14 = 0;
            CodedInputStream in = CodedInputStream.newInstance(buffer, 0, checkedSize(size));
            try {
                for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                    switch (tag) {
                        case 8 -> t.f1 = in.readInt32();
                        case 16 -> t.f2 = in.readInt32();
                        case 24 -> t.f3 = in.readInt32();
                        case 32 -> t.f4 = in.readInt32();
                        case 40 -> t.f5 = in.readInt32();
                        case 48 -> t.f6 = in.readInt32();
                        case 56 -> t.f7 = in.readInt32();
                        case 64 -> t.f8 = in.readInt32();
                        case 72 -> t.f9 = in.readInt32();
                        case 80 -> t.f10 = in.readInt32();
                        case 88 -> t.f11 = in.readInt32();
                        case 96 -> t.f12 = in.readInt32();
                        case 104 -> t.f13 = in.readInt32();
                        case 112 -> t.f14 = in.readInt32();
                        default -> in.skipField(tag);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return t;
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return Arrays.copyOf(buffer, checkedSize(size));
        }
    }

    private static final class MyDataCodec implements BenchCodec {
        private final byte[] buffer = new byte[CAPACITY];
        private final MyData source = MyData.sample();
        private final MyData target = new MyData();
        private int size = -1;

        @Override
        public int encode() {
            final MyData s = source;
            CodedOutputStream out = CodedOutputStream.newInstance(buffer);
            try {
                if (s.b() != 0) {
                    out.writeSInt32(1, s.b());
                }
                if (s.c() != 0) {
                    out.writeUInt32(2, s.c());
                }
                if (s.s() != 0) {
                    out.writeSInt32(3, s.s());
                }
                if (s.i() != 0) {
                    out.writeInt32(4, s.i());
                }
                if (Float.floatToRawIntBits(s.f()) != 0) {
                    out.writeFloat(5, s.f());
                }
                if (s.l() != 0) {
                    out.writeInt64(6, s.l());
                }
                if (Double.doubleToRawLongBits(s.d()) != 0) {
                    out.writeDouble(7, s.d());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            size = out.getTotalBytesWritten();
            return size;
        }

        @Override
        public Object decode() {
            byte b = 0;
            char c = 0;
            short s = 0;
            int i = 0;
            float f = 0;
            long l = 0;
            double d = 0;
            CodedInputStream in = CodedInputStream.newInstance(buffer, 0, checkedSize(size));
            try {
                for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                    switch (tag) {
                        case 8 -> b = (byte) in.readSInt32();
                        case 16 -> c = (char) in.readUInt32();
                        case 24 -> s = (short) in.readSInt32();
                        case 32 -> i = in.readInt32();
                        case 45 -> f = in.readFloat();
                        case 48 -> l = in.readInt64();
                        case 57 -> d = in.readDouble();
                        default -> in.skipField(tag);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return target.set(b, c, s, i, f, l, d);
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return Arrays.copyOf(buffer, checkedSize(size));
        }
    }

    private static final class OrderCodec implements BenchCodec {
        private static final Side[] SIDES = Side.values();

        private final byte[] buffer = new byte[CAPACITY];
        private final OrderValues source = OrderValues.of(Workload.order());
        private final OrderValues target = new OrderValues();
        private int size = -1;

        @Override
        public int encode() {
            final OrderValues s = source;
            CodedOutputStream out = CodedOutputStream.newInstance(buffer);
            try {
                if (s.id != 0) {
                    out.writeInt64(1, s.id);
                }
                if (s.symbol != null && !s.symbol.isEmpty()) {
                    out.writeString(2, s.symbol);
                }
                if (Double.doubleToRawLongBits(s.price) != 0) {
                    out.writeDouble(3, s.price);
                }
                if (s.qty != 0) {
                    out.writeInt64(4, s.qty);
                }
                if (s.side != null && s.side.ordinal() != 0) {
                    out.writeEnum(5, s.side.ordinal());
                }
                if (s.party != null) {
                    out.writeTag(6, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(partySize(s.party));
                    writeParty(out, s.party);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            size = out.getTotalBytesWritten();
            return size;
        }

        private static int partySize(PartyValues p) {
            int size = 0;
            if (p.name != null && !p.name.isEmpty()) {
                size += CodedOutputStream.computeStringSize(1, p.name);
            }
            if (p.account != null && !p.account.isEmpty()) {
                size += CodedOutputStream.computeStringSize(2, p.account);
            }
            if (p.id != 0) {
                size += CodedOutputStream.computeInt64Size(3, p.id);
            }
            return size;
        }

        private static void writeParty(CodedOutputStream out, PartyValues p) throws IOException {
            if (p.name != null && !p.name.isEmpty()) {
                out.writeString(1, p.name);
            }
            if (p.account != null && !p.account.isEmpty()) {
                out.writeString(2, p.account);
            }
            if (p.id != 0) {
                out.writeInt64(3, p.id);
            }
        }

        @Override
        public Object decode() {
            final OrderValues t = target;
            t.id = 0;
            t.symbol = "";
            t.price = 0;
            t.qty = 0;
            t.side = SIDES[0];
            PartyValues reuse = t.party;
            t.party = null;
            CodedInputStream in = CodedInputStream.newInstance(buffer, 0, checkedSize(size));
            try {
                for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                    switch (tag) {
                        case 8 -> t.id = in.readInt64();
                        case 18 -> t.symbol = in.readStringRequireUtf8();
                        case 25 -> t.price = in.readDouble();
                        case 32 -> t.qty = in.readInt64();
                        case 40 -> t.side = side(in.readEnum());
                        case 50 -> t.party = readParty(in, reuse != null ? reuse : new PartyValues());
                        default -> in.skipField(tag);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return t;
        }

        private static Side side(int number) {
            return number >= 0 && number < SIDES.length ? SIDES[number] : null;
        }

        private static PartyValues readParty(CodedInputStream in, PartyValues p) throws IOException {
            p.name = "";
            p.account = "";
            p.id = 0;
            int limit = in.pushLimit(in.readRawVarint32());
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (tag) {
                    case 10 -> p.name = in.readStringRequireUtf8();
                    case 18 -> p.account = in.readStringRequireUtf8();
                    case 24 -> p.id = in.readInt64();
                    default -> in.skipField(tag);
                }
            }
            in.popLimit(limit);
            return p;
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return Arrays.copyOf(buffer, checkedSize(size));
        }
    }

    private static int checkedSize(int size) {
        if (size < 0) {
            throw new IllegalStateException("nothing encoded to decode");
        }
        return size;
    }
}
