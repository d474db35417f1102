package io.zwire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The state of a {@link Bytes} and what its public methods share: the backing array or buffer,
 * the capacity and its growth, the two positions, the bounds checks, and access at an offset
 * already checked. {@link Bytes} holds the API on top.
 *
 * <p>Every method here is final and package-private, and {@code Bytes}, the one subclass, is
 * final: calls bind statically and no public member is inherited, so javac adds no bridge methods
 * to {@code Bytes} and its per-value methods inline as if this were one class. The checks and
 * helpers the per-value methods call stay within {@code -XX:MaxInlineSize}, so C2 inlines them
 * at any call site ({@code InliningBudgetTest} holds them to it). Slow paths (a buffer, growth, a
 * long varint) are methods of their own, kept out of the callers' inlining budget.
 */
abstract sealed class BytesStorage permits Bytes {
    static final VarHandle SHORT_ARRAY = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT_ARRAY = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_ARRAY = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle SHORT_BUFFER = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT_BUFFER = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_BUFFER = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Largest array the JVM reliably allocates. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /**
     * Exactly one of {@code array} and {@code buffer} is non-null. A region instance
     * ({@link Bytes#region()}) is re-pointed at other buffers, so {@code buffer}, {@code base} and
     * the capacities are not final.
     */
    byte[] array;
    ByteBuffer buffer;
    /**
     * Index in {@code buffer} of this instance's offset 0: 0 but for a region. Only buffer access
     * adds it, so the heap array paths (the wires' fast paths) are untouched by regions.
     */
    int base;
    int maxCapacity;
    final boolean elastic;
    int capacity;
    int readPosition;
    int writePosition;
    /** Lazily created view of the backing storage for channel I/O; replaced when the array grows. */
    private ByteBuffer channelView;
    /** Chars of the text being written (see {@link #asciiPrefix}); grows to the longest text written. */
    private char[] charScratch = new char[64];

    BytesStorage(byte[] array, ByteBuffer buffer, int maxCapacity, int writePosition) {
        this.array = array;
        this.buffer = buffer;
        this.capacity = array != null ? array.length : buffer.capacity();
        this.maxCapacity = maxCapacity;
        this.elastic = array != null && maxCapacity > capacity;
        this.writePosition = writePosition;
    }

    /**
     * Points a region instance at {@code length} bytes of {@code target} from {@code offset}.
     * The channel view belongs to one buffer, so it is dropped when the buffer changes (the next
     * channel I/O makes another); re-pointing within the same buffer keeps it.
     */
    final void point(ByteBuffer target, int offset, int length, int written) {
        if (target != buffer) {
            channelView = null;
        }
        buffer = target;
        base = offset;
        capacity = length;
        maxCapacity = length;
        readPosition = 0;
        writePosition = written;
    }

    // ------------------------------------------------------------------ bounds (slow paths kept out of line)

    /** {@return the write position, after making room for {@code length} bytes there} */
    final int writeStart(int length) {
        int p = writePosition;
        if (length > capacity - p) {
            grow(p, length);
        }
        return p;
    }

    /** {@return the read position, once {@code length} bytes are known to be readable there} */
    final int readStart(int length) {
        int p = readPosition;
        if (length > writePosition - p) {
            throw readOverflow(p, length);
        }
        return p;
    }

    final void checkWritten(int offset, int length) {
        if (offset < 0 || length > writePosition - offset) {
            throw new IndexOutOfBoundsException("access of " + length + " bytes at offset " + offset
                    + " outside the written bytes [0, " + writePosition + ")");
        }
    }

    final IndexOutOfBoundsException readOverflow(int offset, int length) {
        return new IndexOutOfBoundsException("read of " + length + " bytes at offset " + offset
                + " past the write position " + writePosition);
    }

    final void grow(int position, int length) {
        long needed = (long) position + length;
        if (!elastic || needed > maxCapacity) {
            throw new BytesCapacityException("write of " + length + " bytes at offset " + position + " exceeds the "
                    + (elastic ? "maximum capacity " + maxCapacity : "fixed capacity " + capacity));
        }
        long doubled = Math.max(16, (long) capacity * 2);
        int newCapacity = (int) Math.min(maxCapacity, Math.max(doubled, needed));
        array = Arrays.copyOf(array, newCapacity);
        capacity = newCapacity;
        channelView = null;
    }

    // ------------------------------------------------------------------ access at a checked offset

    // The buffer branches are methods of their own: with the region's base added they would push
    // these over -XX:MaxInlineSize, and the heap branch is the one the wires' hot loops take.

    final byte byteAt(int offset) {
        return array != null ? array[offset] : buffer.get(base + offset);
    }

    final short int16At(int offset) {
        return array != null ? (short) SHORT_ARRAY.get(array, offset) : bufferInt16At(offset);
    }

    final int int32At(int offset) {
        return array != null ? (int) INT_ARRAY.get(array, offset) : bufferInt32At(offset);
    }

    final long int64At(int offset) {
        return array != null ? (long) LONG_ARRAY.get(array, offset) : bufferInt64At(offset);
    }

