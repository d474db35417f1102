package io.zwire.session;

import io.zwire.Bytes;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.test.AllocationMeter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static io.zwire.WireType.BINARY;
import static io.zwire.WireType.JSON;
import static io.zwire.WireType.NUMBERED;
import static io.zwire.WireType.RAW;
import static io.zwire.WireType.YAML;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelloTest {
    private static Hello hello(boolean raw, long fingerprint, WireType... wires) {
        return new Hello(List.of(wires), raw, new String[] {"Order", "Cancel"}, new long[] {fingerprint, 7});
    }

    private static WireType both(Hello a, Hello b) {
        WireType ab = Hello.negotiate(a, b);
        assertEquals(ab, Hello.negotiate(b, a), "both sides reach the same wire");
        return ab;
    }

    @Test
    void writesTheDocumentedBytesAndReadsThemBack() {
        Hello hello = hello(true, 0x1122334455667788L, BINARY, RAW);
        Bytes bytes = Bytes.elastic(64);
        hello.write(bytes);
        assertEquals("5a575245" + "0100" + "23000000" + "01" + "02" + "0406" + "0200"
                + "05" + "4f72646572" + "8877665544332211" + "06" + "43616e63656c" + "0700000000000000",
                java.util.HexFormat.of().formatHex(bytes.toByteArray()));
        int size = Hello.size(bytes, 0);
        assertEquals(bytes.readRemaining(), size);
        Hello read = Hello.read(bytes, size, 0);
        assertEquals(List.of(BINARY, RAW), read.wires);
        assertTrue(read.rawAllowed);
        assertArrayEquals(new String[] {"Order", "Cancel"}, read.aliases);
        assertArrayEquals(new long[] {0x1122334455667788L, 7}, read.fingerprints);
        assertEquals(0, bytes.readRemaining());
    }

    @Test
    void choosesRawOnlyWhenBothAllowItAndEverySchemaMatches() {
        assertEquals(RAW, both(hello(true, 1, BINARY, RAW), hello(true, 1, YAML, RAW)));
        assertEquals(BINARY, both(hello(true, 1, BINARY, RAW), hello(true, 2, BINARY, RAW)), "a fingerprint differs");
        assertEquals(BINARY, both(hello(true, 1, BINARY, RAW), hello(false, 1, BINARY, RAW)), "one side refuses RAW");
        Hello fewerTypes = new Hello(List.of(BINARY, RAW), true, new String[] {"Order"}, new long[] {1});
        assertEquals(BINARY, both(hello(true, 1, BINARY, RAW), fewerTypes), "the type lists differ");
    }

    @Test
    void choosesTheSelfDescribingWireWithTheBestCombinedRank() {
        assertEquals(YAML, both(hello(false, 1, YAML, BINARY, JSON), hello(false, 1, JSON, YAML, BINARY)));
        assertEquals(YAML, both(hello(false, 1, YAML, BINARY), hello(false, 1, BINARY, YAML)), "a tie goes to the lower code");
        assertEquals(NUMBERED, both(hello(false, 1, NUMBERED), hello(false, 1, JSON, NUMBERED)));
    }

    @Test
    void noCommonWireIsAWireExceptionOnBothSides() {
        WireException e = assertThrows(WireException.class, () -> Hello.negotiate(hello(false, 1, YAML), hello(false, 1, BINARY)));
        assertTrue(e.getMessage().contains("[YAML]") && e.getMessage().contains("[BINARY]"), e.getMessage());
        assertThrows(WireException.class, () -> Hello.negotiate(hello(true, 1, RAW), hello(true, 2, RAW)),
                "RAW with different schemas is no wire at all");
    }

    @Test
    void aOneWayReaderAdoptsTheWritersWireIfItCanReadIt() {
        assertEquals(BINARY, Hello.adopt(hello(false, 1, YAML, BINARY), hello(false, 1, BINARY), Optional.empty()));
        assertThrows(WireException.class, () -> Hello.adopt(hello(false, 1, YAML), hello(false, 1, BINARY), Optional.empty()));
        assertThrows(WireException.class, () -> Hello.adopt(hello(true, 1, RAW), hello(true, 2, RAW), Optional.empty()));
        assertEquals(RAW, Hello.adopt(hello(true, 1, RAW), hello(true, 1, RAW), Optional.empty()));
    }

    @Test
    void malformedHellosAreWireExceptions() {
        assertThrows(WireException.class, () -> Hello.size(Bytes.wrap("GET / HTTP/1.1\r\n".getBytes()), 0));
        Bytes version2 = Bytes.elastic(16).writeInt32(Hello.MAGIC).writeInt16(2).writeInt32(3);
        assertTrue(assertThrows(WireException.class, () -> Hello.size(version2, 0)).getMessage().contains("version"));
        Bytes huge = Bytes.elastic(16).writeInt32(Hello.MAGIC).writeInt16(1).writeInt32(1 << 30);
        assertThrows(WireException.class, () -> Hello.size(huge, 0));
        assertEquals(-1, Hello.size(Bytes.elastic(16).writeInt32(Hello.MAGIC), 0), "an incomplete header is not an error yet");

        Bytes cut = Bytes.elastic(64);
        hello(false, 1, BINARY).write(cut);
        cut.writeInt32At(6, cut.readInt32At(6) - 3);
        cut.writePosition(cut.writePosition() - 3);
        assertThrows(WireException.class, () -> Hello.read(cut, Hello.size(cut, 0), 0));
    }

    @Test
    void aDeclaredTypeCountBeyondTheBytesPresentIsRefusedBeforeAnythingIsAllocatedForIt() {
        // 65,535 message types declared in a hello whose remaining 20 bytes hold at most 2.
        Bytes liar = Bytes.elastic(64).writeInt32(Hello.MAGIC).writeInt16(1).writeInt32(25)
                .writeInt8(0).writeInt8(1).writeInt8(4).writeInt16(0xFFFF).write(new byte[20]);
        int size = Hello.size(liar, 0);
        for (int i = 0; i < 1_000; i++) {
            assertThrows(WireException.class, () -> Hello.read(liar, size, 0));
        }
        long before = AllocationMeter.allocatedBytes();
        WireException e = assertThrows(WireException.class, () -> Hello.read(liar, size, 0));
        long allocated = AllocationMeter.allocatedBytes() - before;
        assertTrue(e.getMessage().contains("found a count of 65535"), e.getMessage());
        assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for a 35-byte hello");
    }

    @Test
    void checksumsAreOfferedInFlagBitOneAndAHelloWithoutTheBitOffersNone() {
        Bytes bytes = Bytes.elastic(64);
        new Hello(List.of(BINARY), false, new String[] {"Order"}, new long[] {1}, true).write(bytes);
        assertEquals(2, bytes.readUint8At(Hello.HEADER), "flags: bit 1 alone");
        assertTrue(Hello.read(bytes, Hello.size(bytes, 0), 0).checksums);
        Bytes old = Bytes.elastic(64);
        new Hello(List.of(BINARY), true, new String[] {"Order"}, new long[] {1}).write(old);
        assertEquals(1, old.readUint8At(Hello.HEADER), "a hello without checksums has the flags of protocol version 1 before them");
        assertTrue(!Hello.read(old, Hello.size(old, 0), 0).checksums);
    }

    @Test
    void anAuthenticationNonceEndsTheHelloAfterFlagBitTwoOrThreeAndBothBitsAreRefused() {
        byte[] nonce = new byte[Hello.NONCE_BYTES];
        for (int i = 0; i < nonce.length; i++) {
            nonce[i] = (byte) (i + 1);
        }
        Hello plain = new Hello(List.of(BINARY), false, new String[] {"Order"}, new long[] {1});
        for (boolean challenge : new boolean[] {true, false}) {
            Bytes bytes = Bytes.elastic(64);
            plain.sent(List.of(BINARY), nonce, challenge).write(bytes);
            assertEquals(challenge ? Hello.FLAG_CHALLENGE : Hello.FLAG_CREDENTIAL, bytes.readUint8At(Hello.FLAGS_OFFSET));
            assertEquals(nonce[0], bytes.readInt8At(bytes.writePosition() - Hello.NONCE_BYTES), "the nonce ends the hello");
            Hello read = Hello.read(bytes, Hello.size(bytes, 0), 0);
            assertArrayEquals(nonce, read.nonce);
            assertEquals(challenge, read.challenges);
            assertArrayEquals(new String[] {"Order"}, read.aliases);
        }
        Bytes both = Bytes.elastic(64);
        plain.sent(List.of(BINARY), nonce, true).write(both);
        both.writeInt8At(Hello.FLAGS_OFFSET, Hello.FLAG_CHALLENGE | Hello.FLAG_CREDENTIAL);
        WireException e = assertThrows(WireException.class, () -> Hello.read(both, Hello.size(both, 0), 0));
        assertTrue(e.getMessage().contains("found both"), e.getMessage());

        Bytes noRoom = Bytes.elastic(64);
        plain.write(noRoom);
        noRoom.writeInt8At(Hello.FLAGS_OFFSET, Hello.FLAG_CHALLENGE);
        WireException cut = assertThrows(WireException.class, () -> Hello.read(noRoom, Hello.size(noRoom, 0), 0));
        assertTrue(cut.getMessage().contains("nonce"), cut.getMessage());
    }
}
