package io.zwire;

/**
 * Bounds on what one document may make a reader do, checked before anything is allocated or
 * skipped, so hostile input costs bounded work and memory. Immutable; each wire instance has its
 * own (pass it in {@link WireOptions}), there is no global setting.
 *
 * <pre>{@code
 * ReadLimits limits = ReadLimits.defaults().withMaxDepth(16).withMaxTextBytes(4096);
 * }</pre>
 */
public final class ReadLimits {
    private static final ReadLimits DEFAULTS = new ReadLimits(64, 1 << 24, 1 << 24, 1 << 28, 10_000, 1 << 24, 64);

    private final int maxDepth;
    private final int maxTextBytes;
    private final int maxSequenceLength;
    private final int maxDocumentBytes;
    private final int maxAliasExpansions;
    private final int maxAliasedBytes;
    private final int maxComplexKeys;

    private ReadLimits(int maxDepth, int maxTextBytes, int maxSequenceLength, int maxDocumentBytes,
                       int maxAliasExpansions, int maxAliasedBytes, int maxComplexKeys) {
        this.maxDepth = positive(maxDepth, "maxDepth");
        this.maxTextBytes = positive(maxTextBytes, "maxTextBytes");
        this.maxSequenceLength = positive(maxSequenceLength, "maxSequenceLength");
        this.maxDocumentBytes = positive(maxDocumentBytes, "maxDocumentBytes");
        this.maxAliasExpansions = positive(maxAliasExpansions, "maxAliasExpansions");
        this.maxAliasedBytes = positive(maxAliasedBytes, "maxAliasedBytes");
        this.maxComplexKeys = positive(maxComplexKeys, "maxComplexKeys");
    }

    private static int positive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    /**
     * Nesting depth 64, text and byte strings 16 MiB, sequences 16 Mi elements, documents 256 MiB,
     * 10,000 YAML alias expansions and 16 MiB re-read through aliases per document, 64 complex
     * keys per mapping.
     *
     * @return the defaults, shared
     */
    public static ReadLimits defaults() {
        return DEFAULTS;
    }

    /**
     * Deepest nesting of objects, sequences and maps inside one document, below its root, on every
     * wire. What bounds it is the input's nesting: a null or missing object, and the objects a
     * reading type opens inside one, hold nothing of the input and are not counted, so the reading
     * type's own graph decides how deep those go, up to 256 nested: past that a
     * {@link WireException} says the type recurses without end (one that reads a child into a new
     * instance whenever it has none).
     *
     * @return the limit
     */
    public int maxDepth() {
        return maxDepth;
    }

    /**
     * Longest text or byte string, in encoded bytes.
     *
     * @return the limit
     */
    public int maxTextBytes() {
        return maxTextBytes;
    }

    /**
     * Most elements in one sequence.
     *
     * @return the limit
     */
    public int maxSequenceLength() {
        return maxSequenceLength;
    }

    /**
     * Largest document, in bytes.
     *
     * @return the limit
     */
    public int maxDocumentBytes() {
        return maxDocumentBytes;
    }

    /**
     * Most alias nodes a YAML document may expand (the "billion laughs" guard).
     *
     * @return the limit
     */
    public int maxAliasExpansions() {
        return maxAliasExpansions;
    }

    /**
     * Most bytes a YAML reader that re-reads an anchored node for each alias to it (the typed
     * reader) may re-read through aliases in one document, nested aliases included, so the work
     * aliases cause stays bounded however few of them there are. A reader that shares the anchored
     * node instead (the plain-value reader) re-reads nothing and is bounded by
     * {@link #maxAliasExpansions()} alone.
     *
     * @return the limit
     */
    public int maxAliasedBytes() {
        return maxAliasedBytes;
    }

    /**
     * Most keys in one mapping that are collections or tagged values (YAML's complex keys, CBOR's
     * array, map and tagged keys) when a document is read as plain values
     * ({@link Wire#readValue}). Such keys go into a hash map by hash codes a peer can make collide,
     * and as they cannot be ordered, each colliding key costs a comparison with every other: this
     * bounds that work per mapping to the square of the limit.
     *
     * @return the limit
     */
    public int maxComplexKeys() {
        return maxComplexKeys;
    }

    /**
     * A copy with another {@link #maxDepth()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxDepth(int value) {
        return new ReadLimits(value, maxTextBytes, maxSequenceLength, maxDocumentBytes, maxAliasExpansions,
                maxAliasedBytes, maxComplexKeys);
    }

    /**
     * A copy with another {@link #maxTextBytes()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxTextBytes(int value) {
        return new ReadLimits(maxDepth, value, maxSequenceLength, maxDocumentBytes, maxAliasExpansions,
                maxAliasedBytes, maxComplexKeys);
    }

    /**
     * A copy with another {@link #maxSequenceLength()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxSequenceLength(int value) {
        return new ReadLimits(maxDepth, maxTextBytes, value, maxDocumentBytes, maxAliasExpansions,
                maxAliasedBytes, maxComplexKeys);
    }

    /**
     * A copy with another {@link #maxDocumentBytes()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxDocumentBytes(int value) {
        return new ReadLimits(maxDepth, maxTextBytes, maxSequenceLength, value, maxAliasExpansions,
                maxAliasedBytes, maxComplexKeys);
    }

    /**
     * A copy with another {@link #maxAliasExpansions()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxAliasExpansions(int value) {
        return new ReadLimits(maxDepth, maxTextBytes, maxSequenceLength, maxDocumentBytes, value,
                maxAliasedBytes, maxComplexKeys);
    }

    /**
     * A copy with another {@link #maxAliasedBytes()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxAliasedBytes(int value) {
        return new ReadLimits(maxDepth, maxTextBytes, maxSequenceLength, maxDocumentBytes, maxAliasExpansions,
                value, maxComplexKeys);
    }

    /**
     * A copy with another {@link #maxComplexKeys()}.
     *
     * @param value the limit
     * @return a new instance
     */
    public ReadLimits withMaxComplexKeys(int value) {
        return new ReadLimits(maxDepth, maxTextBytes, maxSequenceLength, maxDocumentBytes, maxAliasExpansions,
                maxAliasedBytes, value);
    }

    @Override
    public String toString() {
        return "ReadLimits[maxDepth=" + maxDepth + ", maxTextBytes=" + maxTextBytes + ", maxSequenceLength="
                + maxSequenceLength + ", maxDocumentBytes=" + maxDocumentBytes + ", maxAliasExpansions="
                + maxAliasExpansions + ", maxAliasedBytes=" + maxAliasedBytes + ", maxComplexKeys=" + maxComplexKeys + "]";
    }
}
