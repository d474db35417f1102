package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.Arrays;
import java.util.Objects;

/**
 * A value of each nullable kind, each read after asking {@link ValueIn#isNull()}: three texts read
 * through {@code textTo} ({@link NullableText}), an enum, a nested object ({@link Inner}, whose
 * texts are read the same way), a sequence of texts and a typed object, then an int64. Reads its
 * fields in write order, or in reverse ({@link #reversed}), and with {@link #readsExtra} also a
 * field nobody writes. Reading allocates nothing while the builders have room, except a typed
 * object read where there was none before.
 */
public final class Nullables implements Marshallable {
    public static final Field FIRST = Field.of(1, "first");
    public static final Field SECOND = Field.of(2, "second");
    public static final Field THIRD = Field.of(3, "third");
    public static final Field SIDE = Field.of(4, "side");
    public static final Field INNER = Field.of(5, "inner");
    public static final Field ELEMENTS = Field.of(6, "elements");
    public static final Field PAYLOAD = Field.of(7, "payload");
    public static final Field LAST = Field.of(8, "last");
    public static final Field EXTRA = Field.of(9, "extra");
    /** The most elements the sequence holds. */
    public static final int MAX_ELEMENTS = 4;

    public final NullableText first = new NullableText();
    public final NullableText second = new NullableText();
    public final NullableText third = new NullableText();
    public Side side;
    /** Written as a null object when true; read from {@code isNull()}. */
    public boolean innerNull = true;
    public final Inner inner = new Inner();
    /** Written as a null sequence when true; read from {@code isNull()}. */
    public boolean elementsNull = true;
    public final NullableText[] elements = new NullableText[MAX_ELEMENTS];
    public int elementCount;
    public Party payload;
    public long last;
    /** Never written: read only with {@link #readsExtra}, where it is absent. */
    public final NullableText extra = new NullableText();

    /** Reading: the fields in reverse order. */
    public boolean reversed;
    /** Reading: also {@code extra}, after the others. */
    public boolean readsExtra;
    /**
     * Reading: how often {@code isNull()} disagreed with the enum or typed object read after it in
     * the last read (counted per read: RAW's first read of a class also runs this method once
     * against its recording reader, which offers every value as present and reads defaults).
     */
    public int disagreements;

    public Nullables() {
        for (int i = 0; i < MAX_ELEMENTS; i++) {
            elements[i] = new NullableText();
        }
    }

    /**
     * The texts null, "" and "x"; a null enum; an object holding null and ""; the elements null, ""
     * and "x" (on NUMBERED "" and "x": protobuf's repeated fields have no null element); no typed
     * object; 42.
     */
    public static Nullables sample(WireType wire) {
        String[] elements = wire == WireType.NUMBERED ? new String[] {"", "x"} : new String[] {null, "", "x"};
        Nullables n = new Nullables();
        n.first.set(null);
        n.second.set("");
        n.third.set("x");
        n.innerNull = false;
        n.inner.name.set(null);
        n.inner.note.set("");
        n.elementsNull = false;
        n.elementCount = elements.length;
        for (int i = 0; i < elements.length; i++) {
            n.elements[i].set(elements[i]);
        }
        n.last = 42;
        return n;
    }

    /** A reader of this type that reads in reverse order and reads the field nobody writes. */
    public static Nullables outOfOrderWithExtra() {
        Nullables n = new Nullables();
        n.reversed = true;
        n.readsExtra = true;
        return n;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        first.write(out.write(FIRST));
        second.write(out.write(SECOND));
        third.write(out.write(THIRD));
        out.write(SIDE).asEnum(side)
           .write(INNER).marshallable(innerNull ? null : inner);
        ValueOut sequence = out.write(ELEMENTS);
        if (elementsNull) {
            sequence.nullValue();
        } else {
            sequence.sequence(this, (o, seq) -> {
                for (int i = 0; i < o.elementCount; i++) {
                    o.elements[i].write(seq);
                }
            });
        }
        out.write(PAYLOAD).typed(payload)
           .write(LAST).int64(last);
    }

    @Override
    public void readMarshallable(WireIn in) {
        disagreements = 0;
        if (reversed) {
            in.read(LAST).int64(this, (o, v) -> o.last = v);
            readPayload(in.read(PAYLOAD));
            readElements(in.read(ELEMENTS));
            readInner(in.read(INNER));
            readSide(in.read(SIDE));
            third.read(in.read(THIRD));
            second.read(in.read(SECOND));
            first.read(in.read(FIRST));
        } else {
            first.read(in.read(FIRST));
            second.read(in.read(SECOND));
            third.read(in.read(THIRD));
            readSide(in.read(SIDE));
            readInner(in.read(INNER));
            readElements(in.read(ELEMENTS));
            readPayload(in.read(PAYLOAD));
            in.read(LAST).int64(this, (o, v) -> o.last = v);
        }
        if (readsExtra) {
            extra.read(in.read(EXTRA));
        }
    }

    private void readSide(ValueIn value) {
        boolean isNull = value.isNull();
        side = value.asEnum(Side.class);
        if (isNull != (side == null)) {
            disagreements++;
        }
    }

    private void readInner(ValueIn value) {
        innerNull = value.isNull();
        value.marshallable(inner);
    }

    private void readElements(ValueIn value) {
        elementsNull = value.isNull();
        value.sequence(this, (o, seq) -> {
            o.elementCount = 0;
            while (seq.hasNextElement()) {
                o.elements[o.elementCount++].read(seq);
            }
        });
    }

    private void readPayload(ValueIn value) {
        boolean isNull = value.isNull();
        value.typed(Party.class, this, payload, (o, p) -> o.payload = p);
        if (isNull != (payload == null)) {
            disagreements++;
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Nullables n && first.equals(n.first) && second.equals(n.second) && third.equals(n.third)
                && side == n.side && innerNull == n.innerNull && (innerNull || inner.equals(n.inner))
                && elementsNull == n.elementsNull
                && Arrays.equals(elements, 0, elementCount, n.elements, 0, n.elementCount)
                && Objects.equals(payload, n.payload) && last == n.last && extra.equals(n.extra);
    }

    @Override
    public int hashCode() {
        return Objects.hash(first, second, third, side, last);
    }

    @Override
    public String toString() {
        return "Nullables{first=" + first + ", second=" + second + ", third=" + third + ", side=" + side
                + ", inner=" + (innerNull ? "null" : inner) + ", elements="
                + (elementsNull ? "null" : Arrays.toString(Arrays.copyOf(elements, elementCount)))
                + ", payload=" + payload + ", last=" + last + ", extra=" + extra + "}";
    }

    /** Two texts, each read after asking {@code isNull()}. */
    public static final class Inner implements Marshallable {
        static final Field NAME = Field.of(1, "name");
        static final Field NOTE = Field.of(2, "note");

        public final NullableText name = new NullableText();
        public final NullableText note = new NullableText();

        @Override
        public void writeMarshallable(WireOut out) {
            name.write(out.write(NAME));
            note.write(out.write(NOTE));
        }

        @Override
        public void readMarshallable(WireIn in) {
            name.read(in.read(NAME));
            note.read(in.read(NOTE));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Inner i && name.equals(i.name) && note.equals(i.note);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, note);
        }

        @Override
        public String toString() {
            return "Inner{name=" + name + ", note=" + note + "}";
        }
    }
}
