package io.zwire.session;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BytesPoolTest {
    @Test
    void aBufferGrownBeyondMaxPooledCapacityIsDroppedNotKept() {
        BytesPool pool = BytesPool.heap(4096, 2, 16 * 1024);
        Bytes grown = pool.acquire();
        grown.ensureWritable(1 << 20);
        pool.release(grown);
        assertEquals(0, pool.available(), "a 1 MiB buffer is not kept");
        assertEquals(0, pool.retainedBytes());
        assertNotSame(grown, pool.acquire());

        Bytes modest = pool.acquire();
        modest.ensureWritable(8 * 1024);
        pool.release(modest);
        assertEquals(1, pool.available());
        assertSame(modest, pool.acquire(), "a buffer within the bound is reused");
    }

    @Test
    void thePoolNeverHoldsMoreThanItsBoundHoweverManyBigBuffersComeBack() {
        BytesPool pool = BytesPool.heap(4096, 4);
        assertEquals(64 * 1024, pool.maxPooledCapacity(), "the default bound");
        for (int i = 0; i < 200; i++) {
            Bytes bytes = Bytes.elastic(4096);
            bytes.ensureWritable(i % 2 == 0 ? 60 * 1024 : 8 << 20);
            pool.release(bytes);
        }
        assertTrue(pool.retainedBytes() <= pool.maxRetainedBytes(), pool.retainedBytes() + " > " + pool.maxRetainedBytes());
        assertEquals((long) pool.stripes() * 4 * 64 * 1024, pool.maxRetainedBytes());
        assertEquals(pool.stripes() * 4, pool.available(), "every slot holds a buffer within the bound");
    }

    @Test
    void aMaxPooledCapacityBelowTheBufferCapacityIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> BytesPool.heap(4096, 2, 1024));
    }
}
