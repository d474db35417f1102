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
    /** What a deserializer reads into: an {@link Instances} name (default {@code NEW}). */
    public static final String INSTANCES = "zwire.instances";
    /** The wire a serializer writes when {@link #WIRE} is not given. */
    public static final WireType DEFAULT_WIRE = WireType.BINARY;

    private ZwireKafkaConfig() {
    }

    static WireType wire(Map<String, ?> configs) {
        return constant(configs, WIRE, WireType.class, DEFAULT_WIRE);
    }

    static Instances instances(Map<String, ?> configs) {
        return constant(configs, INSTANCES, Instances.class, Instances.NEW);
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
            return single(TYPE, loadClass(TYPE, type).asSubclass(Marshallable.class));
        }
        Object supplier = construct(TYPES, loadClass(TYPES, types)).get();
        if (!(supplier instanceof Supplier) || !(((Supplier<?>) supplier).get() instanceof TypeRegistry)) {
            throw new ConfigException(TYPES, types, "not a Supplier<TypeRegistry>");
        }
        return (TypeRegistry) ((Supplier<?>) supplier).get();
    }

    private static <M extends Marshallable> TypeRegistry single(String key, Class<M> type) {
        Supplier<Object> constructor = construct(key, type);
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

    /** A supplier calling {@code type}'s public no-argument constructor through a method handle. */
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
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("the constructor of " + type.getName() + " threw", e);
            }
        };
    }
}
