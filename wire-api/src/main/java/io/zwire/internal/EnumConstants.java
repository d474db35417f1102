package io.zwire.internal;

import io.zwire.Bytes;

import java.nio.charset.StandardCharsets;

/**
 * The constants of one enum type with their UTF-8 names and hashes, so a reader maps the bytes
 * of a name, or an ordinal, to the constant without creating a {@code String} and without
 * {@code Class#getEnumConstants()}'s defensive copy. One table per enum type, made on first sight
 * (which allocates) and cached in a {@link ClassValue}.
 *
 * @param <E> the enum type
 */
public final class EnumConstants<E extends Enum<E>> {
    private static final ClassValue<EnumConstants<?>> CACHE = new ClassValue<>() {
        @Override
        protected EnumConstants<?> computeValue(Class<?> type) {
            return create(type.asSubclass(Enum.class));
        }
    };

    private final Class<E> type;
    private final E[] constants;
    private final byte[][] names;
    private final int[] hashes;

    private EnumConstants(Class<E> type) {
        this.type = type;
        this.constants = type.getEnumConstants();
        this.names = new byte[constants.length][];
        this.hashes = new int[constants.length];
        for (int i = 0; i < constants.length; i++) {
            names[i] = constants[i].name().getBytes(StandardCharsets.UTF_8);
            hashes[i] = Bytes.hash(names[i], 0, names[i].length);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static EnumConstants<?> create(Class<? extends Enum> type) {
        return new EnumConstants(type);
    }

    /** The table for {@code type}. Allocates on the first call per type only. */
    @SuppressWarnings("unchecked")
    public static <E extends Enum<E>> EnumConstants<E> of(Class<E> type) {
        return (EnumConstants<E>) CACHE.get(type);
    }

    /** The enum type. */
    public Class<E> type() {
        return type;
    }

    /** Number of constants. */
    public int size() {
        return constants.length;
    }

    /** The constant with {@code ordinal}, or null if out of range. */
    public E byOrdinal(int ordinal) {
        return ordinal >= 0 && ordinal < constants.length ? constants[ordinal] : null;
    }

    /** The constant whose name is the UTF-8 range, or null. Allocates nothing. */
    public E byName(Bytes bytes, int offset, int length) {
        int hash = bytes.hash(offset, length);
        final int[] h = hashes;
        for (int i = 0; i < h.length; i++) {
            if (h[i] == hash && bytes.contentEquals(offset, length, names[i])) {
                return constants[i];
            }
        }
        return null;
    }

    /** The constant named {@code name}, or null. Allocates nothing. */
    public E byName(CharSequence name) {
        for (E constant : constants) {
            if (constant.name().contentEquals(name)) {
                return constant;
            }
        }
        return null;
    }

    /** The UTF-8 bytes of the constant's name; shared, do not modify. */
    public byte[] nameBytes(E constant) {
        return names[constant.ordinal()];
    }
}
