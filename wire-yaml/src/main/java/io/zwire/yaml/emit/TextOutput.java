package io.zwire.yaml.emit;

import io.zwire.Bytes;
import io.zwire.internal.BytesAccess;
import io.zwire.text.keys.FieldKeys;
import io.zwire.internal.DoubleToDecimal;
import io.zwire.internal.LongToDecimal;
import io.zwire.internal.RecentValues;

/**
 * Appends text to a {@link Bytes} by plain array stores, committed in batches: {@link #begin()}
 * starts a batch (a document), {@link #reserve(int)} makes room for the next few stores, the
 * {@code put} methods store without further checks, and {@link #end()} commits the batch with one
 * position update. So a line of YAML costs one capacity comparison, not a bounds check per byte.
 *
 * <p>The stores go straight into the backing array of a heap {@link Bytes}, growing an elastic
 * one as needed. A buffer-backed {@link Bytes}, and a fixed-size one once the batch no longer
 * fits in it, are written through a scratch array that {@link #end()} copies with
 * {@link Bytes#write(byte[], int, int)}: that fails with {@link IndexOutOfBoundsException} exactly
 * when the batch does not fit, never because a reservation was generous. Allocates only to grow
 * the scratch array.
 */
public final class TextOutput {
    private final Bytes bytes;
    private byte[] scratch = new byte[256];
    private byte[] buf;
    private int pos;
    /** Where the batch began in {@link #bytes}. */
    private int batchStart;
    /** Whether the batch is in {@link #scratch} rather than in the bytes' own array. */
    private boolean staged;
    private boolean open;

    public TextOutput(Bytes bytes) {
        this.bytes = bytes;
    }

    /** Starts a batch at the write position. */
    public void begin() {
        byte[] array = BytesAccess.array(bytes);
        batchStart = bytes.writePosition();
        if (array != null) {
            buf = array;
            pos = batchStart;
            staged = false;
        } else {
            buf = scratch;
            pos = 0;
            staged = true;
        }
        open = true;
    }

    /** Whether a batch has begun and not ended. */
    public boolean isOpen() {
        return open;
    }

    /**
     * Makes room for at least {@code n} more bytes.
     *
     * @throws IndexOutOfBoundsException if an elastic buffer cannot grow
     */
    public void reserve(int n) {
        if (buf.length - pos < n) {
            grow(n);
        }
    }

    private void grow(int n) {
        if (!staged && bytes.maxCapacity() - pos >= n) {
            bytes.writePosition(pos);
            bytes.ensureWritable(n);
            buf = BytesAccess.array(bytes);
            return;
        }
        int written = staged ? pos : pos - batchStart;
        if (scratch.length < written + n) {
            byte[] larger = new byte[Math.max(written + n, scratch.length * 2)];
            System.arraycopy(buf, staged ? 0 : batchStart, larger, 0, written);
            scratch = larger;
        } else if (!staged) {
            System.arraycopy(buf, batchStart, scratch, 0, written);
        }
        if (!staged) {
            bytes.writePosition(batchStart);
            staged = true;
        }
        buf = scratch;
        pos = written;
    }

    /**
     * Commits the batch.
     *
     * @throws IndexOutOfBoundsException if it does not fit a fixed-size buffer (nothing of it is
     *         written then)
     */
    public void end() {
        open = false;
        if (staged) {
            bytes.write(scratch, 0, pos);
        } else {
            bytes.writePosition(pos);
        }
    }

    /** Abandons the batch: nothing of it is committed. */
    public void abandon() {
        open = false;
    }

    /** Stores one byte. */
    public void put(int b) {
        buf[pos++] = (byte) b;
    }

    /** Stores two bytes. */
    public void put(int b1, int b2) {
        byte[] a = buf;
        int p = pos;
        a[p] = (byte) b1;
        a[p + 1] = (byte) b2;
        pos = p + 2;
    }

    /** Stores a line break and {@code indent} spaces. */
    public void newLine(int indent) {
        pos = lineBreak(buf, pos, indent);
    }

    private static int lineBreak(byte[] a, int p, int indent) {
        a[p] = '\n';
        for (int i = 1; i <= indent; i++) {
            a[p + i] = ' ';
        }
        return p + 1 + indent;
    }

    /** Stores the key {@code keys} keeps in {@code slot}; needs {@link FieldKeys#copyRoom} of its length in room. */
    public void key(FieldKeys keys, int slot) {
        pos = keys.copy(slot, buf, pos);
    }

    /**
     * Makes room for a line break, {@code indent} spaces, the key {@code keys} keeps in
     * {@code slot} and a value of at most {@code valueRoom} bytes, and stores all but the value.
     *
     * @throws IndexOutOfBoundsException if an elastic buffer cannot grow
     */
    public void keyLine(int indent, FieldKeys keys, int slot, int valueRoom) {
        reserveLine(indent, keys, slot, valueRoom);
        pos = keyLine(buf, pos, indent, keys, slot);
    }

    private void reserveLine(int indent, FieldKeys keys, int slot, int valueRoom) {
        reserve(1 + indent + FieldKeys.copyRoom(keys.length(slot)) + valueRoom);
    }

