package io.zwire.test.usertypes;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * A counter kept in a {@code Long}: every read boxes a value outside the small cache, which no
 * schema rule allows, so a failed check calls it a fault to fix rather than a design.
 */
public final class BoxedCount implements Marshallable {
    static final Field NAME = Field.of(1, "name"), COUNT = Field.of(2, "count");
    String name;
    Long count;

    /** The written instance for the garbage harness. */
    public static BoxedCount sample() {
        BoxedCount sample = new BoxedCount();
        sample.name = "parcels";
        sample.count = 1_000_000L;
        return sample;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(NAME).text(name).write(COUNT).int64(count);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(NAME).text(this, (o, s) -> o.name = s)
          .read(COUNT).int64(this, (o, v) -> o.count = v);
    }
}
