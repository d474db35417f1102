package io.zwire.binary.cbor;

import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORParser;
import io.zwire.Bytes;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.model.MapKinds;
import io.zwire.example.Order;
import io.zwire.example.Side;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What CborFuzzTest found, each input as a named test (docs/fuzzing.md). */
class CborFuzzFindingsTest {
    private static Wire wire(String hex) {
        return WireType.BINARY.apply(Bytes.wrap(HexFormat.of().parseHex(hex)), FuzzReads.OPTIONS);
    }

    /**
     * A tag head with additional info 31 (0xdf) is not well formed (RFC 8949 appendix F): skipped
     * before the document's map as if it were a tag, it let tag 20 then 0xdf over {} read as an
     * Order of defaults.
     */
    @Test
    void typedReadRefusesATagHeadWithAdditionalInfo31() {
        Wire wire = wire("d4" + "df" + "a0");
        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Order()));
        assertTrue(e.getMessage().contains("a tag number, found additional info 31"), e.getMessage());
    }

    /** The same head on the plain-value path read as a tag, with the argument of the previous head, over {}. */
    @Test
    void plainReadRefusesATagHeadWithAdditionalInfo31() {
        Wire wire = wire("a1" + "df" + "a0" + "a0");
        WireException e = assertThrows(WireException.class, () -> wire.readValue(value -> { }));
        assertTrue(e.getMessage().contains("a tag number, found additional info 31"), e.getMessage());
    }

    /**
     * A map's text key under tags reads as its text, as every value reads past tag numbers zwire
     * does not define; a field name under a tag is no field name and is skipped as unknown. The
     * fuzzer's inputs put thirty tags over the key "b" of MapKinds' sides (corpus
     * {@code binaryComposite/map-key-text-under-thirty-tags}) and a tag over a record's field name
     * ({@code binaryComposite/field-name-under-a-tag}); one oracle tree cannot tell the two cases
     * apart, so CborFuzzTest's composite oracle cannot judge a document with a tagged key.
     */
    @Test
    void aTaggedTextMapKeyReadsAsItsTextAndATaggedFieldNameIsUnknown() {
        MapKinds maps = new MapKinds();
        wire("a1" + "65" + "7369646573" + "a1" + "cdcd" + "6162" + "63425559").readDocument(maps);
        assertEquals(java.util.Map.of("b", Side.BUY), maps.sides);
        MapKinds untouched = new MapKinds();
        wire("a1" + "cd" + "65" + "7369646573" + "a1" + "6162" + "63425559").readDocument(untouched);
        assertTrue(untouched.sides.isEmpty(), untouched.sides::toString);
    }

    /**
     * A decimal fraction (tag 4) whose exponent is a bignum is well formed CBOR: under a key the
     * type does not read, the typed read skips it undecoded. Jackson decodes the fraction even in
     * what it skips and refuses an exponent beyond an int, so CborFuzzTest takes that refusal for
     * no reading (corpus {@code binary/decimal-fraction-tag-over-a-bignum-exponent-under-an-unknown-key}).
     */
    @Test
    void aDecimalFractionWithABignumExponentUnderAnUnknownKeyIsSkipped() throws Exception {
        String exponentOfTwoToThe32 = "c2" + "45" + "0100000000";
        String hex = "a2" + "6178" + "c4" + "82" + exponentOfTwoToThe32 + "01" + "63717479" + "05";
        Order order = new Order();
        wire(hex).readDocument(order);
        assertEquals(5, order.qty());

        byte[] bytes = HexFormat.of().parseHex(hex);
        try (CBORParser parser = new CBORFactory().createParser(bytes)) {
            InputCoercionException e = assertThrows(InputCoercionException.class, () -> {
                while (parser.nextToken() != null) {
                    parser.skipChildren();
                }
            });
            assertTrue(e.getOriginalMessage().contains("out of range of int"), e.getOriginalMessage());
        }
    }
}
