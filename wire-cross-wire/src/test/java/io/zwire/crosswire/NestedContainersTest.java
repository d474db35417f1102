package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Maps inside sequences inside maps, empty and null ones among them, read back as written on every wire. */
class NestedContainersTest {
    static final Field M = Field.of(1, "m");
    static final Field S = Field.of(2, "s");
    static final Field T = Field.of(3, "t");

    static void writeInner(Object o, ValueOut m) {
        m.key("x").int32(1);
        m.key("e").map(o, (p, n) -> { });
        m.key("n").nullValue();
        m.key("7").sequence(o, (p, s) -> { s.map(p, (q, n) -> n.key("k").text("v")); s.map(p, (q, n) -> { }); });
    }

    static final class Doc implements Marshallable {
        final StringBuilder seen = new StringBuilder();
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> {
                m.key("a").sequence(o, (p, s) -> { s.map(p, NestedContainersTest::writeInner); s.map(p, (q, n) -> { }); });
                m.key("b").map(o, NestedContainersTest::writeInner);
                m.key("c").map(o, (p, n) -> n.key("d").map(p, (q, k) -> k.key("e").text("deep")));
            });
            out.write(S).sequence(this, (o, s) -> s.map(o, NestedContainersTest::writeInner));
            out.write(T).int32(5);
        }

        static void readInner(StringBuilder b, ValueIn m) {
            b.append('{');
            while (m.hasNextEntry()) {
                String k = m.textKey();
                b.append(k).append(':');
                switch (k) {
                    case "x" -> b.append(m.int32());
                    case "k" -> b.append(m.text());
                    case "e" -> m.map(b, Doc::readInner);
                    case "n" -> b.append(m.isNull()).append(m.text());
                    case "7" -> m.sequence(b, (c, s) -> {
                        c.append('[');
                        while (s.hasNextElement()) s.map(c, Doc::readInner);
                        c.append(']');
                    });
                    default -> b.append('?');
                }
                b.append(',');
            }
            b.append('}');
        }

        @Override public void readMarshallable(WireIn in) {
            // RAW's first read of a class also runs this on the target, to record its read order.
            seen.setLength(0);
            in.read(M).map(seen, (b, m) -> {
                m.hasNextEntry(); b.append(m.textKey());
                m.sequence(b, (c, s) -> { while (s.hasNextElement()) s.map(c, Doc::readInner); });
                m.hasNextEntry(); b.append(m.textKey());
                m.map(b, Doc::readInner);
                m.hasNextEntry(); b.append(m.textKey());
                m.map(b, (c, n) -> { n.hasNextEntry(); c.append(n.textKey()); n.map(c, (d, k) -> { k.hasNextEntry(); d.append(k.textKey()).append(k.text()); }); });
                b.append(m.hasNextEntry());
            });
            in.read(S).sequence(seen, (b, s) -> { while (s.hasNextElement()) s.map(b, Doc::readInner); });
            seen.append(in.read(T).int32());
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void nestedContainersRoundTrip(WireType type) {
        Wire w = type.apply(Bytes.elastic(256));
        w.writeDocument(new Doc());
        Doc d = new Doc();
        type.apply(Bytes.wrap(w.bytes().toByteArray())).readDocument(d);
        String inner = "{x:1,e:{},n:truenull,7:[{k:v,}{}],}";
        assertEquals("a" + inner + "{}" + "b" + inner + "cdedeep" + "false" + inner + "5", d.seen.toString(), () -> w.bytes().toString());
    }
}
