package io.zwire.internal;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link Marshaller} of a record, built once from its components: one method handle per
 * component writes it (the accessor feeding a field write), and one handle reads the whole record
 * (each component's field read, in component order, folded into the canonical constructor), so a
 * read is the field reads and one constructor call, with no boxing and no array of arguments.
 * Everything reflective happens in {@link #of}.
 *
 * @param <R> the record type
 */
public final class RecordMarshaller<R extends Record> implements Marshaller<R> {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    /**
     * The most argument slots a record's components may take: a method handle's type takes 254
     * (255, less one for the handle itself), and the read handle takes the {@code WireIn} too.
     */
    private static final int MAX_COMPONENT_SLOTS = 253;

    private final Class<R> type;
    /*
     * Set once, by build, after the constructor: a recursive record's codec must refer to this
     * marshaller before its handles exist, so they cannot be final. Volatile, so a marshaller that
     * reaches another thread through a data race (not a static final field) is seen whole; a
     * volatile read is a plain load on x86 and ARM's load-acquire, small beside the record a read
     * allocates.
     */
    /** {@code (WireIn) -> Object}: reads every component and constructs the record. */
    private volatile MethodHandle reader;
    /** {@code (WireOut, Object) -> void} per component, in component order. */
    private volatile MethodHandle[] writers;

    private RecordMarshaller(Class<R> type) {
        this.type = type;
    }

    /**
     * The marshaller of record {@code type} (see {@link Marshaller#ofRecord(Class, Field[], Marshaller[])}).
     *
     * @param <R>         the record type
     * @param type        the record class
     * @param fields      one per component, or null for the components' names and positions
     * @param marshallers the marshallers of component types zwire does not write itself, at most one per type
     * @return the marshaller
     * @throws IllegalArgumentException for a component of an unsupported type, naming it; for two
     *         marshallers of one type, or one of a type no component holds
     */
    public static <R extends Record> Marshaller<R> of(Class<R> type, Field[] fields, Marshaller<?>[] marshallers) {
        Building building = new Building(type, marshallers);
        RecordMarshaller<R> marshaller = of(type, fields, building);
        building.requireAllUsed();
        return marshaller;
    }

    private static <R extends Record> RecordMarshaller<R> of(Class<R> type, Field[] fields, Building building) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        RecordMarshaller<R> marshaller = new RecordMarshaller<>(type);
        building.records.put(type, marshaller);
        marshaller.build(fields, building);
        return marshaller;
    }

    /** What one {@link #of} call builds with: the marshallers given, and the records being built. */
    private static final class Building {
        /** The records whose marshallers are being built, so a recursive record refers to its own. */
        final Map<Class<?>, RecordMarshaller<?>> records = new HashMap<>();
        final Map<Class<?>, Marshaller<?>> given = new HashMap<>();
        final Set<Class<?>> used = new HashSet<>();
        final Class<?> root;

        Building(Class<?> root, Marshaller<?>[] marshallers) {
            this.root = root;
            for (Marshaller<?> marshaller : marshallers) {
                Class<?> type = Objects.requireNonNull(Objects.requireNonNull(marshaller, "marshaller").type(),
                        "marshaller.type()");
                if (given.putIfAbsent(type, marshaller) != null) {
                    throw new IllegalArgumentException("two marshallers of " + type.getName() + " were given for "
                            + root.getName() + ": " + given.get(type) + " and " + marshaller);
                }
            }
        }

        /** The marshaller given for {@code type}, or null. */
        Marshaller<?> given(Class<?> type) {
            Marshaller<?> marshaller = given.get(type);
            if (marshaller != null) {
                used.add(type);
            }
            return marshaller;
        }

        /** A marshaller that matches no component is a mistake, such as one for a supertype of the component's. */
        void requireAllUsed() {
            for (Map.Entry<Class<?>, Marshaller<?>> unused : given.entrySet()) {
                if (!used.contains(unused.getKey())) {
                    throw new IllegalArgumentException(unused.getValue() + " was given for " + root.getName()
                            + ", but no component, element, value or optional of it or its nested records is a "
                            + unused.getKey().getName() + " (a marshaller is matched by its type() exactly)");
                }
            }
        }
    }

    private void build(Field[] given, Building building) {
        RecordComponent[] components = type.getRecordComponents();
        if (given != null && given.length != components.length) {
            throw new IllegalArgumentException(type.getName() + " has " + components.length + " components, but "
                    + given.length + " fields were given");
        }
        requireReadable(components);
        if (given != null) {
            requireDistinct(given, components);
        }
        Class<?>[] types = new Class<?>[components.length];
        MethodHandle[] write = new MethodHandle[components.length];
        MethodHandle[] read = new MethodHandle[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            types[i] = component.getType();
            Field field = given != null ? given[i] : Field.of(i + 1, component.getName());
            Codec codec = codec(component, building);
            MethodHandle accessor = accessible(component);
            write[i] = MethodHandles.filterArguments(codec.write(field), 1,
                    accessor.asType(MethodType.methodType(codec.valueType, Object.class)));
            read[i] = codec.read(field).asType(MethodType.methodType(types[i], WireIn.class));
        }
        MethodHandle constructor;
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            constructor = LOOKUP.unreflectConstructor(canonical).asType(MethodType.methodType(Object.class, types));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw inaccessible("canonical constructor", e);
        }
        MethodHandle all = MethodHandles.dropArguments(constructor, types.length, WireIn.class);
        // Folded from the last component back, so the reads run first to last, as written.
        for (int i = types.length - 1; i >= 0; i--) {
            all = MethodHandles.foldArguments(all, i, read[i]);
        }
        this.reader = all;
        this.writers = write;
    }

    /**
     * Refuses components past {@link #MAX_COMPONENT_SLOTS} (a long or double fills two), which the
     * one read handle cannot take beside the {@code WireIn}, though Java lets a constructor take 254.
     */
    private void requireReadable(RecordComponent[] components) {
        int slots = 0;
        for (RecordComponent component : components) {
            slots += component.getType() == long.class || component.getType() == double.class ? 2 : 1;
        }
        if (slots > MAX_COMPONENT_SLOTS) {
            throw new IllegalArgumentException(type.getName() + "'s components take " + slots
                    + " argument slots (a long or double takes two), more than the " + MAX_COMPONENT_SLOTS
                    + " a record marshaller reads through: group some components into a nested record,"
                    + " or write its Marshaller by hand (Marshaller.immutable)");
        }
    }

    /** Two components given one field number or name would be one field on the wire, repeated. */
    private void requireDistinct(Field[] given, RecordComponent[] components) {
        for (int i = 0; i < given.length; i++) {
            String component = components[i].getName();
            Objects.requireNonNull(given[i], () -> "the field of " + type.getName() + "." + component);
            for (int j = 0; j < i; j++) {
                if (given[j].number() == given[i].number() || given[j].name().equals(given[i].name())) {
                    throw new IllegalArgumentException(type.getName() + "." + components[j].getName() + " and "
                            + components[i].getName() + " are given fields " + given[j] + " and " + given[i]
                            + ", which share a number or name: give each component its own");
                }
            }
        }
    }

    private MethodHandle accessible(RecordComponent component) {
        try {
            java.lang.reflect.Method accessor = component.getAccessor();
            accessor.setAccessible(true);
            return LOOKUP.unreflect(accessor);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw inaccessible("accessor " + component.getName() + "()", e);
        }
    }

    private IllegalArgumentException inaccessible(String what, Exception cause) {
        return new IllegalArgumentException("cannot use the " + what + " of " + type.getName()
                + ": open its package to module io.zwire (" + cause + ")", cause);
    }

    /**
     * How one component's type is written and read, bound to the component's field. A kind with a
     * value method of its own ({@code int32}, {@code text}, and {@code bytes} for a
     * {@code byte[]}, which is no element kind) is the {@link ValueOut} and {@link ValueIn} method
     * of that name, fed by the field's write or read; only text needs its parameter widened, as
     * {@code ValueOut.text} takes any {@code CharSequence}. A kind that needs an {@code extra} (the
     * enum class, nested marshaller or container's values) is the static {@code write<name>} and
     * {@code read<name>} methods of {@code owner}.
     */
    private static final class Codec {
        /** {@code (WireOut, Field) -> ValueOut}: names the field to write. */
        private static final MethodHandle WRITE_FIELD;
        /** {@code (WireIn, Field) -> ValueIn}: names the field to read. */
        private static final MethodHandle READ_FIELD;

        static {
            try {
                WRITE_FIELD = LOOKUP.findVirtual(WireOut.class, "write", MethodType.methodType(ValueOut.class, Field.class));
                READ_FIELD = LOOKUP.findVirtual(WireIn.class, "read", MethodType.methodType(ValueIn.class, Field.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** The class whose static methods write and read the kind; null for a kind of the value methods. */
        final Class<?> owner;
        /** The value methods' name; with an {@link #owner}, what follows {@code write} and {@code read} in its methods' names. */
        final String name;
        /** The type the write method takes and the read method returns: the component's, or Object with an extra. */
        final Class<?> valueType;
        final Object extra;

        /** A component of {@code componentType} written and read as {@code value} is. */
        static Codec of(RecordElement value, Class<?> componentType) {
            String kind = value.kind.name().toLowerCase(Locale.ROOT);
            return value.extra == null ? valueMethods(kind, componentType)
                    : new Codec(RecordMarshaller.class, Character.toUpperCase(kind.charAt(0)) + kind.substring(1),
                            componentType, value.extra);
        }

        /** A kind written and read by the value methods named {@code method} (the kind's name in the API). */
        static Codec valueMethods(String method, Class<?> componentType) {
            return new Codec(null, method, componentType, null);
        }

        Codec(Class<?> owner, String name, Class<?> componentType, Object extra) {
            this.owner = owner;
            this.name = name;
            this.valueType = extra == null ? componentType : Object.class;
            this.extra = extra;
        }

        /** {@code (WireOut, valueType) -> void} for {@code field}. */
        MethodHandle write(Field field) {
            if (owner != null) {
                return bind("write" + name, MethodType.methodType(void.class, Field.class, WireOut.class, valueType), field);
            }
            // ValueOut.text takes any CharSequence; a component is a String.
            Class<?> parameter = valueType == String.class ? CharSequence.class : valueType;
            MethodHandle value = valueMethod(ValueOut.class, MethodType.methodType(WireOut.class, parameter));
            return MethodHandles.filterArguments(value.asType(MethodType.methodType(void.class, ValueOut.class, valueType)),
                    0, MethodHandles.insertArguments(WRITE_FIELD, 1, field));
        }

        /** {@code (WireIn) -> valueType} for {@code field}. */
        MethodHandle read(Field field) {
            if (owner != null) {
                return bind("read" + name, MethodType.methodType(valueType, Field.class, WireIn.class), field);
            }
            return MethodHandles.filterReturnValue(MethodHandles.insertArguments(READ_FIELD, 1, field),
                    valueMethod(ValueIn.class, MethodType.methodType(valueType)));
        }

        private MethodHandle valueMethod(Class<?> api, MethodType shape) {
            try {
                return LOOKUP.findVirtual(api, name, shape);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(api.getSimpleName() + "." + name + shape + " is missing", e);
            }
        }

        private MethodHandle bind(String method, MethodType shape, Field field) {
            MethodType withExtra = shape.insertParameterTypes(0, extra instanceof Class<?> ? Class.class
                    : extra instanceof Marshaller<?> ? Marshaller.class : extra.getClass());
            try {
                return MethodHandles.insertArguments(LOOKUP.findStatic(owner, method, withExtra), 0, extra, field);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("zwire's own " + method + " is missing", e);
            }
        }
    }

    private Codec codec(RecordComponent component, Building building) {
        Class<?> t = component.getType();
        String name = type.getName() + "." + component.getName();
        RecordElement value = element(t, name, building);
        // A boxed primitive may be null, which RAW cannot write: a component is the primitive itself.
        if (value != null && (t.isPrimitive() || value.kind.nullable())) {
            return Codec.of(value, t);
        }
        if (t == byte[].class) {
            return Codec.valueMethods("bytes", byte[].class);
        }
        Type[] arguments = component.getGenericType() instanceof ParameterizedType parameterized
                ? parameterized.getActualTypeArguments() : new Type[0];
        if (t == List.class && arguments.length == 1) {
            RecordElement elements = element(arguments[0], name, building);
            if (elements != null) {
                return new Codec(RecordLists.class, "List", t, elements);
            }
        }
        if (t == Map.class && arguments.length == 2 && arguments[0] instanceof Class<?> keyType) {
            RecordElement.Kind key = RecordElement.Kind.of(keyType);
            RecordElement values = element(arguments[1], name, building);
            if (RecordMaps.MapEntries.keyable(key) && values != null) {
                return new Codec(RecordMaps.class, "Map", t, new RecordMaps.MapEntries(key, values));
            }
        }
        if (t == Optional.class && arguments.length == 1) {
            RecordElement content = element(arguments[0], name, building);
            if (content != null && content.kind.nullable()) {
                return new Codec(RecordOptionals.class, "Optional", t, content);
            }
        }
        throw new IllegalArgumentException(name + " is a " + component.getGenericType().getTypeName()
                + ", which a record marshaller cannot write: give ofRecord a Marshaller of that type"
                + " (Marshaller.ofRecord(" + type.getSimpleName() + ".class, theMarshaller)), or use a supported"
                + " type: primitives, String, enums, byte[], records, Marshallable classes with a no-argument"
                + " constructor, types with a marshaller given, a List<X> or a Map<String|Integer|Long, X> of boxed"
                + " primitives, String or those, or an Optional<X> of String or those (not of a boxed primitive,"
                + " which has no null on RAW)");
    }

    /** How values of {@code type} in a List, Map or Optional are written and read; null when {@code type} is not supported. */
    private static RecordElement element(Type type, String component, Building building) {
        return type instanceof Class<?> c ? element(c, component, building) : null;
    }

    /**
     * The one mapping of a Java class to how its values are written and read, for a component and
     * for a value in a container alike: a marshaller given for the class first (never for a
     * primitive), then a primitive, a box or String, an enum, a record or a concrete
     * {@code Marshallable}; null for any other class.
     */
    private static RecordElement element(Class<?> type, String component, Building building) {
        Marshaller<?> given = type.isPrimitive() ? null : building.given(type);
        if (given != null) {
            return new RecordElement(component, RecordElement.Kind.OBJECT, given);
        }
        RecordElement.Kind plain = RecordElement.Kind.of(type);
        if (plain != null) {
            return new RecordElement(component, plain, null);
        }
        if (type.isEnum()) {
            return new RecordElement(component, RecordElement.Kind.ENUM, type);
        }
        Marshaller<?> object = objectMarshaller(type, component, building);
        return object == null ? null : new RecordElement(component, RecordElement.Kind.OBJECT, object);
    }

    /** The marshaller of a record or a concrete {@code Marshallable}; null for any other type. */
    private static Marshaller<?> objectMarshaller(Class<?> t, String component, Building building) {
        if (t.isRecord()) {
            RecordMarshaller<?> nested = building.records.get(t);
            return nested != null ? nested : of(t.asSubclass(Record.class), null, building);
        }
        if (Marshallable.class.isAssignableFrom(t) && !Modifier.isAbstract(t.getModifiers())) {
            return MarshallableMarshaller.of(t.asSubclass(Marshallable.class), component);
        }
        return null;
    }

    @Override
    public Class<R> type() {
        return type;
    }

    @Override
    public void write(R value, WireOut out) {
        MethodHandle[] all = writers;
        try {
            for (MethodHandle writer : all) {
                writer.invokeExact(out, (Object) value);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new UndeclaredThrowableException(e);
        }
    }

    @Override
    public R read(R reuse, WireIn in) {
        try {
            return type.cast((Object) reader.invokeExact(in));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new UndeclaredThrowableException(e);
        }
    }

    @Override
    public String toString() {
        return "Marshaller[" + type.getName() + ", record]";
    }

    // ------------------------------------------------------------------ the kinds with an extra

    private static void writeEnum(Class<?> type, Field f, WireOut out, Object v) {
        out.write(f).asEnum((Enum<?>) v);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object readEnum(Class<?> type, Field f, WireIn in) {
        return in.read(f).asEnum((Class) type);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void writeObject(Marshaller<?> marshaller, Field f, WireOut out, Object v) {
        out.write(f).object(v, (Marshaller) marshaller);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object readObject(Marshaller<?> marshaller, Field f, WireIn in) {
        return in.read(f).object(null, (Marshaller) marshaller);
    }
}
