package io.zwire.internal;

import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.ValueIn;
import io.zwire.WireIn;
import io.zwire.WireKey;
import io.zwire.WireOut;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.UndeclaredThrowableException;

/** A {@link Marshallable} component's marshaller: reads into a new instance from its no-argument constructor. */
final class MarshallableMarshaller<M extends Marshallable> implements Marshaller<M> {
    private final Class<M> type;
    /** {@code () -> Object}: the no-argument constructor. */
    private final MethodHandle constructor;

    private MarshallableMarshaller(Class<M> type, MethodHandle constructor) {
        this.type = type;
        this.constructor = constructor;
    }

    /**
     * @param component {@code Record.component}, for the message
     * @throws IllegalArgumentException if {@code type} has no accessible no-argument constructor
     */
    static <M extends Marshallable> MarshallableMarshaller<M> of(Class<M> type, String component) {
        try {
            Constructor<M> noArguments = type.getDeclaredConstructor();
            noArguments.setAccessible(true);
            return new MarshallableMarshaller<>(type,
                    MethodHandles.lookup().unreflectConstructor(noArguments).asType(MethodType.methodType(Object.class)));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException(component + " is a " + type.getName()
                    + ", which needs an accessible no-argument constructor (" + e + ")", e);
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

    /**
     * Reads into {@code reuse}, allocating nothing of its own, or, when it is null, into a new
     * instance from the type's no-argument constructor (one allocation).
     *
     * @throws io.zwire.WireException for bad input, from the type's {@code readMarshallable}
     * @throws java.lang.reflect.UndeclaredThrowableException if the constructor throws a checked exception
     */
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
