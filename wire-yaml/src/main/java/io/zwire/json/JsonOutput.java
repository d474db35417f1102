package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.internal.BytesAccess;
import io.zwire.internal.MisplacedCalls;
import io.zwire.text.base64.Base64Text;
import io.zwire.text.keys.FieldKeys;
import io.zwire.internal.DoubleToDecimal;
import io.zwire.internal.LongToDecimal;
import io.zwire.internal.RecentValues;
import io.zwire.text.scan.ByteWords;

import java.nio.charset.StandardCharsets;

/**
 * The tokens of JSON output: keys, numbers, strings with escaping, base64, literals. Structure
 * (commas between values, brackets) is the callers' job.
 *
 * <p>Between {@link #begin()} and {@link #end()} the output keeps its own cursor: a heap buffer's
 * backing array and a local position, as jackson-core's generators do, so a token costs one room
 * check and plain array stores rather than a checked {@link Bytes} call per byte. The buffer's
 * write position is brought up to date when it must grow and at {@link #end()}. A buffer-backed
 * {@code Bytes} is written through a staging array flushed when full. Room is asked for the exact
 * size of a token wherever that is known, so a fixed-size buffer fails (with
 * {@link IndexOutOfBoundsException}, from {@link Bytes}) exactly when the document does not fit.
 * A field's text that is the same {@code String} instance as the last time is copied as the bytes
 * written then, quotes and escapes included ({@link #fieldText}). Allocates nothing, except when
 * an elastic buffer grows.
 */
