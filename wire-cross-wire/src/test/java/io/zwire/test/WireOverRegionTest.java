package io.zwire.test;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.test.usertypes.BookUpdate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link Wire} made once over a {@link Bytes#region()} and re-pointed per message at other
 * memory, as a transport does with its own buffers: writes land in place, reads come from place,
 * and steady state allocates nothing per message.
 */
class WireOverRegionTest {
    private static final int SLOT = 256;
    private static final int ROUND = 20_000;
    private static final int ROUNDS = 5;

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aWireOverARegionWritesAndReadsInPlaceAcrossRePointings(WireType type) {
        ByteBuffer direct = ByteBuffer.allocateDirect(SLOT * 4 + 3);
        ByteBuffer heap = ByteBuffer.allocate(SLOT * 4 + 3);
        Bytes region = Bytes.region();
        Wire wire = type.apply(region);
        BookUpdate written = BookUpdate.sample();
        BookUpdate read = new BookUpdate();
        int[] lengths = new int[4];
        for (int slot = 0; slot < 4; slot++) {
            ByteBuffer memory = (slot & 1) == 0 ? direct : heap;
            region.writeRegion(memory, 3 + slot * SLOT, SLOT);
            wire.writeDocument(written);
            lengths[slot] = region.writePosition();
        }
        for (int slot = 3; slot >= 0; slot--) {
            ByteBuffer memory = (slot & 1) == 0 ? direct : heap;
            region.readRegion(memory, 3 + slot * SLOT, lengths[slot]);
            assertTrue(wire.readDocument(read), type + " slot " + slot);
            assertEquals(BookUpdate.sample().toString(), read.toString(), type + " slot " + slot);
            assertEquals(0, region.readRemaining());
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aMessageThroughARegionAllocatesNothing(WireType type) {
        ByteBuffer memory = ByteBuffer.allocateDirect(SLOT * 8);
        Bytes region = Bytes.region();
        Wire wire = type.apply(region);
        BookUpdate written = BookUpdate.sample();
        BookUpdate read = new BookUpdate();
        int[] slot = {0};
        Runnable message = () -> {
            int offset = (slot[0]++ & 7) * SLOT;
            region.writeRegion(memory, offset, SLOT);
            wire.writeDocument(written);
            region.readRegion(memory, offset, region.writePosition());
            wire.readDocument(read);
        };
        assertSomeRoundAllocatesNothing(type + " through a region", message);
    }

    @Test
    void rePointingAllocatesNothing() {
        ByteBuffer direct = ByteBuffer.allocateDirect(4096);
        ByteBuffer heap = ByteBuffer.allocate(4096);
        Bytes region = Bytes.region();
        long sum = 0;
        for (int i = 0; i < 100_000; i++) {
            sum += rePointAndUse(region, direct, heap, i);
        }
        long[] total = {sum};
        long allocated = AllocationMeter.allocatedDuring(() -> {
            for (int i = 0; i < 1_000_000; i++) {
                total[0] += rePointAndUse(region, direct, heap, i);
            }
        });
        assertTrue(allocated < 1024, allocated + " bytes allocated over a million re-pointings (sum " + total[0] + ")");
    }

    @Test
    void checksummingRegionsOfHeapBuffersAllocatesNothing() {
        ByteBuffer first = ByteBuffer.allocate(256);
        ByteBuffer second = ByteBuffer.allocate(256);
        Bytes region = Bytes.region();
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        Runnable checksumBoth = () -> {
            region.readRegion(first, 3, 64).updateChecksum(crc, 0, 64);
            region.readRegion(second, 5, 64).updateChecksum(crc, 0, 64);
        };
        assertSomeRoundAllocatesNothing("checksums over two heap regions", checksumBoth);
    }

    /**
     * Steady state allocates nothing: after a warm-up, one round of {@link #ROUND} operations in at
     * most {@link #ROUNDS} allocates not one byte. A one-time allocation (a scratch array growing
     * once, say) may land in an early round; an allocation per operation shows in every round.
     */
    private static void assertSomeRoundAllocatesNothing(String what, Runnable operation) {
        for (int i = 0; i < 30_000; i++) {
            operation.run();
        }
        long[] rounds = new long[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            rounds[r] = AllocationMeter.allocatedDuring(() -> {
                for (int i = 0; i < ROUND; i++) {
                    operation.run();
                }
            });
            if (rounds[r] == 0) {
                return;
            }
        }
        throw new AssertionError(what + ": every round of " + ROUND + " allocated: "
                + java.util.Arrays.toString(rounds) + " bytes");
    }

    private static long rePointAndUse(Bytes region, ByteBuffer direct, ByteBuffer heap, int i) {
        int offset = (i * 24) & 2047;
        region.writeRegion((i & 1) == 0 ? direct : heap, offset, 24).writeInt64(i).writeInt32(i);
        return region.readRegion((i & 1) == 0 ? direct : heap, offset, 12).readInt64() + region.readInt32();
    }
}
