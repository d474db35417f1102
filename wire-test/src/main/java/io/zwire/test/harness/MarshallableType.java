package io.zwire.test.harness;

import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.WireType;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * A user's {@link Marshallable} type as the harness uses it, found by name. The type needs a
 * public no-argument constructor, which makes the reused target (and the source when there is no
 * sample). If it declares {@code public static T sample()} taking no arguments and returning the
 * type, the instance it returns is the source, so the measured documents carry realistic values;
 * otherwise the source is a new instance with default field values.
 *
 * <p>A type that is not {@code Marshallable} is named {@code Holder#FIELD}: {@code FIELD} is a
 * public static {@link Marshaller} field of class {@code Holder}, and {@code Holder} declares
 * {@code public static T sample()} returning an instance to write (a foreign type has no
 * constructor the harness could know). The target is then whatever the marshaller reads into:
 * made on the first read, and reused when the type is mutable.
 *
 * <p>Reflection is used here, in the harness, once per run; never on the measured path.
 */
public final class MarshallableType {
    private final Class<? extends Marshallable> type;
    private final Constructor<? extends Marshallable> constructor;
    private final Method sample;
    /** For a foreign type: its marshaller, and its name as {@code Holder#FIELD}; otherwise null. */
    private final Marshaller<Object> marshaller;
    private final String foreignName;
    /** The class whose code reads and writes: the type itself, or a foreign type's holder. */
    private final Class<?> codeOwner;

    private MarshallableType(Class<? extends Marshallable> type, Constructor<? extends Marshallable> constructor,
                             Method sample, Marshaller<Object> marshaller, String foreignName, Class<?> codeOwner) {
        this.codeOwner = codeOwner;
        this.type = type;
        this.constructor = constructor;
        this.sample = sample;
        this.marshaller = marshaller;
        this.foreignName = foreignName;
    }

    /** {@return whether {@code name} is {@code Holder#FIELD}, a foreign type's marshaller, rather than a class} */
    public static boolean namesAMarshaller(String name) {
        return name.indexOf('#') > 0;
    }

    /**
     * The public static {@link Marshaller} field {@code FIELD} of class {@code Holder}, for a
     * {@code name} {@code Holder#FIELD}, read through {@code loader}; the holder needs no
     * {@code sample()} for this. Initialises the holder. Allocates.
     *
     * @throws IllegalArgumentException naming what is wrong: the holder not found, no such public
     *                                  static field, or not a {@code Marshaller}
     */
    public static Marshaller<?> marshaller(String name, ClassLoader loader) {
        int hash = name.indexOf('#');
        Class<?> holder = loadClass(name.substring(0, hash), loader);
        Object value;
        try {
            java.lang.reflect.Field field = holder.getField(name.substring(hash + 1));
            value = Modifier.isStatic(field.getModifiers()) ? field.get(null) : null;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException(name + ": no public static field " + name.substring(hash + 1)
                    + " in " + holder.getName() + " (" + e + ")", e);
        }
        if (!(value instanceof Marshaller<?> found)) {
            throw new IllegalArgumentException(name + " is not a public static Marshaller");
        }
        return found;
    }

    /** A foreign type named {@code Holder#FIELD} (see the class comment). */
    @SuppressWarnings("unchecked")
    private static MarshallableType loadForeign(String name, ClassLoader loader) {
        Marshaller<?> found = marshaller(name, loader);
        Class<?> holder = loadClass(name.substring(0, name.indexOf('#')), loader);
        Method sample;
        try {
            sample = holder.getMethod("sample");
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(name + ": " + holder.getName() + " needs a public static sample() returning "
                    + "the instance to write", e);
        }
        if (!Modifier.isStatic(sample.getModifiers()) || !found.type().isAssignableFrom(sample.getReturnType())) {
            throw new IllegalArgumentException(name + ": " + holder.getName() + ".sample() must be static and return a "
                    + found.type().getName());
        }
        return new MarshallableType(null, null, sample, (Marshaller<Object>) found, name, holder);
    }

    private static Class<?> loadClass(String className, ClassLoader loader) {
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("type " + className + " not found on the class path ("
                    + e.getClass().getSimpleName() + ")", e);
        }
    }

    /** The marshaller of a foreign type; null for a {@code Marshallable} one. */
    public Marshaller<Object> marshaller() {
        return marshaller;
    }

    /**
     * A loop writing this type's source and reading it back over {@code wire}: into a new target
     * for a {@code Marshallable}, through the marshaller for a foreign type. Allocates.
     *
     * @throws IllegalStateException as {@link #newSource()} and {@link #newTarget()}
     */
    public RoundTripLoop newLoop(WireType wire) {
        return marshaller != null ? new RoundTripLoop(wire, newForeignSource(), marshaller)
                : new RoundTripLoop(wire, newSource(), newTarget());
    }

    /** A foreign type's {@code sample()}. */
    private Object newForeignSource() {
        Object instance = invoke(() -> sample.invoke(null));
        if (instance == null) {
            throw new IllegalStateException(name() + ": sample() returned null");
        }
        return instance;
    }

    /**
     * Finds {@code className} through {@code loader} without initialising it. Allocates.
     *
     * @throws IllegalArgumentException naming what is wrong: not found, not a concrete public
     *                                  {@code Marshallable}, no public no-argument constructor
     */
    public static MarshallableType load(String className, ClassLoader loader) {
        if (namesAMarshaller(className)) {
            return loadForeign(className, loader);
        }
        Class<?> found = loadClass(className, loader);
        if (!Marshallable.class.isAssignableFrom(found)) {
            throw new IllegalArgumentException("type " + className + " does not implement " + Marshallable.class.getName());
        }
        if (!Modifier.isPublic(found.getModifiers()) || Modifier.isAbstract(found.getModifiers())) {
            throw new IllegalArgumentException("type " + className + " must be a public, concrete class");
        }
        Class<? extends Marshallable> type = found.asSubclass(Marshallable.class);
        Constructor<? extends Marshallable> constructor;
        try {
            constructor = type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("type " + className + " needs a public no-argument constructor", e);
        }
        return new MarshallableType(type, constructor, sampleMethod(type), null, null, type);
    }

    private static Method sampleMethod(Class<? extends Marshallable> type) {
        try {
            Method method = type.getMethod("sample");
            boolean usable = Modifier.isStatic(method.getModifiers()) && type.isAssignableFrom(method.getReturnType());
            return usable ? method : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** The fully qualified class name, or {@code Holder#FIELD} for a foreign type. */
    public String name() {
        return marshaller != null ? foreignName : type.getName();
    }

    /**
     * The class.
     *
     * @throws IllegalStateException for a foreign type, which has no {@code Marshallable} class
     */
    public Class<? extends Marshallable> type() {
        requireMarshallable();
        return type;
    }

    private void requireMarshallable() {
        if (marshaller != null) {
            throw new IllegalStateException(foreignName + " is read through a Marshaller, not a Marshallable");
        }
    }

    /**
     * {@return the class whose methods read and write the type: the type itself, or the holder
     * of a foreign type's marshaller field, whose lambdas are the marshaller's code}
     */
    public Class<?> codeOwner() {
        return codeOwner;
    }

    /** The class name without its package, for tables. */
    public String simpleName() {
        return marshaller != null ? marshaller.type().getSimpleName() : type.getSimpleName();
    }

    /** True when the source comes from {@code sample()}. */
    public boolean hasSample() {
        return sample != null;
    }

    /**
     * The source instance: {@code sample()}'s result, or a new instance. Allocates.
     *
     * @throws IllegalStateException if the constructor, {@code sample()} or the static initializer
     *                               throws, or sample returns null, or for a foreign type (see
     *                               {@link #newLoop})
     */
    public Marshallable newSource() {
        requireMarshallable();
        if (sample == null) {
            return newTarget();
        }
        Marshallable instance = type.cast(invoke(() -> sample.invoke(null)));
        if (instance == null) {
            throw new IllegalStateException(name() + ".sample() returned null");
        }
        return instance;
    }

    /**
     * A new instance from the no-argument constructor: the reused target. Allocates.
     *
     * @throws IllegalStateException if the constructor or the static initializer throws, or for a
     *                               foreign type (see {@link #newLoop})
     */
    public Marshallable newTarget() {
        requireMarshallable();
        return invoke(constructor::newInstance);
    }

    private interface Reflective<T> {
        T call() throws ReflectiveOperationException;
    }

    private <T> T invoke(Reflective<T> call) {
        try {
            return call.call();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("creating " + name() + " threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + name() + ": " + e, e);
        } catch (ExceptionInInitializerError e) {
            // A static initializer that throws: the user's bug, to be named, not a crash of the tool.
            throw new IllegalStateException("initializing " + name() + " threw " + e.getCause(), e);
        } catch (LinkageError e) {
            throw new IllegalStateException("cannot create " + name() + ": " + e, e);
        }
    }
}
