package io.zwire.yaml.parse;

import java.util.Arrays;

/**
 * The anchors of one document: for each, where its name is and where its node can be parsed
 * again (the node's start and the slot it filled), so an alias is resolved by re-reading the
 * anchored node from the input rather than by keeping a copy of it. Entries are added in document
 * order, once: re-reading a region of the document (an alias, a field found out of order) does
 * not add its anchors again. Allocates only to grow.
 */
final class AnchorTable {
    private int[] nameStarts = new int[8];
    private int[] nameEnds = new int[8];
    private int[] hashes = new int[8];
    private int[] nodeStarts = new int[8];
    private int[] nodeLineStarts = new int[8];
    private long[] slots = new long[8];
    private int size;
    private int lastNodeStart = -1;

    void clear() {
        size = 0;
        lastNodeStart = -1;
    }

    /**
     * Records an anchor unless its node was recorded before.
     *
     * @param slot the parser's description of the slot the node filled, to parse it again
     */
    void add(byte[] data, int nameStart, int nameEnd, int nodeStart, int nodeLineStart, long slot) {
        if (nodeStart <= lastNodeStart) {
            return;
        }
        lastNodeStart = nodeStart;
        if (size == nameStarts.length) {
            int capacity = size * 2;
            nameStarts = Arrays.copyOf(nameStarts, capacity);
            nameEnds = Arrays.copyOf(nameEnds, capacity);
            hashes = Arrays.copyOf(hashes, capacity);
            nodeStarts = Arrays.copyOf(nodeStarts, capacity);
            nodeLineStarts = Arrays.copyOf(nodeLineStarts, capacity);
            slots = Arrays.copyOf(slots, capacity);
        }
        nameStarts[size] = nameStart;
        nameEnds[size] = nameEnd;
        hashes[size] = hash(data, nameStart, nameEnd);
        nodeStarts[size] = nodeStart;
        nodeLineStarts[size] = nodeLineStart;
        slots[size] = slot;
        size++;
    }

    /** The most recent anchor named {@code [nameStart, nameEnd)} whose node starts before {@code before}, or -1. */
    int find(byte[] data, int nameStart, int nameEnd, int before) {
        int hash = hash(data, nameStart, nameEnd);
        int length = nameEnd - nameStart;
        for (int i = size - 1; i >= 0; i--) {
            if (hashes[i] == hash && nodeStarts[i] < before && nameEnds[i] - nameStarts[i] == length
                    && Arrays.equals(data, nameStarts[i], nameEnds[i], data, nameStart, nameEnd)) {
                return i;
            }
        }
        return -1;
    }

    int nodeStart(int entry) {
        return nodeStarts[entry];
    }

    int nodeLineStart(int entry) {
        return nodeLineStarts[entry];
    }

    long slot(int entry) {
        return slots[entry];
    }

    private static int hash(byte[] data, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            h = 31 * h + data[i];
        }
        return h;
    }
}
