package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How NUMBERED follows the SPI's scopes, where the field is named before its value: the writer
 * keeps the field's number until the value gives the wire type, and the reader either consumes a
 * one-byte tag in {@code field()} or leaves the number for the value method to find.
 */
class ProtoScopeTest {
    private static final Field ID = Field.of(1, "id");
    private static final Field VALUES = Field.of(2, "values");
    private static final Field NAME = Field.of(3, "name");
    private static final Field FAR = Field.of(300, "far");

    /** A field written inside a sequence is a mistake in the type, caught when it happens. */
    @Test
    void aFieldInsideASequenceIsAnIllegalStateOnWritingAndTheWireWritesOnAfterwards() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        Marshallable broken = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(VALUES).sequence(this, (o, seq) -> seq.int64(1));
                out.write(VALUES).sequence(this, (o, seq) -> ((WireOut) seq).write(ID).int64(2));
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        assertThrows(IllegalStateException.class, () -> wire.writeDocument(broken));
        assertEquals(0, wire.bytes().writePosition(), "the failed document was rolled back");

        Order order = new Order(7, "EURUSD", 1.5, 100, Side.BUY, new Party("p", "a", 3));
        wire.writeDocument(order);
        assertEquals(order, readOne(wire, new Order()));
    }

    @Test
    void aFieldReadInsideASequenceIsAnIllegalState() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        wire.writeDocument(new Ints(5, new long[] {1, 2}, "n"));
        Marshallable broken = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(VALUES).sequence(this, (o, seq) -> ((WireIn) seq).read(ID).int64());
            }
        };
        assertThrows(IllegalStateException.class, () -> wire.readDocument(broken));
    }

    /** Skipping a field whose tag field() consumed, then one it left to be found: both move on correctly. */
    @Test
    void skipsAFieldFoundInPlaceAndOneFoundThroughTheIndex() {
        Wire wire = WireType.NUMBERED.apply(Bytes.elastic(64));
        Ints source = new Ints(-9, new long[] {3, 4, 5}, "name");
        source.far = 77;
        wire.writeDocument(source);
        wire.writeDocument(source);
        long[] seen = new long[2];
        Marshallable skipping = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(ID).skip();
                in.read(VALUES).skip();
                seen[0] = in.read(FAR).int64();
                in.read(NAME).skip();
            }
        };
        assertTrue(wire.readDocument(skipping));
        assertEquals(77, seen[0]);
        Ints copy = readOne(wire, new Ints());
        assertEquals(source.toString(), copy.toString(), "the next document reads whole");
    }

    /** Over a direct buffer the reader has no array for its fast paths; what field() consumed is read the general way. */
    @Test
    void readsFieldsAndPackedSequencesOverADirectBuffer() {
        Wire wire = WireType.NUMBERED.apply(Bytes.allocateDirect(256));
        Ints source = new Ints(Long.MIN_VALUE, new long[] {0, -1, 1L << 40}, "text");
        source.far = -3;
        source.ratio = -0.0;
        wire.writeDocument(source);
        assertEquals(source.toString(), readOne(wire, new Ints()).toString());
    }

    private static <T extends Marshallable> T readOne(Wire wire, T target) {
        assertTrue(wire.readDocument(target));
        assertEquals(0, wire.bytes().readRemaining());
        return target;
    }

    /** A one-byte-tag scalar, a packed sequence, text, a field with a two-byte tag, and a double. */
    static final class Ints implements Marshallable {
        private static final Field RATIO = Field.of(4, "ratio");
        long id;
        long[] values = new long[0];
        String name;
        long far;
        double ratio;

        Ints() {
        }

        Ints(long id, long[] values, String name) {
            this.id = id;
            this.values = values;
            this.name = name;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(ID).int64(id)
               .write(VALUES).sequence(this, (o, seq) -> {
                   for (long value : o.values) {
                       seq.int64(value);
                   }
               })
               .write(NAME).text(name)
               .write(RATIO).float64(ratio)
               .write(FAR).int64(far);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(ID).int64(this, (o, v) -> o.id = v)
              .read(VALUES).sequence(this, (o, seq) -> {
                  long[] read = new long[0];
                  while (seq.hasNextElement()) {
                      read = Arrays.copyOf(read, read.length + 1);
                      read[read.length - 1] = seq.int64();
                  }
                  o.values = read;
              })
              .read(NAME).text(this, (o, v) -> o.name = v)
              .read(RATIO).float64(this, (o, v) -> o.ratio = v)
              .read(FAR).int64(this, (o, v) -> o.far = v);
        }

        @Override
        public String toString() {
            return List.of(id, Arrays.toString(values), String.valueOf(name), far,
                    Double.doubleToRawLongBits(ratio)).toString();
        }
    }
}
