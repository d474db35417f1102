package io.zwire.binary.raw;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOut;
import io.zwire.WireType;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The RAW layout, byte for byte, and what RAW can and cannot detect. */
class RawLayoutTest {
    private static String hex(Bytes bytes) {
        return HexFormat.of().formatHex(bytes.toByteArray());
    }

    @Test
    void writesTheDocumentedLayout() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(new Order(1, "AB", 1.0, 2, Side.SELL, new Party(null, "", 3)));
        assertEquals("27000000"                 // length of the fields: 39
                + "0100000000000000"            // id: int64
                + "03" + "4142"                 // symbol: varint(2 + 1), "AB"
                + "000000000000f03f"            // price: float64 1.0
                + "0200000000000000"            // qty: int64
                + "02"                          // side: varint(ordinal 1 + 1)
                + "01"                          // party: present
                + "00"                          //   name: null
                + "01"                          //   account: empty text
                + "0300000000000000",           //   id
                hex(wire.bytes()));
    }

    @Test
    void aDocumentReadWithAnotherSchemaIsAWireException() {
        Wire wire = WireType.RAW.apply(Bytes.elastic(64));
        wire.writeDocument(Order.sample());
        wire.writeDocument(Order.sample());
        assertThrows(WireException.class, () -> wire.readDocument(new Party()));
        Field id = Field.of(1, "id");
        Marshallable idOnly = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(id).int64();
            }
        };
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(idOnly));
        assertTrue(e.getMessage().contains("the writer's schema or field order probably differs"), e.getMessage());
        assertEquals(0, wire.bytes().readRemaining(), "both bad documents were skipped");
    }

    @Test
    void aLengthBeyondTheBufferIsAWireExceptionAndSkipsToTheEnd() {
        Bytes bytes = Bytes.wrap(new byte[] {(byte) 0xFF, (byte) 0xFF, 0, 0, 1, 2, 3});
        Wire wire = WireType.RAW.apply(bytes);
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertEquals(0, e.offset());
        assertEquals(0, bytes.readRemaining());
    }

    @Test
    void aNegativeLengthIsAWireException() {
        Wire wire = WireType.RAW.apply(Bytes.wrap(new byte[] {0, 0, 0, (byte) 0x80}));
        assertThrows(WireException.class, () -> wire.readDocument(new Order()));
    }

    @Test
    void aTextLengthBeyondTheDocumentIsRejectedBeforeAllocating() {
        // fields: id (8 bytes), then a symbol claiming 2^62 bytes
        Bytes bytes = Bytes.elastic(32);
        bytes.writeInt32(17).writeInt64(1).write(new byte[] {(byte) 0x81, (byte) 0x80, (byte) 0x80, (byte) 0x80,
                (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x40});
        WireException e = assertThrows(WireException.class, () -> WireType.RAW.apply(bytes).readDocument(new Order()));
        assertTrue(e.getMessage().contains("length"), e.getMessage());
    }

    @Test
    void aVarintLongerThanTenBytesIsAWireException() {
        Bytes bytes = Bytes.elastic(32);
        bytes.writeInt32(20).writeInt64(1);
        for (int i = 0; i < 12; i++) {
            bytes.writeInt8(0x80);
        }
        WireException e = assertThrows(WireException.class, () -> WireType.RAW.apply(bytes).readDocument(new Order()));
        assertTrue(e.getMessage().contains("varint"), e.getMessage());
    }

    @Test
    void aVarintWiderThan64BitsIsAWireException() {
        Bytes bytes = Bytes.elastic(32);
        bytes.writeInt32(18).writeInt64(1);
        for (int i = 0; i < 9; i++) {
            bytes.writeInt8(0x80);
        }
        bytes.writeInt8(0x02);
        WireException e = assertThrows(WireException.class, () -> WireType.RAW.apply(bytes).readDocument(new Order()));
        assertTrue(e.getMessage().contains("64 bits"), e.getMessage());
    }

    @Test
    void invalidUtf8IsAWireException() {
        Bytes bytes = Bytes.elastic(32);
        bytes.writeInt32(11).writeInt64(1).writeInt8(3).writeInt8(0xC3).writeInt8(0x28);
        WireException e = assertThrows(WireException.class, () -> WireType.RAW.apply(bytes).readDocument(new Order()));
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
        assertEquals(13, e.offset(), "the offset of the malformed byte");
    }

    @Test
    void aBoolOtherThanZeroOrOneIsAWireException() {
        Field flag = Field.of(1, "flag");
        Marshallable reader = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(flag).bool();
            }
        };
        Wire wire = WireType.RAW.apply(Bytes.wrap(new byte[] {1, 0, 0, 0, 2}));
        assertThrows(WireException.class, () -> wire.readDocument(reader));
    }

    @Test
    void skippingIsUnsupported() {
        Field any = Field.of(1, "any");
        Wire wire = WireType.RAW.apply(Bytes.wrap(new byte[] {1, 0, 0, 0, 2}));
        Marshallable skipper = new Marshallable() {
            @Override
            public void writeMarshallable(WireOut out) {
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(any).skip();
            }
        };
        assertThrows(UnsupportedOperationException.class, () -> wire.readDocument(skipper));
    }
}
