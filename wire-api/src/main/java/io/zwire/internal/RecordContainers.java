package io.zwire.internal;

import io.zwire.Field;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;

/**
 * How a record's {@code List}, {@code Map} and {@code Optional} components are written and read:
 * the {@code write<name>} and {@code read<name>} methods {@link RecordMarshaller}'s codecs bind,
 * with their {@link RecordElement} or {@link MapEntries} first.
 *
 * <p>A sequence's or map's lambda must capture nothing, yet it needs the container and how its
 * values are written. Both travel in a {@link Pending} kept per thread: the lambda, which the
 * wire calls once before returning, takes them out before it writes a value, so a container
 * nested in a value reuses the same holder. One thread-local lookup per container written, and
 * no allocation; reads allocate their container by design.
 */
final class RecordContainers {
    /**
     * The container being written and how its values are written, so the write lambdas capture
     * nothing; empty between writes. One per thread, allocated on the thread's first record write
     * with a List or Map component (a virtual thread is a thread: each one allocates its own once).
     */
    private static final class Pending {
        RecordElement values;
        MapEntries entries;
        Object container;

        void clear() {
            values = null;
            entries = null;
            container = null;
        }
    }

    private static final ThreadLocal<Pending> PENDING = ThreadLocal.withInitial(Pending::new);

    private RecordContainers() {
    }

    // ------------------------------------------------------------------ List

    static void writeList(RecordElement elements, Field f, WireOut out, Object v) {
        write(out.write(f), elements, null, v);
    }

    /** Writes a map when {@code entries} is given, otherwise a sequence, with what the lambda needs held for it. */
    private static void write(ValueOut value, RecordElement elements, MapEntries entries, Object container) {
        Pending pending = PENDING.get();
        pending.values = elements;
        pending.entries = entries;
        pending.container = container;
        try {
            if (entries != null) {
                value.map(pending, RecordContainers::writeEntries);
            } else {
                value.sequence(pending, RecordContainers::writeElements);
            }
        } finally {
            pending.clear();
        }
    }

    /**
     * A null list writes no element. A null element is found while writing, which
     * {@code writeDocument} then undoes, so a list is walked once: by index where that is cheap,
     * allocating nothing, otherwise by one iterator per write.
     */
    private static void writeElements(Pending pending, ValueOut seq) {
        RecordElement elements = pending.values;
        List<?> list = (List<?>) pending.container;
        pending.clear();
        if (list == null) {
            return;
        }
        if (list instanceof RandomAccess) {
            for (int i = 0, n = list.size(); i < n; i++) {
                elements.write(nonNull(list.get(i), i, elements), seq);
            }
        } else {
            int i = 0;
            for (Object x : list) {
                elements.write(nonNull(x, i++, elements), seq);
            }
        }
    }

    private static Object nonNull(Object element, int index, RecordElement elements) {
        if (element == null) {
            throw new NullPointerException(elements.component + " holds null at index " + index
                    + ": a record's List component holds no null element");
        }
        return element;
    }

    /**
     * Reads field {@code f} as a list: allocates a collector, the list and each element's value.
     *
     * @throws WireException for bad input or another writer's null element
     */
    static Object readList(RecordElement elements, Field f, WireIn in) {
        ListCollector collector = new ListCollector(elements, in.wireType());
        in.read(f).sequence(collector, ListCollector::readAll);
        return List.copyOf(collector.read);
    }

    /** The elements of one {@code List} component being read; one per read, as the list it becomes. */
    private static final class ListCollector {
        final RecordElement elements;
        final WireType wire;
        final List<Object> read = new ArrayList<>();

        ListCollector(RecordElement elements, WireType wire) {
            this.elements = elements;
            this.wire = wire;
        }

        static void readAll(ListCollector collector, ValueIn seq) {
            while (seq.hasNextElement()) {
                Object element = collector.elements.read(seq, collector.wire);
                if (element != null) {
                    collector.read.add(element);
                }
            }
        }
    }

    // ------------------------------------------------------------------ Map

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
        write(out.write(f), null, entries, v);
    }

    /**
     * A null map writes no entry. A null key or value is found while writing, which
     * {@code writeDocument} then undoes, so a map is iterated once: one entry iterator per write.
     */
    private static void writeEntries(Pending pending, ValueOut out) {
        MapEntries entries = pending.entries;
        Map<?, ?> map = (Map<?, ?>) pending.container;
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

    // ------------------------------------------------------------------ Optional

    /** An empty or null optional is the wire's null. */
    static void writeOptional(RecordElement content, Field f, WireOut out, Object v) {
        Optional<?> optional = (Optional<?>) v;
        content.write(optional == null ? null : optional.orElse(null), out.write(f));
    }

    /**
     * The wire's null, or a field the document lacks, reads as {@code Optional.empty()}, which
     * allocates nothing; a present value allocates the optional and the value's object.
     *
     * @throws WireException for bad input
     */
    static Object readOptional(RecordElement content, Field f, WireIn in) {
        return Optional.ofNullable(content.readNullable(in.read(f)));
    }
}
