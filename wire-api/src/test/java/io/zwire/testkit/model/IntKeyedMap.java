package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.ArrayList;
import java.util.List;

/**
 * Field {@code m}: a map of integer keys to int64 values, kept in lists (a test type: it boxes);
 * then field {@code v}. Read with {@code int32Key()} when {@link #int32Keys}, else {@code int64Key()}.
 */
public final class IntKeyedMap implements Marshallable {
    static final Field M = Field.of(1, "m");
    static final Field V = Field.of(2, "v");

    public final List<Long> keys = new ArrayList<>();
    public final List<Long> values = new ArrayList<>();
    public long v;
    public boolean int32Keys;

    /** Adds an entry. */
    public IntKeyedMap put(long key, long value) {
        keys.add(key);
        values.add(value);
        return this;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(M).map(this, (o, m) -> {
            for (int i = 0; i < o.keys.size(); i++) {
                m.key(o.keys.get(i)).int64(o.values.get(i));
            }
        }).write(V).int64(v);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(M).map(this, (o, m) -> {
            o.keys.clear();
            o.values.clear();
            while (m.hasNextEntry()) {
                o.keys.add(o.int32Keys ? m.int32Key() : m.int64Key());
                o.values.add(m.int64());
            }
        }).read(V).int64(this, (o, value) -> o.v = value);
    }
}
