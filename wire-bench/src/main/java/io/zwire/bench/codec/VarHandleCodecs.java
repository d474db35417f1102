package io.zwire.bench.codec;

import io.zwire.bench.model.Ints14Values;
import io.zwire.bench.model.MyData;
import io.zwire.bench.model.OrderValues;
import io.zwire.bench.model.PartyValues;
import io.zwire.bench.model.Workload;
import io.zwire.example.Side;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The practical limit: what a careful engineer writes by hand for one type, straight into a
 * {@code byte[]} through little-endian {@link VarHandle} views, with no framework in between.
 * It writes exactly the RAW wire's layout (a length-prefixed document, fields in order, texts as
 * varint(length + 1) and UTF-8, enums as varint(ordinal + 1), a nested object behind a presence
 * byte), so the RAW wire against this baseline is the framework's own cost. A test checks the
 * bytes are identical. Texts decode into a new {@code String} each time, as hand-written code
 * usually does; zwire's interning of repeated values is a difference the report shows.
 */
final class VarHandleCodecs {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final Side[] SIDES = Side.values();
    private static final int CAPACITY = 1024;

    private VarHandleCodecs() {
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
        private int size;
        private final Ints14Values source = new Ints14Values().fill(Workload.INTS14_SEED);
        private final Ints14Values target = new Ints14Values();

        @Override
        public int encode() {
            final byte[] b = buffer;
            final Ints14Values s = source;
            INT.set(b, 4, s.f1);
            INT.set(b, 8, s.f2);
            INT.set(b, 12, s.f3);
            INT.set(b, 16, s.f4);
            INT.set(b, 20, s.f5);
            INT.set(b, 24, s.f6);
            INT.set(b, 28, s.f7);
            INT.set(b, 32, s.f8);
            INT.set(b, 36, s.f9);
            INT.set(b, 40, s.f10);
            INT.set(b, 44, s.f11);
            INT.set(b, 48, s.f12);
            INT.set(b, 52, s.f13);
            INT.set(b, 56, s.f14);
            INT.set(b, 0, 56);
            size = 60;
            return 60;
        }

        @Override
        public Object decode() {
            final byte[] b = buffer;
            final Ints14Values t = target;
            checkEncoded(size);
            checkLength(b, 56);
            t.f1 = (int) INT.get(b, 4);
            t.f2 = (int) INT.get(b, 8);
            t.f3 = (int) INT.get(b, 12);
            t.f4 = (int) INT.get(b, 16);
            t.f5 = (int) INT.get(b, 20);
            t.f6 = (int) INT.get(b, 24);
            t.f7 = (int) INT.get(b, 28);
            t.f8 = (int) INT.get(b, 32);
            t.f9 = (int) INT.get(b, 36);
            t.f10 = (int) INT.get(b, 40);
            t.f11 = (int) INT.get(b, 44);
            t.f12 = (int) INT.get(b, 48);
            t.f13 = (int) INT.get(b, 52);
            t.f14 = (int) INT.get(b, 56);
            return t;
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return Arrays.copyOf(buffer, checkEncoded(size));
        }
    }

    private static final class MyDataCodec implements BenchCodec {
        private final byte[] buffer = new byte[CAPACITY];
        private int size;
        private final MyData source = MyData.sample();
        private final MyData target = new MyData();

        @Override
        public int encode() {
            final byte[] b = buffer;
            final MyData s = source;
            b[4] = s.b();
            SHORT.set(b, 5, (short) s.c());
            SHORT.set(b, 7, s.s());
            INT.set(b, 9, s.i());
            INT.set(b, 13, Float.floatToRawIntBits(s.f()));
            LONG.set(b, 17, s.l());
            LONG.set(b, 25, Double.doubleToRawLongBits(s.d()));
            INT.set(b, 0, 29);
            size = 33;
            return 33;
        }

        @Override
        public Object decode() {
            final byte[] b = buffer;
            checkEncoded(size);
            checkLength(b, 29);
            return target.set(b[4], (char) (short) SHORT.get(b, 5), (short) SHORT.get(b, 7), (int) INT.get(b, 9),
                    Float.intBitsToFloat((int) INT.get(b, 13)), (long) LONG.get(b, 17),
                    Double.longBitsToDouble((long) LONG.get(b, 25)));
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return Arrays.copyOf(buffer, checkEncoded(size));
        }
    }

