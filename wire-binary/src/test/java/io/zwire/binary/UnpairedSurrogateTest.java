package io.zwire.binary;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Regression: the binary wires, whose text is UTF-8, wrote an unpaired surrogate as '?' (the
 * choice of String.getBytes), so JSON ["\uD800","a\uDEADb"] converted to CBOR read back as
 * ["?","a?b"]. UTF-8 cannot hold one, so the write is refused and the buffer left as it was.
 */
class UnpairedSurrogateTest {
    @Test
    void theBinaryWiresRefuseTextWithAnUnpairedSurrogateAndKeepTheBuffer() {
        for (WireType type : new WireType[] {WireType.BINARY, WireType.NUMBERED, WireType.RAW}) {
            for (String symbol : new String[] {"\uD800", "a\uDEADb", "x".repeat(200) + "\uDBFF"}) {
                Wire wire = type.apply(Bytes.elastic(64));
                wire.writeDocument(new Order(1, "EURUSD", 1.5, 2, null, null));
                int end = wire.bytes().writePosition();
                WireException e = assertThrows(WireException.class,
                        () -> wire.writeDocument(new Order(2, symbol, 1.5, 2, null, null)), type + " " + symbol.length());
                assertTrue(e.getMessage().contains("unpaired surrogate"), e.getMessage());
                assertEquals(end, wire.bytes().writePosition(), type + ": the refused document left nothing");
                Order copy = new Order();
                assertTrue(wire.readDocument(copy));
                assertEquals("EURUSD", copy.symbol());
            }
        }
        Wire cbor = WireType.BINARY.apply(Bytes.elastic(64));
        assertThrows(WireException.class, () -> cbor.writeValue(List.of("\uD800", "a\uDEADb")));
        assertThrows(WireException.class, () -> cbor.writeValue(Map.of("k\uDC00", 1)), "a key too");
        assertEquals(0, cbor.bytes().writePosition());
        cbor.writeValue(List.of("\uD83D\uDE00"));
        List<Object> back = new java.util.ArrayList<>();
        assertTrue(cbor.readValue(back::add));
        assertEquals(List.of(List.of("\uD83D\uDE00")), back, "a paired surrogate is one code point, as ever");
    }
}
