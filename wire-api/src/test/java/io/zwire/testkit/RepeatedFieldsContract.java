package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.RepeatedFields;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Records.Point;
import io.zwire.testkit.model.WriteOnly;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static io.zwire.testkit.RepeatedFieldsContract.Keys.ID;
import static io.zwire.testkit.RepeatedFieldsContract.Keys.INNER;
import static io.zwire.testkit.RepeatedFieldsContract.Keys.NOTE;
import static io.zwire.testkit.RepeatedFieldsContract.Keys.QTY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A field one object carries twice: refused by default on the keyed wires, or its first or last
 * value as {@link WireOptions#withRepeatedFields} says; protobuf's last value on NUMBERED whatever
 * the option. The repeats are written by a writer that writes a field twice ({@link WriteOnly}), so
 * every wire gets its own encoding of the same mistake. {@link SelfDescribingWireContract} implements it.
 */
public interface RepeatedFieldsContract {
    /** The fields written and read below. */
    final class Keys {
        static final Field ID = Field.of(1, "id");
        /** The field repeated. */
        static final Field QTY = Field.of(4, "qty");
        static final Field INNER = Field.of(5, "inner");
        /** A field no reader below asks for. */
        static final Field NOTE = Field.of(6, "note");

        private Keys() {
        }
    }

    /**
     * The wire under test, with {@code options}.
     *
     * @param bytes   its buffer
     * @param options its options
     * @return the wire
     */
    Wire repeatsWire(Bytes bytes, WireOptions options);

    /** Reads id and qty, in the order given, and an optional nested one of itself; records the hook's keys. */
    final class IdQty implements Marshallable {
        final boolean qtyFirst;
        long id;
        long qty;
        IdQty inner;
        final List<String> unexpected = new ArrayList<>();

        IdQty(boolean qtyFirst) {
            this.qtyFirst = qtyFirst;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            throw new UnsupportedOperationException("read only");
        }

        @Override
        public void readMarshallable(WireIn in) {
            if (qtyFirst) {
                in.read(QTY).int64(this, (o, v) -> o.qty = v).read(ID).int64(this, (o, v) -> o.id = v);
            } else {
                in.read(ID).int64(this, (o, v) -> o.id = v).read(QTY).int64(this, (o, v) -> o.qty = v);
            }
            in.read(INNER).marshallable(this, inner, () -> new IdQty(qtyFirst), (o, v) -> o.inner = v);
        }

        @Override
        public void unexpectedField(WireKey key, ValueIn value) {
            unexpected.add(key.isNumbered() ? "#" + key.number() : key.name().toString());
            value.skip();
        }
    }

    private Wire written(RepeatedFields policy, Consumer<WireOut> fields) {
        Wire wire = repeatsWire(Bytes.elastic(64), WireOptions.defaults().withRepeatedFields(policy));
        wire.writeDocument(new WriteOnly(fields));
        wire.writeDocument(new WriteOnly(out -> out.write(ID).int64(9).write(QTY).int64(10)));
        return wire;
    }

    /** How the hook names {@code field} on {@code wire}. */
    private String hookKey(Wire wire, Field field) {
        return wire.type().usesFieldNumbers() ? "#" + field.number() : field.name();
    }

    private boolean protobuf(Wire wire) {
        return wire.type() == WireType.NUMBERED;
    }

    /** Reads the document after the one that failed or was read: the wire is usable again. */
    private void readsTheNextDocument(Wire wire) {
        IdQty next = new IdQty(false);
        assertTrue(wire.readDocument(next));
        assertEquals(9, next.id);
        assertEquals(10, next.qty);
    }

    private void refusedNaming(Wire wire, Marshallable target, String field) {
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(target));
        assertTrue(e.getMessage().contains(field + " is repeated"), e.getMessage());
        readsTheNextDocument(wire);
    }

    @Test
    default void aFieldRepeatedInWriteOrderIsRefusedByDefaultNamingIt() {
        Wire wire = written(RepeatedFields.REFUSE, out -> out.write(ID).int64(1).write(QTY).int64(5).write(QTY).int64(7));
        if (protobuf(wire)) {
            IdQty read = new IdQty(false);
            assertTrue(wire.readDocument(read));
            assertEquals(7, read.qty, "protobuf: the last value of a scalar wins");
            readsTheNextDocument(wire);
            return;
        }
        refusedNaming(wire, new IdQty(false), "4:qty");
    }

    @Test
    default void aFieldRepeatedBeforeTheFieldsAreReadOutOfOrderIsRefused() {
        Wire wire = written(RepeatedFields.REFUSE, out -> out.write(QTY).int64(5).write(QTY).int64(7).write(ID).int64(1));
        if (protobuf(wire)) {
            IdQty read = new IdQty(false);
            assertTrue(wire.readDocument(read));
            assertEquals(7, read.qty);
            return;
        }
        refusedNaming(wire, new IdQty(false), "4:qty");
    }

    @Test
    default void theRefusalIsAtTheRepeatedValue() {
        Wire wire = written(RepeatedFields.REFUSE, out -> out.write(ID).int64(1).write(QTY).int64(5).write(NOTE).text("n")
                .write(QTY).int64(777));
        if (protobuf(wire)) {
            return;
        }
        Bytes bytes = wire.bytes();
        int firstQty = -1;
        int secondQty = -1;
        for (int p = 0; p < bytes.writePosition() - 1; p++) {
            boolean text = bytes.readUint8At(p) == '7' && bytes.readUint8At(p + 1) == '7';
            boolean cbor = bytes.readUint8At(p) == 0x19 && bytes.readUint8At(p + 1) == 0x03;
            if ((text || cbor) && secondQty < 0) {
                secondQty = p;
            }
            if (bytes.readUint8At(p) == (wire.type().isText() ? '5' : 0x05) && firstQty < 0) {
                firstQty = p;
            }
        }
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new IdQty(false)));
        assertTrue(e.offset() > firstQty, e.getMessage());
        if (wire.type() != WireType.YAML && wire.type() != WireType.YAML_NUMBERED) {
            assertEquals(secondQty, e.offset(), e.getMessage());
        }
    }

    @Test
    default void aFieldRepeatedInANestedObjectIsRefused() {
        Wire wire = written(RepeatedFields.REFUSE, out -> out.write(ID).int64(1).write(QTY).int64(2)
                .write(INNER).marshallable(new WriteOnly(in -> in.write(QTY).int64(5).write(ID).int64(3).write(QTY).int64(7))));
        if (protobuf(wire)) {
            IdQty read = new IdQty(true);
            assertTrue(wire.readDocument(read));
            assertEquals(7, read.inner.qty);
            return;
        }
        refusedNaming(wire, new IdQty(true), "4:qty");
    }

    @Test
    default void theSameKeyInTwoObjectsIsNoRepeat() {
        Wire wire = written(RepeatedFields.REFUSE, out -> out.write(ID).int64(1)
                .write(INNER).marshallable(new WriteOnly(in -> in.write(QTY).int64(5).write(ID).int64(3)))
                .write(QTY).int64(2));
        IdQty read = new IdQty(false);
        assertTrue(wire.readDocument(read));
        assertEquals(2, read.qty);
        assertEquals(5, read.inner.qty);
        assertEquals(3, read.inner.id);
        readsTheNextDocument(wire);
    }

    @Test
    default void anUnknownFieldRepeatedIsOfferedToTheHookEachTime() {
        Wire wire = written(RepeatedFields.REFUSE, out -> out.write(ID).int64(1).write(NOTE).text("a").write(QTY).int64(5)
                .write(NOTE).text("b"));
        IdQty read = new IdQty(false);
        assertTrue(wire.readDocument(read));
        String note = hookKey(wire, NOTE);
        assertEquals(protobuf(wire) ? List.of(note) : List.of(note, note), read.unexpected,
                "NUMBERED offers each unread number once, as protobuf keeps one unknown field per number");
        assertEquals(5, read.qty);
    }

    @Test
    default void theFirstPolicyReadsTheFirstValueAndOffersTheRepeatToTheHook() {
        for (boolean qtyFirst : new boolean[] {false, true}) {
            Wire wire = written(RepeatedFields.FIRST, out -> out.write(ID).int64(1).write(QTY).int64(5).write(QTY).int64(7)
                    .write(INNER).marshallable(new WriteOnly(in -> in.write(QTY).int64(8).write(QTY).int64(9))));
            IdQty read = new IdQty(qtyFirst);
            assertTrue(wire.readDocument(read));
            assertEquals(protobuf(wire) ? 7 : 5, read.qty);
            assertEquals(protobuf(wire) ? 9 : 8, read.inner.qty);
            assertEquals(protobuf(wire) ? List.of() : List.of(hookKey(wire, QTY)), read.unexpected);
            readsTheNextDocument(wire);
        }
    }

    @Test
    default void theLastPolicyReadsTheLastValueInAnyOrder() {
        for (boolean qtyFirst : new boolean[] {false, true}) {
            Wire wire = written(RepeatedFields.LAST, out -> out.write(ID).int64(1).write(QTY).int64(5).write(NOTE).text("n")
                    .write(QTY).int64(6).write(ID).int64(2).write(QTY).int64(7)
                    .write(INNER).marshallable(new WriteOnly(in -> in.write(QTY).int64(8).write(QTY).int64(9))));
            IdQty read = new IdQty(qtyFirst);
            assertTrue(wire.readDocument(read));
            assertEquals(7, read.qty);
            assertEquals(2, read.id);
            assertEquals(9, read.inner.qty);
            assertEquals(List.of(hookKey(wire, NOTE)), read.unexpected, "only unknown fields reach the hook");
            readsTheNextDocument(wire);
        }
    }

    @Test
    default void aRepeatedRecordComponentIsRefusedOrReadAsThePolicySays() {
        Field x = Field.of(1, "x");
        Field y = Field.of(2, "y");
        Consumer<WireOut> fields = out -> out.write(x).int32(1).write(y).int32(2).write(x).int32(3);
        Wire refusing = written(RepeatedFields.REFUSE, fields);
        if (protobuf(refusing)) {
            assertEquals(new Point(3, 2), refusing.readDocument(null, Records.POINT_RECORDS));
        } else {
            WireException e = assertThrows(WireException.class, () -> refusing.readDocument(null, Records.POINT_RECORDS));
            assertTrue(e.getMessage().contains("1:x is repeated"), e.getMessage());
        }
        assertEquals(protobuf(refusing) ? new Point(3, 2) : new Point(1, 2),
                written(RepeatedFields.FIRST, fields).readDocument(null, Records.POINT_RECORDS));
        assertEquals(new Point(3, 2), written(RepeatedFields.LAST, fields).readDocument(null, Records.POINT_RECORDS));
        assertEquals(new Point(3, 2), written(RepeatedFields.LAST, fields).readDocument(null, Records.POINTS));
    }

    /** Seventy int fields, read in write order. */
    final class Seventy implements Marshallable {
        static final Field[] FIELDS = new Field[70];

        static {
            for (int i = 0; i < FIELDS.length; i++) {
                FIELDS[i] = Field.of(i + 1, "f" + (i + 1));
            }
        }

        final long[] values = new long[FIELDS.length];

        @Override
        public void writeMarshallable(WireOut out) {
            throw new UnsupportedOperationException("read only");
        }

        @Override
        public void readMarshallable(WireIn in) {
            for (int i = 0; i < FIELDS.length; i++) {
                values[i] = in.read(FIELDS[i]).int64();
            }
        }
    }

    @Test
    default void aRepeatIsFoundAmongSeventyFields() {
        for (int repeated : new int[] {0, 64, 69}) {
            Consumer<WireOut> fields = out -> {
                for (int i = 0; i < Seventy.FIELDS.length; i++) {
                    out.write(Seventy.FIELDS[i]).int64(i);
                }
                out.write(Seventy.FIELDS[repeated]).int64(1000);
            };
            Wire refusing = written(RepeatedFields.REFUSE, fields);
            Seventy read = new Seventy();
            if (protobuf(refusing)) {
                assertTrue(refusing.readDocument(read));
                assertEquals(1000, read.values[repeated]);
            } else {
                WireException e = assertThrows(WireException.class, () -> refusing.readDocument(read));
                assertTrue(e.getMessage().contains(Seventy.FIELDS[repeated] + " is repeated"), e.getMessage());
            }
            Wire last = written(RepeatedFields.LAST, fields);
            assertTrue(last.readDocument(read));
            assertEquals(1000, read.values[repeated]);
            assertEquals(repeated == 69 ? 1000 : 69, read.values[69]);
            assertEquals(1, read.values[1]);
        }
    }
}
