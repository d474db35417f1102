package io.zwire;

import io.zwire.internal.Utf8Decoder;
import io.zwire.internal.Utf8Encoder;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A byte sequence with a read position and a write position, backed either by a {@code byte[]}
 * (elastic or wrapped), by a {@link ByteBuffer} (heap, direct or memory-mapped), or by a region of
 * someone else's buffer that is re-pointed per message ({@link #region()}: a transport's own
 * memory, read and written in place).
 *
 * <pre>
 *   0            readPosition        writePosition            capacity
 *   |  consumed  |   readable bytes  |   writable space       |
 * </pre>
 *
 * <p>Every multi-byte primitive is little-endian and goes through a {@link VarHandle} view, so
 * there is no {@code sun.misc.Unsafe} and no {@code --add-opens}. Relative methods
 * ({@code readInt32()}, {@code writeInt32(v)}) move a position; absolute methods
 * ({@code readInt32At(offset)}, {@code writeInt32At(offset, v)}) address the bytes already written,
 * {@code [0, writePosition)}, and move nothing.
 *
 * <p>Bounds: a read past {@code writePosition}, an absolute access outside the written bytes, or a
 * write past the capacity of a fixed-size instance throws {@link IndexOutOfBoundsException} naming
 * the offset, the length and the limit, and changes nothing; for a write that runs out of room (a
 * fixed-size or region instance, or an elastic one at its maximum capacity) it is the subclass
 * {@link BytesCapacityException}. An elastic instance grows its array
 * (that allocates, once per growth; steady state allocates nothing) up to its maximum capacity.
 *
 * <p>Nothing here allocates except growth, the {@code toByteArray}/{@code toUtf8String} copies and
 * the factories. Positions are {@code int}: one instance addresses at most 2 GiB. Not thread-safe.
 */
public final class Bytes extends BytesStorage {
    static {
        io.zwire.internal.BytesAccess.install(new io.zwire.internal.BytesAccess.Accessor() {
            @Override public byte[] array(Bytes bytes) { return bytes.array; }
            @Override public void wrote(Bytes bytes, int position) { bytes.writePosition = position; }
        });
    }

    /** The memory of a region instance before it is first pointed anywhere. */
    private static final ByteBuffer NO_MEMORY = ByteBuffer.allocate(0);

    /** Made by {@link #region()}: re-pointed per message rather than owning its memory. */
    private boolean region;

    private Bytes(byte[] array, ByteBuffer buffer, int maxCapacity, int writePosition) {
        super(array, buffer, maxCapacity, writePosition);
    }

    /**
     * An empty, growable heap instance. Allocates the initial array; growth doubles the array up
     * to {@code Integer.MAX_VALUE - 8} bytes.
     *
     * @param initialCapacity bytes of the first array, 0 to {@code Integer.MAX_VALUE - 8}
     * @return a new instance with both positions at 0
     * @throws IllegalArgumentException if {@code initialCapacity} is negative or above that maximum
     */
    public static Bytes elastic(int initialCapacity) {
        return elastic(initialCapacity, MAX_ARRAY);
    }

    /**
     * An empty, growable heap instance that never grows past {@code maxCapacity}: a write beyond it
     * throws {@link IndexOutOfBoundsException}. Use it to bound what a peer can make you buffer.
     *
     * @param initialCapacity bytes of the first array, 0 to {@code maxCapacity}
     * @param maxCapacity the most bytes the instance may hold, at most {@code Integer.MAX_VALUE - 8}
     * @return a new instance with both positions at 0
     * @throws IllegalArgumentException if the capacities are negative, the initial one exceeds the
     *         maximum, or the maximum exceeds {@code Integer.MAX_VALUE - 8}
     */
    public static Bytes elastic(int initialCapacity, int maxCapacity) {
        if (initialCapacity < 0 || maxCapacity < initialCapacity || maxCapacity > MAX_ARRAY) {
            throw new IllegalArgumentException("capacities must satisfy 0 <= initial <= max <= " + MAX_ARRAY
                    + ": initial " + initialCapacity + ", max " + maxCapacity);
        }
        return new Bytes(new byte[initialCapacity], null, maxCapacity, 0);
    }

