package io.zwire.aeron;

import io.zwire.Bytes;
import io.zwire.WireException;
import org.agrona.DirectBuffer;

import java.nio.ByteBuffer;

/**
 * Points a region {@link Bytes} at a range of an Agrona {@link DirectBuffer}, whatever backs it: a
 * {@link ByteBuffer} (Aeron's term buffers, a direct assembly buffer) is used as it is; a
 * {@code byte[]} (a heap assembly buffer) is wrapped once per array, so the wrap is made again
 * only when the owner grows its array, and re-pointing allocates nothing in steady state. A buffer
 * over a bare address ({@code new UnsafeBuffer(address, length)}) has neither, and a {@code Bytes}
 * cannot reach such memory without {@code Unsafe}: it is refused with a {@link WireException}
 * rather than copied, since a copy per message would hide the cost from a caller who chose a
 * zero-copy path (such a caller wraps the memory in a direct {@code ByteBuffer} instead).
 */
final class DirectBufferRegion {
    private byte[] wrappedArray;
    private ByteBuffer wrapped;

    /** Points {@code bytes} at {@code buffer[offset, offset + length)}, all of it readable. */
    void read(Bytes bytes, DirectBuffer buffer, int offset, int length) {
        bytes.readRegion(backing(buffer), buffer.wrapAdjustment() + offset, length);
    }

    /** Points {@code bytes} at {@code buffer[offset, offset + length)}, empty, to be written. */
    void write(Bytes bytes, DirectBuffer buffer, int offset, int length) {
        bytes.writeRegion(backing(buffer), buffer.wrapAdjustment() + offset, length);
    }

    /**
     * The memory under {@code buffer}, indexed as {@link DirectBuffer#wrapAdjustment()} counts:
     * from the array's start when an array backs it (even a heap {@code ByteBuffer} slice), else
     * from the {@code ByteBuffer}'s start.
     */
    private ByteBuffer backing(DirectBuffer buffer) {
        byte[] array = buffer.byteArray();
        if (array == null) {
            ByteBuffer byteBuffer = buffer.byteBuffer();
            if (byteBuffer == null) {
                throw new WireException("Aeron buffer", 0, "a buffer over a ByteBuffer or a byte[]; found one over a bare"
                        + " address (" + buffer.getClass().getSimpleName() + " of " + buffer.capacity() + " bytes)");
            }
            return byteBuffer;
        }
        if (array != wrappedArray) {
            wrappedArray = array;
            wrapped = ByteBuffer.wrap(array);
        }
        return wrapped;
    }
}
