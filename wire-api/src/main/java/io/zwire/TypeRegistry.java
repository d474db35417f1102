package io.zwire;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The only way a typed object on the wire ({@code !Order {...}} in YAML) becomes a Java object:
 * an explicit, immutable map of aliases to factories. Input never reaches {@code Class.forName}
 * or reflection, so a document can only instantiate types the application listed.
 *
 * <pre>{@code
 * TypeRegistry types = TypeRegistry.builder()
 *         .add("Order", Order.class, Order::new)
 *         .add("Cancel", Cancel.class, Cancel::new)
 *         .build();
 * Wire wire = WireType.YAML.apply(bytes, WireOptions.defaults().withTypes(types));
 * }</pre>
 *
 * <p>Lookups ({@link #byAlias(String)}, {@link #byType(Class)}) allocate nothing.
 */
public final class TypeRegistry {
    private static final TypeRegistry EMPTY = new TypeRegistry(Map.of(), Map.of());

    /** One registered type: a {@link Marshallable} with its factory, or another type with its {@link Marshaller}. */
    public static final class Entry {
        private final String alias;
        private final Class<?> type;
        private final Supplier<? extends Marshallable> factory;
        private final Marshaller<?> marshaller;

        Entry(String alias, Class<?> type, Supplier<? extends Marshallable> factory, Marshaller<?> marshaller) {
            this.alias = alias;
            this.type = type;
            this.factory = factory;
            this.marshaller = marshaller;
        }

        /**
         * The name written on the wire.
         *
         * @return the alias
         */
        public String alias() {
            return alias;
        }

        /**
         * The Java type.
         *
         * @return the type
         */
        public Class<?> type() {
            return type;
        }

        /**
         * The marshaller of a type registered with one ({@link Builder#add(String, Class, Marshaller)}).
         *
         * @return the marshaller, or null for a {@link Marshallable} type
         */
        public Marshaller<?> marshaller() {
            return marshaller;
        }

        /**
         * The type's schema, recorded on a new instance ({@link Schema#of(Supplier, TypeRegistry)}),
         * or through its marshaller ({@link Schema#of(Marshaller, TypeRegistry)}). Allocates.
         *
         * @param types the registry that names typed fields' aliases
         * @return the schema
         * @throws IllegalStateException or IllegalArgumentException as those methods do
         */
        public Schema schema(TypeRegistry types) {
            return marshaller != null ? Schema.of(marshaller, types) : Schema.of(this::create, types);
        }

        /**
         * A new instance from the factory. Allocates: the read path calls it only when the
         * instance it was given to reuse is missing or of another type.
         *
         * @return a new instance
         * @throws IllegalStateException if the factory returns null or an instance of another class,
         *         or for a type registered with a {@link Marshaller} (read through it instead)
         */
        public Marshallable create() {
            if (factory == null) {
                throw new IllegalStateException("'" + alias + "' (" + type.getName() + ") is read through its marshaller "
                        + marshaller + ", not made by a factory");
            }
            Marshallable instance = factory.get();
            if (instance == null || instance.getClass() != type) {
                throw new IllegalStateException("the factory for '" + alias + "' returned "
                        + (instance == null ? "null" : instance.getClass().getName()) + ", not " + type.getName());
            }
            return instance;
        }

        @Override
        public String toString() {
            return alias + "=" + type.getName();
        }
    }

    private final Map<String, Entry> byAlias;
    private final Map<Class<?>, Entry> byType;

    private TypeRegistry(Map<String, Entry> byAlias, Map<Class<?>, Entry> byType) {
        this.byAlias = byAlias;
        this.byType = byType;
    }

    /**
     * The registry with no types: every typed object on input is rejected.
     *
     * @return the empty registry
     */
    public static TypeRegistry empty() {
        return EMPTY;
    }

    /**
     * Starts a registry.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The entry for {@code alias}, or null. Allocates nothing.
     *
     * @param alias the alias
     * @return the entry, or null
     */
    public Entry byAlias(String alias) {
        return byAlias.get(alias);
    }

    /**
     * The entry for exactly {@code type} (not a subtype), or null. Allocates nothing.
     *
     * @param type the class
     * @return the entry, or null
     */
    public Entry byType(Class<?> type) {
        return byType.get(type);
    }

    /**
     * Every entry, in registration order.
     *
     * @return the entries, unmodifiable
     */
    public Collection<Entry> entries() {
        return Collections.unmodifiableCollection(byAlias.values());
    }

    @Override
    public String toString() {
        return "TypeRegistry" + byAlias.values();
    }

    /** Collects aliases; not thread-safe, the registry it builds is. */
    public static final class Builder {
        private final Map<String, Entry> byAlias = new LinkedHashMap<>();
        private final Map<Class<?>, Entry> byType = new HashMap<>();

        private Builder() {
        }

        /**
         * Registers {@code type} under {@code alias}.
         *
         * @param <M>     the type
         * @param type    the class
         * @param alias   non-empty; letters, digits and {@code . _ -} only, so every wire can carry it untouched
         * @param factory makes a new instance; a non-capturing constructor reference such as {@code Order::new}
         * @return this builder
         * @throws IllegalArgumentException if the alias is malformed or either alias or type is already registered
         */
        public <M extends Marshallable> Builder add(String alias, Class<M> type, Supplier<? extends M> factory) {
            return add(alias, type, factory, null);
        }

        /**
         * Registers {@code type}, which does not implement {@link Marshallable}, under {@code alias},
         * written and read through {@code marshaller}: so a session can carry it as a message
         * type. It cannot be a typed object ({@link ValueOut#typed}), which is a {@code Marshallable}.
         *
         * @param <T>        the type
         * @param alias      as for {@link #add(String, Class, Supplier)}
         * @param type       the class
         * @param marshaller how the type is written and read
         * @return this builder
         * @throws IllegalArgumentException as {@link #add(String, Class, Supplier)}, or if
         *         {@code marshaller} is for another type
         */
        public <T> Builder add(String alias, Class<T> type, Marshaller<T> marshaller) {
            if (marshaller.type() != type) {
                throw new IllegalArgumentException("the marshaller " + marshaller + " is not for " + type.getName());
            }
            return add(alias, type, null, marshaller);
        }

        private Builder add(String alias, Class<?> type, Supplier<? extends Marshallable> factory, Marshaller<?> marshaller) {
            if (alias == null || alias.isEmpty() || !alias.chars().allMatch(c -> c < 0x80
                    && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-'))) {
                throw new IllegalArgumentException("alias must be non-empty ASCII letters, digits, '.', '_' or '-': '"
                        + alias + "'");
            }
            if (byAlias.containsKey(alias)) {
                throw new IllegalArgumentException("alias '" + alias + "' is already registered for "
                        + byAlias.get(alias).type.getName());
            }
            if (byType.containsKey(type)) {
                throw new IllegalArgumentException(type.getName() + " is already registered as '"
                        + byType.get(type).alias + "'");
            }
            Entry entry = new Entry(alias, type, factory, marshaller);
            byAlias.put(alias, entry);
            byType.put(type, entry);
            return this;
        }

        /**
         * The immutable registry.
         *
         * @return the registry
         */
        public TypeRegistry build() {
            return new TypeRegistry(Collections.unmodifiableMap(new LinkedHashMap<>(byAlias)),
                    Map.copyOf(byType));
        }
    }
}
