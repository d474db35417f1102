package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sequence of an integer then an empty map, or an empty object: every element is read back, or, on NUMBERED, refused when written. */
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
     * On NUMBERED an empty object or map after packed numbers in one sequence is the same bytes as
     * an empty packed run, which the reader takes as no element (as protobuf readers that accept a
     * packed field in several runs do): the writer refuses it rather than write an element that
     * would be lost. A sequence should hold one kind, as protobuf's repeated field does.
     */
    @Test
    void numberedRefusesAnEmptyMapAfterNumbersInOneSequenceAndWritesNothing() { refusedOnNumbered(true); }

    @Test
    void numberedRefusesAnEmptyObjectAfterNumbersInOneSequenceAndWritesNothing() { refusedOnNumbered(false); }

    @Test
    void numberedRefusesAnEmptyTextAfterNumbersEvenWithAnotherElementBetween() {
        Wire w = WireType.NUMBERED.apply(Bytes.elastic(64));
        Marshallable numbersThenText = writes(out -> out.write(S).sequence(out, (o, s) -> {
            s.int32(1);
            s.text("not empty");
            s.text("");
        }));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> w.writeDocument(numbersThenText));
        assertTrue(refused.getMessage().contains("empty text after numbers"), refused.getMessage());
        assertEquals(0, w.bytes().writePosition(), "nothing is written");
    }

    @Test
    void numberedKeepsAnObjectWithFieldsAfterNumbersAndAnEmptyOneBeforeThem() {
        Wire w = WireType.NUMBERED.apply(Bytes.elastic(64));
        w.writeDocument(writes(out -> out.write(S).sequence(out, (o, s) -> {
            s.marshallable(new Empty());
            s.int32(1);
            s.marshallable(writes(e -> e.write(S).int32(5)));
        })));
        int[] kinds = new int[3];
        Marshallable reader = new Marshallable() {
            @Override public void writeMarshallable(WireOut out) { }
            @Override public void readMarshallable(WireIn in) {
                in.read(S).sequence(this, (o, s) -> {
                    if (s.hasNextElement()) { s.marshallable(new Empty()); kinds[0]++; }
                    if (s.hasNextElement()) { kinds[1] = s.int32(); }
                    if (s.hasNextElement()) { s.marshallable(writes(e -> { })); kinds[2]++; }
                });
            }
        };
        WireType.NUMBERED.apply(Bytes.wrap(w.bytes().toByteArray())).readDocument(reader);
        assertArrayEquals(new int[] {1, 1, 1}, kinds);
    }

    /** A typed element is a wrapper that holds its alias, so an empty typed object is never empty bytes. */
    @Test
    void numberedKeepsAnEmptyTypedObjectAfterNumbers() {
        io.zwire.WireOptions options = io.zwire.WireOptions.defaults()
                .withTypes(io.zwire.TypeRegistry.builder().add("Empty", Empty.class, Empty::new).build());
        Wire w = WireType.NUMBERED.apply(Bytes.elastic(64), options);
        w.writeDocument(writes(out -> out.write(S).sequence(out, (o, s) -> {
            s.int32(1);
            s.typed(new Empty());
        })));
        java.util.List<Object> read = new java.util.ArrayList<>();
        Marshallable reader = new Marshallable() {
            @Override public void writeMarshallable(WireOut out) { }
            @Override public void readMarshallable(WireIn in) {
                in.read(S).sequence(this, (o, s) -> {
                    if (s.hasNextElement()) { read.add(s.int32()); }
                    if (s.hasNextElement()) { s.typed(Marshallable.class, read, null, java.util.List::add); }
                });
            }
        };
        WireType.NUMBERED.apply(Bytes.wrap(w.bytes().toByteArray()), options).readDocument(reader);
        assertEquals(2, read.size(), read.toString());
        assertTrue(read.get(1) instanceof Empty, read.toString());
    }

    private static void refusedOnNumbered(boolean map) {
        Wire w = WireType.NUMBERED.apply(Bytes.elastic(64));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> w.writeDocument(new Seq(map)));
        assertTrue(refused.getMessage().contains("empty " + (map ? "map" : "object") + " after numbers"), refused.getMessage());
        assertEquals(0, w.bytes().writePosition(), "nothing is written");
    }

    /** An object that only writes. */
    static Marshallable writes(java.util.function.Consumer<WireOut> body) {
        return new Marshallable() {
            @Override public void writeMarshallable(WireOut out) { body.accept(out); }
            @Override public void readMarshallable(WireIn in) { }
        };
    }

    static void check(WireType type, boolean map) {
        Wire w = type.apply(Bytes.elastic(64));
        w.writeDocument(new Seq(map));
        byte[] doc = w.bytes().toByteArray();
        Seq d = new Seq(map);
        type.apply(Bytes.wrap(doc)).readDocument(d);
        assertEquals(2, d.elements, HexFormat.of().formatHex(doc));
    }
}