    /**
     * {@return a fixed-size instance over {@code data}, all of it readable (write position = length)}
     * @param data the storage, shared and not copied: writes through the instance change it
     */
    public static Bytes wrap(byte[] data) {
        return new Bytes(data, null, data.length, data.length);
    }

    /**
     * A fixed-size instance over {@code buffer}'s storage from index 0 to its capacity. The bytes
     * from the buffer's position to its limit are readable (read position = position, write
     * position = limit). The buffer's own position and limit are never changed, and its byte order
     * is irrelevant: access is always little-endian.
     *
     * @param buffer the storage, shared and not copied: writes through the instance change it
     * @return the new instance
     */
    public static Bytes wrap(ByteBuffer buffer) {
        // Absolute ByteBuffer access (and its VarHandle views) is bounded by the limit, not the
        // capacity: a duplicate with the limit at the capacity addresses all of the storage.
        Bytes bytes = new Bytes(null, buffer.duplicate().clear(), buffer.capacity(), buffer.limit());
        bytes.readPosition = buffer.position();
        return bytes;
    }

    /**
     * {@return an empty, fixed-size instance over a new direct buffer}
     * @param capacity its size in bytes
     * @throws IllegalArgumentException if {@code capacity} is negative
     */
    public static Bytes allocateDirect(int capacity) {
        return new Bytes(null, ByteBuffer.allocateDirect(capacity), capacity, 0);
    }

