package io.zwire;

import io.zwire.internal.FieldNames;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link FieldNames#nameEquals} and {@link FieldNames#writeName}: the word-at-a-time paths and their fallbacks agree. */
class FieldNameTest {
    private static final String[] NAMES = {"a", "id", "qty", "side", "price", "symbol", "account", "f1234567",
            "nineBytes", "caf\u00e9", "\u65e5\u672c", "a-much-longer-field-name"};

    @Test
    void writesEveryNameLengthAtEveryOffsetOfAHeapInstance() {
        for (String name : NAMES) {
            Field field = Field.of(1, name);
            byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
            for (int offset = 0; offset < 12; offset++) {
                Bytes bytes = Bytes.elastic(offset + utf8.length + 8);
                FieldNames.writeName(bytes.write(new byte[offset]), field);
                bytes.writeInt8(0x7E);
                byte[] written = bytes.toByteArray();
                assertEquals(offset + utf8.length + 1, written.length, name);
                byte[] copy = new byte[utf8.length];
                System.arraycopy(written, offset, copy, 0, utf8.length);
                assertArrayEquals(utf8, copy, name + " at " + offset);
                assertEquals(0x7E, written[written.length - 1], "what follows the name is intact");
            }
        }
    }

    @Test
    void writesANameThatEndsTheArray() {
        Field field = Field.of(1, "qty");
        Bytes exact = Bytes.wrap(new byte[5]).clear();
        FieldNames.writeName(exact.writeInt16(0), field);
        assertEquals("qty", exact.toUtf8String(2, 3));
        Bytes direct = Bytes.allocateDirect(3);
        FieldNames.writeName(direct, field);
        assertEquals("qty", direct.toUtf8String(0, 3));
    }

    @Test
    void matchesExactlyTheName() {
        for (String name : NAMES) {
            Field field = Field.of(1, name);
            byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
            Bytes bytes = Bytes.elastic(64).write(new byte[] {9}).write(utf8).write(new byte[] {'x', 'y', 'z'});
            assertTrue(FieldNames.nameEquals(bytes, 1, field), name);
            assertFalse(FieldNames.nameEquals(bytes, 0, field), name + " shifted");
            for (int i = 0; i < utf8.length; i++) {
                Bytes altered = Bytes.elastic(64).write(utf8);
                altered.writeInt8At(i, utf8[i] ^ 1);
                assertFalse(FieldNames.nameEquals(altered, 0, field), name + " with byte " + i + " changed");
            }
        }
    }

    @Test
    void matchesOverABufferAndAtTheEndOfTheWrittenBytes() {
        Field field = Field.of(1, "side");
        ByteBuffer buffer = ByteBuffer.allocateDirect(16);
        buffer.put("side".getBytes(StandardCharsets.UTF_8)).flip();
        assertTrue(FieldNames.nameEquals(Bytes.wrap(buffer), 0, field));
        Bytes ending = Bytes.wrap("xside".getBytes(StandardCharsets.UTF_8));
        assertTrue(FieldNames.nameEquals(ending, 1, field), "the fallback when fewer than 8 bytes follow in the array");
        Bytes cut = Bytes.wrap("sid".getBytes(StandardCharsets.UTF_8));
        assertThrows(IndexOutOfBoundsException.class, () -> FieldNames.nameEquals(cut, 0, field));
    }

    /**
     * Regression: a name holding an unpaired surrogate was encoded with '?' for it (String.getBytes),
     * so the binary wires wrote another name than the one declared. It is refused where it is declared.
     */
    @Test
    void aNameWithAnUnpairedSurrogateIsRefusedAndAPairAccepted() {
        for (String name : new String[] {"lone\uD800", "\uDC00", "x\uDE00\uD83D"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Field.of(1, name));
            assertTrue(e.getMessage().contains("unpaired surrogate"), e.getMessage());
        }
        assertEquals("smile \uD83D\uDE00", Field.of(1, "smile \uD83D\uDE00").name());
    }
}
