package io.zwire.bench.dump;

import io.zwire.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HexDumpTest {
    @Test
    void offsetHexAndAscii() {
        Bytes bytes = Bytes.elastic(64);
        bytes.write("Hello, zwire!\n\u0000\u007f".getBytes(StandardCharsets.ISO_8859_1));
        bytes.writeInt8(0xFF).writeInt8('A').writeInt8('B');
        assertEquals("00000000  48 65 6c 6c 6f 2c 20 7a  77 69 72 65 21 0a 00 7f  |Hello, zwire!...|\n"
                   + "00000010  ff 41 42                                          |.AB|\n", HexDump.of(bytes));
    }

    @Test
    void startsAtTheReadPositionAndMovesNothing() {
        Bytes bytes = Bytes.elastic(16);
        bytes.write(new byte[] {1, 2, 3, 4});
        bytes.readPosition(2);
        assertEquals("00000000  03 04                                             |..|\n", HexDump.of(bytes));
        assertEquals(2, bytes.readPosition());
        assertEquals("", HexDump.of(Bytes.elastic(4)));
    }
}
