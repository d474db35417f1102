package io.zwire;

import io.zwire.internal.ByteRangeHash;
import io.zwire.internal.FieldAccess;

import java.nio.charset.StandardCharsets;

/**
 * A field of a {@link Marshallable}, declared once as a constant: a stable number for the numbered
 * wires and a name for the named wires.
 *
 * <pre>{@code
 * static final Field ID = Field.of(1, "id"), SYMBOL = Field.of(2, "symbol");
 * }</pre>
 *
 * <p>The name's UTF-8 bytes and hash are computed here, once, so matching a field on input
 * compares bytes and never creates a {@code String}. Fields are compared by identity.
 */
public final class Field {
    /** The largest field number the protobuf encoding can carry, 2<sup>29</sup> - 1. */
    public static final int MAX_NUMBER = (1 << 29) - 1;

    static {
        FieldAccess.install(new FieldAccess.Accessor() {
            @Override
            public byte[] utf8(Field field) {
                return field.utf8;
            }

            @Override
            public long nameWord(Field field) {
                return field.nameWord;
            }

            @Override
            public long nameMask(Field field) {
                return field.nameMask;
            }

            @Override
            public boolean nameAt(Bytes bytes, int offset, Field field) {
                return field.nameAt(bytes, offset);
            }
        });
    }

    private final int number;
    private final String name;
    private final byte[] utf8;
    private final int nameHash;
    /**
     * For names of up to 8 bytes: the name as a little-endian word, and the mask of its bytes, so
     * matching it on input is one masked 8-byte compare.
     */
    private final long nameWord;
    private final long nameMask;

    private Field(int number, String name) {
        this.number = number;
        this.name = name;
        this.utf8 = name.getBytes(StandardCharsets.UTF_8);
        this.nameHash = ByteRangeHash.of(utf8, 0, utf8.length);
        long word = 0;
        for (int i = Math.min(utf8.length, 8) - 1; i >= 0; i--) {
            word = word << 8 | utf8[i] & 0xFF;
        }
        this.nameWord = word;
        this.nameMask = utf8.length >= 8 ? -1L : (1L << 8 * utf8.length) - 1;
    }

    /**
     * Whether the written bytes of {@code bytes} from {@code offset} begin with exactly this name:
     * for a name of up to 8 bytes on a heap instance, one masked 8-byte compare. It is here, in
     * the package that sees the name's word and the buffer's array as fields, because the named
     * wires inline it into every field they read: reached through an accessor each, those four
     * reads would cost two more inlining levels apiece, and C2 stops inlining a user's
     * readMarshallable at a budget of nodes that such levels fill, leaving the last fields as
     * calls.
     */
    boolean nameAt(Bytes bytes, int offset) {
        final byte[] a = bytes.array;
        final byte[] name = utf8;
        if (name.length <= 8 && a != null && offset >= 0
                && name.length <= bytes.writePosition - offset && a.length - offset >= 8) {
            return ((long) BytesStorage.LONG_ARRAY.get(a, offset) & nameMask) == nameWord;
        }
        return bytes.contentEquals(offset, name.length, name);
    }

    /**
     * Declares a field. Allocates; meant for {@code static final} constants.
     *
     * @param number 1 to {@link #MAX_NUMBER}, excluding 19000 to 19999 (reserved by protobuf)
     * @param name   non-empty; any Unicode text (writers quote or escape it where a wire needs that)
     *               but an unpaired surrogate, which has no UTF-8 form: the binary wires could not
     *               carry the name, and readers match names by their UTF-8 bytes
     * @return the field
     * @throws IllegalArgumentException for a number out of range, an empty name or one holding an
     *         unpaired surrogate
     */
    public static Field of(int number, String name) {
        if (number < 1 || number > MAX_NUMBER || number >= 19000 && number <= 19999) {
            throw new IllegalArgumentException("field number " + number + " of '" + name
                    + "' must be in 1.." + MAX_NUMBER + " and outside 19000..19999");
        }
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("field " + number + " needs a non-empty name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IllegalArgumentException("field " + number + "'s name holds the unpaired surrogate U+"
                        + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + " at char " + i
                        + ", which has no UTF-8 form");
            }
        }
        return new Field(number, name);
    }

    /**
     * The field number used by the numbered wires.
     *
     * @return the number
     */
    public int number() {
        return number;
    }

    /**
     * The field name used by the named wires.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Length of the name in UTF-8 bytes.
     *
     * @return the length
     */
    public int nameLength() {
        return utf8.length;
    }

    /**
     * Hash of the name's UTF-8 bytes, the one zwire's readers look names up by.
     *
     * @return the hash
     */
    public int nameHash() {
        return nameHash;
    }

    /**
     * A copy of the name's UTF-8 bytes. Allocates.
     *
     * @return a new array
     */
    public byte[] nameBytes() {
        return utf8.clone();
    }

    @Override
    public String toString() {
        return number + ":" + name;
    }
}
