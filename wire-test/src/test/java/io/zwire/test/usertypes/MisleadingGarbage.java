package io.zwire.test.usertypes;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * Garbage the schema does not allow, each kind next to a field whose kind would: a {@code String}
 * made while writing {@code label} (a text field), a copy made in the setter of {@code note} (a
 * text field), a mutable {@link Leg} read with no instance to reuse, and an array made in a helper
 * called after the reads. A diagnosis must call every one of them NOT BY DESIGN.
 */
public final class MisleadingGarbage implements Marshallable {
    static final Field LABEL = Field.of(1, "label"), NOTE = Field.of(2, "note"), LEG = Field.of(3, "leg");
    long count = 1_234_567;
    String label = "1234567";
    String note = "UPPER";
    Leg leg = new Leg();
    long[] scratch = new long[0];

    /** A nested, mutable type: reusable, so a new one per read is a fault. */
    public static final class Leg implements Marshallable {
        static final Field PRICE = Field.of(1, "price");
        long price = 42;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(PRICE).int64(price);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(PRICE).int64(this, (o, v) -> o.price = v);
        }
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(LABEL).text(Long.toString(count))
           .write(NOTE).text(note)
           .write(LEG).marshallable(leg);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(LABEL).text(this, (o, s) -> o.label = s)
          .read(NOTE).text(this, (o, s) -> o.note = new String(s))
          .read(LEG).marshallable(this, null, Leg::new, (o, l) -> o.leg = l);
        scratch = freshScratch();
    }

    private static long[] freshScratch() {
        return new long[4];
    }
}
