package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueOut;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Misuse of a map while writing is refused alike on every wire, and the output is left as it was. */
class MapWriterMisuseTest {
    static final Field M = Field.of(1, "m");

    static final class Writes implements Marshallable {
        final BiConsumer<Writes, ValueOut> entries;
        Writes(BiConsumer<Writes, ValueOut> entries) { this.entries = entries; }
        @Override public void writeMarshallable(WireOut out) { out.write(M).map(this, entries); }
        @Override public void readMarshallable(WireIn in) { }
    }

    static void refused(WireType type, BiConsumer<Writes, ValueOut> entries) {
        Wire w = type.apply(Bytes.elastic(64));
        assertThrows(IllegalStateException.class, () -> w.writeDocument(new Writes(entries)));
        assertEquals(0, w.bytes().writePosition());
    }

    @ParameterizedTest @EnumSource(WireType.class)
    void valueWithoutKey(WireType t) { refused(t, (o, m) -> m.int32(1)); }
    @ParameterizedTest @EnumSource(WireType.class)
    void twoValuesAfterOneKey(WireType t) { refused(t, (o, m) -> { m.key("a").int32(1); m.int32(2); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void twoNullValuesAfterOneKey(WireType t) { refused(t, (o, m) -> { m.key("a").nullValue(); m.nullValue(); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void emptyMapThenValueAfterOneKey(WireType t) { refused(t, (o, m) -> { m.key("a").map(o, (x, n) -> { }); m.int32(1); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void emptySequenceThenValueAfterOneKey(WireType t) { refused(t, (o, m) -> { m.key("a").sequence(o, (x, n) -> { }); m.int32(1); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void keyAfterKey(WireType t) { refused(t, (o, m) -> m.key("a").key("b")); }
    @ParameterizedTest @EnumSource(WireType.class)
    void intKeyAfterKey(WireType t) { refused(t, (o, m) -> m.key(1).key(2L)); }
    @ParameterizedTest @EnumSource(WireType.class)
    void endAfterKey(WireType t) { refused(t, (o, m) -> m.key("a")); }
    @ParameterizedTest @EnumSource(WireType.class)
    void fieldInMap(WireType t) { refused(t, (o, m) -> m.write(M).int32(1)); }
    @ParameterizedTest @EnumSource(WireType.class)
    void keyInSequence(WireType t) { refused(t, (o, m) -> m.key("a").sequence(o, (x, s) -> s.key("b"))); }
    @ParameterizedTest @EnumSource(WireType.class)
    void valueInNestedMapWithoutKey(WireType t) { refused(t, (o, m) -> m.key("a").map(o, (x, n) -> n.text("v"))); }
}
