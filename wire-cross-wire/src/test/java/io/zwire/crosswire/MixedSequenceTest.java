package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A sequence of an integer then an empty map, or an empty object: every element is read back. */
class MixedSequenceTest {
    static final Field S = Field.of(1, "s");

    static final class Empty implements Marshallable {
        @Override public void writeMarshallable(WireOut out) { }
        @Override public void readMarshallable(WireIn in) { }
    }

    static final class Seq implements Marshallable {
        final boolean map;
        int elements = -1;
        Seq(boolean map) { this.map = map; }
        @Override public void writeMarshallable(WireOut out) {
            out.write(S).sequence(this, (o, s) -> {
                s.int32(1);
                if (o.map) s.map(o, (p, m) -> { }); else s.marshallable(new Empty());
            });
        }
        @Override public void readMarshallable(WireIn in) {
            in.read(S).sequence(this, (o, s) -> {
                o.elements = 0;
                if (s.hasNextElement()) { s.int32(); o.elements++; }
                if (s.hasNextElement()) { if (o.map) s.map(o, (p, m) -> { }); else s.marshallable(new Empty()); o.elements++; }
                while (s.hasNextElement()) { s.skip(); o.elements += 100; }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, mode = EnumSource.Mode.EXCLUDE, names = "NUMBERED")
    void anIntegerThenAnEmptyMap(WireType type) { check(type, true); }

    @ParameterizedTest
    @EnumSource(value = WireType.class, mode = EnumSource.Mode.EXCLUDE, names = "NUMBERED")
    void anIntegerThenAnEmptyObject(WireType type) { check(type, false); }

    /*
     * NUMBERED drops an empty message that follows a packed run in the same repeated field: the
     * reader takes an empty length-delimited occurrence after packed elements for an encoder's
     * empty list (ProtoLevels.hasNextElement). Only a sequence mixing integers with objects or
     * maps is affected; the fix needs a decision on other encoders' empty packed runs.
     */
    @Disabled("known: NUMBERED drops an empty object or map after a packed run in a mixed sequence; open defect, documented in docs/formats.md (NUMBERED)")
    @Test
    void numberedAnIntegerThenAnEmptyMap() { check(WireType.NUMBERED, true); }

    @Disabled("known: NUMBERED drops an empty object or map after a packed run in a mixed sequence; open defect, documented in docs/formats.md (NUMBERED)")
    @Test
    void numberedAnIntegerThenAnEmptyObject() { check(WireType.NUMBERED, false); }

    static void check(WireType type, boolean map) {
        Wire w = type.apply(Bytes.elastic(64));
        w.writeDocument(new Seq(map));
        byte[] doc = w.bytes().toByteArray();
        Seq d = new Seq(map);
        type.apply(Bytes.wrap(doc)).readDocument(d);
        assertEquals(2, d.elements, HexFormat.of().formatHex(doc));
    }
}
