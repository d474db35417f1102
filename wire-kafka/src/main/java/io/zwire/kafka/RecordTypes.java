package io.zwire.kafka;

import io.zwire.TypeRegistry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link io.zwire.Marshallable} types of a {@link TypeRegistry}, found by class (the
 * serializer) or by the alias bytes of a header (the deserializer) without allocating. Types
 * registered with a {@link io.zwire.Marshaller} are not records of their own here: they may still
 * appear nested inside one.
 */
final class RecordTypes {
    private final TypeRegistry registry;
    private final RecordType[] types;
    private final Map<Class<?>, RecordType> byClass = new IdentityHashMap<>();

    RecordTypes(TypeRegistry registry) {
        this.registry = registry;
        List<RecordType> found = new ArrayList<>();
        for (TypeRegistry.Entry entry : registry.entries()) {
            if (entry.marshaller() == null) {
                RecordType type = new RecordType(entry, found.size(), registry);
                found.add(type);
                byClass.put(entry.type(), type);
            }
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("the registry holds no Marshallable type to send as a record: " + registry);
        }
        this.types = found.toArray(new RecordType[0]);
    }

    /** How many record types there are; {@link RecordType#index()} is below it. */
    int size() {
        return types.length;
    }

    TypeRegistry registry() {
        return registry;
    }

    /** The type of {@code type}'s class, or null. Allocates nothing. */
    RecordType byClass(Class<?> type) {
        return byClass.get(type);
    }

    /**
     * The type whose alias is {@code alias}, or null. A linear scan comparing bytes, so nothing is
     * decoded to a String: registries per topic are small, and a record of an unknown alias costs
     * one pass.
     */
    RecordType byAlias(byte[] alias) {
        for (RecordType type : types) {
            if (Arrays.equals(type.alias(), alias)) {
                return type;
            }
        }
        return null;
    }
}
