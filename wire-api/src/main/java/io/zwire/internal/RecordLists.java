package io.zwire.internal;

import io.zwire.Field;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;

import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * How a record's {@code List} components are written and read: the {@code writeList} and
 * {@code readList} methods {@link RecordMarshaller}'s codecs bind, with the elements'
 * {@link RecordElement} first. A write allocates nothing (see {@link PendingContainer}); a read
 * allocates its list by design.
 */
final class RecordLists {
    private RecordLists() {
    }

    static void writeList(RecordElement elements, Field f, WireOut out, Object v) {
        try (PendingContainer pending = PendingContainer.hold(elements, v)) {
            out.write(f).sequence(pending, RecordLists::writeElements);
        }
    }

    /**
     * A null list writes no element. A null element is found while writing, which
     * {@code writeDocument} then undoes, so a list is walked once: by index where that is cheap,
     * allocating nothing, otherwise by one iterator per write.
     */
    private static void writeElements(PendingContainer pending, ValueOut seq) {
        RecordElement elements = (RecordElement) pending.values();
        List<?> list = (List<?>) pending.container();
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
}
