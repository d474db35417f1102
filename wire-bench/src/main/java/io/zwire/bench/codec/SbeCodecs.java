package io.zwire.bench.codec;

import io.zwire.bench.codec.sbe.Ints14Decoder;
import io.zwire.bench.codec.sbe.Ints14Encoder;
import io.zwire.bench.codec.sbe.MessageHeaderDecoder;
import io.zwire.bench.codec.sbe.MessageHeaderEncoder;
import io.zwire.bench.codec.sbe.MyDataDecoder;
import io.zwire.bench.codec.sbe.MyDataEncoder;
import io.zwire.bench.codec.sbe.OrderDecoder;
import io.zwire.bench.codec.sbe.OrderEncoder;
import io.zwire.bench.model.Ints14Values;
import io.zwire.bench.model.MyData;
import io.zwire.bench.model.OrderValues;
import io.zwire.bench.model.PartyValues;
import io.zwire.bench.model.Workload;
import io.zwire.example.Side;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.Arrays;

/**
 * SBE, as its users write it: the flyweight encoders and decoders {@code sbe-tool} generates at
 * build time from {@code src/main/sbe/codecs.xml}, over an Agrona buffer wrapping a {@code byte[]},
 * each message behind SBE's 8-byte message header, copying values between the flyweights and the
 * same data objects the other peers fill ({@link Ints14Values}, {@link MyData}, {@link OrderValues}).
 * The nested party is a repeating group of zero or one entries, SBE's optional nested object.
 *
 * <p>Texts go through an {@link SbeText} per field, so repeated values allocate nothing (see there
 * why); every call is then garbage-free. A decode checks the message header's template and that it
 * read exactly what the last encode wrote.
 *
 * <p>Agrona reads {@code jdk.internal.misc.Unsafe}: a JVM running these needs
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} (docs/transports.md), which
 * {@code CodecBenchmark}'s forks pass.
 */
final class SbeCodecs {
    private static final int CAPACITY = 1024;
    private static final Side[] SIDES = Side.values();
    private static final io.zwire.bench.codec.sbe.Side[] SBE_SIDES = {
            io.zwire.bench.codec.sbe.Side.BUY, io.zwire.bench.codec.sbe.Side.SELL};

    private SbeCodecs() {
    }

    static BenchCodec create(Workload workload) {
        return switch (workload) {
            case INTS14 -> new Ints14Codec();
            case MY_DATA -> new MyDataCodec();
            case ORDER -> new OrderCodec();
        };
    }

    /**
     * The buffer, the message headers, the values encoded and decoded into, and the size of the
     * last encoding, which every message shares.
     */
    private abstract static class MessageCodec<T> implements BenchCodec {
        final T source;
        final T target;
        final byte[] bytes = new byte[CAPACITY];
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
        final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        private int size;

        MessageCodec(T source, T target) {
            this.source = source;
            this.target = target;
        }

        /** Records the size of an encoding whose message body ends at {@code limit}, and returns it. */
        final int encoded(int limit) {
            size = limit;
            return limit;
        }

        /** Throws unless something was encoded. */
        final void checkEncoded() {
            if (size == 0) {
                throw new IllegalStateException("nothing encoded to decode");
            }
        }

        /** Throws unless a decode that ended at {@code limit} read exactly what the last encode wrote. */
        final void checkRead(int limit) {
            if (limit != size) {
                throw new IllegalStateException("message of " + size + " bytes, read " + limit);
            }
        }

        @Override
        public final byte[] encoded() {
            checkEncoded();
            return Arrays.copyOf(bytes, size);
        }

        @Override
        public final Object source() {
            return source;
        }
    }

    private static final class Ints14Codec extends MessageCodec<Ints14Values> {
        private final Ints14Encoder encoder = new Ints14Encoder();
        private final Ints14Decoder decoder = new Ints14Decoder();

        Ints14Codec() {
            super(new Ints14Values().fill(Workload.INTS14_SEED), new Ints14Values());
        }

        @Override
        public int encode() {
            final Ints14Values s = source;
            return encoded(encoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                    .f1(s.f1).f2(s.f2).f3(s.f3).f4(s.f4).f5(s.f5).f6(s.f6).f7(s.f7)
                    .f8(s.f8).f9(s.f9).f10(s.f10).f11(s.f11).f12(s.f12).f13(s.f13).f14(s.f14)
                    .limit());
        }

