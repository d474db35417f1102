package io.zwire.binary.cbor;

import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.testkit.UnreadValuesCheck;
import io.zwire.testkit.model.Nullables;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading CBOR that zwire's writer does not produce: definite-length maps and arrays, as other encoders write them. */
class CborReadingTest {
    private static final int ARRAY = 4;
    private static final int MAP = 5;
    private static final int TAG = 6;
    private static final int NULL = 0xF6;
    private static final int UNDEFINED = 0xF7;

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

    /**
     * isNull sees null and undefined behind tags, and leaves the tags for the read that follows:
     * in a definite-length map and array, whose counts it must not take from, in write order and
     * out of order.
     */
    @Test
    void isNullSeesNullAndUndefinedBehindTagsInDefiniteLengthContainers() {
        CborBytes cbor = new CborBytes();
        cbor.head(MAP, 8)
            .text("first").head(TAG, 55799).raw(NULL)
            .text("second").raw(UNDEFINED)
            .text("third").head(TAG, 32).text("x")
            .text("side").raw(NULL)
            .text("inner").head(MAP, 2).text("name").head(TAG, 1).raw(UNDEFINED).text("note").text("")
            .text("elements").head(ARRAY, 4).head(TAG, 1).raw(NULL).head(TAG, 1).text("").raw(UNDEFINED).text("y")
            .text("payload").raw(NULL)
            .text("last").raw(0x18, 42);
        byte[] bytes = cbor.toByteArray();
        for (Nullables copy : List.of(new Nullables(), Nullables.outOfOrderWithExtra())) {
            Wire wire = WireType.BINARY.apply(Bytes.wrap(bytes));
            assertTrue(wire.readDocument(copy));
            assertTrue(copy.first.isNull && copy.second.isNull, copy.toString());
            assertFalse(copy.third.isNull);
            assertEquals("x", copy.third.text.toString());
            assertTrue(copy.inner.name.isNull);
            assertFalse(copy.inner.note.isNull);
            assertEquals(4, copy.elementCount);
            assertTrue(copy.elements[0].isNull);
            assertFalse(copy.elements[1].isNull);
            assertTrue(copy.elements[2].isNull);
            assertEquals("y", copy.elements[3].text.toString());
            assertEquals(42, copy.last);
            assertEquals(0, copy.disagreements);
            assertEquals(0, wire.bytes().readRemaining());
        }
    }
}
