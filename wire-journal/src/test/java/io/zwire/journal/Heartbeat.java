package io.zwire.journal;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** A second test message type. */
public final class Heartbeat implements Marshallable {
    static final Field TIME = Field.of(1, "time");

    long time;

    public Heartbeat() {
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(TIME).int64(time);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(TIME).int64(this, (h, v) -> h.time = v);
    }
}
