package io.zwire.internal;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The binary wires' use of {@link RecentValues}: a reader's text comes from the slot only for the
 * same bytes, and a writer copies kept bytes only for the same instance and only where whole words
 * fit; elsewhere it encodes, as a writer that keeps nothing does.
 */
class RecentValuesTest {
    private static final int SLOT = 5;

    private static Bytes heap(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        return Bytes.elastic(64).write(utf8);
    }

    /** What a binary reader reads from all the written bytes of a heap {@code bytes} at {@link #SLOT}. */
    private static String read(RecentValues recent, StringInterner interner, Bytes bytes) {
        return recent.text(SLOT, BytesAccess.array(bytes), bytes, 0, bytes.writePosition(), interner);
    }

    @Test
    void aReaderGetsTheKeptTextOnlyForTheSameBytes() {
        RecentValues recent = RecentValues.byOffset();
        StringInterner interner = new StringInterner(2, 0);
        Bytes first = heap("EURUSD");
        String read = read(recent, interner, first);
        assertEquals("EURUSD", read);
        Bytes again = heap("EURUSD");
        assertSame(read, read(recent, interner, again), "kept, though the interner keeps nothing");
        Bytes other = heap("EURUSE");
        assertEquals("EURUSE", read(recent, interner, other));
        assertNotSame(read, read(recent, interner, again), "the slot holds EURUSE now");
    }

    @Test
    void malformedBytesAreNotKeptAndABufferBackedInputKeepsNothing() {
        RecentValues recent = RecentValues.byOffset();
        StringInterner interner = new StringInterner(2, 0);
        Bytes valid = heap("aXb");
        String kept = read(recent, interner, valid);
        Bytes malformed = Bytes.elastic(8).write(new byte[] {'a', (byte) 0xFF, 'b'});
        assertNull(read(recent, interner, malformed));
        assertEquals(1, interner.malformedOffset());
        assertNull(recent.match(SLOT, BytesAccess.array(malformed), 0, 3), "the malformed bytes were not kept");
        assertSame(kept, recent.match(SLOT, BytesAccess.array(valid), 0, 3), "and the text before them still is");

        Bytes direct = Bytes.allocateDirect(16).write("EURUSD".getBytes(StandardCharsets.US_ASCII));
        String first = recent.text(SLOT, null, direct, 0, 6, interner);
        assertEquals("EURUSD", first);
        assertNotSame(first, recent.text(SLOT, null, direct, 0, 6, interner), "nothing kept: the interner holds nothing either");
    }

    @Test
    void aWriterCopiesOnlyForTheSameInstanceAndOnlyWhereWholeWordsFit() {
        RecentValues recent = RecentValues.byOffset();
        String symbol = "MCP-EU-000042";
        int length = symbol.length();
        Bytes first = Bytes.elastic(64);
        assertEquals(length, Utf8AfterPrefix.writeAfterOneByte(first, symbol, 127, recent, SLOT));
        assertEquals(1 + length, first.writePosition());

        // Room for the bytes but not for the word the copy stores last: encoded, not copied.
        Bytes tight = Bytes.wrap(new byte[1 + RecentValues.copyRoom(length) - 1]).clear();
        tight.writeInt8(0);
        assertEquals(-1, recent.writeKept(SLOT, symbol, tight, 1));
        assertEquals(1, tight.writePosition(), "nothing written");
        Bytes roomy = Bytes.wrap(new byte[1 + RecentValues.copyRoom(length)]).clear();
        roomy.writeInt8(0);
        assertEquals(length, recent.writeKept(SLOT, symbol, roomy, 1));
        assertEquals(1 + length, roomy.writePosition());
        assertArrayEquals(symbol.getBytes(StandardCharsets.US_ASCII), range(roomy, 1, length));

        assertEquals(-1, recent.writeKept(SLOT, new String(symbol.toCharArray()), roomy.clear().writeInt8(0), 1),
                "an equal string of another instance is encoded");
        Bytes direct = Bytes.allocateDirect(64);
        direct.writeInt8(0);
        assertEquals(-1, recent.writeKept(SLOT, symbol, direct, 1), "no array to copy into");
        assertEquals(length, Utf8AfterPrefix.writeAfterOneByte(direct.clear(), symbol, 127, recent, SLOT));
        assertArrayEquals(symbol.getBytes(StandardCharsets.US_ASCII), range(direct, 1, length));
    }

    private static byte[] range(Bytes bytes, int offset, int length) {
        byte[] out = new byte[length];
        bytes.copyTo(offset, out, 0, length);
        return out;
    }
}
