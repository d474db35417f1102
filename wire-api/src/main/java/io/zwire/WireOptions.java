package io.zwire;

import java.util.Objects;

/**
 * Per-wire settings: the {@link ReadLimits}, the {@link TypeRegistry} of typed objects, the size
 * of the text cache behind {@link ValueIn#text()} and what a repeated field reads as
 * ({@link RepeatedFields}). Immutable; there is no global configuration.
 *
 * <pre>{@code
 * WireOptions options = WireOptions.defaults().withTypes(types).withLimits(ReadLimits.defaults().withMaxDepth(16));
 * }</pre>
 */
public final class WireOptions {
    private static final WireOptions DEFAULTS = new WireOptions(ReadLimits.defaults(), TypeRegistry.empty(), 2048, 128, false,
            RepeatedFields.REFUSE, false);

    private final ReadLimits limits;
    private final TypeRegistry types;
    private final int textCacheEntries;
    private final int textCacheMaxBytes;
    private final boolean jsonTypedObjects;
    private final RepeatedFields repeatedFields;
    private final boolean lossyFloats;

    private WireOptions(ReadLimits limits, TypeRegistry types, int textCacheEntries, int textCacheMaxBytes,
                        boolean jsonTypedObjects, RepeatedFields repeatedFields, boolean lossyFloats) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.types = Objects.requireNonNull(types, "types");
        this.textCacheEntries = textCacheEntries;
        this.textCacheMaxBytes = textCacheMaxBytes;
        this.jsonTypedObjects = jsonTypedObjects;
        this.repeatedFields = Objects.requireNonNull(repeatedFields, "repeatedFields");
        this.lossyFloats = lossyFloats;
    }

    /**
     * Default limits, no registered types, a text cache of 2048 strings of up to 128 UTF-8 bytes,
     * plain JSON read as plain JSON ({@link #jsonTypedObjects()} false), a repeated field
     * refused ({@link RepeatedFields#REFUSE}) and a number a float field cannot hold refused
     * ({@link #lossyFloats()} false).
     *
     * @return the defaults, shared
     */
    public static WireOptions defaults() {
        return DEFAULTS;
    }

    /**
     * The read limits.
     *
     * @return the limits
     */
    public ReadLimits limits() {
        return limits;
    }

    /**
     * The registry typed objects are resolved through.
     *
     * @return the registry
     */
    public TypeRegistry types() {
        return types;
    }

    /**
     * How many strings the text cache holds (a power of two).
     *
     * @return the number of entries
     */
    public int textCacheEntries() {
        return textCacheEntries;
    }

    /**
     * Longest text, in UTF-8 bytes, the text cache keeps; longer text allocates a String per read.
     *
     * @return the longest text cached, in bytes
     */
    public int textCacheMaxBytes() {
        return textCacheMaxBytes;
    }

    /**
     * A copy with other limits.
     *
     * @param limits the limits
     * @return a new instance
     */
    public WireOptions withLimits(ReadLimits limits) {
        return new WireOptions(limits, types, textCacheEntries, textCacheMaxBytes, jsonTypedObjects, repeatedFields, lossyFloats);
    }

    /**
     * A copy with another type registry.
     *
     * @param types the registry
     * @return a new instance
     */
    public WireOptions withTypes(TypeRegistry types) {
        return new WireOptions(limits, types, textCacheEntries, textCacheMaxBytes, jsonTypedObjects, repeatedFields, lossyFloats);
    }

    /**
     * A copy with another text cache: {@link ValueIn#text()} returns the same {@code String} for
     * repeated text of up to {@code maxBytes} UTF-8 bytes while at most {@code entries} distinct
     * values are in use (two-way set-associative, so fewer when values collide). Each wire's cache
     * holds at most {@code entries * maxBytes} bytes of keys plus the strings.
     *
     * <p>Apart from this cache, each reader keeps the last text of up to 128 UTF-8 bytes read for
     * each field (YAML, JSON) or at each offset of a document (BINARY, NUMBERED, RAW), whatever this
     * cache holds: a value that repeats there is the same {@code String} and is compared, not
     * hashed. YAML does so over any {@code Bytes}; the other wires over a heap one only (not over a
     * direct or mapped buffer or a {@link io.zwire.Bytes#region() region}).
     *
     * @param entries  cache entries per wire
     * @param maxBytes longest text cached, in UTF-8 bytes
     * @return a new instance
     * @throws IllegalArgumentException unless {@code entries} is a power of two of at least 2 and
     *                                  {@code maxBytes} is not negative
     */
    public WireOptions withTextCache(int entries, int maxBytes) {
        if (entries < 2 || Integer.bitCount(entries) != 1 || maxBytes < 0) {
            throw new IllegalArgumentException("entries must be a power of two >= 2 and maxBytes >= 0: "
                    + entries + ", " + maxBytes);
        }
        return new WireOptions(limits, types, entries, maxBytes, jsonTypedObjects, repeatedFields, lossyFloats);
    }

    /**
     * Whether {@link Wire#readValue} on {@link WireType#JSON} reads an object whose only key is
     * {@code "@"} and a type alias, holding an object ({@code {"@Order":{"id":1}}}, the form
     * {@link Wire#writeDocument} gives a typed object), as a {@link Tagged}. JSON has no tags, so
     * such an object is also what plain JSON may hold ({@code {"@context":{...}}} in JSON-LD):
     * false by default, so plain JSON reads as plain JSON. With it true, {@link Wire#writeValue}
     * on JSON refuses a plain map of that shape, which would read back as a {@code Tagged}, with
     * a {@link WireException}, so that a conversion through JSON stays exact either way. A
     * {@code Tagged} is written in that form whatever this says. The typed path
     * ({@link Wire#readDocument}) does not depend on it: there the type says where a typed object is.
     *
     * @return whether it is on
     */
    public boolean jsonTypedObjects() {
        return jsonTypedObjects;
    }

    /**
     * A copy with {@link #jsonTypedObjects()} set to {@code enabled}.
     *
     * @param enabled whether to read and write typed objects so
     * @return a new instance
     */
    public WireOptions withJsonTypedObjects(boolean enabled) {
        return new WireOptions(limits, types, textCacheEntries, textCacheMaxBytes, enabled, repeatedFields, lossyFloats);
    }

    /**
     * What {@link Wire#readDocument} does with a field one object of a keyed wire carries more
     * than once.
     *
     * @return the policy; {@link RepeatedFields#REFUSE} by default
     */
    public RepeatedFields repeatedFields() {
        return repeatedFields;
    }

    /**
     * A copy with another policy for repeated fields.
     *
     * @param policy what a repeated field reads as
     * @return a new instance
     * @throws NullPointerException if {@code policy} is null
     */
    public WireOptions withRepeatedFields(RepeatedFields policy) {
        return new WireOptions(limits, types, textCacheEntries, textCacheMaxBytes, jsonTypedObjects, policy, lossyFloats);
    }

    /**
     * Whether {@link Wire#readDocument} reads a finite number a float32 or float64 field cannot
     * hold as the nearest value the field holds: infinity for one too large ({@code 1e300} as a
     * float32, {@code 1e400} as a float64), 0 for a non-zero one too small ({@code 1e-50} as a
     * float32). False by default: such a number is a {@link WireException}, as an integer out of
     * its field's range is. Rounding to the nearest value ({@code 1.1} as a float32) is not loss.
     *
     * @return whether lossy float reads are allowed
     */
    public boolean lossyFloats() {
        return lossyFloats;
    }

    /**
     * A copy with {@link #lossyFloats()} set to {@code allowed}.
     *
     * @param allowed whether a float field reads a number it cannot hold as infinity or 0
     * @return a new instance
     */
    public WireOptions withLossyFloats(boolean allowed) {
        return new WireOptions(limits, types, textCacheEntries, textCacheMaxBytes, jsonTypedObjects, repeatedFields, allowed);
    }
}
