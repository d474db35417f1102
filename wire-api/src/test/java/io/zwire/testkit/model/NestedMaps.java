package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireOut;

/**
 * Reads field {@code m} as maps of text keys nested in maps to any depth, through a static method
 * (so non-capturing), counting the maps entered; writes nothing. For the nesting limit.
 */
public final class NestedMaps implements Marshallable {
    static final Field M = Field.of(1, "m");

    public int maps;

    static void entries(NestedMaps o, ValueIn m) {
        o.maps++;
        while (m.hasNextEntry()) {
            m.textKey();
            m.map(o, NestedMaps::entries);
        }
    }

    @Override
    public void writeMarshallable(WireOut out) {
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(M).map(this, NestedMaps::entries);
    }
}
