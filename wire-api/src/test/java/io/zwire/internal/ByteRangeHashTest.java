package io.zwire.internal;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the tables that look up by {@link ByteRangeHash} rely on: every byte of a range and its
 * length change the hash, whichever of its read shapes (a packed short range, overlapping words,
 * summed blocks) the length falls in, and the low bits the tables index by spread texts that
 * differ in a few characters. Agreement between an array and each {@code Bytes} backing is in
 * {@code BytesTest}.
 */
class ByteRangeHashTest {
    private static final int LONGEST = 100;

    @Test
    void everyBitOfEveryByteChangesTheHash() {
        Random random = new Random(11);
        for (int length = 1; length <= LONGEST; length++) {
            byte[] data = new byte[length + 2];
            random.nextBytes(data);
            int base = ByteRangeHash.of(data, 1, length);
            for (int at = 1; at <= length; at++) {
                for (int bit = 0; bit < Byte.SIZE; bit++) {
                    data[at] ^= (byte) (1 << bit);
                    assertNotEquals(base, ByteRangeHash.of(data, 1, length), "length " + length + ", byte " + (at - 1) + ", bit " + bit);
                    data[at] ^= (byte) (1 << bit);
                }
            }
            data[0]++;
            data[length + 1]++;
            assertEquals(base, ByteRangeHash.of(data, 1, length), "bytes outside the range changed the hash, length " + length);
        }
    }

    @Test
    void rangesOfZerosDifferByLengthAlone() {
        byte[] zeros = new byte[LONGEST];
        Set<Integer> hashes = new HashSet<>();
        for (int length = 0; length <= LONGEST; length++) {
            assertTrue(hashes.add(ByteRangeHash.of(zeros, 0, length)), "length " + length);
        }
    }

    @Test
    void blocksThatTradePlacesHashApart() {
        byte[] a = ("0123456789abcdef" + "ghijklmnopqrstuv" + "the last sixteen").getBytes(StandardCharsets.US_ASCII);
        byte[] b = ("ghijklmnopqrstuv" + "0123456789abcdef" + "the last sixteen").getBytes(StandardCharsets.US_ASCII);
        assertNotEquals(ByteRangeHash.of(a, 0, a.length), ByteRangeHash.of(b, 0, b.length));
    }

    @Test
    void theLowBitsSpreadTextsThatDifferInAFewCharacters() {
        int sets = 1024;
        int texts = 10 * sets;
        assertSpread(sets, texts, i -> String.format("S%05d", i));
        assertSpread(sets, texts, i -> String.format("MCP-EU-%06d/FX-SPOT/PRIME-BROKER/SETTLE-T+2", i));
        assertSpread(sets, texts, i -> String.format("Meridian Capital Partners LLP, Desk %05d, London, EMEA, Global Markets - FX", i));
    }

    /** No set of {@code sets} takes more than three times its share: ten a set on average. */
    private static void assertSpread(int sets, int texts, java.util.function.IntFunction<String> text) {
        int[] load = new int[sets];
        for (int i = 0; i < texts; i++) {
            byte[] utf8 = text.apply(i).getBytes(StandardCharsets.UTF_8);
            load[ByteRangeHash.of(utf8, 0, utf8.length) & sets - 1]++;
        }
        int most = 0;
        for (int n : load) {
            most = Math.max(most, n);
        }
        assertTrue(most <= 3 * texts / sets, "a set took " + most + " of " + texts + " texts like " + text.apply(0));
    }
}
