package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A map field the reading type does not know reaches its unexpectedField hook whole, on every self-describing wire. */
class MapInHookTest {
    static final Field M = Field.of(1, "m");
    static final Field T = Field.of(2, "t");

    static final class Writes implements Marshallable {
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> { m.key("a").int32(1); m.key("b").int32(2); m.key("c").int32(3); });
            out.write(T).int32(9);
        }
        @Override public void readMarshallable(WireIn in) { }
    }

    static final class Hook implements Marshallable {
        final List<String> seen = new ArrayList<>();
        int t;
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) { t = in.read(T).int32(); }
        @Override public void unexpectedField(WireKey key, ValueIn in) {
            in.map(seen, (s, m) -> { while (m.hasNextEntry()) { s.add(m.textKey() + "=" + m.int32()); } });
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = {"YAML", "YAML_NUMBERED", "JSON", "BINARY", "NUMBERED"})
    void anUnknownMapFieldIsHandedToTheHookWhole(WireType type) {
        Wire w = type.apply(Bytes.elastic(64));
        w.writeDocument(new Writes());
        Hook hook = new Hook();
        type.apply(Bytes.wrap(w.bytes().toByteArray())).readDocument(hook);
        assertEquals(List.of("a=1", "b=2", "c=3"), hook.seen);
        assertEquals(9, hook.t);
    }
}
