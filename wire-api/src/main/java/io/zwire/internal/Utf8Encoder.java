package io.zwire.internal;

import io.zwire.Bytes;
import io.zwire.WireException;

/**
 * UTF-8 encoding of text beyond ASCII, and the UTF-8 length of text: the general path of
 * {@link Bytes#writeUtf8}, whose ASCII fast path stays in {@link Bytes} beside the array it fills.
 * An unpaired surrogate has no UTF-8 form and is refused, never replaced.
 */
public final class Utf8Encoder {
    private Utf8Encoder() {
    }

    /**
     * Writes the chars of {@code text} from {@code from} as UTF-8 at the write position of
     * {@code bytes}. Allocates nothing but the growth of an elastic instance.
     *
     * @param bytes where to write
     * @param text  the text
     * @param from  the first char to write
     * @return the number of bytes written
     * @throws WireException (wire {@code "UTF-8"}, the write position of the surrogate) if the
     *         chars hold an unpaired surrogate; the bytes before it are written
     */
    public static int writeFrom(Bytes bytes, CharSequence text, int from) {
        int start = bytes.writePosition();
        int length = text.length();
        for (int i = from; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes.writeInt8(c);
            } else if (c < 0x800) {
                bytes.writeInt8(0xC0 | c >> 6).writeInt8(0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                bytes.writeInt8(0xF0 | cp >> 18).writeInt8(0x80 | cp >> 12 & 0x3F)
                        .writeInt8(0x80 | cp >> 6 & 0x3F).writeInt8(0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(c)) {
                throw unpairedSurrogate(text, i, bytes.writePosition());
            } else {
                bytes.writeInt8(0xE0 | c >> 12).writeInt8(0x80 | c >> 6 & 0x3F).writeInt8(0x80 | c & 0x3F);
            }
        }
        return bytes.writePosition() - start;
    }

    /**
     * Copies the leading ASCII chars of {@code text} to {@code target} from {@code offset}, which
     * has room for all of {@code text}'s chars. Allocates nothing.
     *
     * @param text   the text
     * @param target the array
     * @param offset where the first char goes
     * @return how many chars were copied
     */
    public static int asciiPrefix(CharSequence text, byte[] target, int offset) {
        int length = text.length();
        int i = 0;
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                break;
            }
            target[offset + i] = (byte) c;
        }
        return i;
    }

    /** The refusal of an unpaired surrogate at {@code index} of {@code text}. Allocates: the error path only. */
    private static WireException unpairedSurrogate(CharSequence text, int index, long offset) {
        return new WireException("UTF-8", offset, String.format(
                "text UTF-8 can hold, but char %d of a text of %d chars is the unpaired surrogate U+%04X, "
                        + "which has no UTF-8 form", index, text.length(), (int) text.charAt(index)));
    }

    /**
     * The bytes {@link Bytes#writeUtf8} writes for {@code text}; an unpaired surrogate, which it
     * refuses, counts as one byte. Allocates nothing.
     *
     * @param text the text
     * @return its UTF-8 length
     */
    public static int length(CharSequence text) {
        int length = text.length();
        int bytes = length;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                bytes += extraBytes(text, i, c);
                if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                }
            }
        }
        return bytes;
    }

    private static int extraBytes(CharSequence text, int i, char c) {
        if (c < 0x800) {
            return 1;
        }
        if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
            return 2; // 4 bytes for 2 chars
        }
        return Character.isSurrogate(c) ? 0 : 2;
    }
}
