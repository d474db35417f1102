package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.ReadLimits;
import io.zwire.WireException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The message scan's fast paths (over a heap array: ascending numbers a word at a time, then bit
 * masks byte by byte) against its general path (over a direct buffer, where only the general
 * path runs): for every input the two must agree on whether it is well formed, whether it is
 * clean and whether it has runs. Inputs are what encoders write (ascending, with runs, one- and
 * two-byte tags, varints of every length, minimal and padded lengths) and what they do not
 * (descending numbers, number 0, groups, unknown wire types, truncation, random bytes), each
 * placed both with slack after it and at the very end of its array.
 */
class ProtoScanTest {
    private static final ReadLimits LIMITS = ReadLimits.defaults();

    @Test
    void fastPathsAgreeWithTheGeneralScanOnRandomMessages() {
        assertFastPathsAgreeWithTheGeneralScan(10_000);
    }

    @Test
    @Tag("long")
    void fastPathsAgreeWithTheGeneralScanOnAHundredThousandRandomMessages() {
        assertFastPathsAgreeWithTheGeneralScan(100_000);
    }

    private static void assertFastPathsAgreeWithTheGeneralScan(int messages) {
        SplittableRandom random = new SplittableRandom(20261121);
        int ascending = 0;
        int malformed = 0;
        for (int i = 0; i < messages; i++) {
            byte[] generated = message(random);
            byte[] message = random.nextInt(4) == 0 && generated.length > 0 ? corrupt(random, generated) : generated;
            String atEnd = compare(message, 0);
            String withSlack = compare(message, 3 + random.nextInt(12));
            assertEquals(atEnd, withSlack, () -> "slack changed the result for " + Arrays.toString(message));
            if (atEnd.startsWith("error")) {
                malformed++;
            } else if (atEnd.equals("clean=true runs=false") || atEnd.equals("clean=true runs=true")) {
                ascending++;
            }
        }
        assertTrue(ascending > messages / 5 && malformed > messages / 10,
                "inputs of both kinds: " + ascending + " clean, " + malformed + " malformed");
    }

    @Test
    void aDescendingNumberIsNotCleanWhenItRepeatsAndCleanWhenItDoesNot() {
        assertEquals("clean=true runs=false", compare(ProtoBytes.fields().sint(3, 1).sint(1, 2).toByteArray(), 0));
        assertEquals("clean=false runs=false", compare(ProtoBytes.fields().sint(1, 1).sint(2, 2).sint(1, 3).toByteArray(), 0));
        assertEquals("clean=true runs=true", compare(ProtoBytes.fields().sint(1, 1).sint(1, 2).sint(2, 3).toByteArray(), 0));
    }

    /** Regression: the bit-mask scan read 0x80 0x00 (field 0 in a non-minimal two-byte tag) as a field. */
    @Test
    void fieldNumberZeroIsRefusedInAOneOrTwoByteTag() {
        assertEquals("error", compare(new byte[] {0, 1}, 0).substring(0, 5));
        assertEquals("error", compare(new byte[] {(byte) 0x80, 0, 1}, 8).substring(0, 5));
        assertEquals("error", compare(ProtoBytes.fields().sint(2, 1).raw(0x80, 0, 1).toByteArray(), 0).substring(0, 5));
        assertEquals("error", compare(ProtoBytes.fields().sint(2, 1).sint(1, 1).raw(0x80, 0, 1).toByteArray(), 0).substring(0, 5));
    }

    @Test
    void aLengthPaddedToFiveBytesIsReadAsItsValue() {
        byte[] message = ProtoBytes.fields().raw(0x12, 0x84, 0x80, 0x80, 0x80, 0x00).sint(1, 5).sint(2, 6).sint(3, 7)
                .toByteArray();
        assertEquals("clean=true runs=false", compare(message, 0));
        assertEquals("error", compare(Arrays.copyOf(message, 8), 0).substring(0, 5), "the nested message cut short");
    }