    /**
     * Maps {@code size} bytes of {@code file} read-write (creating or extending the file) as an
     * empty, fixed-size instance. The mapping stays valid after the channel is closed.
     *
     * @param file the file to map
     * @param size bytes to map from the start of the file, which is extended to that size if shorter
     * @return the mapped instance, both positions at 0
     * @throws IOException if the file cannot be opened or mapped
     * @throws IllegalArgumentException if {@code size} is negative
     */
    public static Bytes mapReadWrite(Path file, int size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            return new Bytes(null, channel.map(FileChannel.MapMode.READ_WRITE, 0, size), size, 0);
        }
    }

    /**
     * Maps the whole of {@code file} read-only; all of it is readable. Writes throw
     * {@link java.nio.ReadOnlyBufferException}.
     *
     * @param file the file to map
     * @return the mapped instance: read position 0, write position the file's size
     * @throws IOException if the file cannot be opened or mapped, or is larger than 2 GiB
     */
    public static Bytes mapReadOnly(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > MAX_ARRAY) {
                throw new IOException(file + " is " + size + " bytes; a Bytes maps at most " + MAX_ARRAY);
            }
            return new Bytes(null, channel.map(FileChannel.MapMode.READ_ONLY, 0, size), (int) size, (int) size);
        }
    }

    /**
     * An instance over no memory yet (capacity 0), to be pointed at a region of someone else's
     * buffer per message with {@link #readRegion} or {@link #writeRegion}: an Aeron term buffer, a
     * Netty {@code ByteBuf}'s NIO view, a Kafka record's value, a mapped file. A {@link Wire} made
     * once over it reads and writes in place across re-pointings. Allocates this instance only;
     * re-pointing allocates nothing.
     *
     * <p>On a region, offsets are relative to the region's start and every access is bounded to
     * the region, whatever the buffer around it holds. The region's bytes are shared, not copied:
     * they are valid as long as their owner keeps them (an Aeron fragment until the handler
     * returns, say), and this instance must not be used after that.
     *
     * @return a new region instance
     */
    public static Bytes region() {
        Bytes bytes = new Bytes(null, NO_MEMORY, 0, 0);
        bytes.region = true;
        return bytes;
    }

    /**
     * Points this region instance at {@code buffer[offset, offset + length)}, all of it readable:
     * read position 0, write position {@code length}. The buffer's own position, limit and byte
     * order are neither used nor changed. Allocates nothing.
     *
     * @param buffer heap, direct, memory-mapped or read-only
     * @param offset index in {@code buffer} of the region's first byte
     * @param length the region's size in bytes
     * @return this
     * @throws IllegalStateException if this instance was not made by {@link #region()}
     * @throws IndexOutOfBoundsException if the region is not within {@code [0, buffer.limit())}
     */
    public Bytes readRegion(ByteBuffer buffer, int offset, int length) {
        checkRegion(buffer, offset, length);
        point(buffer, offset, length, length);
        return this;
    }

    /**
     * Points this region instance at {@code buffer[offset, offset + length)} to write into it:
     * both positions 0, a fixed capacity of {@code length}, so a write past the region throws
     * {@link IndexOutOfBoundsException} and leaves the buffer beyond it untouched. The buffer's own
     * position, limit and byte order are neither used nor changed. Allocates nothing.
     *
     * @param buffer a writable heap, direct or memory-mapped buffer
     * @param offset index in {@code buffer} of the region's first byte
     * @param length the region's size in bytes
     * @return this
     * @throws IllegalStateException if this instance was not made by {@link #region()}
     * @throws IndexOutOfBoundsException if the region is not within {@code [0, buffer.limit())}
     * @throws java.nio.ReadOnlyBufferException if {@code buffer} is read-only
     */
    public Bytes writeRegion(ByteBuffer buffer, int offset, int length) {
        checkRegion(buffer, offset, length);
        if (buffer.isReadOnly()) {
            throw new java.nio.ReadOnlyBufferException();
        }
        point(buffer, offset, length, 0);
        return this;
    }

    private void checkRegion(ByteBuffer target, int offset, int length) {
        if (!region) {
            throw new IllegalStateException("only an instance made by Bytes.region() is re-pointed; this is " + this);
        }
        // Absolute ByteBuffer access is bounded by the limit, so the region must lie below it.
        if (offset < 0 || length < 0 || length > target.limit() - offset) {
            throw new IndexOutOfBoundsException("region of " + length + " bytes at index " + offset
                    + " is not within the buffer's [0, " + target.limit() + ")");
        }
    }

    /** {@return true when this instance was made by {@link #region()}} */
    public boolean isRegion() {
        return region;
    }

    // ------------------------------------------------------------------ positions

    /** {@return the offset of the next relative read} */
    public int readPosition() {
        return readPosition;
    }

    /**
     * Moves the read position.
     *
     * @param position the offset of the next relative read
     * @return this
     * @throws IndexOutOfBoundsException unless {@code 0 <= position <= writePosition()}
     */
    public Bytes readPosition(int position) {
        if (position < 0 || position > writePosition) {
            throw new IndexOutOfBoundsException("read position " + position + " outside [0, " + writePosition + "]");
        }
        readPosition = position;
        return this;
    }

    /** {@return the offset of the next relative write; also the end of the readable bytes} */
    public int writePosition() {
        return writePosition;
    }

    /**
     * Moves the write position, for example to drop a partly written record. Bytes between the old
     * and the new position keep whatever they held.
     *
     * @param position the offset of the next relative write
     * @return this
     * @throws IndexOutOfBoundsException unless {@code readPosition() <= position <= capacity()}
     */
    public Bytes writePosition(int position) {
        if (position < readPosition || position > capacity) {
            throw new IndexOutOfBoundsException("write position " + position + " outside [" + readPosition + ", "
                    + capacity + "]");
        }
        writePosition = position;
        return this;
    }

    /** {@return the number of bytes between the read and the write position} */
    public int readRemaining() {
        return writePosition - readPosition;
    }

    /** {@return the bytes that fit before the current capacity is reached (an elastic instance may grow further)} */
    public int writeRemaining() {
        return capacity - writePosition;
    }

    /** {@return the current size of the backing storage, in bytes} */
    public int capacity() {
        return capacity;
    }

    /** {@return true when writes grow the backing array (up to {@link #maxCapacity()})} */
    public boolean isElastic() {
        return elastic;
    }

    /** {@return the capacity this instance may grow to; equal to {@link #capacity()} for a fixed-size instance} */
    public int maxCapacity() {
        return maxCapacity;
    }

    /** {@return true when the backing storage is a direct or memory-mapped buffer} */
    public boolean isDirect() {
        return buffer != null && buffer.isDirect();
    }

    /**
     * Sets both positions to 0. Allocates nothing.
     * @return this
     */
    public Bytes clear() {
        readPosition = 0;
        writePosition = 0;
        return this;
    }

    /**
     * Moves the unread bytes to offset 0 and shifts both positions accordingly, so a consumer that
     * reads from a stream can keep appending to a bounded buffer. Allocates nothing.
     *
     * @return this
     */
    public Bytes compact() {
        int remaining = writePosition - readPosition;
        if (readPosition > 0 && remaining > 0) {
            if (array != null) {
                System.arraycopy(array, readPosition, array, 0, remaining);
            } else {
                copyWithinBuffer(readPosition, 0, remaining);
            }
        }
        readPosition = 0;
        writePosition = remaining;
        return this;
    }

    /**
     * Makes room for {@code length} more bytes at the write position, growing an elastic instance.
     *
     * @param length the bytes about to be written
     * @return this
     * @throws IndexOutOfBoundsException when the room cannot be made (fixed size, or beyond the maximum capacity)
     */
    public Bytes ensureWritable(int length) {
        if (length > capacity - writePosition) {
            grow(writePosition, length);
        }
        return this;
    }

    // ------------------------------------------------------------------ relative writes

    // Each fixed-width write has its fast path first: a heap array with room, checked against the
    // array's own length (a heap instance's capacity is its array's length), which the store loads
    // anyway. A byte's check reads "p >= 0 && p < a.length" (p is never negative; the first test is
    // for C2), the form C2 folds into one unsigned compare that also stands for the array store's
    // range check. For a wider value C2 keeps both the fast path's compare and the VarHandle's own
    // index check: two compares, the price of a VarHandle over Unsafe (both seen in C2's code on
    // JDK 17 and 25). Anything else (a buffer, an array about to grow) takes the general path, out
    // of line.

    /**
     * Writes the low 8 bits of {@code value}.
     * @param value the byte; higher bits are ignored
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeInt8(int value) {
        final byte[] a = array;
        final int p = writePosition;
        if (a != null && p >= 0 && p < a.length) {
            a[p] = (byte) value;
            writePosition = p + 1;
            return this;
        }
        writeInt8Slow(value);
        return this;
    }

    /**
     * Writes the low 16 bits of {@code value}, little-endian.
     * @param value the 16 bits, signed or unsigned; higher bits are ignored
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeInt16(int value) {
        final byte[] a = array;
        final int p = writePosition;
        if (a != null && p <= a.length - Short.BYTES) {
            SHORT_ARRAY.set(a, p, (short) value);
            writePosition = p + Short.BYTES;
            return this;
        }
        writeInt16Slow(value);
        return this;
    }

    /**
     * Writes {@code value}, little-endian.
     * @param value the 4 bytes to write
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeInt32(int value) {
        final byte[] a = array;
        final int p = writePosition;
        if (a != null && p <= a.length - Integer.BYTES) {
            INT_ARRAY.set(a, p, value);
            writePosition = p + Integer.BYTES;
            return this;
        }
        writeInt32Slow(value);
        return this;
    }

    /**
     * Writes {@code value}, little-endian.
     * @param value the 8 bytes to write
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeInt64(long value) {
        final byte[] a = array;
        final int p = writePosition;
        if (a != null && p <= a.length - Long.BYTES) {
            LONG_ARRAY.set(a, p, value);
            writePosition = p + Long.BYTES;
            return this;
        }
        writeInt64Slow(value);
        return this;
    }

    /**
     * Writes the IEEE 754 bits of {@code value} (NaN payloads preserved), little-endian.
     * @param value any float, NaN and infinities included
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeFloat32(float value) {
        return writeInt32(Float.floatToRawIntBits(value));
    }

    /**
     * Writes the IEEE 754 bits of {@code value} (NaN payloads preserved), little-endian.
     * @param value any double, NaN and infinities included
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeFloat64(double value) {
        return writeInt64(Double.doubleToRawLongBits(value));
    }

    /**
     * Writes {@code length} bytes of {@code source} from {@code offset}.
     * @param source the bytes to copy
     * @param offset index in {@code source} of the first byte
     * @param length how many bytes to copy
     * @return this
     * @throws IndexOutOfBoundsException if the range is outside {@code source}, or the bytes do not fit
     *         (fixed or maximum capacity); nothing is written
     */
    public Bytes write(byte[] source, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, source.length);
        int p = writeStart(length);
        putBytes(p, source, offset, length);
        writePosition = p + length;
        return this;
    }

    /**
     * Writes all of {@code source}.
     * @param source the bytes to copy
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes write(byte[] source) {
        return write(source, 0, source.length);
    }

    /**
     * Writes {@code length} written bytes of {@code source} from absolute {@code offset}; positions
     * of {@code source} do not move. {@code source} may be this instance.
     *
     * @param source the instance to copy from
     * @param offset absolute offset in {@code source} of the first byte
     * @param length how many bytes to copy
     * @return this
     * @throws IndexOutOfBoundsException if the range is not within {@code source}'s written bytes, or
     *         this instance cannot take {@code length} more bytes
     */
    public Bytes write(Bytes source, int offset, int length) {
        source.checkWritten(offset, length);
        int p = writeStart(length);
        if (source.array != null) {
            return write(source.array, offset, length);
        }
        if (array != null) {
            source.buffer.get(source.base + offset, array, p, length);
        } else if (source == this) {
            copyWithinBuffer(offset, p, length);
        } else {
            buffer.put(base + p, source.buffer, source.base + offset, length);
        }
        writePosition = p + length;
        return this;
    }

    /**
     * Writes {@code value} as an unsigned LEB128 varint (7 bits a byte, low bits first, high bit set
     * on every byte but the last): 1 byte for 0..127, 10 bytes for a negative value.
     *
     * @param value any long, read as unsigned
     * @return this
     * @throws IndexOutOfBoundsException if the bytes do not fit (fixed or maximum capacity); nothing is written
     */
    public Bytes writeVarint(long value) {
        if ((value & ~0x7FL) == 0) {
            return writeInt8((int) value);
        }
        int p = writeStart(varintLength(value));
        long v = value;
        while ((v & ~0x7FL) != 0) {
            putByte(p++, (byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        putByte(p++, (byte) v);
        writePosition = p;
        return this;
    }

    /**
     * {@return the bytes {@link #writeVarint(long)} takes for {@code value}: 1 to 10}
     * @param value any long, read as unsigned
     */
    public static int varintLength(long value) {
        return value == 0 ? 1 : (63 - Long.numberOfLeadingZeros(value)) / 7 + 1;
    }

    /**
     * Writes {@code text} as UTF-8 (no length, no terminator): one byte per ASCII char, and a
     * supplementary character as one 4-byte sequence. Allocates nothing, except once to grow an
     * internal array of chars the first time a {@code String} longer than any before is written.
     *
     * <p>An unpaired surrogate has no UTF-8 form. {@link String#getBytes} writes {@code '?'} for
     * it, which would change the text silently; this refuses it instead. The check costs nothing
     * on ASCII text: it is in the path for chars beyond ASCII.
     *
     * @param text the text to encode
     * @return the number of bytes written, {@link #utf8Length(CharSequence)}
     * @throws WireException (wire {@code "UTF-8"}, the write position of the surrogate) if
     *         {@code text} holds an unpaired surrogate; the bytes before it are written, so a caller
     *         that must stay atomic resets the write position, as {@link Wire#writeValue} does
     * @throws IndexOutOfBoundsException if the text does not fit (fixed or maximum capacity)
     */
    public int writeUtf8(CharSequence text) {
        int length = text.length();
        int p = writeStart(length);
        if (array == null) {
            writePosition = p;
            return Utf8Encoder.writeFrom(this, text, 0);
        }
        int ascii = text instanceof String string ? asciiPrefix(string, array, p) : Utf8Encoder.asciiPrefix(text, array, p);
        writePosition = p + ascii;
        return ascii == length ? length : ascii + Utf8Encoder.writeFrom(this, text, ascii);
    }

    /**
     * Bytes {@link #writeUtf8(CharSequence)} writes for {@code text} (an unpaired surrogate, which
     * it refuses, counts as one byte). Allocates nothing.
     *
     * @param text the text to measure
     * @return its UTF-8 length in bytes
     */
    public static int utf8Length(CharSequence text) {
        return Utf8Encoder.length(text);
    }

    // ------------------------------------------------------------------ relative reads

    /**
     * {@return the next byte, signed: -128..127}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public byte readInt8() {
        int p = readStart(1);
        readPosition = p + 1;
        return byteAt(p);
    }

    /**
     * {@return the next byte, unsigned: 0..255}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public int readUint8() {
        return readInt8() & 0xFF;
    }

    /**
     * {@return the next 2 bytes as a little-endian signed 16-bit value}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public short readInt16() {
        int p = readStart(2);
        readPosition = p + 2;
        return int16At(p);
    }

    /**
     * {@return the next 2 bytes as a little-endian unsigned 16-bit value, 0..65535}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public int readUint16() {
        return readInt16() & 0xFFFF;
    }

    /**
     * {@return the next 4 bytes as a little-endian 32-bit value}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public int readInt32() {
        int p = readStart(4);
        readPosition = p + 4;
        return int32At(p);
    }

    /**
     * {@return the next 8 bytes as a little-endian 64-bit value}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public long readInt64() {
        int p = readStart(8);
        readPosition = p + 8;
        return int64At(p);
    }

    /**
     * {@return the next 4 bytes as a little-endian IEEE 754 single, NaN payload kept}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public float readFloat32() {
        return Float.intBitsToFloat(readInt32());
    }

    /**
     * {@return the next 8 bytes as a little-endian IEEE 754 double, NaN payload kept}
     * @throws IndexOutOfBoundsException if fewer bytes are readable than the value takes; nothing is consumed
     */
    public double readFloat64() {
        return Double.longBitsToDouble(readInt64());
    }

    /**
     * Reads {@code length} bytes into {@code target} from {@code offset}.
     * @param target the array to fill
     * @param offset index in {@code target} of the first byte
     * @param length how many bytes to read
     * @return this
     * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable, or the range
     *         is outside {@code target}; nothing is consumed
     */
    public Bytes read(byte[] target, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, target.length);
        int p = readStart(length);
        getBytes(p, target, offset, length);
        readPosition = p + length;
        return this;
    }

    /**
     * Copies {@code length} written bytes from absolute {@code offset} into {@code target}; no
     * position moves.
     *
     * @param offset absolute offset of the first byte
     * @param target the array to fill
     * @param targetOffset index in {@code target} of the first byte
     * @param length how many bytes to copy
     * @return this
     * @throws IndexOutOfBoundsException if the range is not within the written bytes or {@code target}
     */
    public Bytes copyTo(int offset, byte[] target, int targetOffset, int length) {
        checkWritten(offset, length);
        java.util.Objects.checkFromIndexSize(targetOffset, length, target.length);
        getBytes(offset, target, targetOffset, length);
        return this;
    }

    /**
     * Reads an unsigned LEB128 varint, as written by {@link #writeVarint(long)}, accepting
     * non-minimal (padded) encodings of up to 10 bytes.
     *
     * @return the value, read as unsigned (a 10-byte varint may give a negative long)
     * @throws IndexOutOfBoundsException if the varint is cut off by the write position
     * @throws IllegalArgumentException if it runs past 10 bytes (nothing is consumed)
     */
    public long readVarint() {
        int p = readPosition;
        if (p < writePosition) {
            byte first = byteAt(p);
            if (first >= 0) {
                readPosition = p + 1;
                return first;
            }
        }
        return readVarintSlow(p);
    }

    // ------------------------------------------------------------------ absolute access to written bytes

    /**
     * {@return the signed byte at {@code offset}, which must be below the write position}
     * @param offset absolute offset
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public byte readInt8At(int offset) {
        checkWritten(offset, 1);
        return byteAt(offset);
    }

    /**
     * {@return the byte at {@code offset}, unsigned: 0..255}
     * @param offset absolute offset
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public int readUint8At(int offset) {
        return readInt8At(offset) & 0xFF;
    }

    /**
     * {@return the little-endian signed 16-bit value at {@code offset}}
     * @param offset absolute offset of its first byte
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public short readInt16At(int offset) {
        checkWritten(offset, 2);
        return int16At(offset);
    }

    /**
     * {@return the little-endian 32-bit value at {@code offset}}
     * @param offset absolute offset of its first byte
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public int readInt32At(int offset) {
        checkWritten(offset, 4);
        return int32At(offset);
    }

    /**
     * {@return the little-endian 64-bit value at {@code offset}}
     * @param offset absolute offset of its first byte
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public long readInt64At(int offset) {
        checkWritten(offset, 8);
        return int64At(offset);
    }

    /**
     * Overwrites the byte at {@code offset}, which must be below the write position.
     * @param offset absolute offset
     * @param value the byte; higher bits are ignored
     * @return this
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public Bytes writeInt8At(int offset, int value) {
        checkWritten(offset, 1);
        putByte(offset, (byte) value);
        return this;
    }

    /**
     * Overwrites 2 bytes at {@code offset}, little-endian.
     * @param offset absolute offset of the first byte
     * @param value the 16 bits; higher bits are ignored
     * @return this
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public Bytes writeInt16At(int offset, int value) {
        checkWritten(offset, 2);
        putInt16(offset, (short) value);
        return this;
    }

    /**
     * Overwrites 4 bytes at {@code offset}, little-endian; used to back-patch lengths.
     * @param offset absolute offset of the first byte
     * @param value the 4 bytes to write
     * @return this
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public Bytes writeInt32At(int offset, int value) {
        checkWritten(offset, 4);
        putInt32(offset, value);
        return this;
    }

    /**
     * Overwrites 8 bytes at {@code offset}, little-endian.
     * @param offset absolute offset of the first byte
     * @param value the 8 bytes to write
     * @return this
     * @throws IndexOutOfBoundsException if the bytes are not all below the write position
     */
    public Bytes writeInt64At(int offset, long value) {
        checkWritten(offset, 8);
        putInt64(offset, value);
        return this;
    }

    // ------------------------------------------------------------------ ranges: text and comparison

    /**
     * Appends the UTF-8 text in {@code [offset, offset + length)} to {@code target}, validating it:
     * overlong forms, surrogate code points, code points above U+10FFFF and cut-off sequences are
     * malformed. Allocates nothing when {@code target} has room.
     *
     * @param offset absolute offset of the first byte
     * @param length the range's length in bytes
     * @param target where the decoded chars are appended
     * @return -1 when the whole range was valid, otherwise the offset of the first malformed
     *         sequence (the chars before it have been appended)
     * @throws IndexOutOfBoundsException if the range is not within the written bytes
     */
    public int readUtf8(int offset, int length, StringBuilder target) {
        checkWritten(offset, length);
        final int end = offset + length;
        int p = offset;
        if (array != null) {
            final byte[] a = array;
            while (p < end && a[p] >= 0) {
                target.append((char) a[p++]);
            }
        }
        return p == end ? -1 : Utf8Decoder.append(this, p, end, target);
    }

    /**
     * {@return the UTF-8 text in the range as a new {@code String}} Allocates.
     *
     * @param offset absolute offset of the first byte
     * @param length the range's length in bytes
     * @throws IllegalArgumentException if the range is not valid UTF-8 (the message names the offset)
     * @throws IndexOutOfBoundsException if the range is not within the written bytes
     */
    public String toUtf8String(int offset, int length) {
        checkWritten(offset, length);
        StringBuilder text = new StringBuilder(length);
        int bad = readUtf8(offset, length, text);
        if (bad >= 0) {
            throw new IllegalArgumentException("malformed UTF-8 at offset " + bad);
        }
        return text.toString();
    }

    /**
     * {@return true when the range holds exactly the bytes of {@code other}} Allocates nothing.
     * @param offset absolute offset of the first byte
     * @param length the range's length in bytes
     * @param other the bytes to compare with
     * @throws IndexOutOfBoundsException if the lengths are equal and the range is not within the written bytes
     */
    public boolean contentEquals(int offset, int length, byte[] other) {
        if (length != other.length) {
            return false;
        }
        checkWritten(offset, length);
        if (array != null) {
            return Arrays.equals(array, offset, offset + length, other, 0, length);
        }
        for (int i = 0; i < length; i++) {
            if (buffer.get(base + offset + i) != other[i]) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ copies and channels

    /** {@return the readable bytes as a new array} Allocates; no position moves. */
    public byte[] toByteArray() {
        byte[] copy = new byte[readRemaining()];
        getBytes(readPosition, copy, 0, copy.length);
        return copy;
    }

    /**
     * Feeds the written bytes from {@code offset} for {@code length} bytes to {@code checksum}
     * (a {@link java.util.zip.CRC32C}, say); the positions do not move. Allocates nothing on a heap
     * instance or a region of a heap buffer; over a direct buffer, a view of it the first time (for
     * a region, the first time after it is pointed at a different buffer object).
     *
     * @param checksum the checksum to update
     * @param offset absolute offset of the first byte
     * @param length the range's length in bytes
     * @throws IndexOutOfBoundsException if the range is not within the written bytes
     */
    public void updateChecksum(java.util.zip.Checksum checksum, int offset, int length) {
        checkWritten(offset, length);
        if (array != null) {
            checksum.update(array, offset, length);
        } else if (buffer.hasArray()) {
            checksum.update(buffer.array(), buffer.arrayOffset() + base + offset, length);
        } else {
            ByteBuffer view = channelView();
            view.limit(base + offset + length).position(base + offset);
            checksum.update(view);
        }
    }

    /**
     * Reads from {@code channel} into the space after the write position (growing an elastic
     * instance to at least {@code minSpace} free bytes first) and advances the write position.
     * Allocates nothing after the first call, unless the array grows.
     *
     * @param channel the channel to read from; a blocking channel blocks until some bytes arrive
     * @param minSpace free bytes to make room for before reading
     * @return the bytes read, 0 if none were available, -1 at end of stream
     * @throws IOException from the channel
     */
    public int readFrom(ReadableByteChannel channel, int minSpace) throws IOException {
        ensureWritable(minSpace);
        ByteBuffer view = channelView();
        view.limit(base + capacity).position(base + writePosition);
        int n = channel.read(view);
        if (n > 0) {
            writePosition += n;
        }
        return n;
    }

    /**
     * Writes readable bytes to {@code channel} and advances the read position by what was written
     * (a non-blocking channel may take fewer than all). Allocates nothing after the first call.
     *
     * @param channel the channel to write to; a blocking channel blocks until all are written
     * @return the bytes written
     * @throws IOException from the channel
     */
    public int writeTo(WritableByteChannel channel) throws IOException {
        ByteBuffer view = channelView();
        view.limit(base + writePosition).position(base + readPosition);
        int n = channel.write(view);
        readPosition += n;
        return n;
    }

    /** {@return a short description of the positions and backing, for debugging} Allocates. */
    @Override
    public String toString() {
        return "Bytes[read=" + readPosition + ", write=" + writePosition + ", capacity=" + capacity
                + (elastic ? ", elastic" : array != null ? ", array" : buffer.isDirect() ? ", direct" : ", heap buffer")
                + (region ? ", region at index " + base : "")
                + "]";
    }

    /** {@return the readable bytes decoded as UTF-8 (malformed bytes replaced), for tests and debugging} Allocates. */
    public String readableText() {
        return new String(toByteArray(), StandardCharsets.UTF_8);
    }
}
