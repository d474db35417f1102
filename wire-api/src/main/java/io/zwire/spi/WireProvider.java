package io.zwire.spi;

import io.zwire.Bytes;
import io.zwire.WireOptions;
import io.zwire.WireType;

/**
 * Supplies the codec of one {@link WireType}. Implementations are found with
 * {@link java.util.ServiceLoader}: list them in {@code META-INF/services/io.zwire.spi.WireProvider}
 * and in {@code module-info.java} ({@code provides io.zwire.spi.WireProvider with ...}).
 * Each is instantiated once per class loader; the factories are called once per wire.
 *
 * <p>One provider per wire type: when two provider classes claim the same {@link WireType}, that
 * type is refused rather than given to whichever the class path lists first, so a jar cannot
 * silently replace a built-in wire. {@link WireType#apply(Bytes)} then throws
 * {@link IllegalStateException} naming both classes and where each was loaded from, and
 * {@link WireType#isAvailable()} is false; other types are unaffected. To supply your own codec for
 * a type, leave zwire's module for it off the path. See {@code docs/wire-providers.md}.
 */
public interface WireProvider {
    /**
     * The wire type this provider implements. Allocates nothing.
     *
     * @return the type
     */
    WireType type();

    /**
     * A reader over {@code bytes}, starting at its read position. Allocates the reader and its
     * reusable state; called once per wire.
     *
     * @param bytes   the buffer the wire reads
     * @param options the wire's options (limits, type registry)
     * @return a new reader
     */
    WireReader newReader(Bytes bytes, WireOptions options);

    /**
     * A writer appending to {@code bytes} at its write position. Allocates the writer and its
     * reusable state; called once per wire.
     *
     * @param bytes   the buffer the wire writes
     * @param options the wire's options
     * @return a new writer
     */
    WireWriter newWriter(Bytes bytes, WireOptions options);
}
