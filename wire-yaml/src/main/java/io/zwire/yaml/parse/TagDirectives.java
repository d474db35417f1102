package io.zwire.yaml.parse;

import io.zwire.Bytes;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The {@code %TAG} handles of the current document and the resolution of tag shorthands into
 * full tags: {@code !!str} to {@code tag:yaml.org,2002:str}, {@code !e!x} through its directive,
 * {@code !local} to itself, with {@code %xx} escapes decoded. Handles hold for one document only.
 * Resolution writes into a caller's {@link Bytes}, so it allocates nothing.
 */
final class TagDirectives {
    private static final byte[] SECONDARY_PREFIX = "tag:yaml.org,2002:".getBytes(StandardCharsets.US_ASCII);

    private int[] handleStarts = new int[4];
    private int[] handleEnds = new int[4];
    private int[] prefixStarts = new int[4];
    private int[] prefixEnds = new int[4];
    private int size;

    void clear() {
        size = 0;
    }

    /** Index of the directive for the handle {@code [start, end)}, or -1. */
    int find(byte[] data, int start, int end) {
        for (int i = 0; i < size; i++) {
            if (Arrays.equals(data, handleStarts[i], handleEnds[i], data, start, end)) {
                return i;
            }
        }
        return -1;
    }

    /** Adds a directive; the caller has checked the handle is not defined yet. */
    void add(int handleStart, int handleEnd, int prefixStart, int prefixEnd) {
        if (size == handleStarts.length) {
            int capacity = size * 2;
            handleStarts = Arrays.copyOf(handleStarts, capacity);
            handleEnds = Arrays.copyOf(handleEnds, capacity);
            prefixStarts = Arrays.copyOf(prefixStarts, capacity);
            prefixEnds = Arrays.copyOf(prefixEnds, capacity);
        }
        handleStarts[size] = handleStart;
        handleEnds[size] = handleEnd;
        prefixStarts[size] = prefixStart;
        prefixEnds[size] = prefixEnd;
        size++;
    }

    /**
     * Appends the full tag of the token {@code [start, end)} (handle ending at {@code handleEnd})
     * to {@code target}.
     *
     * @return false if the token names a handle no directive defined
     */
    boolean resolve(byte[] data, int start, int handleEnd, int end, Bytes target) {
        if (end - start >= 2 && data[start + 1] == '<') {
            target.write(data, start + 2, end - start - 3);
            return true;
        }
        int directive = find(data, start, handleEnd);
        if (directive >= 0) {
            target.write(data, prefixStarts[directive], prefixEnds[directive] - prefixStarts[directive]);
        } else if (handleEnd - start == 2 && data[start + 1] == '!') {
            target.write(SECONDARY_PREFIX);
        } else if (handleEnd - start == 1) {
            target.writeInt8('!');
        } else {
            return false;
        }
        for (int p = handleEnd; p < end; p++) {
            byte b = data[p];
            if (b == '%' && p + 2 < end) {
                target.writeInt8(Character.digit(data[p + 1], 16) << 4 | Character.digit(data[p + 2], 16));
                p += 2;
            } else {
                target.writeInt8(b);
            }
        }
        return true;
    }
}