final class JsonOutput {
    static final byte[] NAN = ascii("\"NaN\"");
    static final byte[] POSITIVE_INFINITY = ascii("\"Infinity\"");
    static final byte[] NEGATIVE_INFINITY = ascii("\"-Infinity\"");
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] NULL = ascii("null");
    private static final byte[] HEX = ascii("0123456789ABCDEF");
    /** Room for the longest number formatted into {@link #number}. */
    private static final int NUMBER_ROOM = Math.max(LongToDecimal.MAX_LONG_LENGTH, DoubleToDecimal.MAX_DOUBLE_LENGTH);
    /** Strings at least this long are checked through {@link #chars}; shorter ones char by char. */
    private static final int BULK_CHARS = 16;

    private final Bytes bytes;
    private final FieldKeys keys = new FieldKeys(JsonKeySpelling::spell);
    private final RecentValues recent = new RecentValues(FieldKeys.SLOT_COUNT);
    /** The slot of the key written last, or -1 if its key is not kept: where {@link #fieldText} looks. */
    private int keySlot = -1;
    /** The field of the key written last when its key is not kept, to name it in an error. */
    private Field unkeptKey;
    /** How many times {@link #staging} has been handed to the buffer, so a string's bytes are known to be whole in it. */
    private int flushes;
    /** Numbers are formatted here when the buffer lacks room for the longest form, then copied exactly. */
    private final byte[] number = new byte[NUMBER_ROOM];
    /** A longer string's chars, copied out in chunks. */
    private final char[] chars = new char[256];
    /** Where output for a buffer-backed {@code Bytes} is gathered. */
    private final byte[] staging = new byte[1024];

    /** The array written to: the buffer's own, or {@link #staging}. */
    private byte[] buf;
    private int pos;
    /** The end of the room in {@link #buf}. */
    private int end;

    JsonOutput(Bytes bytes) {
        this.bytes = bytes;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** Takes over the buffer's write position; nothing else may write to the buffer until {@link #end()}. */
    void begin() {
        byte[] array = BytesAccess.array(bytes);
        if (array != null) {
            buf = array;
            pos = bytes.writePosition();
            end = bytes.capacity();
        } else {
            buf = staging;
            pos = 0;
            end = staging.length;
        }
    }

    /**
     * Hands the write position back to the buffer, after the last token, and closes the output:
     * with no room and no array, a token written before the next {@link #begin()} (through a
     * {@link io.zwire.WireOut} kept past its document) reaches {@link #grow}, which refuses it.
     */
    void end() {
        if (buf == staging) {
            bytes.write(staging, 0, pos);
        } else {
            bytes.writePosition(pos);
        }
        abandon();
    }

    /** Forgets a document that failed part-way; the caller resets the buffer's write position. */
    void abandon() {
        buf = null;
        pos = 0;
        end = 0;
    }

    /** Makes {@code length} bytes of room at {@link #pos}, or throws {@link IndexOutOfBoundsException}. */
    private void room(int length) {
        if (end - pos < length) {
            grow(length);
        }
    }

    private void grow(int length) {
        if (buf == null) {
            throw MisplacedCalls.writtenOutsideDocument("a field or value written");
        }
        if (buf == staging) {
            bytes.write(staging, 0, pos);
            pos = 0;
            flushes++;
            if (length > staging.length) {
                throw new IllegalArgumentException("a token of " + length + " bytes is longer than the staging array");
            }
            return;
        }
        bytes.writePosition(pos);
        bytes.ensureWritable(length);
        buf = BytesAccess.array(bytes);
        end = bytes.capacity();
    }

    /** True if {@code length} bytes fit in one piece (always, on a heap buffer that can grow or has room). */
    private boolean fitsInOnePiece(int length) {
        return buf != staging || length <= staging.length;
    }

    void raw(int b) {
        if (pos == end) {
            grow(1);
        }
        buf[pos++] = (byte) b;
    }

    private void raw(byte[] token) {
        int length = token.length;
        if (!fitsInOnePiece(length)) {
            for (byte b : token) {
                raw(b);
            }
            return;
        }
        room(length);
        final byte[] b = buf;
        int p = pos;
        for (int i = 0; i < length; i++) {
            b[p + i] = token[i];
        }
        pos = p + length;
    }

    /** Writes an optional comma, then {@code "name":}. */
    void key(Field field, boolean comma) {
        final FieldKeys k = keys;
        int slot = k.slot(field);
        keySlot = slot;
        if (slot < 0) {
            unkeptKey = field;
            if (comma) {
                raw(',');
            }
            string(field.name());
            raw(':');
            return;
        }
        final int length = k.length(slot);
        // Room for whole words when there is plenty, so a fixed buffer near its end still fits exactly.
        if (end - pos < FieldKeys.copyRoom(length)) {
            keySlow(slot, length, comma);
            return;
        }
        pos = comma ? k.copyAfter(',', slot, buf, pos) : k.copy(slot, buf, pos);
    }

    /**
     * True when the last byte written is a key's ':', so the key's value is still to come: a JSON
     * value ends in a digit, a letter, a quote or a bracket, never a ':'. Staged output is flushed
     * only to make room for a token, so that byte is still in the array until the next token is
     * written; outside a document the position is 0 and nothing is read.
     */
    boolean afterKey() {
        final int p = pos;
        return p > 0 && buf[p - 1] == ':';
    }

    /** The field of the key written last. */
    Field lastKey() {
        return keySlot >= 0 ? keys.field(keySlot) : unkeptKey;
    }

    private void keySlow(int slot, int length, boolean comma) {
        if (comma) {
            raw(',');
        }
        room(length);
        keys.copyExactly(slot, buf, pos);
        pos += length;
    }

    /** Writes {@code "@alias":}; aliases are ASCII letters, digits, '.', '_' and '-' only (see TypeRegistry). */
    void typeKey(String alias) {
        int length = alias.length();
        if (!fitsInOnePiece(length + 4)) {
            raw('"');
            raw('@');
            for (int i = 0; i < length; i++) {
                raw(alias.charAt(i));
            }
            raw('"');
            raw(':');
            return;
        }
        room(length + 4);
        final byte[] b = buf;
        int p = pos;
        b[p++] = '"';
        b[p++] = '@';
        for (int i = 0; i < length; i++) {
            b[p++] = (byte) alias.charAt(i);
        }
        b[p++] = '"';
        b[p++] = ':';
        pos = p;
    }

    void integer(long value) {
        if (end - pos >= LongToDecimal.MAX_LONG_LENGTH) {
            pos = LongToDecimal.writeLong(value, buf, pos);
        } else {
            copyNumber(LongToDecimal.writeLong(value, number, 0));
        }
    }

    private void copyNumber(int length) {
        room(length);
        System.arraycopy(number, 0, buf, pos, length);
        pos += length;
    }

    /** The shortest decimal that reads back as {@code value}; NaN and the infinities as strings. */
    void float64(double value) {
        if (!Double.isFinite(value)) {
            raw(Double.isNaN(value) ? NAN : value > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY);
        } else if (end - pos >= DoubleToDecimal.MAX_DOUBLE_LENGTH) {
            pos = DoubleToDecimal.writeDouble(value, buf, pos);
        } else {
            copyNumber(DoubleToDecimal.writeDouble(value, number, 0));
        }
    }

    /** As {@link #float64}, with the shortest decimal that reads back as the same float. */
    void float32(float value) {
        if (!Float.isFinite(value)) {
            raw(Float.isNaN(value) ? NAN : value > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY);
        } else if (end - pos >= DoubleToDecimal.MAX_FLOAT_LENGTH) {
            pos = DoubleToDecimal.writeFloat(value, buf, pos);
        } else {
            copyNumber(DoubleToDecimal.writeFloat(value, number, 0));
        }
    }

    /** Writes a number's text as it is ({@code BigInteger} and {@code BigDecimal} strings are JSON numbers). */
    void numberText(String text) {
        raw(ascii(text));
    }

    void bool(boolean value) {
        raw(value ? TRUE : FALSE);
    }

    void nullValue() {
        raw(NULL);
    }

    /**
     * Writes {@code value} as a JSON string: UTF-8, with {@code "} and {@code \} escaped, control
     * characters as {@code \n}-style or <code>&#92;u00XX</code> escapes. An unpaired surrogate,
     * which UTF-8 cannot hold, is written as its <code>&#92;uXXXX</code> escape, which JSON can, so
     * the text reads back exactly.
     */
    void string(CharSequence value) {
        final int length = value.length();
        int i = 0;
        if (fitsInOnePiece(length + 2)) {
            // Plain ASCII fills exactly length + 2 bytes: the common case, stored straight into the array.
            room(length + 2);
            final byte[] b = buf;
            int p = pos;
            b[p++] = '"';
            i = length >= BULK_CHARS && value instanceof String text ? plainPrefixInBulk(text, b, p) : plainPrefix(value, b, p);
            p += i;
            if (i == length) {
                b[p++] = '"';
                pos = p;
                return;
            }
            pos = p;
        } else {
            raw('"');
        }
        stringSlow(value, i);
        raw('"');
    }

    /**
     * Writes a field's text value as {@link #string} does, right after its key: the same
     * {@code String} instance as last time for that key is copied as the bytes written then
     * ({@link RecentValues}), quotes and escapes included.
     */
    void fieldText(String value) {
        final int slot = keySlot;
        if (slot < 0) {
            string(value);
            return;
        }
        final RecentValues r = recent;
        int known = r.writtenLength(slot, value);
        if (known >= 0 && end - pos >= RecentValues.copyRoom(known)) {
            pos = r.copy(slot, buf, pos);
            return;
        }
        if (!r.worthRemembering(slot)) {
            string(value);
            return;
        }
        final int from = pos;
        final int flushed = flushes;
        string(value);
        if (flushes == flushed) {
            r.remember(slot, buf, from, pos - from, value);
        }
    }

    /** Copies the leading characters that need no escaping into {@code b} at {@code at}; returns how many. */
    private static int plainPrefix(CharSequence value, byte[] b, int at) {
        final int length = value.length();
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (!plain(c)) {
                return i;
            }
            b[at + i] = (byte) c;
        }
        return length;
    }

    /**
     * As {@link #plainPrefix(CharSequence, byte[], int)} for a longer {@code String}. Its chars are
     * copied out in bulk ({@code getChars} is a vectorised copy) and narrowed to bytes in a loop
     * with no branch, OR-ing them together to see whether any is beyond ASCII; the bytes are then
     * checked for a quote, a backslash or a control character eight at a time. Only a chunk that
     * has one of those is looked at char by char, to find where the plain prefix ends: bytes
     * stored past that point are overwritten by the caller.
     */
    private int plainPrefixInBulk(String value, byte[] b, int at) {
        final char[] cs = chars;
        final int length = value.length();
        for (int done = 0; done < length; done += cs.length) {
            final int chunk = Math.min(cs.length, length - done);
            value.getChars(done, done + chunk, cs, 0);
            final int base = at + done;
            if (ByteWords.narrow(cs, chunk, b, base) >= 0x80 || needsEscape(b, base, chunk)) {
                return done + plainRun(cs, chunk);
            }
        }
        return length;
    }

    /** How many of the first {@code count} chars need no escaping. */
    private static int plainRun(char[] cs, int count) {
        for (int k = 0; k < count; k++) {
            if (!plain(cs[k])) {
                return k;
            }
        }
        return count;
    }

    /** An ASCII char written as it is: not a control character, '"' or '\\'. */
    private static boolean plain(char c) {
        return c < 0x80 && c >= ' ' && c != '"' && c != '\\';
    }

    /**
     * Whether any of {@code count} ASCII bytes from {@code from} is a control character, '"' or
     * '\\': a word at a time with the reader's own test ({@link JsonInput#hasSpecialByte}).
     */
    private static boolean needsEscape(byte[] b, int from, int count) {
        int i = 0;
        for (; i + 8 <= count; i += 8) {
            if (JsonInput.hasSpecialByte(ByteWords.word(b, from + i))) {
                return true;
            }
        }
        for (; i < count; i++) {
            if (!plain((char) b[from + i])) {
                return true;
            }
        }
        return false;
    }

    private void stringSlow(CharSequence value, int from) {
        final int length = value.length();
        for (int i = from; i < length; i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                if (c >= ' ' && c != '"' && c != '\\') {
                    raw(c);
                } else {
                    escape(c);
                }
            } else if (c < 0x800) {
                room(2);
                buf[pos] = (byte) (0xC0 | c >> 6);
                buf[pos + 1] = (byte) (0x80 | c & 0x3F);
                pos += 2;
            } else if (!Character.isSurrogate(c)) {
                room(3);
                buf[pos] = (byte) (0xE0 | c >> 12);
                buf[pos + 1] = (byte) (0x80 | c >> 6 & 0x3F);
                buf[pos + 2] = (byte) (0x80 | c & 0x3F);
                pos += 3;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(value.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, value.charAt(++i));
                room(4);
                buf[pos] = (byte) (0xF0 | codePoint >> 18);
                buf[pos + 1] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                buf[pos + 2] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                buf[pos + 3] = (byte) (0x80 | codePoint & 0x3F);
                pos += 4;
            } else {
                unicodeEscape(c);
            }
        }
    }

    private void escape(char c) {
        int shorthand = switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '\n' -> 'n';
            case '\r' -> 'r';
            case '\t' -> 't';
            case '\b' -> 'b';
            case '\f' -> 'f';
            default -> -1;
        };
        if (shorthand < 0) {
            unicodeEscape(c);
        } else {
            room(2);
            buf[pos] = '\\';
            buf[pos + 1] = (byte) shorthand;
            pos += 2;
        }
    }

    private void unicodeEscape(char c) {
        room(6);
        final byte[] b = buf;
        int p = pos;
        b[p] = '\\';
        b[p + 1] = 'u';
        b[p + 2] = HEX[c >> 12];
        b[p + 3] = HEX[c >> 8 & 0xF];
        b[p + 4] = HEX[c >> 4 & 0xF];
        b[p + 5] = HEX[c & 0xF];
        pos = p + 6;
    }

    /** Writes {@code "..."} holding one UTF-16 unit; an unpaired surrogate as its escape. */
    void char16(char value) {
        if (value >= ' ' && value < 0x80 && value != '"' && value != '\\') {
            room(3);
            buf[pos] = '"';
            buf[pos + 1] = (byte) value;
            buf[pos + 2] = '"';
            pos += 3;
            return;
        }
        raw('"');
        if (value < 0x80) {
            escape(value);
        } else if (Character.isSurrogate(value)) {
            unicodeEscape(value);
        } else if (value < 0x800) {
            raw(0xC0 | value >> 6);
            raw(0x80 | value & 0x3F);
        } else {
            raw(0xE0 | value >> 12);
            raw(0x80 | value >> 6 & 0x3F);
            raw(0x80 | value & 0x3F);
        }
        raw('"');
    }

    /** Writes the bytes as a base64 string (standard alphabet, padded). */
    void base64(byte[] value, int offset, int length) {
        int encoded = Base64Text.encodedLength(length);
        if (fitsInOnePiece(encoded + 2)) {
            room(encoded + 2);
            buf[pos] = '"';
            pos = Base64Text.encode(value, offset, length, buf, pos + 1);
            buf[pos++] = '"';
            return;
        }
        raw('"');
        // In whole groups of three bytes, so no padding appears before the end.
        final int chunk = staging.length / 4 * 3;
        for (int done = 0; done < length; done += chunk) {
            int part = Math.min(chunk, length - done);
            room(Base64Text.encodedLength(part));
            pos = Base64Text.encode(value, offset + done, part, buf, pos);
        }
        raw('"');
    }
}
