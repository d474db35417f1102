package io.zwire.internal;

import io.zwire.Bytes;

/**
 * A bounded cache from UTF-8 byte ranges to {@code String}s, so repeated text on input (symbols,
 * venues, enum-like codes) is the same {@code String} instance and costs no allocation.
 *
 * <p>Two-way set-associative: a range hashes to a set of two slots; a hit in the second slot
 * swaps it to the first, and a miss evicts the second. That keeps two hot values that collide
 * from thrashing, at the price of one extra comparison, and never grows: memory is bounded by
 * {@code sets * 2 * maxLength} plus the strings. Per wire instance, so not thread-safe and
 * there is no global state.
 *
 * <p>{@link #intern} allocates only on a miss (the key copy and the {@code String}) and for text
 * longer than {@link #maxLength()}, which is decoded but not cached.
 */
public final class StringInterner {
    private final int mask;
    private final int maxLength;
    private final int[] hashes;
    private final byte[][] keys;
    private final String[] values;
    private final StringBuilder scratch = new StringBuilder(64);
    private int malformedOffset = -1;

    /**
     * @param sets      number of two-slot sets, a power of two
     * @param maxLength longest text, in UTF-8 bytes, that is cached
     */
    public StringInterner(int sets, int maxLength) {
        if (Integer.bitCount(sets) != 1) {
            throw new IllegalArgumentException("sets must be a power of two: " + sets);
        }
        this.mask = sets - 1;
        this.maxLength = maxLength;
        this.hashes = new int[sets * 2];
        this.keys = new byte[sets * 2][];
        this.values = new String[sets * 2];
    }

    /** The cache {@code options} describe ({@link io.zwire.WireOptions#withTextCache}). */
    public static StringInterner of(io.zwire.WireOptions options) {
        return new StringInterner(options.textCacheEntries() / 2, options.textCacheMaxBytes());
    }

    /** Longest text, in UTF-8 bytes, that is cached. */
    public int maxLength() {
        return maxLength;
    }

    /**
     * The text in {@code [offset, offset + length)} of {@code bytes}.
     *
     * @return the string, or null if the range is not valid UTF-8 (then {@link #malformedOffset()}
     *         says where)
     */
    public String intern(Bytes bytes, int offset, int length) {
        if (length > maxLength) {
            return decode(bytes, offset, length);
        }
        int hash = ByteRangeHash.of(bytes, offset, length);
        int slot = (hash & mask) << 1;
        if (hashes[slot] == hash && keys[slot] != null && bytes.contentEquals(offset, length, keys[slot])) {
            return values[slot];
        }
        int second = slot + 1;
        if (hashes[second] == hash && keys[second] != null && bytes.contentEquals(offset, length, keys[second])) {
            swap(slot, second);
            return values[slot];
        }
        return miss(bytes, offset, length, hash, slot);
    }

    private String miss(Bytes bytes, int offset, int length, int hash, int slot) {
        String value = decode(bytes, offset, length);
        if (value == null) {
            return null;
        }
        int second = slot + 1;
        hashes[second] = hashes[slot];
        keys[second] = keys[slot];
        values[second] = values[slot];
        byte[] key = new byte[length];
        bytes.copyTo(offset, key, 0, length);
        hashes[slot] = hash;
        keys[slot] = key;
        values[slot] = value;
        return value;
    }

    private void swap(int a, int b) {
        int h = hashes[a];
        hashes[a] = hashes[b];
        hashes[b] = h;
        byte[] k = keys[a];
        keys[a] = keys[b];
        keys[b] = k;
        String v = values[a];
        values[a] = values[b];
        values[b] = v;
    }

    private String decode(Bytes bytes, int offset, int length) {
        StringBuilder text = scratch;
        text.setLength(0);
        int bad = bytes.readUtf8(offset, length, text);
        if (bad >= 0) {
            malformedOffset = bad;
            return null;
        }
        return text.toString();
    }

    /** Offset of the first malformed byte seen by the last {@link #intern} that returned null. */
    public int malformedOffset() {
        return malformedOffset;
    }
}
