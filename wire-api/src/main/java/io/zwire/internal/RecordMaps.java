package io.zwire.internal;

import io.zwire.Field;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a record's {@code Map} components are written and read: the {@code writeMap} and
 * {@code readMap} methods {@link RecordMarshaller}'s codecs bind, with the component's
 * {@link MapEntries} first. A write allocates one entry iterator (see {@link #writeEntries}); a
 * read allocates its map by design.
 */
final class RecordMaps {
    private RecordMaps() {
    }

    /** A {@code Map} component's keys and values, found once from its generic type. */
    static final class MapEntries {
        /** {@return whether a map's keys may be of {@code kind} on every wire} */
        static boolean keyable(RecordElement.Kind kind) {
            return kind == RecordElement.Kind.TEXT || kind == RecordElement.Kind.INT32 || kind == RecordElement.Kind.INT64;
        }

        /** {@link RecordElement.Kind#TEXT}, {@link RecordElement.Kind#INT32} or {@link RecordElement.Kind#INT64}. */
        final RecordElement.Kind key;
        final RecordElement values;

        MapEntries(RecordElement.Kind key, RecordElement values) {
            this.key = key;
            this.values = values;
        }

        void writeKey(Object k, ValueOut map) {
            switch (key) {
                case TEXT -> map.key((String) k);
                case INT32 -> map.key((int) (Integer) k);
                case INT64 -> map.key((long) (Long) k);
                default -> throw new IllegalStateException(key.name());
            }
        }

        Object readKey(ValueIn map) {
            return switch (key) {
                case TEXT -> map.textKey();
                case INT32 -> map.int32Key();
                case INT64 -> map.int64Key();
                default -> throw new IllegalStateException(key.name());
            };
        }
    }

    static void writeMap(MapEntries entries, Field f, WireOut out, Object v) {
        try (PendingContainer pending = PendingContainer.hold(entries, v)) {
            out.write(f).map(pending, RecordMaps::writeEntries);
        }
    }

    /**
     * A null map writes no entry. A null key or value is found while writing, which
     * {@code writeDocument} then undoes, so a map is iterated once: one entry iterator per write.
     */
    private static void writeEntries(PendingContainer pending, ValueOut out) {
        MapEntries entries = (MapEntries) pending.values();
        Map<?, ?> map = (Map<?, ?>) pending.container();
        pending.clear();
        if (map == null) {
            return;
        }
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            Object key = entry.getKey();
            Object value = entry.getValue();
            if (key == null || value == null) {
                throw new NullPointerException(entries.values.component + " maps " + key + " to " + value
                        + ": a record's Map component holds no null key or value");
            }
            entries.writeKey(key, out);
            entries.values.write(value, out);
        }
    }

    /**
     * Reads field {@code f} as a map, in input order: allocates a collector, the map, its entries
     * and each key's and value's object.
     *
     * @throws WireException for bad input, another writer's null value or a key twice
     */
    static Object readMap(MapEntries entries, Field f, WireIn in) {
        MapCollector collector = new MapCollector(entries, in.wireType());
        in.read(f).map(collector, MapCollector::readAll);
        return Collections.unmodifiableMap(collector.read);
    }

    /** The entries of one {@code Map} component being read, in input order; one per read, as the map it becomes. */
    private static final class MapCollector {
        final MapEntries entries;
        final WireType wire;
        final Map<Object, Object> read = new LinkedHashMap<>();

        MapCollector(MapEntries entries, WireType wire) {
            this.entries = entries;
            this.wire = wire;
        }

        static void readAll(MapCollector collector, ValueIn map) {
            MapEntries entries = collector.entries;
            WireType wire = collector.wire;
            while (map.hasNextEntry()) {
                Object key = entries.readKey(map);
                Object value = entries.values.read(map, wire);
                if (wire == null) {
                    // Schema.of is recording the reads, whose keys are defaults and nulls: the record it
                    // makes is written next, so a null text key becomes "" and the entry stays, for the
                    // write side to record the map's key and value kinds as the read side does.
                    if (value != null) {
                        collector.read.put(key == null ? "" : key, value);
                    }
                } else if (collector.read.put(key, value) != null) {
                    throw new WireException(wire.name(), -1, "a key once in " + entries.values.component
                            + ", not " + key + " again (a record's Map component keeps one value per key)");
                }
            }
        }
    }
}
