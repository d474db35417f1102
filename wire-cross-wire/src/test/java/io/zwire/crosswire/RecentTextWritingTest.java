package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The text writers, NUMBERED's and RAW's copy a text as the bytes they wrote for the same
 * {@code String} instance last time (kept in an {@code io.zwire.internal.RecentValues}: by field
 * on the text wires, by offset in the document on the binary ones). Whatever the history, a document must come out byte
 * for byte as a writer that has never seen its strings writes it.
 */
class RecentTextWritingTest {
    private static final Field A = Field.of(1, "a");
    private static final Field B = Field.of(2, "b");
    private static final Field SIDE = Field.of(3, "side");
    private static final Field INNER = Field.of(4, "inner");
    private static final Field LIST = Field.of(5, "list");

    enum Side { BUY, SELL, YES, NULL }

    /** Texts that YAML writes plain, quoted or escaped, JSON with and without escapes, short and long. */
    private static final String[] SHAPES = {
        "EURUSD", "Meridian Capital Partners", "yes", "null", "", " padded ", "a: b", "#tag", "-1", "x\ny", "tab\there",
        "quote\"and\\backslash", "caf\u00e9", "\ud83d\ude00 smile", "0123456789abcdef0123", "x".repeat(127), "y".repeat(128),
        "z".repeat(129), "w".repeat(300), "MCP-EU-000042", "\u0001control",
        // RAW's longest one-byte length prefix; 64 chars that take 128 UTF-8 bytes, past it.
        "v".repeat(126), "\u00e9".repeat(64),
    };

    static final class Doc implements Marshallable {
        String a;
        String b;
        Side side;
        String innerText;
        String[] list = new String[0];

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).text(a).write(B).text(b).write(SIDE).asEnum(side)
               .write(INNER).marshallable(new Inner(innerText))
               .write(LIST).sequence(list, (items, seq) -> {
                   for (String item : items) {
                       seq.text(item);
                   }
               });
        }

        @Override
        public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    record Inner(String text) implements Marshallable {
        @Override
        public void writeMarshallable(WireOut out) {
            out.write(A).text(text);
        }

        @Override
        public void readMarshallable(WireIn in) {
            throw new UnsupportedOperationException("written only");
        }
    }

    static Stream<Arguments> wiresAndBuffers() {
        List<Arguments> cases = new ArrayList<>();
        for (WireType type : wiresThatKeepTexts().toList()) {
            cases.add(Arguments.of(type, "elastic heap", (IntFunction<Bytes>) Bytes::elastic));
            cases.add(Arguments.of(type, "direct", (IntFunction<Bytes>) capacity -> Bytes.allocateDirect(1 << 20)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("wiresAndBuffers")
    void aDocumentIsWrittenAsAFreshWriterWritesItWhateverCameBefore(WireType type, String buffer, IntFunction<Bytes> bytes) {
        Random random = new Random(42);
        // Equal strings as distinct instances, so a repeat is sometimes the same instance and sometimes not.
        String[][] instances = new String[SHAPES.length][3];
        for (int i = 0; i < SHAPES.length; i++) {
            for (int k = 0; k < 3; k++) {
                instances[i][k] = new String(SHAPES[i].toCharArray());
            }
        }
        Wire seasoned = type.apply(bytes.apply(64));
        // A fresh writer is a new Wire: what it remembers lives in the writer, not in the Bytes,
        // so one buffer serves them all; a megabyte of direct memory per document would cost seconds.
        Bytes freshBytes = bytes.apply(64);
        for (int document = 0; document < 3_000; document++) {
            Doc doc = new Doc();
            doc.a = pick(instances, random);
            doc.b = random.nextInt(4) == 0 ? doc.a : pick(instances, random);
            doc.side = Side.values()[random.nextInt(Side.values().length)];
            doc.innerText = random.nextBoolean() ? doc.a : pick(instances, random);
            doc.list = new String[random.nextInt(3)];
            for (int i = 0; i < doc.list.length; i++) {
                doc.list[i] = pick(instances, random);
            }
            Wire fresh = type.apply(freshBytes.clear());
            fresh.writeDocument(doc);
            Bytes expected = fresh.bytes();
            int start = seasoned.bytes().writePosition();
            seasoned.writeDocument(doc);
            assertArrayEquals(copy(expected, 0, expected.writePosition()), copy(seasoned.bytes(), start, seasoned.bytes().writePosition()),
                    () -> "document " + doc.a + " / " + doc.b + " / " + doc.side + " / " + doc.innerText + " / " + Arrays.toString(doc.list));
            if (seasoned.bytes().writePosition() > 1 << 19) {
                seasoned.bytes().clear();
            }
        }
    }

    static Stream<WireType> wiresThatKeepTexts() {
        return Stream.of(WireType.YAML, WireType.YAML_NUMBERED, WireType.JSON, WireType.NUMBERED, WireType.RAW);
    }

    @ParameterizedTest
    @MethodSource("wiresThatKeepTexts")
    void aRepeatedTextNearTheEndOfAFixedBufferIsWrittenExactly(WireType type) {
        Doc doc = new Doc();
        doc.a = "Meridian Capital Partners";
        doc.b = "EURUSD";
        doc.side = Side.SELL;
        doc.innerText = doc.a;
        Wire sizing = type.apply(Bytes.elastic(64));
        sizing.writeDocument(doc);
        int length = sizing.bytes().writePosition();
        // Room for exactly two documents: the second, all copies of remembered bytes, must still fit.
        Wire wire = type.apply(Bytes.elastic(2 * length, 2 * length));
        wire.writeDocument(doc);
        wire.writeDocument(doc);
        assertEquals(2 * length, wire.bytes().writePosition());
        byte[] one = copy(sizing.bytes(), 0, length);
        assertArrayEquals(one, copy(wire.bytes(), 0, length));
        assertArrayEquals(one, copy(wire.bytes(), length, 2 * length));
    }

    private static String pick(String[][] instances, Random random) {
        return instances[random.nextInt(instances.length)][random.nextInt(3)];
    }

    private static byte[] copy(Bytes bytes, int from, int to) {
        byte[] out = new byte[to - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = bytes.readInt8At(from + i);
        }
        return out;
    }
}
