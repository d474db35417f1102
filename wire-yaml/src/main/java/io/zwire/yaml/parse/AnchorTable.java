package io.zwire.yaml.parse;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The anchors of one document: for each, where its name is and where its node can be parsed
 * again (the node's start and the slot it filled), so an alias is resolved by re-reading the
 * anchored node from the input rather than by keeping a copy of it. Entries are added in document
 * order, once: re-reading a region of the document (an alias, a field found out of order) does
 * not add its anchors again.
 *
 * <p>Lookup is an open-addressing hash over the name bytes, seeded per table so that a peer cannot
 * choose names that collide, whose slots hold the latest entry of each name; earlier entries of the
 * same name are chained behind it. {@link #clear()} costs O(1): slots are valid only when stamped
 * with the current document's generation. Allocates only to grow.
 */
final class AnchorTable {
    private static final int EMPTY = -1;

    private final int seed = ThreadLocalRandom.current().nextInt() | 1;

    private int[] nameStarts = new int[8];
    private int[] nameEnds = new int[8];
    private int[] hashes = new int[8];
    private int[] nodeStarts = new int[8];
    private int[] nodeLineStarts = new int[8];
    private long[] slots = new long[8];
    /** For each entry, the previous entry of the same name, or {@link #EMPTY}. */
    private int[] previous = new int[8];
    private int size;
    private int lastNodeStart = -1;

    /** Entry index per hash slot, valid where {@link #stamps} equals {@link #generation}. */
    private int[] buckets = new int[16];
    private int[] stamps = new int[16];
    private int generation = 1;

    void clear() {
        size = 0;
        lastNodeStart = -1;
        if (++generation == 0) {
            // stamps of 0 would read as current after the counter wraps
            Arrays.fill(stamps, 0);
            generation = 1;
        }
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
            previous = Arrays.copyOf(previous, capacity);
        }
        if (2 * (size + 1) > buckets.length) {
            rehash(buckets.length * 2);
        }
        int hash = hash(data, nameStart, nameEnd);
        nameStarts[size] = nameStart;
        nameEnds[size] = nameEnd;
        hashes[size] = hash;
        nodeStarts[size] = nodeStart;
        nodeLineStarts[size] = nodeLineStart;
        slots[size] = slot;
        int bucket = bucket(data, hash, nameStart, nameEnd);
        previous[size] = stamps[bucket] == generation ? buckets[bucket] : EMPTY;
        buckets[bucket] = size;
        stamps[bucket] = generation;
        size++;
    }

    /** The most recent anchor named {@code [nameStart, nameEnd)} whose node starts before {@code before}, or -1. */
    int find(byte[] data, int nameStart, int nameEnd, int before) {
        int bucket = bucket(data, hash(data, nameStart, nameEnd), nameStart, nameEnd);
        int i = stamps[bucket] == generation ? buckets[bucket] : EMPTY;
        while (i != EMPTY && nodeStarts[i] >= before) {
            i = previous[i];
        }
        return i;
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

    /** The slot holding the name's latest entry, or the free slot where it belongs. */
    private int bucket(byte[] data, int hash, int nameStart, int nameEnd) {
        int mask = buckets.length - 1;
        int length = nameEnd - nameStart;
        for (int b = hash & mask; ; b = (b + 1) & mask) {
            if (stamps[b] != generation) {
                return b;
            }
            int e = buckets[b];
            if (hashes[e] == hash && nameEnds[e] - nameStarts[e] == length
                    && Arrays.equals(data, nameStarts[e], nameEnds[e], data, nameStart, nameEnd)) {
                return b;
            }
        }
    }

    private void rehash(int capacity) {
        int[] oldBuckets = buckets;
        int[] oldStamps = stamps;
        int oldGeneration = generation;
        buckets = new int[capacity];
        stamps = new int[capacity];
        generation = 1;
        int mask = capacity - 1;
        for (int b = 0; b < oldBuckets.length; b++) {
            if (oldStamps[b] == oldGeneration) {
                int e = oldBuckets[b];
                int nb = hashes[e] & mask;
                while (stamps[nb] == generation) {
                    nb = (nb + 1) & mask;
                }
                buckets[nb] = e;
                stamps[nb] = generation;
            }
        }
    }

    private int hash(byte[] data, int start, int end) {
        int h = seed;
        for (int i = start; i < end; i++) {
            // the rotation keeps the hash from being a polynomial, whose collisions do not depend on the seed
            h = Integer.rotateLeft((h ^ data[i]) * 0x9E3779B1, 15) + seed;
        }
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        return h ^ (h >>> 13);
    }
}