    /**
     * Regression: the bit-mask scan decoded a five-byte length in an int, so 0x81 0x80 0x80 0x80
     * 0x20 (2^33 + 1) passed as a length of 1; found by the heap-against-direct contract test.
     */
    @Test
    void aFiveByteLengthBeyond32BitsIsRefusedNotTruncated() {
        byte[] descending = ProtoBytes.fields().sint(3, 1).tag(2, ProtoLayout.LEN).raw(0x81, 0x80, 0x80, 0x80, 0x20, 7)
                .toByteArray();
        assertEquals("error", compare(descending, 0).substring(0, 5));
        assertEquals("error", compare(descending, 9).substring(0, 5));
        byte[] ascending = ProtoBytes.fields().tag(2, ProtoLayout.LEN).raw(0x81, 0x80, 0x80, 0x80, 0x20, 7).toByteArray();
        assertEquals("error", compare(ascending, 9).substring(0, 5));
    }

    /** Scans {@code message} placed at the start of a heap array with {@code slack} bytes after it, and over a direct buffer. */
    private static String compare(byte[] message, int slack) {
        byte[] array = Arrays.copyOf(message, message.length + slack);
        Arrays.fill(array, message.length, array.length, (byte) 0x80);
        String fast = scan(Bytes.wrap(array), message.length);
        ByteBuffer direct = ByteBuffer.allocateDirect(message.length);
        direct.put(message).flip();
        String general = scan(Bytes.wrap(direct), message.length);
        assertEquals(general, fast, () -> "heap and direct scans differ for " + Arrays.toString(message));
        return fast;
    }

    private static String scan(Bytes bytes, int to) {
        ProtoInput in = new ProtoInput(bytes, LIMITS, ProtoLayout.WIRE);
        in.reset(0, to);
        try {
            in.scan(0, to);
        } catch (WireException e) {
            return "error at " + e.offset();
        }
        assertEquals(0, in.position, "the scan leaves the position where it began");
        return "clean=" + in.scanClean + " runs=" + in.scanRuns;
    }

    private static byte[] message(SplittableRandom random) {
        ProtoBytes fields = ProtoBytes.fields();
        int count = random.nextInt(12);
        int number = 1 + random.nextInt(3);
        boolean ascending = random.nextInt(3) != 0;
        for (int i = 0; i < count; i++) {
            if (ascending) {
                number += random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 3 : 40);
            } else {
                number = 1 + random.nextInt(random.nextBoolean() ? 6 : 200);
            }
            switch (random.nextInt(7)) {
                case 0, 1 -> fields.uint(number, random.nextLong() >>> random.nextInt(64));
                case 2 -> fields.fixed32(number, random.nextInt());
                case 3 -> fields.fixed64(number, random.nextLong());
                case 4 -> {
                    byte[] value = new byte[random.nextInt(random.nextBoolean() ? 5 : 300)];
                    random.nextBytes(value);
                    fields.tag(number, ProtoLayout.LEN).varint(value.length).raw(unsigned(value));
                }
                case 5 -> {
                    int length = random.nextInt(40);
                    fields.tag(number, ProtoLayout.LEN).raw(0x80 | length & 0x7F, 0x80 | length >>> 7, 0x80, 0x80, 0);
                    for (int b = 0; b < length; b++) {
                        fields.raw(random.nextInt(128));
                    }
                }
                default -> fields.tag(number, 3 + random.nextInt(5) % 5);
            }
        }
        return fields.toByteArray();
    }

    private static byte[] corrupt(SplittableRandom random, byte[] message) {
        byte[] copy = message.clone();
        switch (random.nextInt(3)) {
            case 0 -> {
                return Arrays.copyOf(copy, random.nextInt(copy.length));
            }
            case 1 -> copy[random.nextInt(copy.length)] = (byte) random.nextInt(256);
            default -> copy[random.nextInt(copy.length)] ^= (byte) 0x80;
        }
        return copy;
    }

    private static int[] unsigned(byte[] bytes) {
        int[] values = new int[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            values[i] = bytes[i] & 0xFF;
        }
        return values;
    }
}