    private static final class OrderCodec implements BenchCodec {
        private final byte[] buffer = new byte[CAPACITY];
        private int size;
        private final OrderValues source = OrderValues.of(Workload.order());
        private final OrderValues target = new OrderValues();
        /** Where {@link #decode()} has got to; a field rather than a return value, as there are two results per text. */
        private int position;

        @Override
        public int encode() {
            final byte[] b = buffer;
            final OrderValues s = source;
            LONG.set(b, 4, s.id);
            int p = putText(b, 12, s.symbol);
            LONG.set(b, p, Double.doubleToRawLongBits(s.price));
            LONG.set(b, p + 8, s.qty);
            p = putVarint(b, p + 16, s.side == null ? 0 : s.side.ordinal() + 1);
            PartyValues party = s.party;
            if (party == null) {
                b[p++] = 0;
            } else {
                b[p++] = 1;
                p = putText(b, p, party.name);
                p = putText(b, p, party.account);
                LONG.set(b, p, party.id);
                p += 8;
            }
            INT.set(b, 0, p - 4);
            size = p;
            return p;
        }

        @Override
        public Object decode() {
            final byte[] b = buffer;
            final OrderValues t = target;
            checkEncoded(size);
            int end = 4 + checkLength(b, -1);
            t.id = (long) LONG.get(b, 4);
            position = 12;
            t.symbol = text(b);
            t.price = Double.longBitsToDouble((long) LONG.get(b, position));
            t.qty = (long) LONG.get(b, position + 8);
            position += 16;
            int side = (int) varint(b);
            t.side = side == 0 ? null : SIDES[side - 1];
            if (b[position++] == 0) {
                t.party = null;
            } else {
                PartyValues party = t.party != null ? t.party : new PartyValues();
                party.name = text(b);
                party.account = text(b);
                party.id = (long) LONG.get(b, position);
                position += 8;
                t.party = party;
            }
            if (position != end) {
                throw new IllegalStateException("document of " + (end - 4) + " bytes, read " + (position - 4));
            }
            return t;
        }

        private String text(byte[] b) {
            int lengthPlusOne = (int) varint(b);
            if (lengthPlusOne == 0) {
                return null;
            }
            String text = new String(b, position, lengthPlusOne - 1, StandardCharsets.UTF_8);
            position += lengthPlusOne - 1;
            return text;
        }

        private long varint(byte[] b) {
            long result = 0;
            for (int shift = 0; ; shift += 7) {
                byte next = b[position++];
                result |= (long) (next & 0x7F) << shift;
                if (next >= 0) {
                    return result;
                }
            }
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return Arrays.copyOf(buffer, checkEncoded(size));
        }
    }

    private static int checkEncoded(int size) {
        if (size == 0) {
            throw new IllegalStateException("nothing encoded to decode");
        }
        return size;
    }

    /** Checks the length prefix (against {@code expected} unless it is negative) and returns it. */
    private static int checkLength(byte[] b, int expected) {
        int length = (int) INT.get(b, 0);
        if (length < 0 || length > b.length - 4 || expected >= 0 && length != expected) {
            throw new IllegalStateException("bad document length " + length);
        }
        return length;
    }

    /** Writes varint(length + 1) and the UTF-8 bytes, or a single 0 for null; returns the next position. */
    private static int putText(byte[] b, int position, String text) {
        if (text == null) {
            b[position] = 0;
            return position + 1;
        }
        int length = text.length();
        int p = putVarint(b, position, length + 1L);
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                // Rare in this workload: let the JDK encode, then rewrite the length prefix.
                byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
                p = putVarint(b, position, utf8.length + 1L);
                System.arraycopy(utf8, 0, b, p, utf8.length);
                return p + utf8.length;
            }
            b[p + i] = (byte) c;
        }
        return p + length;
    }

    private static int putVarint(byte[] b, int position, long value) {
        int p = position;
        long v = value;
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) (v & 0x7F | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        return p;
    }
}
