package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The binary wires write short text in one pass, guessing the length prefix's size from the char
 * count and filling it in afterwards, and take the measuring path when multi-byte characters make
 * the guess wrong. Regression for that guess: text of every length across the prefix-size limits
 * (a 1-byte RAW or protobuf varint up to 126 or 127 bytes, a CBOR head inline up to 23 and in one
 * more byte up to 255), in ASCII and with 2-, 3- and 4-byte UTF-8 characters at the end, reads
 * back equal, and the document grows by exactly the minimal prefix plus the UTF-8 bytes, over a
 * heap buffer and over a direct one (whose bytes are written through checked calls, not an array).
 */
class TextPrefixTest {
    static final class Note implements Marshallable {
        static final Field TEXT = Field.of(1, "t");
        String text;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(TEXT).text(text);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(TEXT).text(this, (o, v) -> o.text = v);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"RAW", "NUMBERED", "BINARY", "RAW direct", "NUMBERED direct", "BINARY direct"})
    void textOfEveryLengthAcrossThePrefixLimitsReadsBackWithAMinimalPrefix(String wireAndBuffer) {
        WireType type = WireType.valueOf(wireAndBuffer.split(" ")[0]);
        boolean direct = wireAndBuffer.endsWith("direct");
        int empty = size(type, "");
        for (String last : new String[] {"a", "\u00e9", "\u20ac", "\uD83D\uDE00"}) {
            for (int chars = 0; chars <= 300; chars++) {
                String text = "x".repeat(chars) + last;
                int utf8 = text.getBytes(StandardCharsets.UTF_8).length;
                Wire wire = type.apply(direct ? Bytes.allocateDirect(2048) : Bytes.elastic(16));
                Note note = new Note();
                note.text = text;
                wire.writeDocument(note);
                int written = wire.bytes().writePosition();
                Note read = new Note();
                wire.readDocument(read);
                assertEquals(text, read.text, () -> type + ", " + text.length() + " chars");
                int expected = empty + utf8 + prefix(type, utf8) - prefix(type, 0);
                assertEquals(expected, written, () -> type + ", " + utf8 + " UTF-8 bytes");
            }
        }
    }

    private static int size(WireType type, String text) {
        Wire wire = type.apply(Bytes.elastic(16));
        Note note = new Note();
        note.text = text;
        wire.writeDocument(note);
        return wire.bytes().writePosition();
    }

    private static int prefix(WireType type, int utf8) {
        return switch (type) {
            case RAW -> Bytes.varintLength(utf8 + 1L);
            case NUMBERED -> Bytes.varintLength(utf8);
            default -> utf8 < 24 ? 1 : utf8 <= 0xFF ? 2 : 3;
        };
    }
}
