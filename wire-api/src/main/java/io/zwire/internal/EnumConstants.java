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

    /** How much of an unknown name an error shows. */
    private static final int SHOWN_BYTES = 64;

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
            hashes[i] = ByteRangeHash.of(names[i], 0, names[i].length);
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
        int hash = ByteRangeHash.of(bytes, offset, length);
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

    /**
     * What a reader expected where it found the UTF-8 range, which names no constant: {@code a
     * constant of Venue, found "NYSE"}, to follow "expected" in a {@link io.zwire.WireException}.
     * Control characters, quotes and backslashes are escaped, and a long name is cut short.
     * Allocates; for the error path only.
     */
    public String unknownName(Bytes bytes, int offset, int length) {
        byte[] shown = new byte[Math.min(length, SHOWN_BYTES)];
        bytes.copyTo(offset, shown, 0, shown.length);
        StringBuilder found = new StringBuilder(shown.length + 24).append('"');
        for (char c : new String(shown, StandardCharsets.UTF_8).toCharArray()) {
            if (c == '"' || c == '\\') {
                found.append('\\').append(c);
            } else if (c < ' ' || c == 0x7F) {
                found.append(String.format("\\u%04x", (int) c));
            } else {
                found.append(c);
            }
        }
        found.append('"');
        if (length > shown.length) {
            found.append(" (the first ").append(shown.length).append(" of ").append(length).append(" bytes)");
        }
        return expectedConstant(found);
    }

    /**
     * As {@link #unknownName}, for an ordinal beyond the last (read as unsigned): {@code a constant
     * of Venue, found 7 (its ordinals are 0 to 1)}. Allocates; for the error path only.
     */
    public String unknownOrdinal(long ordinal) {
        return expectedConstant(Long.toUnsignedString(ordinal)
                + (constants.length == 0 ? " (it has no constants)" : " (its ordinals are 0 to " + (constants.length - 1) + ")"));
    }

    /** The one place the message is composed, so every wire words it alike. */
    private String expectedConstant(CharSequence found) {
        return "a constant of " + type.getSimpleName() + ", found " + found;
    }

    /** The UTF-8 bytes of the constant's name; shared, do not modify. */
    public byte[] nameBytes(E constant) {
        return names[constant.ordinal()];
    }
}