    private static int keyLine(byte[] a, int p, int indent, FieldKeys keys, int slot) {
        return indent == 0 ? keys.copyAfter('\n', slot, a, p) : keys.copy(slot, a, lineBreak(a, p, indent));
    }

    /**
     * As {@link #keyLine(int, FieldKeys, int, int)} with {@code value} in decimal as the value: a
     * keyed integer's whole line, the position stored once.
     *
     * @throws IndexOutOfBoundsException if an elastic buffer cannot grow
     */
    public void keyLineDecimal(int indent, FieldKeys keys, int slot, long value) {
        reserveLine(indent, keys, slot, LongToDecimal.MAX_LONG_LENGTH);
        final byte[] a = buf;
        pos = LongToDecimal.writeLong(value, a, keyLine(a, pos, indent, keys, slot));
    }

    /** Takes back the last {@code n} bytes stored. */
    public void retract(int n) {
        pos -= n;
    }

    /** Stores the bytes {@code recent} keeps in {@code slot}; needs {@link RecentValues#copyRoom} of their length in room. */
    public void recalled(RecentValues recent, int slot) {
        pos = recent.copy(slot, buf, pos);
    }

    /** Has {@code recent} keep, in {@code slot}, what was stored since {@code from} as {@code value}'s encoding. */
    public void rememberSince(int from, RecentValues recent, int slot, String value) {
        recent.remember(slot, buf, from, pos - from, value);
    }

    /** Where the next byte goes, for {@link #rememberSince}. */
    public int position() {
        return pos;
    }

    /** Stores {@code length} bytes of {@code source} from {@code offset}. */
    public void put(byte[] source, int offset, int length) {
        System.arraycopy(source, offset, buf, pos, length);
        pos += length;
    }

    /** Stores the chars of {@code text}, each of which the caller knows to be ASCII. */
    public void ascii(CharSequence text) {
        byte[] a = buf;
        int p = pos;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            a[p + i] = (byte) text.charAt(i);
        }
        pos = p + length;
    }

    /**
     * Stores the leading ASCII chars of {@code text} and returns how many there were; the caller
     * stores the rest.
     */
    public int asciiPrefix(CharSequence text) {
        final byte[] a = buf;
        final int p = pos;
        final int length = text.length();
        int i = 0;
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                break;
            }
            a[p + i] = (byte) c;
        }
        pos = p + i;
        return i;
    }

    /** Stores a decimal integer (at most {@link LongToDecimal#MAX_LONG_LENGTH} bytes). */
    public void decimal(long value) {
        pos = LongToDecimal.writeLong(value, buf, pos);
    }

    /** Stores a finite double's shortest text (at most {@link DoubleToDecimal#MAX_DOUBLE_LENGTH} + 1 bytes). */
    public void shortest(double value) {
        int start = pos;
        pos = signExponent(buf, start, DoubleToDecimal.writeDouble(value, buf, start));
    }

    /** Stores a finite float's shortest text (at most {@link DoubleToDecimal#MAX_FLOAT_LENGTH} + 1 bytes). */
    public void shortest(float value) {
        int start = pos;
        pos = signExponent(buf, start, DoubleToDecimal.writeFloat(value, buf, start));
    }

    /**
     * Inserts '+' after an 'E' not followed by '-' ({@code 1.0E21} becomes {@code 1.0E+21}), which
     * YAML 1.1 readers need to see a float; returns the new end.
     */
    private static int signExponent(byte[] a, int start, int end) {
        for (int p = end - 2; p > start && p >= end - 4; p--) {
            if (a[p] == 'E') {
                if (a[p + 1] == '-') {
                    return end;
                }
                System.arraycopy(a, p + 1, a, p + 2, end - p - 1);
                a[p + 1] = '+';
                return end + 1;
            }
        }
        return end;
    }

    /** Stores the UTF-8 of one char; a surrogate must be handled by the caller. */
    public void utf8(char c) {
        byte[] a = buf;
        int p = pos;
        if (c < 0x80) {
            a[p] = (byte) c;
            pos = p + 1;
        } else if (c < 0x800) {
            a[p] = (byte) (0xC0 | c >> 6);
            a[p + 1] = (byte) (0x80 | c & 0x3F);
            pos = p + 2;
        } else {
            a[p] = (byte) (0xE0 | c >> 12);
            a[p + 1] = (byte) (0x80 | c >> 6 & 0x3F);
            a[p + 2] = (byte) (0x80 | c & 0x3F);
            pos = p + 3;
        }
    }

    /** Stores the UTF-8 of a supplementary code point. */
    public void utf8(int codePoint) {
        byte[] a = buf;
        int p = pos;
        a[p] = (byte) (0xF0 | codePoint >> 18);
        a[p + 1] = (byte) (0x80 | codePoint >> 12 & 0x3F);
        a[p + 2] = (byte) (0x80 | codePoint >> 6 & 0x3F);
        a[p + 3] = (byte) (0x80 | codePoint & 0x3F);
        pos = p + 4;
    }
}
