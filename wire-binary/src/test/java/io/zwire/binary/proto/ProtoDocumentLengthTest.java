package io.zwire.binary.proto;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A document length that cannot be the length of what follows: 2^31, 2^63 and 2^64 - 1 (which a
 * {@code long} holds as negative numbers from 2^63 on), and one just past the end of the input.
 * Each is a {@link WireException} at the length, on the plain-value and the typed paths, never an
 * empty document followed by the body read as another: the reader searches past the refused
 * length for the next plausible document and reads the valid one that follows.
 */
class ProtoDocumentLengthTest {
    /**
     * A length varint for {@code unsignedLength} (-1 is 2^64 - 1; 0 stands for one byte more than
     * follows), then a valid Order document.
     */
    private static byte[] lengthThenADocument(long unsignedLength) {
        Bytes body = Bytes.elastic(128);
        WireType.NUMBERED.apply(body).writeDocument(Order.sample());
        byte[] document = body.toByteArray();
        long length = unsignedLength == 0 ? document.length + 1 : unsignedLength;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((length & ~0x7FL) != 0) {
            out.write((int) (length & 0x7F) | 0x80);
            length >>>= 7;
        }
        out.write((int) length);
        out.writeBytes(document);
        return out.toByteArray();
    }

    private static void refusedAtTheLength(WireException e) {
        assertEquals("NUMBERED", e.wire());
        assertEquals(0, e.offset(), e::getMessage);
        assertTrue(e.getMessage().contains("a document length within"), e::getMessage);
    }

    @ParameterizedTest(name = "length {0}")
    @ValueSource(longs = {1L << 31, 1L << 63, -1L, 0})
    void aDocumentLengthBeyondTheInputIsRefusedOnThePlainValuePath(long length) {
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(lengthThenADocument(length)));
        refusedAtTheLength(assertThrows(WireException.class, () -> wire.readValue(value -> { })));
        Object[] next = new Object[1];
        assertTrue(wire.readValue(value -> next[0] = value));
        assertEquals(Map.of(1L, "Meridian Capital Partners", 2L, "MCP-EU-000042", 3L, 84L), ((Map<?, ?>) next[0]).get(6L));
        assertFalse(wire.readValue(value -> { }));
    }

    @ParameterizedTest(name = "length {0}")
    @ValueSource(longs = {1L << 31, 1L << 63, -1L, 0})
    void aDocumentLengthBeyondTheInputIsRefusedOnTheTypedPath(long length) {
        Wire wire = WireType.NUMBERED.apply(Bytes.wrap(lengthThenADocument(length)));
        refusedAtTheLength(assertThrows(WireException.class, () -> wire.readDocument(new Order())));
        Order next = new Order();
        assertTrue(wire.readDocument(next));
        assertEquals(Order.sample(), next);
        assertFalse(wire.readDocument(next));
    }
}
