package io.zwire.json;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bytes the writer emits: the format documented in {@code io.zwire.json}. */
class JsonWriterTest {
    static String written(Marshallable document) {
        Wire wire = WireType.JSON.apply(Bytes.elastic(16), WireOptions.defaults().withTypes(JsonReaderTest.TYPES));
        wire.writeDocument(document);
        return wire.bytes().readableText();
    }

    /** Writes one field through a lambda: the writer's side of a single value. */
    static String field(java.util.function.Consumer<WireOut> write) {
        return written(new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                write.accept(out);
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        });
    }

    static final Field F = Field.of(1, "f");

    @Test
    void writesTheReferenceOrderAsOneCompactLine() {
        assertEquals("{\"id\":1000001,\"symbol\":\"EURUSD\",\"price\":1.08345,\"qty\":1000000,\"side\":\"BUY\","
                + "\"party\":{\"name\":\"Meridian Capital Partners\",\"account\":\"MCP-EU-000042\",\"id\":42}}\n",
                written(Order.sample()));
        assertEquals("{\"id\":2,\"symbol\":null,\"price\":-0.0,\"qty\":0,\"side\":null,\"party\":null}\n",
                written(new Order(2, null, -0.0, 0, null, null)));
    }

    @Test
    void writesDoublesShortestAndNonFiniteValuesAsStrings() {
        assertEquals("{\"f\":0.1}\n", field(out -> out.write(F).float64(0.1)));
        assertEquals("{\"f\":1.0E23}\n", field(out -> out.write(F).float64(1e23)));
        assertEquals("{\"f\":4.9E-324}\n", field(out -> out.write(F).float64(Double.MIN_VALUE)));
        assertEquals("{\"f\":-0.0}\n", field(out -> out.write(F).float64(-0.0)));
        assertEquals("{\"f\":\"NaN\"}\n", field(out -> out.write(F).float64(Double.NaN)));
        assertEquals("{\"f\":\"Infinity\"}\n", field(out -> out.write(F).float64(Double.POSITIVE_INFINITY)));
        assertEquals("{\"f\":\"-Infinity\"}\n", field(out -> out.write(F).float32(Float.NEGATIVE_INFINITY)));
        assertEquals("{\"f\":0.1}\n", field(out -> out.write(F).float32(0.1f)), "the shortest float, not the double's digits");
        assertEquals("{\"f\":-9223372036854775808}\n", field(out -> out.write(F).int64(Long.MIN_VALUE)));
    }

    @Test
    void escapesWhatJsonRequiresAndNothingElse() {
        assertEquals("{\"f\":\"q\\\" b\\\\ \\n\\r\\t\\b\\f \\u0000\\u001B\u007f / \u00e9\u20ac\uD83D\uDE00 \u2028\"}\n",
                field(out -> out.write(F).text("q\" b\\ \n\r\t\b\f \0\u001b\u007f / \u00e9\u20ac\uD83D\uDE00 \u2028")));
        assertEquals("{\"f\":\"a\\uD800b\\uDC00\"}\n", field(out -> out.write(F).text("a\uD800b\uDC00")),
                "unpaired surrogates in text are escaped, so they read back exactly");
        assertEquals("{\"f\":\"\\uD800\"}\n", field(out -> out.write(F).char16('\uD800')), "a char16 keeps them");
        assertEquals("{\"f\":\"\\\"\"}\n", field(out -> out.write(F).char16('"')));
        assertEquals("{\"f\":\"\\u0001\"}\n", field(out -> out.write(F).char16('\u0001')));
        assertEquals("{\"f\":\"\u20ac\"}\n", field(out -> out.write(F).char16('\u20ac')));
        assertEquals("{\"f\":\"\u00e9\"}\n", field(out -> out.write(F).char16('\u00e9')));
    }

    /**
     * Strings of 16 chars or more are narrowed and checked a chunk and a word at a time: each
     * character that needs escaping or more than one byte, at every position of strings around
     * the word and chunk sizes, is written exactly as the char-by-char path writes it.
     */
    @Test
    void longStringsEscapeACharacterAtAnyPosition() {
        String[] specials = {"\"", "\\", "\n", "\u0001", "\u001f", "\u00e9", "\u20ac", "\uD83D\uDE00"};
        String[] escaped = {"\\\"", "\\\\", "\\n", "\\u0001", "\\u001F", "\u00e9", "\u20ac", "\uD83D\uDE00"};
        for (int length : new int[] {16, 17, 23, 24, 25, 255, 256, 257, 300}) {
            for (int s = 0; s < specials.length; s++) {
                for (int at = 0; at < length; at++) {
                    StringBuilder text = new StringBuilder();
                    StringBuilder json = new StringBuilder();
                    for (int i = 0; i < length; i++) {
                        char plain = (char) ('#' + i % 50); // '#' to 'T': neither '"' nor '\\'
                        text.append(i == at ? specials[s] : String.valueOf(plain));
                        json.append(i == at ? escaped[s] : String.valueOf(plain));
                    }
                    String value = text.toString();
                    String where = "special " + s + " at " + at + " of " + length;
                    assertEquals("{\"f\":\"" + json + "\"}\n", field(out -> out.write(F).text(value)), where);
                }
            }
        }
    }

    @Test
    void writesBytesAsPaddedBase64EnumsByNameAndTypedObjectsWrapped() {
        assertEquals("{\"f\":\"+/+/AAE=\"}\n", field(out -> out.write(F).bytes(new byte[] {(byte) 0xFB, (byte) 0xFF, (byte) 0xBF, 0, 1})));
        assertEquals("{\"f\":\"\"}\n", field(out -> out.write(F).bytes(new byte[0])));
        assertEquals("{\"f\":\"AQ==\"}\n", field(out -> out.write(F).bytes(new byte[] {9, 1, 9}, 1, 1)));
        assertEquals("{\"f\":\"SELL\"}\n", field(out -> out.write(F).asEnum(Side.SELL)));
        assertEquals("{\"f\":{\"@Party\":{\"name\":\"P\",\"account\":null,\"id\":3}}}\n",
                field(out -> out.write(F).typed(new Party("P", null, 3))));
        assertEquals("{\"f\":[[1,2],[],[{\"@Party\":{\"name\":null,\"account\":null,\"id\":0}}]]}\n",
                field(out -> out.write(F).sequence(null, (ignored, rows) -> {
                    rows.sequence(null, (i, cells) -> {
                        cells.int32(1);
                        cells.int32(2);
                    });
                    rows.sequence(null, (i, cells) -> { });
                    rows.sequence(null, (i, cells) -> cells.typed(new Party()));
                })));
    }

    @Test
    void aDirectBufferReceivesDocumentsLongerThanTheStagingArray() {
        AllTypes big = new AllTypes();
        big.text = "x".repeat(5000);
        big.note.append("\u20ac".repeat(3000));
        big.data = new byte[4000];
        Arrays.fill(big.data, (byte) 7);
        for (long i = 0; i < 1000; i++) {
            big.longs.add(i * 1_000_003);
        }
        Wire heap = WireType.JSON.apply(Bytes.elastic(16));
        heap.writeDocument(big);
        Wire direct = WireType.JSON.apply(Bytes.allocateDirect(64 * 1024));
        direct.writeDocument(big);
        direct.writeDocument(big);
        byte[] one = heap.bytes().toByteArray();
        byte[] two = direct.bytes().toByteArray();
        assertEquals(2 * one.length, two.length);
        assertTrue(Arrays.equals(one, Arrays.copyOf(two, one.length)));
        AllTypes copy = new AllTypes();
        assertTrue(direct.readDocument(copy));
        assertEquals(big, copy);
        assertTrue(direct.readDocument(copy));
        assertEquals(big, copy);
    }

    @Test
    void aFixedBufferTakesADocumentThatFitsExactlyAndNotOneByteMore() {
        String expected = written(Order.sample());
        int length = expected.getBytes(StandardCharsets.UTF_8).length;
        for (boolean direct : new boolean[] {false, true}) {
            Bytes exact = direct ? Bytes.allocateDirect(length) : Bytes.wrap(new byte[length]).clear();
            WireType.JSON.apply(exact).writeDocument(Order.sample());
            assertEquals(expected, exact.readableText());

            Bytes tooSmall = direct ? Bytes.allocateDirect(length - 1) : Bytes.wrap(new byte[length - 1]).clear();
            assertThrows(IndexOutOfBoundsException.class, () -> WireType.JSON.apply(tooSmall).writeDocument(Order.sample()));
            assertEquals(0, tooSmall.writePosition(), "rolled back");
        }
    }

    @Test
    void aDocumentThatFailsPartWayLeavesTheBufferAndTheWriterAsTheyWere() {
        Wire wire = WireType.JSON.apply(Bytes.elastic(16));
        Marshallable failing = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(F).marshallable(new Party("half", "written", 1));
                out.write(F).sequence(null, (ignored, seq) -> {
                    seq.int32(1);
                    throw new IllegalStateException("the user's bug");
                });
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        wire.writeDocument(Order.sample());
        int end = wire.bytes().writePosition();
        assertThrows(IllegalStateException.class, () -> wire.writeDocument(failing));
        assertEquals(end, wire.bytes().writePosition());
        wire.writeDocument(Order.sample());
        assertEquals(written(Order.sample()).repeat(2), wire.bytes().readableText());
    }

    @Test
    void aFieldNamedInsideASequenceIsAMistakeCaughtAtOnce() {
        Wire wire = WireType.JSON.apply(Bytes.elastic(16));
        Marshallable misuse = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
                out.write(F).sequence(out, (o, seq) -> o.write(F).int32(1));
            }

            @Override
            public void readMarshallable(WireIn in) {
            }
        };
        assertThrows(IllegalStateException.class, () -> wire.writeDocument(misuse));
        assertEquals(0, wire.bytes().writePosition());
        wire.writeDocument(Order.sample());
        assertEquals(written(Order.sample()), wire.bytes().readableText(), "the writer is usable afterwards");
    }

    @Test
    void writesPlainValuesAsOneLine() {
        Wire wire = WireType.JSON.apply(Bytes.elastic(16));
        java.util.Map<Object, Object> map = new java.util.LinkedHashMap<>();
        map.put("list", List.of(1, 2.5, -0.0f, Double.NaN));
        map.put(7L, new java.math.BigDecimal("1.000000000000000005"));
        map.put("big", new java.math.BigInteger("123456789012345678901234567890"));
        map.put(Side.BUY, new int[] {1, 2});
        map.put("bytes", new byte[] {1, 2, 3});
        map.put("typed", new io.zwire.Tagged("Party", java.util.Map.of("id", 3)));
        map.put("nothing", null);
        map.put("char", 'c');
        wire.writeValue(map);
        assertEquals("{\"list\":[1,2.5,-0.0,\"NaN\"],\"7\":1.000000000000000005,\"big\":123456789012345678901234567890,"
                + "\"BUY\":[1,2],\"bytes\":\"AQID\",\"typed\":{\"@Party\":{\"id\":3}},\"nothing\":null,\"char\":\"c\"}\n",
                wire.bytes().readableText());
    }

    @Test
    void refusesPlainValuesJsonCannotHoldAndLeavesTheBufferAsItWas() {
        Wire wire = WireType.JSON.apply(Bytes.elastic(16));
        wire.writeValue(List.of(1));
        int end = wire.bytes().writePosition();
        List<Object> cycle = new java.util.ArrayList<>();
        cycle.add(cycle);
        java.util.Map<Object, Object> nullKey = new java.util.HashMap<>();
        nullKey.put(null, 1);
        assertThrows(io.zwire.WireException.class, () -> wire.writeValue(nullKey));
        assertEquals(end, wire.bytes().writePosition());
        for (Object bad : new Object[] {cycle, new Object(), List.of(new StringBuilder("ok"), Thread.currentThread()),
                new io.zwire.Tagged("not an alias!", 1)}) {
            assertThrows(IllegalArgumentException.class, () -> wire.writeValue(bad));
            assertEquals(end, wire.bytes().writePosition());
        }
    }
}
