package io.zwire.internal;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.ValueIn;
import io.zwire.ValueOut;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;
import io.zwire.WireType;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.function.BiConsumer;

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
    /** Whether the record was given its fields rather than named by its components. */
    private volatile boolean ownFields;

    private RecordMarshaller(Class<R> type) {
        this.type = type;
    }

    /**
     * The marshaller of record {@code type} (see {@link Marshaller#ofRecord(Class)}).
     *
     * @param <R>    the record type
     * @param type   the record class
     * @param fields one per component, or null for the components' names and positions
     * @return the marshaller
     * @throws IllegalArgumentException for a component of an unsupported type, naming it
     */
    public static <R extends Record> Marshaller<R> of(Class<R> type, Field[] fields) {
        return of(type, fields, new HashMap<>());
    }

    /** {@code building} holds the records whose marshallers are being built, so a recursive record refers to its own. */
    private static <R extends Record> RecordMarshaller<R> of(Class<R> type, Field[] fields,
                                                             Map<Class<?>, RecordMarshaller<?>> building) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        RecordMarshaller<R> marshaller = new RecordMarshaller<>(type);
        building.put(type, marshaller);
        marshaller.build(fields, building);
        return marshaller;
    }

    private void build(Field[] given, Map<Class<?>, RecordMarshaller<?>> building) {
        ownFields = given != null;
        RecordComponent[] components = type.getRecordComponents();
        if (given != null && given.length != components.length) {
            throw new IllegalArgumentException(type.getName() + " has " + components.length + " components, but "
                    + given.length + " fields were given");
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
     * How one component's type is written and read: the static {@code write<name>} and
     * {@code read<name>} methods below, bound to the component's field (after {@code extra}, the
     * enum class or nested marshaller, for the kinds that need one).
     */
    private static final class Codec {
        final String name;
        /** The type the write method takes and the read method returns: the component's, or Object with an extra. */
        final Class<?> valueType;
        final Object extra;

        Codec(String name, Class<?> componentType, Object extra) {
            this.name = name;
            this.valueType = extra == null ? componentType : Object.class;
            this.extra = extra;
        }

        /** {@code (WireOut, valueType) -> void} for {@code field}. */
        MethodHandle write(Field field) {
            return bind("write" + name, MethodType.methodType(void.class, Field.class, WireOut.class, valueType), field);
        }

        /** {@code (WireIn) -> valueType} for {@code field}. */
        MethodHandle read(Field field) {
            return bind("read" + name, MethodType.methodType(valueType, Field.class, WireIn.class), field);
        }

        private MethodHandle bind(String method, MethodType shape, Field field) {
            MethodType withExtra = extra == null ? shape
                    : shape.insertParameterTypes(0, extra instanceof Class<?> ? Class.class
                            : extra instanceof Marshaller<?> ? Marshaller.class : ListElements.class);
            try {
                MethodHandle handle = LOOKUP.findStatic(RecordMarshaller.class, method, withExtra);
                return extra == null ? MethodHandles.insertArguments(handle, 0, field)
                        : MethodHandles.insertArguments(handle, 0, extra, field);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("zwire's own " + method + " is missing", e);
            }
        }
    }

    private Codec codec(RecordComponent component, Map<Class<?>, RecordMarshaller<?>> building) {
        Class<?> t = component.getType();
        if (t.isPrimitive()) {
            String name = t == boolean.class ? "Bool" : t == byte.class ? "Int8" : t == short.class ? "Int16"
                    : t == char.class ? "Char16" : t == int.class ? "Int32" : t == long.class ? "Int64"
                    : t == float.class ? "Float32" : "Float64";
            return new Codec(name, t, null);
        }
        if (t == String.class) {
            return new Codec("Text", String.class, null);
        }
        if (t == byte[].class) {
            return new Codec("Bytes", byte[].class, null);
        }
        if (t.isEnum()) {
            return new Codec("Enum", t, t);
        }
        if (t.isRecord()) {
            RecordMarshaller<?> nested = building.get(t);
            return new Codec("Object", t, nested != null ? nested : of(t.asSubclass(Record.class), null, building));
        }
        if (Marshallable.class.isAssignableFrom(t)) {
            return new Codec("Object", t, MarshallableMarshaller.of(t.asSubclass(Marshallable.class), component));
        }
        if (t == List.class) {
            ListElements elements = listElements(component, building);
            if (elements != null) {
                return new Codec("List", t, elements);
            }
        }
        throw new IllegalArgumentException(type.getName() + "." + component.getName() + " is a "
                + component.getGenericType().getTypeName()
                + ", which a record marshaller cannot write: components may be primitives, String, enums, byte[],"
                + " records, Marshallable classes with a no-argument constructor, or a List of boxed primitives,"
                + " String, enums, records or such Marshallable classes");
    }

    /** The elements of a {@code List<X>} component, from its generic type; null when X is not supported. */
    private ListElements listElements(RecordComponent component, Map<Class<?>, RecordMarshaller<?>> building) {
        Type generic = component.getGenericType();
        if (!(generic instanceof ParameterizedType parameterized)
                || !(parameterized.getActualTypeArguments()[0] instanceof Class<?> e)) {
            return null;
        }
        String name = type.getName() + "." + component.getName();
        for (ElementKind kind : ElementKind.values()) {
            if (kind.box == e) {
                return new ListElements(name, kind, null);
            }
        }
        if (e.isEnum()) {
            return new ListElements(name, ElementKind.ENUM, e);
        }
        if (e.isRecord()) {
            RecordMarshaller<?> nested = building.get(e);
            if (nested != null && nested.ownFields) {
                throw new IllegalArgumentException(name + " is a " + generic.getTypeName() + ", but a record given its"
                        + " own fields cannot be an element of a List within itself: elements are written with their"
                        + " components' names and positions");
            }
            return new ListElements(name, ElementKind.OBJECT,
                    nested != null ? nested : of(e.asSubclass(Record.class), null, building));
        }
        if (Marshallable.class.isAssignableFrom(e) && !Modifier.isAbstract(e.getModifiers())) {
            return new ListElements(name, ElementKind.MARSHALLABLE,
                    MarshallableMarshaller.of(e.asSubclass(Marshallable.class), component));
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

    // ------------------------------------------------------------------ one write and read per kind

    private static void writeBool(Field f, WireOut out, boolean v) {
        out.write(f).bool(v);
    }

    private static boolean readBool(Field f, WireIn in) {
        return in.read(f).bool();
    }

    private static void writeInt8(Field f, WireOut out, byte v) {
        out.write(f).int8(v);
    }

    private static byte readInt8(Field f, WireIn in) {
        return in.read(f).int8();
    }

    private static void writeInt16(Field f, WireOut out, short v) {
        out.write(f).int16(v);
    }

    private static short readInt16(Field f, WireIn in) {
        return in.read(f).int16();
    }

    private static void writeChar16(Field f, WireOut out, char v) {
        out.write(f).char16(v);
    }

    private static char readChar16(Field f, WireIn in) {
        return in.read(f).char16();
    }

    private static void writeInt32(Field f, WireOut out, int v) {
        out.write(f).int32(v);
    }

    private static int readInt32(Field f, WireIn in) {
        return in.read(f).int32();
    }

    private static void writeInt64(Field f, WireOut out, long v) {
        out.write(f).int64(v);
    }

    private static long readInt64(Field f, WireIn in) {
        return in.read(f).int64();
    }

    private static void writeFloat32(Field f, WireOut out, float v) {
        out.write(f).float32(v);
    }

    private static float readFloat32(Field f, WireIn in) {
        return in.read(f).float32();
    }

    private static void writeFloat64(Field f, WireOut out, double v) {
        out.write(f).float64(v);
    }

    private static double readFloat64(Field f, WireIn in) {
        return in.read(f).float64();
    }

    private static void writeText(Field f, WireOut out, String v) {
        out.write(f).text(v);
    }

    private static String readText(Field f, WireIn in) {
        return in.read(f).text();
    }

    private static void writeBytes(Field f, WireOut out, byte[] v) {
        out.write(f).bytes(v);
    }

    private static byte[] readBytes(Field f, WireIn in) {
        return in.read(f).bytes();
    }

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

    private static void writeList(ListElements elements, Field f, WireOut out, Object v) {
        List<?> list = (List<?>) v;
        if (list != null) {
            elements.requireNoNull(list);
        }
        out.write(f).sequence(list, elements.kind.writer);
    }

    private static Object readList(ListElements elements, Field f, WireIn in) {
        ListCollector collector = new ListCollector(elements, in.wireType());
        in.read(f).sequence(collector, ListCollector::readAll);
        return List.copyOf(collector.read);
    }

    /** The kinds a {@code List} component's elements may be; each writes a whole list through a lambda that captures nothing. */
    private enum ElementKind {
        BOOL(Boolean.class, (list, seq) -> each(list, seq, (x, s) -> s.bool((Boolean) x))),
        INT8(Byte.class, (list, seq) -> each(list, seq, (x, s) -> s.int8((Byte) x))),
        INT16(Short.class, (list, seq) -> each(list, seq, (x, s) -> s.int16((Short) x))),
        CHAR16(Character.class, (list, seq) -> each(list, seq, (x, s) -> s.char16((Character) x))),
        INT32(Integer.class, (list, seq) -> each(list, seq, (x, s) -> s.int32((Integer) x))),
        INT64(Long.class, (list, seq) -> each(list, seq, (x, s) -> s.int64((Long) x))),
        FLOAT32(Float.class, (list, seq) -> each(list, seq, (x, s) -> s.float32((Float) x))),
        FLOAT64(Double.class, (list, seq) -> each(list, seq, (x, s) -> s.float64((Double) x))),
        TEXT(String.class, (list, seq) -> each(list, seq, (x, s) -> s.text((String) x))),
        ENUM(null, (list, seq) -> each(list, seq, (x, s) -> s.asEnum((Enum<?>) x))),
        MARSHALLABLE(null, (list, seq) -> each(list, seq, (x, s) -> s.marshallable((Marshallable) x))),
        /** Records: each element is written by the marshaller of its own class, the one registration built. */
        OBJECT(null, (list, seq) -> each(list, seq, ElementKind::writeRecord));

        /** The element class of a boxed or text kind; null for the kinds found by what the class is. */
        final Class<?> box;
        /** Writes the elements of a list, which may be null (no elements). */
        final BiConsumer<List<?>, ValueOut> writer;

        ElementKind(Class<?> box, BiConsumer<List<?>, ValueOut> writer) {
            this.box = box;
            this.writer = writer;
        }

        /** Iterates by index where that is cheap, so writing a list allocates no iterator. */
        private static void each(List<?> list, ValueOut seq, BiConsumer<Object, ValueOut> element) {
            if (list == null) {
                return;
            }
            if (list instanceof RandomAccess) {
                for (int i = 0, n = list.size(); i < n; i++) {
                    element.accept(list.get(i), seq);
                }
            } else {
                for (Object x : list) {
                    element.accept(x, seq);
                }
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static void writeRecord(Object element, ValueOut seq) {
            seq.object(element, (Marshaller) RECORD_ELEMENTS.get(element.getClass()));
        }
    }

    /**
     * The marshaller a record element of a {@code List} component is written with: looked up by the
     * element's class (records are final), so the sequence's lambda captures nothing. The same
     * default fields as the one the reading side was registered with, built once per class.
     */
    private static final ClassValue<Marshaller<?>> RECORD_ELEMENTS = new ClassValue<>() {
        @Override
        protected Marshaller<?> computeValue(Class<?> type) {
            return of(type.asSubclass(Record.class), null);
        }
    };

    /** A {@code List} component's elements, found once from its generic type. */
    private static final class ListElements {
        /** {@code Record.component}, for messages. */
        final String component;
        final ElementKind kind;
        /** The enum class, or the element marshaller of a record or {@code Marshallable} kind; otherwise null. */
        final Object extra;

        ListElements(String component, ElementKind kind, Object extra) {
            this.component = component;
            this.kind = kind;
            this.extra = extra;
        }

        /** Refused on writing, as {@code List.copyOf} refuses it on reading: nothing of the document is then written. */
        void requireNoNull(List<?> list) {
            int i = 0;
            for (Object x : list) {
                if (x == null) {
                    throw new NullPointerException(component + " holds null at index " + i
                            + ": a record's List component holds no null element");
                }
                i++;
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        Object read(ValueIn seq, WireType wire) {
            // RAW carries no types, so isNull before a primitive means nothing there; it never writes a null element.
            // No wire type: Schema.of is recording the reads, which return defaults and nulls.
            if (kind.box != null && kind != ElementKind.TEXT && wire != null && wire != WireType.RAW && seq.isNull()) {
                throw nullElement(wire);
            }
            Object value = switch (kind) {
                case BOOL -> seq.bool();
                case INT8 -> seq.int8();
                case INT16 -> seq.int16();
                case CHAR16 -> seq.char16();
                case INT32 -> seq.int32();
                case INT64 -> seq.int64();
                case FLOAT32 -> seq.float32();
                case FLOAT64 -> seq.float64();
                case TEXT -> seq.text();
                case ENUM -> seq.asEnum((Class) extra);
                case MARSHALLABLE, OBJECT -> seq.object(null, (Marshaller) extra);
            };
            if (value == null && wire != null) {
                throw nullElement(wire);
            }
            return value;
        }

        private WireException nullElement(WireType wire) {
            return new WireException(wire.name(), -1, "an element of " + component + ", not null (a record's List"
                    + " component holds no null element)");
        }
    }

    /** The elements of one {@code List} component being read; one per read, as the list it becomes. */
    private static final class ListCollector {
        final ListElements elements;
        final WireType wire;
        final List<Object> read = new ArrayList<>();

        ListCollector(ListElements elements, WireType wire) {
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

    /** A {@link Marshallable} component's marshaller: reads into a new instance from its no-argument constructor. */
    private static final class MarshallableMarshaller<M extends Marshallable> implements Marshaller<M> {
        private final Class<M> type;
        /** {@code () -> Object}: the no-argument constructor. */
        private final MethodHandle constructor;

        private MarshallableMarshaller(Class<M> type, MethodHandle constructor) {
            this.type = type;
            this.constructor = constructor;
        }

        static <M extends Marshallable> MarshallableMarshaller<M> of(Class<M> type, RecordComponent component) {
            try {
                Constructor<M> noArguments = type.getDeclaredConstructor();
                noArguments.setAccessible(true);
                return new MarshallableMarshaller<>(type,
                        LOOKUP.unreflectConstructor(noArguments).asType(MethodType.methodType(Object.class)));
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalArgumentException(component.getDeclaringRecord().getName() + "." + component.getName()
                        + " is a " + type.getName() + ", which needs an accessible no-argument constructor (" + e + ")", e);
            }
        }

        @Override
        public Class<M> type() {
            return type;
        }

        @Override
        public void write(M value, WireOut out) {
            value.writeMarshallable(out);
        }

        @Override
        public M read(M reuse, WireIn in) {
            M instance = reuse;
            if (instance == null) {
                try {
                    instance = type.cast((Object) constructor.invokeExact());
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new UndeclaredThrowableException(e);
                }
            }
            instance.readMarshallable(in);
            return instance;
        }

        @Override
        public void unexpectedField(M value, WireKey key, ValueIn in) {
            value.unexpectedField(key, in);
        }
    }
}
