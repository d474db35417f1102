package io.zwire.test.harness;

import io.zwire.Marshallable;

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
 * <p>Reflection is used here, in the harness, once per run; never on the measured path.
 */
public final class MarshallableType {
    private final Class<? extends Marshallable> type;
    private final Constructor<? extends Marshallable> constructor;
    private final Method sample;

    private MarshallableType(Class<? extends Marshallable> type, Constructor<? extends Marshallable> constructor,
                             Method sample) {
        this.type = type;
        this.constructor = constructor;
        this.sample = sample;
    }

    /**
     * Finds {@code className} through {@code loader} without initialising it. Allocates.
     *
     * @throws IllegalArgumentException naming what is wrong: not found, not a concrete public
     *                                  {@code Marshallable}, no public no-argument constructor
     */
    public static MarshallableType load(String className, ClassLoader loader) {
        Class<?> found;
        try {
            found = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("type " + className + " not found on the class path ("
                    + e.getClass().getSimpleName() + ")", e);
        }
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
        return new MarshallableType(type, constructor, sampleMethod(type));
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

    /** The fully qualified class name. */
    public String name() {
        return type.getName();
    }

    /** The class. */
    public Class<? extends Marshallable> type() {
        return type;
    }

    /** The class name without its package, for tables. */
    public String simpleName() {
        return type.getSimpleName();
    }

    /** True when the source comes from {@code sample()}. */
    public boolean hasSample() {
        return sample != null;
    }

    /**
     * The source instance: {@code sample()}'s result, or a new instance. Allocates.
     *
     * @throws IllegalStateException if the constructor or {@code sample()} throws, or sample returns null
     */
    public Marshallable newSource() {
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
     * @throws IllegalStateException if the constructor throws
     */
    public Marshallable newTarget() {
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
        }
    }
}
