package io.zwire.bench.garbage;

import io.zwire.Schema;

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
     * Creates instances of the type (its constructor and {@code sample()}); allocates.
     *
     * @throws IllegalStateException if creating an instance throws
     */
    public static String report(MarshallableType type) {
        Schema schema = Schema.of(type::newTarget);
        return schema.capturingLambdas().isEmpty() ? null : type.name() + ": " + schema.capturingReport()
                .substring(type.simpleName().length() + 2) + "\n  (pass the target as the lambda's first argument"
                + " instead: (o, v) -> o.qty = v)\n";
    }
}
