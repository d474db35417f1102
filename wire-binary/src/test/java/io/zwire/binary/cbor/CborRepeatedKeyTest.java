package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.RepeatedFields;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireOptions;
import io.zwire.WireType;
import io.zwire.example.Order;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A key a CBOR map repeats, written as one string or in chunks, is the same key. */
class CborRepeatedKeyTest {
    /** {"qty": 5, (_ "q", "ty"): 7}: the second key an indefinite-length string of two chunks. */
    private static final byte[] CHUNKED_REPEAT = CborBytes.of(0xA2).text("qty").raw(0x05)
            .raw(0x7F).text("q").text("ty").raw(0xFF).raw(0x07).toByteArray();

    private static Wire wire(RepeatedFields policy) {
        Bytes bytes = Bytes.elastic(64);
        bytes.write(CHUNKED_REPEAT);
        return WireType.BINARY.apply(bytes, WireOptions.defaults().withRepeatedFields(policy));
    }

    @Test
    void aKeyRepeatedInChunksIsRefusedNamingTheFieldAtItsValue() {
        WireException e = assertThrows(WireException.class, () -> wire(RepeatedFields.REFUSE).readDocument(new Order()));
        assertTrue(e.getMessage().contains("4:qty is repeated"), e.getMessage());
        assertEquals(CHUNKED_REPEAT.length - 1, e.offset(), "the offset of the second value");
    }

    @Test
    void theOtherPoliciesReadTheFirstOrTheLastValue() {
        Order first = new Order();
        assertTrue(wire(RepeatedFields.FIRST).readDocument(first));
        assertEquals(5, first.qty());
        Order last = new Order();
        assertTrue(wire(RepeatedFields.LAST).readDocument(last));
        assertEquals(7, last.qty(), "as jackson-dataformat-cbor reads it");
    }
}
