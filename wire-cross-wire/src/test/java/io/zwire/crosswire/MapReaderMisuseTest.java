package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** Misuse of a map while reading is refused alike on every wire. */
class MapReaderMisuseTest {
    static final Field M = Field.of(1, "m");
    static final Field T = Field.of(2, "t");

    static final class Reads implements Marshallable {
        final BiConsumer<Reads, ValueIn> entries;
        ValueIn kept;
        Reads(BiConsumer<Reads, ValueIn> entries) { this.entries = entries; }
        @Override public void writeMarshallable(WireOut out) {
            out.write(M).map(this, (o, m) -> { m.key("a").int32(1); m.key("b").int32(2); });
            out.write(T).int32(3);
        }
        @Override public void readMarshallable(WireIn in) { in.read(M).map(this, entries); in.read(T).int32(); }
    }

    static void refused(WireType type, BiConsumer<Reads, ValueIn> entries) {
        Wire w = type.apply(Bytes.elastic(64));
        w.writeDocument(new Reads(null));
        Wire r = type.apply(Bytes.wrap(w.bytes().toByteArray()));
        assertThrows(IllegalStateException.class, () -> r.readDocument(new Reads(entries)));
    }

    @ParameterizedTest @EnumSource(WireType.class)
    void fieldReadInMap(WireType t) { refused(t, (o, m) -> { m.hasNextEntry(); m.read(T).int32(); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void valueBeforeHasNextEntry(WireType t) { refused(t, (o, m) -> m.int32()); }
    @ParameterizedTest @EnumSource(WireType.class)
    void valueBeforeKey(WireType t) { refused(t, (o, m) -> { m.hasNextEntry(); m.int32(); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void keyTwice(WireType t) { refused(t, (o, m) -> { m.hasNextEntry(); m.textKey(); m.textKey(); }); }
    @ParameterizedTest @EnumSource(WireType.class)
    void keyAfterTheLastEntry(WireType t) {
        refused(t, (o, m) -> { while (m.hasNextEntry()) { m.textKey(); m.int32(); } m.textKey(); });
    }
    @ParameterizedTest @EnumSource(WireType.class)
    void twoValuesForOneKey(WireType t) { refused(t, (o, m) -> { m.hasNextEntry(); m.textKey(); m.int32(); m.int32(); }); }

    @ParameterizedTest @EnumSource(WireType.class)
    void aMapValueInKeptPastItsDocumentIsRefused(WireType t) {
        Wire w = t.apply(Bytes.elastic(64));
        w.writeDocument(new Reads(null));
        w.writeDocument(new Reads(null));
        Wire r = t.apply(Bytes.wrap(w.bytes().toByteArray()));
        Reads reads = new Reads((o, m) -> { o.kept = m; while (m.hasNextEntry()) { m.textKey(); m.int32(); } });
        r.readDocument(reads);
        assertThrows(IllegalStateException.class, () -> reads.kept.hasNextEntry());
        assertThrows(IllegalStateException.class, () -> reads.kept.textKey());
    }
}
