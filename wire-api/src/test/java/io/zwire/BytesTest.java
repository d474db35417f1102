package io.zwire;

import io.zwire.internal.ByteRangeHash;
import io.zwire.internal.FieldNames;
import io.zwire.internal.Utf8AfterPrefix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BytesTest {
    /** Every backing, empty, with room for at least the given capacity. */
    static Stream<IntFunction<Bytes>> backings() {
        return Stream.of(
                named("elastic", Bytes::elastic),
                named("array", capacity -> Bytes.wrap(new byte[capacity]).clear()),
                named("direct", Bytes::allocateDirect),
                named("heap buffer", capacity -> Bytes.wrap(ByteBuffer.allocate(capacity).limit(0))),
                named("region of a direct buffer", capacity -> BytesRegionTest.regionAmidSentinels(
                        ByteBuffer.allocateDirect(capacity + 2 * BytesRegionTest.MARGIN), capacity)),
                named("region of a heap buffer", capacity -> BytesRegionTest.regionAmidSentinels(
                        ByteBuffer.allocate(capacity + 2 * BytesRegionTest.MARGIN), capacity)));
    }

    private static IntFunction<Bytes> named(String name, IntFunction<Bytes> factory) {
        return new IntFunction<>() {
            @Override
            public Bytes apply(int capacity) {
                return factory.apply(capacity);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    private static String hex(Bytes bytes) {
        return HexFormat.of().formatHex(bytes.toByteArray());
    }

    @ParameterizedTest
    @MethodSource("backings")
    void writesLittleEndianAndReadsBack(IntFunction<Bytes> backing) {
        Bytes bytes = backing.apply(64);
        bytes.writeInt8(0xAB).writeInt16(0x0102).writeInt32(0x01020304).writeInt64(0x0102030405060708L)
                .writeFloat32(1.5f).writeFloat64(-2.25);
        assertEquals("ab" + "0201" + "04030201" + "0807060504030201" + "0000c03f" + "00000000000002c0", hex(bytes));
        assertEquals((byte) 0xAB, bytes.readInt8());
        assertEquals(0x0102, bytes.readInt16());
        assertEquals(0x01020304, bytes.readInt32());
        assertEquals(0x0102030405060708L, bytes.readInt64());
        assertEquals(1.5f, bytes.readFloat32());
        assertEquals(-2.25, bytes.readFloat64());
        assertEquals(0, bytes.readRemaining());
    }

    @ParameterizedTest
    @MethodSource("backings")
    void absoluteAccessAddressesOnlyWrittenBytes(IntFunction<Bytes> backing) {
        Bytes bytes = backing.apply(64);
        bytes.writeInt64(0);
        bytes.writeInt32At(2, 0xCAFEBABE).writeInt16At(0, 0x1234).writeInt8At(7, 0x7F);
        assertEquals(0xCAFEBABE, bytes.readInt32At(2));
        assertEquals(0x1234, bytes.readInt16At(0));
        assertEquals(0x7F, bytes.readUint8At(7));
        assertEquals(0, bytes.readPosition(), "absolute access moves nothing");
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.readInt32At(5));
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.writeInt64At(1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.readInt8At(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.readInt8At(8));
    }

    @ParameterizedTest
    @MethodSource("backings")
    void readingPastTheWritePositionThrowsAndMovesNothing(IntFunction<Bytes> backing) {
        Bytes bytes = backing.apply(64);
        bytes.writeInt16(7);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, bytes::readInt32);
        assertTrue(e.getMessage().contains("write position 2"), e.getMessage());
        assertEquals(0, bytes.readPosition());
        assertEquals(7, bytes.readInt16());
    }

    @Test
    void aFixedInstanceRefusesToOverflowAndKeepsItsContent() {
        Bytes bytes = Bytes.wrap(new byte[6]).clear();
        bytes.writeInt32(42);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> bytes.writeInt32(1));
        assertTrue(e.getMessage().contains("fixed capacity 6"), e.getMessage());
        assertEquals(4, bytes.writePosition());
        assertEquals(42, bytes.readInt32());
        assertThrows(IndexOutOfBoundsException.class, () -> Bytes.allocateDirect(3).writeInt32(1));
    }

    /**
     * A full fixed, bounded or region instance says so with its own exception type, so an in-place
     * encoder can fall back to a larger buffer on that alone; a read past the written bytes is not one.
     */
    @Test
    void aWriteThatRunsOutOfRoomIsABytesCapacityExceptionAndAReadPastTheEndIsNot() {
        assertThrows(BytesCapacityException.class, () -> Bytes.wrap(new byte[2]).clear().writeInt32(1));
        assertThrows(BytesCapacityException.class, () -> Bytes.elastic(2, 3).writeInt32(1));
        assertThrows(BytesCapacityException.class, () -> Bytes.region().writeRegion(ByteBuffer.allocate(8), 0, 3).writeInt32(1));
        assertThrows(BytesCapacityException.class, () -> Bytes.allocateDirect(3).writeInt32(1));
        IndexOutOfBoundsException read = assertThrows(IndexOutOfBoundsException.class, () -> Bytes.elastic(8).readInt32());
        assertFalse(read instanceof BytesCapacityException, read.toString());
    }

    /** Each width at every offset near the end: the fast path's room check must agree with the capacity, to the byte. */
    @Test
    void fixedWidthWritesNearTheEndFitExactlyOrThrowWithoutWriting() {
        int[] widths = {1, 2, 4, 8};
        for (int width : widths) {
            for (int start = 0; start <= 16; start++) {
                Bytes fixed = Bytes.wrap(new byte[16]).clear();
                Bytes elastic = Bytes.elastic(16);
                fixed.write(new byte[start], 0, start);
                elastic.write(new byte[start], 0, start);
                int at = start;
                int w = width;
                if (start + width <= 16) {
                    writeOnes(fixed, width);
                    assertEquals(start + width, fixed.writePosition());
                    assertEquals(-1L >>> (64 - 8 * width), readWidth(fixed, start, width), () -> w + " bytes at " + at);
                } else {
                    assertThrows(IndexOutOfBoundsException.class, () -> writeOnes(fixed, w), () -> w + " bytes at " + at);
                    assertEquals(start, fixed.writePosition());
                }
                writeOnes(elastic, width);
                assertEquals(start + width, elastic.writePosition());
                assertEquals(-1L >>> (64 - 8 * width), readWidth(elastic, start, width), () -> w + " bytes at " + at + ", grown");
            }
        }
    }

    private static void writeOnes(Bytes bytes, int width) {
        switch (width) {
            case 1 -> bytes.writeInt8(0xFF);
            case 2 -> bytes.writeInt16(0xFFFF);
            case 4 -> bytes.writeInt32(-1);
            default -> bytes.writeInt64(-1L);
        }
    }

    private static long readWidth(Bytes bytes, int offset, int width) {
        return switch (width) {
            case 1 -> bytes.readInt8At(offset) & 0xFFL;
            case 2 -> bytes.readInt16At(offset) & 0xFFFFL;
            case 4 -> bytes.readInt32At(offset) & 0xFFFF_FFFFL;
            default -> bytes.readInt64At(offset);
        };
    }

    @Test
    void anElasticInstanceGrowsUpToItsMaximum() {
        Bytes bytes = Bytes.elastic(1, 100);
        for (int i = 0; i < 25; i++) {
            bytes.writeInt32(i);
        }
        assertEquals(100, bytes.capacity());
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> bytes.writeInt8(1));
        assertTrue(e.getMessage().contains("maximum capacity 100"), e.getMessage());
        for (int i = 0; i < 25; i++) {
            assertEquals(i, bytes.readInt32());
        }
        assertThrows(IllegalArgumentException.class, () -> Bytes.elastic(10, 5));
        assertThrows(IllegalArgumentException.class, () -> Bytes.elastic(-1));
    }

    @ParameterizedTest
    @MethodSource("backings")
    void varintsRoundTripAndRejectMalformedInput(IntFunction<Bytes> backing) {
        long[] values = {0, 1, 127, 128, 300, 16_383, 16_384, Integer.MAX_VALUE, 1L << 35, Long.MAX_VALUE, -1, Long.MIN_VALUE};
        Bytes bytes = backing.apply(256);
        for (long value : values) {
            int before = bytes.writePosition();
            bytes.writeVarint(value);
            assertEquals(Bytes.varintLength(value), bytes.writePosition() - before, "length of " + value);
        }
        for (long value : values) {
            assertEquals(value, bytes.readVarint());
        }
        Bytes padded = backing.apply(16);
        padded.write(new byte[] {(byte) 0x81, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x00});
        assertEquals(1, padded.readVarint(), "a non-minimal (padded) varint is accepted");

        Bytes tooLong = backing.apply(16);
        for (int i = 0; i < 11; i++) {
            tooLong.writeInt8(0x80);
        }
        assertThrows(IllegalArgumentException.class, tooLong::readVarint);
        assertEquals(0, tooLong.readPosition());

        Bytes truncated = backing.apply(16);
        truncated.writeInt8(0x80);
        assertThrows(IndexOutOfBoundsException.class, truncated::readVarint);
        assertEquals(0, truncated.readPosition());
    }

    static Stream<String> texts() {
        return Stream.of("", "ascii", "caf\u00e9", "\u20ac 100", "\u65e5\u672c", "\uD83D\uDE00 emoji",
                "\u0000\u007f\u0080\u07ff\u0800\uffff");
    }

    /**
     * String.getBytes writes '?' for an unpaired surrogate, which changed text silently on every
     * UTF-8 wire (a JSON "\uD800" converted to CBOR read back as "?"): it is refused instead.
     */
    @ParameterizedTest
    @ValueSource(strings = {"x\uD800y lone high", "lone low \uDC00", "end high \uD83D", "\uDE00\uD83D reversed"})
    void writeUtf8RefusesAnUnpairedSurrogateRatherThanWritingAQuestionMark(String text) {
        for (IntFunction<Bytes> backing : backings().toList()) {
            Bytes bytes = backing.apply(64);
            WireException refused = assertThrows(WireException.class, () -> bytes.writeUtf8(text), backing + ": " + text);
            assertEquals("UTF-8", refused.wire());
            assertTrue(refused.getMessage().contains("unpaired surrogate U+D"), refused.getMessage());
            Bytes prefixed = backing.apply(64);
            assertThrows(WireException.class, () -> Utf8AfterPrefix.write(prefixed, 1, text, 127));
        }
    }

    @ParameterizedTest
    @MethodSource("texts")
    void encodesUtf8LikeTheJdkAndDecodesIt(String text) {
        for (IntFunction<Bytes> backing : backings().toList()) {
            Bytes bytes = backing.apply(64);
            int written = bytes.writeUtf8(text);
            byte[] expected = text.getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(expected, bytes.toByteArray(), backing + ": " + text);
            assertEquals(expected.length, written);
            assertEquals(expected.length, Bytes.utf8Length(text));
            StringBuilder decoded = new StringBuilder();
            assertEquals(-1, bytes.readUtf8(0, written, decoded));
            assertEquals(new String(expected, StandardCharsets.UTF_8), decoded.toString());
        }
    }

    @Test
    void rejectsMalformedUtf8AtTheRightOffset() {
        String[][] cases = {
                {"c080", "overlong NUL"}, {"e08080", "overlong 3-byte"}, {"f0808080", "overlong 4-byte"},
                {"eda080", "UTF-16 surrogate"}, {"f4908080", "above U+10FFFF"}, {"e282", "cut off"},
                {"80", "lone continuation"}, {"c3", "cut-off 2-byte"}, {"ff", "never valid"}, {"c328", "bad continuation"}};
        for (String[] c : cases) {
            byte[] bad = HexFormat.of().parseHex(c[0]);
            for (IntFunction<Bytes> backing : backings().toList()) {
                Bytes bytes = backing.apply(16);
                bytes.write(new byte[] {'o', 'k'}).write(bad);
                StringBuilder decoded = new StringBuilder();
                assertEquals(2, bytes.readUtf8(0, bytes.writePosition(), decoded), c[1] + " in " + backing);
                assertEquals("ok", decoded.toString());
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Bytes.wrap(HexFormat.of().parseHex("c080")).toUtf8String(0, 2));
    }

    @Test
    void hashesAgreeAcrossBackingsAndWithFieldNames() {
        Random random = new Random(3);
        for (int length = 0; length <= 100; length++) {
            byte[] data = new byte[length];
            random.nextBytes(data);
            int expected = ByteRangeHash.of(data, 0, length);
            for (IntFunction<Bytes> backing : backings().toList()) {
                Bytes bytes = backing.apply(128);
                bytes.writeInt8(9).write(data);
                assertEquals(expected, ByteRangeHash.of(bytes, 1, length), backing + " length " + length);
            }
        }
        Field field = Field.of(3, "symbol");
        assertEquals(ByteRangeHash.of("symbol".getBytes(StandardCharsets.US_ASCII), 0, 6), field.nameHash());
        assertTrue(FieldNames.rangeEquals(Bytes.wrap("xsymbol".getBytes(StandardCharsets.US_ASCII)), 1, 6, field));
        assertFalse(FieldNames.rangeEquals(Bytes.wrap("xsymbol".getBytes(StandardCharsets.US_ASCII)), 0, 6, field));
    }

    @ParameterizedTest
    @MethodSource("backings")
    void compactMovesTheUnreadBytesToTheStart(IntFunction<Bytes> backing) {
        Bytes bytes = backing.apply(64);
        for (int i = 0; i < 10; i++) {
            bytes.writeInt32(i);
        }
        for (int i = 0; i < 7; i++) {
            bytes.readInt32();
        }
        bytes.compact();
        assertEquals(0, bytes.readPosition());
        assertEquals(12, bytes.writePosition());
        assertEquals(7, bytes.readInt32());
        assertEquals(8, bytes.readInt32());
        assertEquals(9, bytes.readInt32());
    }

    @ParameterizedTest
    @MethodSource("backings")
    void copiesBetweenInstances(IntFunction<Bytes> backing) {
        Bytes source = backing.apply(64);
        source.writeInt64(0x1122334455667788L).writeInt32(99);
        for (IntFunction<Bytes> other : backings().toList()) {
            Bytes target = other.apply(64);
            target.writeInt8(1).write(source, 0, 12);
            assertEquals(0x1122334455667788L, target.readInt64At(1));
        }
        source.write(source, 0, 8);
        assertEquals(0x1122334455667788L, source.readInt64At(12), "copying within one instance");
    }

    @ParameterizedTest
    @MethodSource("backings")
    void movesBytesThroughChannels(IntFunction<Bytes> backing) throws Exception {
        Pipe pipe = Pipe.open();
        Bytes out = backing.apply(64);
        out.writeInt64(42).writeInt32(7);
        assertEquals(12, out.writeTo(pipe.sink()));
        assertEquals(0, out.readRemaining());
        Bytes in = backing.apply(64);
        int read = 0;
        while (read < 12) {
            read += in.readFrom(pipe.source(), 12);
        }
        assertEquals(42, in.readInt64());
        assertEquals(7, in.readInt32());
        pipe.sink().close();
        pipe.source().close();
    }

    @Test
    void mapsFiles(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("data.bin");
        Bytes mapped = Bytes.mapReadWrite(file, 1024);
        assertTrue(mapped.isDirect());
        mapped.writeInt64(123).writeUtf8("mapped");
        assertEquals(1024, Files.size(file));
        Bytes readOnly = Bytes.mapReadOnly(file);
        assertEquals(1024, readOnly.readRemaining());
        assertEquals(123, readOnly.readInt64());
        assertEquals("mapped", readOnly.toUtf8String(8, 6));
        assertThrows(java.nio.ReadOnlyBufferException.class, () -> readOnly.writeInt8At(0, 1));
    }

    @Test
    void wrappingABufferUsesItsPositionAndLimitWithoutChangingThem() {
        ByteBuffer buffer = ByteBuffer.allocate(16);
        buffer.put(new byte[] {1, 2, 3, 4, 5}).flip().position(2);
        Bytes bytes = Bytes.wrap(buffer);
        assertEquals(2, bytes.readPosition());
        assertEquals(5, bytes.writePosition());
        assertEquals(3, bytes.readInt8());
        bytes.writeInt8(6);
        assertEquals(2, buffer.position());
        assertEquals(5, buffer.limit());
        assertEquals(6, buffer.duplicate().limit(6).get(5), "the write went to the buffer's storage");
    }

    @Test
    void positionsAreChecked() {
        Bytes bytes = Bytes.elastic(8);
        bytes.writeInt32(1);
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.readPosition(5));
        bytes.readPosition(2);
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.writePosition(1));
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.writePosition(9));
        assertTrue(bytes.toString().contains("read=2"), bytes.toString());
    }
}
