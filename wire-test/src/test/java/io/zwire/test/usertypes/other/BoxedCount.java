package io.zwire.test.usertypes.other;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * A second type called {@code BoxedCount}, in another package, boxing a differently named field:
 * a diagnosis of both must tell them apart by their full names.
 */
public final class BoxedCount implements Marshallable {
    static final Field TOTAL = Field.of(1, "total");
    Long total = 2_000_000L;

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(TOTAL).int64(total);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(TOTAL).int64(this, (o, v) -> o.total = v);
    }
}