    private short bufferInt16At(int offset) {
        return (short) SHORT_BUFFER.get(buffer, base + offset);
    }

    private int bufferInt32At(int offset) {
        return (int) INT_BUFFER.get(buffer, base + offset);
    }

    private long bufferInt64At(int offset) {
        return (long) LONG_BUFFER.get(buffer, base + offset);
    }

    final void putByte(int offset, byte value) {
        if (array != null) {
            array[offset] = value;
        } else {
            buffer.put(base + offset, value);
        }
    }

    final void putInt16(int offset, short value) {
        if (array != null) {
            SHORT_ARRAY.set(array, offset, value);
        } else {
            bufferPutInt16(offset, value);
        }
    }

    final void putInt32(int offset, int value) {
        if (array != null) {
            INT_ARRAY.set(array, offset, value);
        } else {
            bufferPutInt32(offset, value);
        }
    }

    final void putInt64(int offset, long value) {
        if (array != null) {
            LONG_ARRAY.set(array, offset, value);
        } else {
            bufferPutInt64(offset, value);
        }
    }

    private void bufferPutInt16(int offset, short value) {
        SHORT_BUFFER.set(buffer, base + offset, value);
    }

    private void bufferPutInt32(int offset, int value) {
        INT_BUFFER.set(buffer, base + offset, value);
    }

    private void bufferPutInt64(int offset, long value) {
        LONG_BUFFER.set(buffer, base + offset, value);
    }

    /** Copies {@code length} checked bytes from {@code offset} into {@code target}. */
    final void getBytes(int offset, byte[] target, int targetOffset, int length) {
        if (array != null) {
            System.arraycopy(array, offset, target, targetOffset, length);
        } else {
            buffer.get(base + offset, target, targetOffset, length);
        }
    }

    /** Stores {@code length} bytes of {@code source} at {@code offset}, where there is room. */
    final void putBytes(int offset, byte[] source, int sourceOffset, int length) {
        if (array != null) {
            System.arraycopy(source, sourceOffset, array, offset, length);
        } else {
            buffer.put(base + offset, source, sourceOffset, length);
        }
    }

    /** A buffer's {@code System.arraycopy}: overlapping ranges are safe when {@code to < from}. */
    final void copyWithinBuffer(int fromOffset, int toOffset, int length) {
        final int from = base + fromOffset;
        final int to = base + toOffset;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            LONG_BUFFER.set(buffer, to + i, (long) LONG_BUFFER.get(buffer, from + i));
        }
        for (; i < length; i++) {
            buffer.put(to + i, buffer.get(from + i));
        }
    }

    // ------------------------------------------------------------------ general paths of the relative methods

    final void writeInt8Slow(int value) {
        int p = writeStart(1);
        putByte(p, (byte) value);
        writePosition = p + 1;
    }

    final void writeInt16Slow(int value) {
        int p = writeStart(2);
        putInt16(p, (short) value);
        writePosition = p + 2;
    }

    final void writeInt32Slow(int value) {
        int p = writeStart(4);
        putInt32(p, value);
        writePosition = p + 4;
    }

    final void writeInt64Slow(long value) {
        int p = writeStart(8);
        putInt64(p, value);
        writePosition = p + 8;
    }

    final long readVarintSlow(int start) {
        long result = 0;
        int p = start;
        for (int shift = 0; shift < 70; shift += 7) {
            if (p >= writePosition) {
                throw readOverflow(start, p - start + 1);
            }
            byte b = byteAt(p++);
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                readPosition = p;
                return result;
            }
        }
        throw new IllegalArgumentException("malformed varint at offset " + start + ": more than 10 bytes");
    }

    /**
     * Copies the leading ASCII chars of {@code text} to {@code target} from {@code offset}: all of
     * them for most text. {@code String.charAt} in a loop costs a bounds and a coder check per
     * char, more on newer JDKs; one {@code getChars} into a reused array (the price: the array,
     * as long as the longest text written) is an intrinsic copy, and the loop over the array
     * narrows every char with no branch, OR-ing them together to see at the end whether one was
     * not ASCII. Only then is the first such char looked for (the bytes stored after it are
     * overwritten by the caller).
     *
     * @return how many chars were copied
     */
    final int asciiPrefix(String text, byte[] target, int offset) {
        int length = text.length();
        char[] chars = charScratch;
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
            charScratch = chars;
        }
        text.getChars(0, length, chars, 0);
        int any = 0;
        for (int i = 0; i < length; i++) {
            char c = chars[i];
            any |= c;
            target[offset + i] = (byte) c;
        }
        if (any < 0x80) {
            return length;
        }
        int i = 0;
        while (chars[i] < 0x80) {
            i++;
        }
        return i;
    }

    /**
     * The backing storage as a {@link ByteBuffer} whose position and limit the caller sets, in the
     * buffer's own indices: add {@code base} to an offset of this instance.
     */
    final ByteBuffer channelView() {
        ByteBuffer view = channelView;
        if (view == null) {
            view = array != null ? ByteBuffer.wrap(array) : buffer.duplicate();
            channelView = view;
        }
        return view;
    }
}
