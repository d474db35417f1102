package io.zwire;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The {@link Marshaller} made from functions: either mutable (a factory and a reader that fills
 * an instance) or immutable (a reader that constructs one), one class so every marshaller built
 * from lambdas shares one receiver type at the calls into it.
 */
final class FunctionMarshaller<T> implements Marshaller<T> {
    private final Class<T> type;
    private final Supplier<? extends T> factory;
    private final BiConsumer<? super T, WireOut> writer;
    private final BiConsumer<? super T, WireIn> filler;
    private final Function<WireIn, ? extends T> constructor;

    FunctionMarshaller(Class<T> type, Supplier<? extends T> factory, BiConsumer<? super T, WireOut> writer,
                       BiConsumer<? super T, WireIn> filler, Function<WireIn, ? extends T> constructor) {
        this.type = Objects.requireNonNull(type, "type");
        this.factory = factory;
        this.writer = Objects.requireNonNull(writer, "writer");
        this.filler = constructor == null ? Objects.requireNonNull(filler, "reader") : null;
        this.constructor = constructor;
    }

    /** True for an immutable type's marshaller, whose reader constructs a new instance per read. */
    boolean buildsPerRead() {
        return constructor != null;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public void write(T value, WireOut out) {
        writer.accept(value, out);
    }

    @Override
    public T read(T reuse, WireIn in) {
        if (constructor != null) {
            return Objects.requireNonNull(constructor.apply(in), "the marshaller's reader returned null");
        }
        T instance = reuse != null ? reuse : Objects.requireNonNull(factory.get(), "the marshaller's factory returned null");
        filler.accept(instance, in);
        return instance;
    }

    @Override
    public String toString() {
        return "Marshaller[" + type.getName() + (constructor != null ? ", immutable]" : "]");
    }
}
