package io.zwire.bench.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One text field of an SBE message, its last value kept beside its UTF-8 bytes, so that a value
 * that does not change costs an identity check to write and a byte compare to read, and no
 * allocation. This is the courtesy zwire's text wires and text cache extend to repeated values
 * (the suite writes one source object again and again), given to SBE so the two are measured on
 * the same terms; without it, SBE's generated {@code symbol(String)} and {@code symbol()} allocate
 * a {@code byte[]} and a {@code String} per call.
 *
 * <p>An encoder and a decoder each hold their own: one side never sees the other's strings. Not
 * thread-safe.
 */
final class SbeText {
    /** Room for the workloads' texts (the longest is 88 bytes) before a read has to grow it. */
    private static final int INITIAL_CAPACITY = 128;

    private String text;
    private byte[] utf8 = new byte[0];
    private int length;
    private byte[] scratch = new byte[INITIAL_CAPACITY];

    /**
     * {@return the UTF-8 bytes of {@code value}, valid up to {@link #length()}}. Allocates only
     * when {@code value} is not the instance of the last call.
     *
     * @throws IllegalArgumentException for null: SBE's variable-length data has no null
     */
    byte[] utf8(String value) {
        if (value == null) {
            throw new IllegalArgumentException("SBE variable-length data cannot carry a null text");
        }
        if (value != text) {
            utf8 = value.getBytes(StandardCharsets.UTF_8);
            length = utf8.length;
            text = value;
        }
        return utf8;
    }

    /** {@return how many bytes of {@link #utf8(String)}'s array the text takes} */
    int length() {
        return length;
    }

    /**
     * {@return an array of at least {@code size} bytes for a decoder to copy a text into}, passed
     * to {@link #text(int)} next. Allocates only for a text longer than any before.
     */
    byte[] scratch(int size) {
        if (scratch.length < size) {
            scratch = new byte[size];
        }
        return scratch;
    }

    /**
     * {@return the text of the first {@code size} bytes of {@link #scratch(int)}}: the last
     * {@code String} read when the bytes are the same, else a new one (which allocates).
     */
    String text(int size) {
        if (text == null || size != length || !Arrays.equals(scratch, 0, size, utf8, 0, size)) {
            text = new String(scratch, 0, size, StandardCharsets.UTF_8);
            if (utf8.length < size) {
                utf8 = new byte[scratch.length];
            }
            System.arraycopy(scratch, 0, utf8, 0, size);
            length = size;
        }
        return text;
    }
}
