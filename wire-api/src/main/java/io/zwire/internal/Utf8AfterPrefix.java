package io.zwire.internal;

import io.zwire.Bytes;

/**
 * Writes text as UTF-8 after a gap the caller then fills with a length prefix, for the binary
 * writers. A prefix's size depends on the UTF-8 length, which is only known after a pass over the
 * chars; for text short enough for a one- or two-byte prefix this makes that pass the one that
 * writes, instead of measuring first and writing second.
 */
public final class Utf8AfterPrefix {
    private Utf8AfterPrefix() {
    }

    /**
     * Leaves {@code prefixLength} bytes at the write position of {@code bytes} and writes
     * {@code text} after them with {@link Bytes#writeUtf8}, when its UTF-8 length is at most
     * {@code maxLength}. Allocates nothing (as {@link Bytes#writeUtf8}).
     *
     * @param bytes        where to write
     * @param prefixLength bytes to leave for the prefix
     * @param text         the text
     * @param maxLength    the longest UTF-8 length the prefix can state
     * @return the UTF-8 length, the prefix left for the caller at the position the call started
     *         at; or -1, with the write position back there, if the text is longer than {@code maxLength}
     * @throws io.zwire.WireException if {@code text} holds an unpaired surrogate (as {@link Bytes#writeUtf8})
     * @throws IndexOutOfBoundsException if a fixed-size {@code bytes} has no room
     */
    public static int write(Bytes bytes, int prefixLength, CharSequence text, int maxLength) {
        int start = bytes.writePosition();
        bytes.ensureWritable(prefixLength).writePosition(start + prefixLength);
        int length = bytes.writeUtf8(text);
        if (length > maxLength) {
            bytes.writePosition(start);
            return -1;
        }
        return length;
    }

    /**
     * As {@link #write} with a one-byte prefix, for a binary writer that keeps its texts in a
     * {@link RecentValues#byOffset()} table: a {@code String} that {@code slot} holds bytes for,
     * as this very instance, is copied as those bytes, and one encoded now is kept there when the
     * table finds it worth it. Allocates nothing but the table's words on the first text kept.
     *
     * @param slot where {@code recent} keeps a text written at this position
     * @return the UTF-8 length, the prefix byte left for the caller at the position the call
     *         started at; or -1, with the write position back there, if the text is longer than
     *         {@code maxLength}
     * @throws io.zwire.WireException if {@code text} holds an unpaired surrogate (as {@link Bytes#writeUtf8})
     * @throws IndexOutOfBoundsException if a fixed-size {@code bytes} has no room
     */
    public static int writeAfterOneByte(Bytes bytes, CharSequence text, int maxLength, RecentValues recent, int slot) {
        final int start = bytes.writePosition() + 1;
        final String string = text instanceof String s ? s : null;
        if (string != null) {
            // No check against maxLength: a slot holds only bytes kept below, after a write within
            // maxLength, and each writer always passes the same maxLength.
            int kept = recent.writeKept(slot, string, bytes, start);
            if (kept >= 0) {
                return kept;
            }
        }
        int length = write(bytes, 1, text, maxLength);
        if (length >= 0 && string != null) {
            recent.keepWritten(slot, string, bytes, start, length);
        }
        return length;
    }
}
