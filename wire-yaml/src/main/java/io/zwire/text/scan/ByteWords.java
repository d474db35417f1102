package io.zwire.text.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Tests on eight bytes at once (SWAR), for the text readers' scanning loops: a long run of plain
 * text is passed over a word at a time, and only the word that holds the byte ending it is looked
 * at byte by byte. Each test returns a word whose high bit is set in some byte if, and only if,
 * one of the eight bytes has the property: borrows and carries between bytes can set more high
 * bits, but only above a byte that has it, so a zero result is exact.
 *
 * <p>Static, stateless, allocation-free.
 */
public final class ByteWords {
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private ByteWords() {
    }

    /** The eight bytes at {@code offset}, little-endian; the caller guarantees {@code offset + 8 <= data.length}. */
    public static long word(byte[] data, int offset) {
        return (long) WORD.get(data, offset);
    }

    /** Non-zero when a byte of {@code word} is below {@code bound} (at most 0x80). */
    public static long below(long word, int bound) {
        return (word - ONES * bound) & ~word & HIGHS;
    }

    /** Non-zero when a byte of {@code word} is above {@code bound} (at most 0x7F). */
    public static long above(long word, int bound) {
        return ((word + ONES * (0x7F - bound)) | word) & HIGHS;
    }

    /** Non-zero when a byte of {@code word} is {@code value}. */
    public static long equal(long word, int value) {
        long x = word ^ ONES * value;
        return (x - ONES) & ~x & HIGHS;
    }

    /**
     * Stores {@code count} chars as their low bytes into {@code to} from {@code at}, and returns
     * all the chars OR-ed together: below 0x80 if, and only if, every one of them was ASCII and
     * so stored exactly. A loop with no branch, unlike one that stops at the first wide char.
     */
    public static int narrow(char[] from, int count, byte[] to, int at) {
        int any = 0;
        for (int i = 0; i < count; i++) {
            char c = from[i];
            any |= c;
            to[at + i] = (byte) c;
        }
        return any;
    }
}
