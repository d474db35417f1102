package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.testkit.UnreadValuesCheck;
import org.junit.jupiter.api.Test;

/** Reading CBOR that zwire's writer does not produce: definite-length maps and arrays, as other encoders write them. */
class CborReadingTest {
    private static final int ARRAY = 4;
    private static final int MAP = 5;

    /**
     * Values named and left unread in definite-length maps, where the reader counts the entries
     * left rather than looking for a break: an array, a map holding a key of the next field's name,
     * a text that is that name, a small integer.
     */
    @Test
    void skipsTheValuesOfFieldsNamedAndNotReadInDefiniteLengthMaps() {
        CborBytes cbor = new CborBytes();
        cbor.head(MAP, 4)
            .text("a").head(ARRAY, 2).raw(0x01, 0x02)
            .text("b").raw(0x05)
            .text("c").text("five")
            .text("d").head(MAP, 1).text("b").raw(0x18, 99);
        cbor.head(MAP, 3)
            .text("inner").head(MAP, 4)
                .text("a").text("b")
                .text("b").raw(0x06)
                .text("c").text("six")
                .text("d").raw(0x10)
            .text("x").raw(0x07)
            .text("n").raw(0x08);
        cbor.head(MAP, 4)
            .text("d").text("d")
            .text("c").text("nine")
            .text("b").raw(0x09)
            .text("a").head(MAP, 0);
        byte[] bytes = cbor.toByteArray();
        Wire wire = WireType.BINARY.apply(Bytes.wrap(bytes));
        UnreadValuesCheck.readsFlat(wire, 5, "five", "definite, flat");
        UnreadValuesCheck.readsNested(wire, 6, "six", 8, "definite, nested");
        UnreadValuesCheck.readsFlat(wire, 9, "nine", "definite, reversed");
    }
}
