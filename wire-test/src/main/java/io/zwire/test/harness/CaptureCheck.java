package io.zwire.test.harness;

import io.zwire.Marshallable;
import io.zwire.Schema;
import io.zwire.TypeRegistry;

/**
 * The first step of every garbage check: {@link Schema#capturingLambdas()} on the type, which
 * finds, deterministically and with no JIT involved, every lambda its {@code readMarshallable} and
 * {@code writeMarshallable} pass that captures something. Such a lambda is a new object per call
 * wherever escape analysis does not remove it, so measuring the type would only tell whether the
 * JIT was lucky in that JVM.
 */
public final class CaptureCheck {
    private CaptureCheck() {
    }

    /**
     * The report of {@code type}'s capturing lambdas, one line each, or null when none captures.
     * The write side is recorded on the harness's source ({@code sample()}, or a new instance), so
     * lambdas behind a null check of a populated field are seen; the read side on a new instance.
     * Creates instances of the type; allocates.
     *
     * @throws IllegalStateException if creating an instance throws, or the type's methods throw
     *                               while recorded (the message says which)
     */
    public static String report(MarshallableType type) {
        Schema schema = schema(type);
        return schema.capturingLambdas().isEmpty() ? null : type.name() + ": " + schema.capturingReport()
                .substring(type.simpleName().length() + 2) + "\n  (pass the target as the lambda's first argument"
                + " instead: (o, v) -> o.qty = v)\n";
    }

    /**
     * {@return the schema of {@code type} as the harness writes and reads it: recorded on its
     * source, or from its marshaller} Allocates.
     *
     * @throws IllegalStateException as {@link #report}
     */
    static Schema schema(MarshallableType type) {
        try {
            return type.marshaller() != null ? Schema.of(type.marshaller()) : Schema.of(type.newSource(), registry(type));
        } catch (RuntimeException e) {
            throw new IllegalStateException("the capture check could not record " + type.name() + ": " + e, e);
        }
    }

    /** A registry with the type alone, so {@link Schema#of(Marshallable, TypeRegistry)} reads a new instance. */
    private static <M extends Marshallable> TypeRegistry registry(MarshallableType type) {
        @SuppressWarnings("unchecked")
        Class<M> cls = (Class<M>) type.type();
        return TypeRegistry.builder().add("checked", cls, () -> cls.cast(type.newTarget())).build();
    }
}
