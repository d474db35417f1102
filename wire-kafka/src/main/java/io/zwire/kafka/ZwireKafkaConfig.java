package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.WireType;
import org.apache.kafka.common.config.ConfigException;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The Kafka client properties that configure {@link ZwireSerializer}, {@link ZwireDeserializer}
 * and {@link ZwireSerde} when Kafka creates them by name ({@code value.serializer} and the like).
 *
 * <pre>{@code
 * props.put("value.serializer", ZwireSerializer.class.getName());
 * props.put(ZwireKafkaConfig.WIRE, "BINARY");
 * props.put(ZwireKafkaConfig.TYPE, Order.class.getName());   // or TYPES, for several types
 * }</pre>
 *
 * <p>A key and a value (de)serializer read the same properties; give one of them its settings
 * through a constructor to differ. Parsing runs once, at configuration, and allocates.
 */
public final class ZwireKafkaConfig {
    /** The wire a serializer writes, a {@link WireType} name (default {@code BINARY}); ignored when reading. */
    public static final String WIRE = "zwire.wire";
    /**
     * One {@link Marshallable} class (a name or a {@code Class}), with a public no-argument
     * constructor, registered under its simple name. Either this or {@link #TYPES}.
     */
    public static final String TYPE = "zwire.type";
    /**
     * A class (a name or a {@code Class}) with a public no-argument constructor that implements
     * {@code Supplier<TypeRegistry>}: every {@link Marshallable} in that registry may be a record,
     * under its alias. Either this or {@link #TYPE}.
     */
    public static final String TYPES = "zwire.types";
    /**
     * What a deserializer reads into: {@code NEW}, the default and the only value accepted.
     * {@code REUSED} is refused: a deserializer Kafka creates is called for a whole poll before the
     * application sees it, so every record of a poll would be one object; reuse through
     * {@code ByteBufferDeserializer} and {@code ZwireDeserializer.deserialize(topic, headers, value)}
     * called as each record is processed.
     */
    public static final String INSTANCES = "zwire.instances";
    /** The wire a serializer writes when {@link #WIRE} is not given. */
    public static final WireType DEFAULT_WIRE = WireType.BINARY;

    private ZwireKafkaConfig() {
    }

    static WireType wire(Map<String, ?> configs) {
        return constant(configs, WIRE, WireType.class, DEFAULT_WIRE);
    }

    static Instances instances(Map<String, ?> configs) {
        Instances instances = constant(configs, INSTANCES, Instances.class, Instances.NEW);
        if (instances == Instances.REUSED) {
            throw new ConfigException(INSTANCES, configs.get(INSTANCES), "a deserializer Kafka creates reads a whole poll "
                    + "before returning it, so every record of a poll would be the same reused object; consume with "
                    + "ByteBufferDeserializer and call new ZwireDeserializer<>(type, types, Instances.REUSED)"
                    + ".deserialize(topic, headers, value) as each record is processed");
        }
        return instances;
    }

    /** The enum constant {@code key} names (any case), or {@code absent} when it is not given. */
    private static <E extends Enum<E>> E constant(Map<String, ?> configs, String key, Class<E> type, E absent) {
        Object value = configs.get(key);
        if (value == null) {
            return absent;
        }
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        try {
            return Enum.valueOf(type, value.toString().trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, value, "one of " + Arrays.toString(type.getEnumConstants()));
        }
    }

    static TypeRegistry types(Map<String, ?> configs) {
        Object type = configs.get(TYPE);
        Object types = configs.get(TYPES);
        if ((type == null) == (types == null)) {
            throw new ConfigException("give exactly one of " + TYPE + " (a Marshallable class) and " + TYPES
                    + " (a Supplier<TypeRegistry> class); given " + TYPE + "=" + type + ", " + TYPES + "=" + types);
        }
        if (type != null) {
            Class<?> loaded = loadClass(TYPE, type);
            if (!Marshallable.class.isAssignableFrom(loaded)) {
                throw new ConfigException(TYPE, type, "not a " + Marshallable.class.getName());
            }
            return single(TYPE, loaded.asSubclass(Marshallable.class));
        }
        Object supplier = construct(TYPES, loadClass(TYPES, types)).get();
        Object registry = supplier instanceof Supplier ? ((Supplier<?>) supplier).get() : null;
        if (!(registry instanceof TypeRegistry)) {
            throw new ConfigException(TYPES, types, "not a Supplier<TypeRegistry>");
        }
        return (TypeRegistry) registry;
    }

    /** A registry of {@code type} alone; its constructor is called once here, so one that throws is refused now. */
    private static <M extends Marshallable> TypeRegistry single(String key, Class<M> type) {
        Supplier<Object> constructor = construct(key, type);
        constructor.get();
        return TypeRegistry.builder().add(type.getSimpleName(), type, () -> type.cast(constructor.get())).build();
    }

    private static Class<?> loadClass(String key, Object value) {
        if (value instanceof Class) {
            return (Class<?>) value;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            return Class.forName(value.toString().trim(), true,
                    loader != null ? loader : ZwireKafkaConfig.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ConfigException(key, value, "class not found");
        }
    }

    /**
     * A supplier calling {@code type}'s public no-argument constructor through a method handle;
     * a constructor that throws an exception is a {@link ConfigException} (its cause that
     * exception), whether at configuration or later, when a record's instance is made.
     */
    private static Supplier<Object> construct(String key, Class<?> type) {
        MethodHandle constructor;
        try {
            constructor = MethodHandles.publicLookup().findConstructor(type, MethodType.methodType(void.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new ConfigException(key, type.getName(), "needs a public no-argument constructor");
        }
        return () -> {
            try {
                return constructor.invoke();
            } catch (Error e) {
                throw e;
            } catch (Throwable e) {
                ConfigException refused = new ConfigException(key, type.getName(), "its constructor threw " + e);
                refused.initCause(e);
                throw refused;
            }
        };
    }
}
