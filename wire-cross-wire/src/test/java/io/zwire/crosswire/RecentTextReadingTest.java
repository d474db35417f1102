package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every reader keeps the last text read for each field (YAML, JSON) or at each offset of a
 * document (CBOR, NUMBERED, RAW), so a value that repeats costs a compare of its bytes. Whatever a
 * reader read before, every document must read as it was written; bytes that changed in place,
 * even into malformed UTF-8 of the same length, must never be taken for the text kept there.
 */
class RecentTextReadingTest {
    private static final Field A = Field.of(1, "a");
    private static final Field B = Field.of(2, "b");
    private static final Field LIST = Field.of(3, "list");
    private static final Field MAP = Field.of(4, "map");

    /** Texts of the lengths around the kept values' limit, same-length variants and multi-byte ones. */
    private static final String[] SHAPES = {
        "EURUSD", "EURUSE", "GBPUSD", "", "x", "caf\u00e9", "cafe\u00e9", "\ud83d\ude00 smile", "x".repeat(127),
        "y".repeat(127), "y".repeat(128), "z".repeat(129), "w".repeat(300), "MCP-EU-000042", "MCP-EU-000043",
    };

    static final class Row implements Marshallable {
        String a;
        String b;
        final List<String> list = new ArrayList<>();
        /** A map's keys and values, in turn. */
        final List<String> map = new ArrayList<>();

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).text(a).write(B).text(b).write(LIST).sequence(list, (items, seq) -> {
                for (String item : items) {
                    seq.text(item);
                }
            }).write(MAP).map(map, (entries, m) -> {
                for (int i = 0; i < entries.size(); i += 2) {
                    m.key(entries.get(i)).text(entries.get(i + 1));
                }
            });
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(A).text(this, (o, v) -> o.a = v)
              .read(B).text(this, (o, v) -> o.b = v)
              .read(LIST).sequence(list, (items, seq) -> {
                  items.clear();
                  while (seq.hasNextElement()) {
                      items.add(seq.text());
                  }
              })
              .read(MAP).map(map, (entries, m) -> {
                  entries.clear();
                  while (m.hasNextEntry()) {
                      entries.add(m.textKey());
                      entries.add(m.text());
                  }
              });
        }

        /** Fills this with texts of every shape, some kept from the row before. */
        void fill(Random random) {
            a = any(random);
            b = random.nextInt(4) == 0 ? any(random) : b;
            list.clear();
            for (int n = random.nextInt(4); n > 0; n--) {
                list.add(SHAPES[random.nextInt(SHAPES.length)]);
            }
            map.clear();
            // Distinct keys: a text wire's map may not hold one twice.
            for (int n = random.nextInt(3); n > 0; n--) {
                map.add("k" + n + SHAPES[random.nextInt(SHAPES.length)]);
                map.add(SHAPES[random.nextInt(SHAPES.length)]);
            }
        }

        void assertReadAs(Row written, String document) {
            assertEquals(written.a, a, document);
            assertEquals(written.b, b, document);
            assertEquals(written.list, list, document);
            assertEquals(written.map, map, document);
        }
    }

    private static Bytes bytes(boolean direct) {
        return direct ? Bytes.allocateDirect(4096) : Bytes.elastic(4096);
    }

    private static String any(Random random) {
        int pick = random.nextInt(SHAPES.length + 1);
        return pick == SHAPES.length ? null : SHAPES[pick];
    }

    static Stream<Arguments> wiresAndBuffers() {
        return Stream.of(WireType.values()).flatMap(type -> Stream.of(Arguments.of(type, false), Arguments.of(type, true)));
    }

    @ParameterizedTest(name = "{0}, direct buffer: {1}")
    @MethodSource("wiresAndBuffers")
    void aReaderThatReadManyDocumentsReadsEachAsItWasWritten(WireType type, boolean direct) {
        Random random = new Random(23);
        Wire wire = type.apply(bytes(direct));
        Row written = new Row();
        Row read = new Row();
        for (int i = 0; i < 20_000; i++) {
            written.fill(random);
            wire.bytes().clear();
            wire.writeDocument(written);
            assertTrue(wire.readDocument(read));
            read.assertReadAs(written, "document " + i);
        }
    }

    /**
     * Documents written in runs into a buffer that starts small, then read: each starts at its own
     * offset, and the buffer's array is replaced as it grows between the reads.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(WireType.class)
    void documentsReadInRunsFromAGrowingBufferReadAsTheyWereWritten(WireType type) {
        Random random = new Random(29);
        Wire wire = type.apply(Bytes.elastic(16));
        Row[] written = new Row[7];
        Row read = new Row();
        for (int round = 0; round < 2_000; round++) {
            int run = 1 + random.nextInt(written.length);
            for (int i = 0; i < run; i++) {
                written[i] = written[i] == null ? new Row() : written[i];
                written[i].fill(random);
                wire.writeDocument(written[i]);
            }
            for (int i = 0; i < run; i++) {
                assertTrue(wire.readDocument(read));
                read.assertReadAs(written[i], "round " + round + ", document " + i);
            }
            if (wire.bytes().writePosition() > 1 << 16) {
                wire.bytes().clear();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void aTextThatRepeatsIsTheSameInstanceEvenWhereTheTextCacheKeepsNone(WireType type) {
        Wire wire = type.apply(Bytes.elastic(512), WireOptions.defaults().withTextCache(2, 4));
        Row written = new Row();
        written.a = "q".repeat(120);
        written.b = "EURUSD";
        wire.writeDocument(written);
        wire.writeDocument(written);
        Row first = new Row();
        Row second = new Row();
        assertTrue(wire.readDocument(first));
        assertTrue(wire.readDocument(second));
        assertEquals(written.a, second.a);
        assertSame(first.a, second.a);
        assertSame(first.b, second.b);
    }

    @ParameterizedTest
    @EnumSource(WireType.class)
    void bytesChangedInPlaceUnderAKeptTextAreReadAsTheyAre(WireType type) {
        Bytes bytes = Bytes.elastic(256);
        Wire wire = type.apply(bytes);
        Row written = new Row();
        written.a = "EURUSD";
        written.b = "GBPUSD";
        wire.writeDocument(written);
        Row read = new Row();
        assertTrue(wire.readDocument(read));
        assertEquals("EURUSD", read.a);

        int at = indexOf(bytes, "EURUSD");
        bytes.readPosition(0);
        bytes.writeInt8At(at + 5, 'E');
        assertTrue(wire.readDocument(read));
        assertEquals("EURUSE", read.a, "one byte changed at the end");

        bytes.readPosition(0);
        bytes.writeInt8At(at, 0xFF);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Row()));
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    /**
     * On RAW a 63-byte text and its one-byte prefix put the next text 64 bytes on, in the same slot
     * of the binary wires' table: the two evict each other on every document and must still read
     * as written.
     */
    @ParameterizedTest
    @EnumSource(WireType.class)
    void twoTextsThatShareASlotEvictEachOtherAndReadAsWritten(WireType type) {
        Wire wire = type.apply(Bytes.elastic(512));
        Row written = new Row();
        Row read = new Row();
        for (int i = 0; i < 6; i++) {
            written.a = (i % 2 == 0 ? "s" : "S").repeat(63);
            written.b = i % 3 == 0 ? "t".repeat(63) : "EURUSD";
            wire.writeDocument(written);
            assertTrue(wire.readDocument(read));
            read.assertReadAs(written, "document " + i);
        }
    }

    private static int indexOf(Bytes bytes, String text) {
        byte[] wanted = text.getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int at = 0; at + wanted.length <= bytes.writePosition(); at++) {
            for (int i = 0; i < wanted.length; i++) {
                if (bytes.readInt8At(at + i) != wanted[i]) {
                    continue outer;
                }
            }
            return at;
        }
        throw new AssertionError(text + " not in the document");
    }
}
