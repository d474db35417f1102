package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.ArrayList;
import java.util.List;

/**
 * Field {@code m}: a map of text keys to text values, kept as a list of key, value, key, value
 * (a test type); then field {@code v}. Keys are read with {@code textKey()}, or with
 * {@code keyTo(StringBuilder)} when {@link #keysIntoBuilder}.
 */
public final class TextKeyedMap implements Marshallable {
    static final Field M = Field.of(1, "m");
    static final Field V = Field.of(2, "v");

    public final List<String> entries = new ArrayList<>();
    public long v;
    public boolean keysIntoBuilder;
    private final StringBuilder key = new StringBuilder();

    /** Adds an entry. */
    public TextKeyedMap put(String key, String value) {
        entries.add(key);
        entries.add(value);
        return this;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(M).map(this, (o, m) -> {
            for (int i = 0; i < o.entries.size(); i += 2) {
                m.key(o.entries.get(i)).text(o.entries.get(i + 1));
            }
        }).write(V).int64(v);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(M).map(this, (o, m) -> {
            o.entries.clear();
            while (m.hasNextEntry()) {
                if (o.keysIntoBuilder) {
                    m.keyTo(o.key);
                    o.entries.add(o.key.toString());
                } else {
                    o.entries.add(m.textKey());
                }
                o.entries.add(m.text());
            }
        }).read(V).int64(this, (o, value) -> o.v = value);
    }
}
