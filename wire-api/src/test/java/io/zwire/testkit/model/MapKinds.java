package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One map field of each shape the schema generators, the oracles and other languages treat
 * differently: text, int32 and int64 keys; number, text, enum and object values, which protobuf's
 * {@code map<K, V>} holds; and a sequence and a map as values, which it does not. Held in
 * {@link LinkedHashMap}s (boxing, so not for the garbage harness) to compare with peers' trees.
 */
public final class MapKinds implements Marshallable {
    static final Field LIMITS = Field.of(1, "limits");
    static final Field NAMES = Field.of(2, "names");
    static final Field PARTIES = Field.of(3, "parties");
    static final Field SIDES = Field.of(4, "sides");
    static final Field HISTORY = Field.of(5, "history");
    static final Field NESTED = Field.of(6, "nested");

    public final Map<String, Double> limits = new LinkedHashMap<>();
    public final Map<Integer, String> names = new LinkedHashMap<>();
    public final Map<Long, Party> parties = new LinkedHashMap<>();
    public final Map<String, Side> sides = new LinkedHashMap<>();
    public final Map<String, List<Long>> history = new LinkedHashMap<>();
    public final Map<Integer, Map<String, Integer>> nested = new LinkedHashMap<>();

    /** A value with entries in every map, keys at the ends of their ranges among them. */
    public static MapKinds sample() {
        MapKinds maps = new MapKinds();
        maps.limits.put("EURUSD", 1.5);
        maps.limits.put("", -0.25);
        maps.limits.put("1", 3.0);
        maps.names.put(Integer.MIN_VALUE, "min");
        maps.names.put(7, "seven");
        maps.parties.put(Long.MAX_VALUE, new Party("P", "A", 9));
        maps.parties.put(-1L, new Party("Q", null, -2));
        maps.sides.put("a", Side.SELL);
        maps.sides.put("b", Side.BUY);
        maps.history.put("x", List.of(1L, -2L, Long.MIN_VALUE));
        maps.history.put("empty", List.of());
        maps.nested.put(-3, Map.of("k", 4));
        maps.nested.put(5, Map.of());
        return maps;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(LIMITS).map(this, (o, m) -> o.limits.forEach((k, v) -> m.key(k).float64(v)))
           .write(NAMES).map(this, (o, m) -> o.names.forEach((k, v) -> m.key(k.intValue()).text(v)))
           .write(PARTIES).map(this, (o, m) -> o.parties.forEach((k, v) -> m.key(k.longValue()).marshallable(v)))
           .write(SIDES).map(this, (o, m) -> o.sides.forEach((k, v) -> m.key(k).asEnum(v)))
           .write(HISTORY).map(this, (o, m) -> o.history.forEach((k, v) -> m.key(k).sequence(v, (l, seq) -> l.forEach(seq::int64))))
           .write(NESTED).map(this, (o, m) -> o.nested.forEach((k, v) -> m.key(k.intValue())
                   .map(v, (inner, e) -> inner.forEach((ik, iv) -> e.key(ik).int32(iv)))));
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(LIMITS).map(this, (o, m) -> {
            o.limits.clear();
            while (m.hasNextEntry()) {
                o.limits.put(m.textKey(), m.float64());
            }
        }).read(NAMES).map(this, (o, m) -> {
            o.names.clear();
            while (m.hasNextEntry()) {
                o.names.put(m.int32Key(), m.text());
            }
        }).read(PARTIES).map(this, (o, m) -> {
            o.parties.clear();
            while (m.hasNextEntry()) {
                long key = m.int64Key();
                Party party = new Party();
                m.marshallable(party);
                o.parties.put(key, party);
            }
        }).read(SIDES).map(this, (o, m) -> {
            o.sides.clear();
            while (m.hasNextEntry()) {
                o.sides.put(m.textKey(), m.asEnum(Side.class));
            }
        }).read(HISTORY).map(this, (o, m) -> {
            o.history.clear();
            while (m.hasNextEntry()) {
                List<Long> values = new ArrayList<>();
                o.history.put(m.textKey(), values);
                m.sequence(values, (l, seq) -> {
                    while (seq.hasNextElement()) {
                        l.add(seq.int64());
                    }
                });
            }
        }).read(NESTED).map(this, (o, m) -> {
            o.nested.clear();
            while (m.hasNextEntry()) {
                Map<String, Integer> inner = new LinkedHashMap<>();
                o.nested.put(m.int32Key(), inner);
                m.map(inner, MapKinds::readInner);
            }
        });
    }

    private static void readInner(Map<String, Integer> inner, ValueIn entries) {
        while (entries.hasNextEntry()) {
            inner.put(entries.textKey(), entries.int32());
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MapKinds m && limits.equals(m.limits) && names.equals(m.names) && parties.equals(m.parties)
                && sides.equals(m.sides) && history.equals(m.history) && nested.equals(m.nested);
    }

    @Override
    public int hashCode() {
        return Objects.hash(limits, names, parties, sides, history, nested);
    }

    @Override
    public String toString() {
        return "MapKinds{limits=" + limits + ", names=" + names + ", parties=" + parties + ", sides=" + sides
                + ", history=" + history + ", nested=" + nested + "}";
    }
}
