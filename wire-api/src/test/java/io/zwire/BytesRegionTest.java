package io.zwire;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A {@link Bytes#region()} pointed at parts of buffers it does not own. */
class BytesRegionTest {
    /** Bytes of sentinel before and after a region in {@link #regionAmidSentinels}. */
    static final int MARGIN = 13;
    private static final byte SENTINEL = (byte) 0xA5;

    /**
     * A region of {@code capacity} bytes at an unaligned index of {@code buffer}, which is filled
     * with a sentinel, pointed for writing: {@link BytesTest}'s backings run every test on it.
     */
    static Bytes regionAmidSentinels(ByteBuffer buffer, int capacity) {
        for (int i = 0; i < buffer.limit(); i++) {
            buffer.put(i, SENTINEL);
        }
        return Bytes.region().writeRegion(buffer, MARGIN, capacity);
    }

    @Test
    void aWriteEndsAtTheRegionAndLeavesTheBytesAroundItUntouched() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(64);
        Bytes region = regionAmidSentinels(buffer, 10);
        region.writeInt64(0x0102030405060708L);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> region.writeInt32(-1));
        assertTrue(e.getMessage().contains("fixed capacity 10"), e.getMessage());
        region.writeInt16(0x0A0B);
        assertThrows(IndexOutOfBoundsException.class, () -> region.writeInt8(0));
        assertEquals(0x0102030405060708L, buffer.order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(MARGIN));
        for (int i = 0; i < buffer.limit(); i++) {
            if (i < MARGIN || i >= MARGIN + 10) {
                assertEquals(SENTINEL, buffer.get(i), "byte " + i + " outside the region");
            }
        }
    }

    @Test
    void aReadEndsAtTheRegionEvenWhereTheBufferGoesOn() {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        buffer.putInt(4, 77).putInt(8, 99);
        Bytes region = Bytes.region().readRegion(buffer, 4, 4);
        assertEquals(0, region.readPosition());
        assertEquals(4, region.writePosition());
        assertEquals(4, region.capacity());
        assertEquals(77, Integer.reverseBytes(region.readInt32At(0)));
        assertThrows(IndexOutOfBoundsException.class, () -> region.readInt8At(4));
        assertThrows(IndexOutOfBoundsException.class, () -> region.readInt8At(-1));
        region.readInt32();
        assertThrows(IndexOutOfBoundsException.class, region::readInt8);
        assertThrows(IndexOutOfBoundsException.class, () -> region.writeInt8(1), "no room after the region");
    }

    @Test
    void rePointingMovesTheRegionAndResetsThePositions() {
        ByteBuffer first = ByteBuffer.allocateDirect(16);
        ByteBuffer second = ByteBuffer.allocate(16);
        Bytes region = Bytes.region().writeRegion(first, 8, 8).writeInt64(11);
        region.readRegion(second, 0, 16);
        assertEquals(0, region.readPosition());
        assertEquals(16, region.readRemaining());
        assertFalse(region.isDirect());
        region.readRegion(first, 8, 8);
        assertTrue(region.isDirect());
        assertEquals(11, region.readInt64());
    }

    @Test
    void readOnlyBuffersAreReadButNotWritten() {
        ByteBuffer buffer = ByteBuffer.allocate(8).putLong(0, Long.reverseBytes(5)).asReadOnlyBuffer();
        Bytes region = Bytes.region().readRegion(buffer, 0, 8);
        assertEquals(5, region.readInt64());
        assertThrows(ReadOnlyBufferException.class, () -> Bytes.region().writeRegion(buffer, 0, 8));
    }

    @Test
    void aRegionOutsideTheBufferLimitIsRefused() {
        ByteBuffer buffer = ByteBuffer.allocate(32).limit(16);
        Bytes region = Bytes.region();
        assertThrows(IndexOutOfBoundsException.class, () -> region.readRegion(buffer, 8, 9));
        assertThrows(IndexOutOfBoundsException.class, () -> region.readRegion(buffer, -1, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> region.writeRegion(buffer, 4, -1));
        assertThrows(IndexOutOfBoundsException.class, () -> region.readRegion(buffer, Integer.MAX_VALUE, 2));
        assertEquals(0, region.capacity(), "a refused region leaves the instance as it was");
        region.readRegion(buffer, 8, 8);
        assertEquals(8, region.capacity());
    }

    @Test
    void onlyARegionInstanceIsRePointed() {
        ByteBuffer buffer = ByteBuffer.allocate(8);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Bytes.elastic(8).readRegion(buffer, 0, 8));
        assertTrue(e.getMessage().contains("Bytes.region()"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> Bytes.wrap(buffer).writeRegion(buffer, 0, 8));
        assertTrue(Bytes.region().isRegion());
        assertFalse(Bytes.allocateDirect(4).isRegion());
    }

    @Test
    void checksumsCoverTheRegionOnly() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(32);
        Bytes region = regionAmidSentinels(buffer, 8).writeInt64(0x1122334455667788L);
        CRC32C expected = new CRC32C();
        expected.update(Bytes.elastic(8).writeInt64(0x1122334455667788L).toByteArray());
        CRC32C actual = new CRC32C();
        region.updateChecksum(actual, 0, 8);
        assertEquals(expected.getValue(), actual.getValue());
    }
}
