package io.zwire.aeron;

import io.zwire.TypeRegistry;
import io.zwire.WireOptions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The message types a {@link WirePublication} may publish and a {@link WireSubscriber} reads:
 * every type of a {@link TypeRegistry}, each with its id ({@link MessageHeader#typeId(String)}
 * of its alias) and its schema fingerprint. Publisher and subscriber build theirs from their own
 * registries; they agree on a type by alias, not by registration order, and a subscriber whose
 * version of a type differs reads it on a self-describing wire.
 *
 * <p>Immutable and thread-safe once built; lookups allocate nothing.
 */
public final class AeronMessageTypes {
    private final WireOptions options;
    /** Sorted by type id, so a subscriber finds a type by binary search without boxing. */
    private final MessageType[] byId;
    private final long[] ids;
    private final Map<Class<?>, MessageType> byClass = new HashMap<>();

    private AeronMessageTypes(WireOptions options) {
        this.options = options;
        TypeRegistry types = options.types();
        List<TypeRegistry.Entry> entries = new ArrayList<>(types.entries());
        entries.sort(Comparator.comparingLong(entry -> MessageHeader.typeId(entry.alias())));
        this.byId = new MessageType[entries.size()];
        this.ids = new long[byId.length];
        for (int i = 0; i < byId.length; i++) {
            byId[i] = new MessageType(entries.get(i), types, i);
            ids[i] = byId[i].typeId;
            byClass.put(byId[i].entry.type(), byId[i]);
            if (i > 0 && ids[i] == ids[i - 1]) {
                throw new IllegalArgumentException("the aliases '" + byId[i - 1].alias() + "' and '" + byId[i].alias()
                        + "' have the same type id " + ids[i] + " (MessageHeader.typeId): rename one");
            }
        }
    }

    /**
     * The types of {@code types}, read and written with default {@link WireOptions}. Allocates:
     * records each type's schema.
     *
     * @param types the registry; every entry becomes a message type
     * @return the message types
     * @throws IllegalArgumentException if two aliases hash to one type id
     * @throws IllegalStateException if a type's schema cannot be recorded ({@link io.zwire.Schema})
     */
    public static AeronMessageTypes of(TypeRegistry types) {
        return of(WireOptions.defaults().withTypes(types));
    }

    /**
     * The types of {@code options.types()}, read and written with {@code options} (its
     * {@link io.zwire.ReadLimits} bound what a subscriber reads). Allocates.
     *
     * @param options the wire options, whose registry names the types
     * @return the message types
     * @throws IllegalArgumentException if two aliases hash to one type id
     * @throws IllegalStateException if a type's schema cannot be recorded ({@link io.zwire.Schema})
     */
    public static AeronMessageTypes of(WireOptions options) {
        return new AeronMessageTypes(options);
    }

    /**
     * The options wires are made with.
     *
     * @return the options
     */
    public WireOptions options() {
        return options;
    }

    /**
     * The schema fingerprint of a type as this side has it.
     *
     * @param type a registered type
     * @return its fingerprint
     * @throws IllegalArgumentException if the type is not registered
     */
    public long fingerprint(Class<?> type) {
        return forClass(type).fingerprint;
    }

    int size() {
        return byId.length;
    }

    MessageType at(int index) {
        return byId[index];
    }

    /** The index of the type with {@code typeId}, or a negative number. Allocates nothing. */
    int indexOf(long typeId) {
        return Arrays.binarySearch(ids, typeId);
    }

    /** The type of {@code type}; allocates nothing. */
    MessageType forClass(Class<?> type) {
        MessageType found = byClass.get(type);
        if (found == null) {
            throw new IllegalArgumentException(type.getName() + " is not a registered message type (" + byClass.keySet() + ")");
        }
        return found;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("AeronMessageTypes[");
        for (MessageType type : byId) {
            text.append(type.alias()).append('=').append(type.typeId).append(' ');
        }
        return text.append(']').toString();
    }
}
