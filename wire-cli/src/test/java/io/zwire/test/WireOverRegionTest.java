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
 * and a hundred thousand messages allocate nothing.
 */
class WireOverRegionTest {
    private static final int SLOT = 256;

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
        double perMessage = AllocationMeter.bytesPerOperation(() -> {
            int offset = (slot[0]++ & 7) * SLOT;
            region.writeRegion(memory, offset, SLOT);
            wire.writeDocument(written);
            region.readRegion(memory, offset, region.writePosition());
            wire.readDocument(read);
        }, 30_000, 100_000);
        assertTrue(perMessage < GarbageAssertions.THRESHOLD, type + ": " + perMessage + " B/message");
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

    private static long rePointAndUse(Bytes region, ByteBuffer direct, ByteBuffer heap, int i) {
        int offset = (i * 24) & 2047;
        region.writeRegion((i & 1) == 0 ? direct : heap, offset, 24).writeInt64(i).writeInt32(i);
        return region.readRegion((i & 1) == 0 ? direct : heap, offset, 12).readInt64() + region.readInt32();
    }
}
