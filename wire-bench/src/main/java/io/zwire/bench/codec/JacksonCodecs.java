package io.zwire.bench.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.zwire.bench.model.Ints14Values;
import io.zwire.bench.model.MyData;
import io.zwire.bench.model.OrderValues;
import io.zwire.bench.model.PartyValues;
import io.zwire.bench.model.Workload;
import io.zwire.example.Side;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * jackson-core's streaming API written by hand: a {@link JsonGenerator} per encode into a reused
 * buffer, a {@link JsonParser} per decode filling a reused object, fields matched by name in any
 * order and unknown ones skipped, which is what a careful hand-written JSON codec does (and what
 * databind generates at run time). The JSON has the same names as zwire's JSON wire.
 */
final class JacksonCodecs {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final int CAPACITY = 1024;

    private JacksonCodecs() {
    }

    static BenchCodec create(Workload workload) {
        return switch (workload) {
            case INTS14 -> new Ints14Codec();
            case MY_DATA -> new MyDataCodec();
            case ORDER -> new OrderCodec();
        };
    }

    private static JsonParser openObject(ByteSink sink) throws IOException {
        if (sink.size() == 0) {
            throw new IllegalStateException("nothing encoded to decode");
        }
        JsonParser parser = FACTORY.createParser(sink.array(), 0, sink.size());
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException("expected a JSON object at " + parser.currentLocation());
        }
        return parser;
    }

    private static byte[] copyOf(ByteSink sink) {
        if (sink.size() == 0) {
            throw new IllegalStateException("nothing encoded");
        }
        return sink.toByteArray();
    }

    private static final class Ints14Codec implements BenchCodec {
        private final ByteSink sink = new ByteSink(CAPACITY);
        private final Ints14Values source = new Ints14Values().fill(Workload.INTS14_SEED);
        private final Ints14Values target = new Ints14Values();

        @Override
        public int encode() {
            sink.reset();
            final Ints14Values s = source;
            try (JsonGenerator g = FACTORY.createGenerator(sink)) {
                g.writeStartObject();
                g.writeNumberField("f1", s.f1);
                g.writeNumberField("f2", s.f2);
                g.writeNumberField("f3", s.f3);
                g.writeNumberField("f4", s.f4);
                g.writeNumberField("f5", s.f5);
                g.writeNumberField("f6", s.f6);
                g.writeNumberField("f7", s.f7);
                g.writeNumberField("f8", s.f8);
                g.writeNumberField("f9", s.f9);
                g.writeNumberField("f10", s.f10);
                g.writeNumberField("f11", s.f11);
                g.writeNumberField("f12", s.f12);
                g.writeNumberField("f13", s.f13);
                g.writeNumberField("f14", s.f14);
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return sink.size();
        }

        @Override
        public Object decode() {
            final Ints14Values t = target;
            try (JsonParser p = openObject(sink)) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    switch (name) {
                        case "f1" -> t.f1 = p.getIntValue();
                        case "f2" -> t.f2 = p.getIntValue();
                        case "f3" -> t.f3 = p.getIntValue();
                        case "f4" -> t.f4 = p.getIntValue();
                        case "f5" -> t.f5 = p.getIntValue();
                        case "f6" -> t.f6 = p.getIntValue();
                        case "f7" -> t.f7 = p.getIntValue();
                        case "f8" -> t.f8 = p.getIntValue();
                        case "f9" -> t.f9 = p.getIntValue();
                        case "f10" -> t.f10 = p.getIntValue();
                        case "f11" -> t.f11 = p.getIntValue();
                        case "f12" -> t.f12 = p.getIntValue();
                        case "f13" -> t.f13 = p.getIntValue();
                        case "f14" -> t.f14 = p.getIntValue();
                        default -> p.skipChildren();
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
            return copyOf(sink);
        }
    }

    private static final class MyDataCodec implements BenchCodec {
        private final ByteSink sink = new ByteSink(CAPACITY);
        private final MyData source = MyData.sample();
        private final MyData target = new MyData();
        /** Writes the char without creating a one-character String. */
        private final char[] oneChar = new char[1];

        @Override
        public int encode() {
            sink.reset();
            final MyData s = source;
            try (JsonGenerator g = FACTORY.createGenerator(sink)) {
                g.writeStartObject();
                g.writeNumberField("b", s.b());
                g.writeFieldName("c");
                oneChar[0] = s.c();
                g.writeString(oneChar, 0, 1);
                g.writeNumberField("s", s.s());
                g.writeNumberField("i", s.i());
                g.writeNumberField("f", s.f());
                g.writeNumberField("l", s.l());
                g.writeNumberField("d", s.d());
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return sink.size();
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
            try (JsonParser p = openObject(sink)) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    switch (name) {
                        case "b" -> b = (byte) p.getIntValue();
                        case "c" -> c = p.getTextLength() == 1 ? p.getTextCharacters()[p.getTextOffset()] : 0;
                        case "s" -> s = (short) p.getIntValue();
                        case "i" -> i = p.getIntValue();
                        case "f" -> f = p.getFloatValue();
                        case "l" -> l = p.getLongValue();
                        case "d" -> d = p.getDoubleValue();
                        default -> p.skipChildren();
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
            return copyOf(sink);
        }
    }

    private static final class OrderCodec implements BenchCodec {
        private static final Side[] SIDES = Side.values();

        private final ByteSink sink = new ByteSink(CAPACITY);
        private final OrderValues source = OrderValues.of(Workload.order());
        private final OrderValues target = new OrderValues();

        @Override
        public int encode() {
            sink.reset();
            final OrderValues s = source;
            try (JsonGenerator g = FACTORY.createGenerator(sink)) {
                g.writeStartObject();
                g.writeNumberField("id", s.id);
                g.writeStringField("symbol", s.symbol);
                g.writeNumberField("price", s.price);
                g.writeNumberField("qty", s.qty);
                g.writeStringField("side", s.side == null ? null : s.side.name());
                if (s.party == null) {
                    g.writeNullField("party");
                } else {
                    g.writeObjectFieldStart("party");
                    g.writeStringField("name", s.party.name);
                    g.writeStringField("account", s.party.account);
                    g.writeNumberField("id", s.party.id);
                    g.writeEndObject();
                }
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return sink.size();
        }

        @Override
        public Object decode() {
            final OrderValues t = target;
            try (JsonParser p = openObject(sink)) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (name) {
                        case "id" -> t.id = p.getLongValue();
                        case "symbol" -> t.symbol = p.getValueAsString();
                        case "price" -> t.price = p.getDoubleValue();
                        case "qty" -> t.qty = p.getLongValue();
                        case "side" -> t.side = value == JsonToken.VALUE_NULL ? null : side(p.getText());
                        case "party" -> t.party = value == JsonToken.VALUE_NULL ? null : party(p, t.party);
                        default -> p.skipChildren();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return t;
        }

        private static Side side(String name) {
            for (Side side : SIDES) {
                if (side.name().equals(name)) {
                    return side;
                }
            }
            throw new IllegalStateException("unknown side " + name);
        }

        private static PartyValues party(JsonParser p, PartyValues reuse) throws IOException {
            PartyValues party = reuse != null ? reuse : new PartyValues();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "name" -> party.name = p.getValueAsString();
                    case "account" -> party.account = p.getValueAsString();
                    case "id" -> party.id = p.getLongValue();
                    default -> p.skipChildren();
                }
            }
            return party;
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            return copyOf(sink);
        }
    }
}