        @Override
        public Object decode() {
            checkEncoded();
            final Ints14Decoder d = decoder.wrapAndApplyHeader(buffer, 0, headerDecoder);
            final Ints14Values t = target;
            t.f1 = d.f1();
            t.f2 = d.f2();
            t.f3 = d.f3();
            t.f4 = d.f4();
            t.f5 = d.f5();
            t.f6 = d.f6();
            t.f7 = d.f7();
            t.f8 = d.f8();
            t.f9 = d.f9();
            t.f10 = d.f10();
            t.f11 = d.f11();
            t.f12 = d.f12();
            t.f13 = d.f13();
            t.f14 = d.f14();
            checkRead(d.limit());
            return t;
        }
    }

    private static final class MyDataCodec extends MessageCodec<MyData> {
        private final MyDataEncoder encoder = new MyDataEncoder();
        private final MyDataDecoder decoder = new MyDataDecoder();

        MyDataCodec() {
            super(MyData.sample(), new MyData());
        }

        @Override
        public int encode() {
            final MyData s = source;
            return encoded(encoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                    .b(s.b()).c(s.c()).s(s.s()).i(s.i()).f(s.f()).l(s.l()).d(s.d())
                    .limit());
        }

        @Override
        public Object decode() {
            checkEncoded();
            final MyDataDecoder d = decoder.wrapAndApplyHeader(buffer, 0, headerDecoder);
            target.set(d.b(), (char) d.c(), d.s(), d.i(), d.f(), d.l(), d.d());
            checkRead(d.limit());
            return target;
        }
    }

    private static final class OrderCodec extends MessageCodec<OrderValues> {
        private final OrderEncoder encoder = new OrderEncoder();
        private final OrderDecoder decoder = new OrderDecoder();
        private final SbeText symbolOut = new SbeText();
        private final SbeText nameOut = new SbeText();
        private final SbeText accountOut = new SbeText();
        private final SbeText symbolIn = new SbeText();
        private final SbeText nameIn = new SbeText();
        private final SbeText accountIn = new SbeText();

        OrderCodec() {
            super(OrderValues.of(Workload.order()), new OrderValues());
        }

        @Override
        public int encode() {
            final OrderValues s = source;
            final OrderEncoder e = encoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                    .id(s.id).price(s.price).qty(s.qty)
                    .side(s.side == null ? io.zwire.bench.codec.sbe.Side.NULL_VAL : SBE_SIDES[s.side.ordinal()]);
            final PartyValues party = s.party;
            final OrderEncoder.PartyEncoder p = e.partyCount(party == null ? 0 : 1);
            if (party != null) {
                p.next().id(party.id)
                        .putName(nameOut.utf8(party.name), 0, nameOut.length())
                        .putAccount(accountOut.utf8(party.account), 0, accountOut.length());
            }
            return encoded(e.putSymbol(symbolOut.utf8(s.symbol), 0, symbolOut.length()).limit());
        }

        @Override
        public Object decode() {
            checkEncoded();
            final OrderDecoder d = decoder.wrapAndApplyHeader(buffer, 0, headerDecoder);
            final OrderValues t = target;
            t.id = d.id();
            t.price = d.price();
            t.qty = d.qty();
            final short side = d.sideRaw();
            t.side = side == io.zwire.bench.codec.sbe.Side.NULL_VAL.value() ? null : SIDES[side];
            final OrderDecoder.PartyDecoder p = d.party();
            if (p.count() == 0) {
                t.party = null;
            } else if (p.count() == 1) {
                p.next();
                final PartyValues party = t.party != null ? t.party : new PartyValues();
                party.id = p.id();
                int length = p.nameLength();
                p.getName(nameIn.scratch(length), 0, length);
                party.name = nameIn.text(length);
                length = p.accountLength();
                p.getAccount(accountIn.scratch(length), 0, length);
                party.account = accountIn.text(length);
                t.party = party;
            } else {
                throw new IllegalStateException("an order has at most one party, the message holds " + p.count());
            }
            final int length = d.symbolLength();
            d.getSymbol(symbolIn.scratch(length), 0, length);
            t.symbol = symbolIn.text(length);
            checkRead(d.limit());
            return t;
        }
    }
}
