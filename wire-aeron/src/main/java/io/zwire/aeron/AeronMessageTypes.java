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
    private final int[] ids;
    private final Map<Class<?>, MessageType> byClass = new HashMap<>();

    private AeronMessageTypes(WireOptions options) {
        this.options = options;
        TypeRegistry types = options.types();
        List<MessageType> all = new ArrayList<>();
        for (TypeRegistry.Entry entry : types.entries()) {
            all.add(new MessageType(entry, types));
        }
        all.sort(Comparator.comparingInt(t -> t.typeId));
        for (int i = 1; i < all.size(); i++) {
            if (all.get(i).typeId == all.get(i - 1).typeId) {
                throw new IllegalArgumentException("the aliases '" + all.get(i - 1).alias() + "' and '" + all.get(i).alias()
                        + "' have the same type id " + all.get(i).typeId + " (MessageHeader.typeId): rename one");
            }
        }
        this.byId = all.toArray(new MessageType[0]);
        this.ids = new int[byId.length];
        for (int i = 0; i < byId.length; i++) {
            ids[i] = byId[i].typeId;
            byClass.put(byId[i].entry.type(), byId[i]);
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
    int indexOf(int typeId) {
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
