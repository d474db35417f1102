package io.zwire;

import java.util.Objects;

/**
 * Per-wire settings: the {@link ReadLimits} and the {@link TypeRegistry} of typed objects.
 * Immutable; there is no global configuration.
 *
 * <pre>{@code
 * WireOptions options = WireOptions.defaults().withTypes(types).withLimits(ReadLimits.defaults().withMaxDepth(16));
 * }</pre>
 */
public final class WireOptions {
    private static final WireOptions DEFAULTS = new WireOptions(ReadLimits.defaults(), TypeRegistry.empty());

    private final ReadLimits limits;
    private final TypeRegistry types;

    private WireOptions(ReadLimits limits, TypeRegistry types) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.types = Objects.requireNonNull(types, "types");
    }

    /** Default limits and no registered types. */
    public static WireOptions defaults() {
        return DEFAULTS;
    }

    /** The read limits. */
    public ReadLimits limits() {
        return limits;
    }

    /** The registry typed objects are resolved through. */
    public TypeRegistry types() {
        return types;
    }

    /** A copy with other limits. */
    public WireOptions withLimits(ReadLimits limits) {
        return new WireOptions(limits, types);
    }

    /** A copy with another type registry. */
    public WireOptions withTypes(TypeRegistry types) {
        return new WireOptions(limits, types);
    }
}
