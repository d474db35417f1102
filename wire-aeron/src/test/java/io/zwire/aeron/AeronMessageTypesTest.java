package io.zwire.aeron;

import io.zwire.TypeRegistry;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AeronMessageTypesTest {
    @Test
    void aTypeIdIsTheFnv1aHashOfTheAliasSoItNeverDependsOnRegistrationOrder() {
        // The published FNV-1a 32-bit test vectors.
        assertEquals(0xE40C292C, MessageHeader.typeId("a"));
        assertEquals(0xBF9CF968, MessageHeader.typeId("foobar"));
        AeronMessageTypes forwards = AeronMessageTypes.of(TypeRegistry.builder()
                .add("Quote", Quote.class, Quote::new).add("Van", VanTelemetry.class, VanTelemetry::new).build());
        AeronMessageTypes backwards = AeronMessageTypes.of(TypeRegistry.builder()
                .add("Van", VanTelemetry.class, VanTelemetry::new).add("Quote", Quote.class, Quote::new).build());
        assertEquals(forwards.indexOf(MessageHeader.typeId("Van")), backwards.indexOf(MessageHeader.typeId("Van")));
        assertEquals(forwards.fingerprint(Quote.class), backwards.fingerprint(Quote.class));
    }

    @Test
    void twoAliasesWithOneTypeIdAreRefusedAtSetUp() {
        // Found by a birthday search over "T0", "T1", ...: the first pair of names whose hashes collide.
        String first = "T323329";
        String second = "T1134096";
        assertEquals(MessageHeader.typeId(first), MessageHeader.typeId(second));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AeronMessageTypes.of(
                TypeRegistry.builder().add(first, Quote.class, Quote::new).add(second, QuoteWithVenue.class, QuoteWithVenue::new)
                        .build()));
        assertTrue(e.getMessage().contains(first) && e.getMessage().contains(second), e.getMessage());
    }

    @Test
    void wireCodesAreFixedAndEveryOtherCodeNamesNoWire() {
        WireType[] byCode = {null, WireType.YAML, WireType.YAML_NUMBERED, WireType.JSON, WireType.BINARY, WireType.NUMBERED,
            WireType.RAW};
        for (int code = 1; code < byCode.length; code++) {
            assertEquals(byCode[code], MessageHeader.wireOf(code));
            assertEquals(code, MessageHeader.wireCode(byCode[code]));
        }
        assertNull(MessageHeader.wireOf(0));
        assertNull(MessageHeader.wireOf(7));
        assertNull(MessageHeader.wireOf(-1));
    }

    @Test
    void publishResultsNameAeronsCodes() {
        assertEquals(PublishResult.PUBLISHED, PublishResult.of(0));
        assertEquals(PublishResult.NOT_CONNECTED, PublishResult.of(io.aeron.Publication.NOT_CONNECTED));
        assertEquals(PublishResult.BACK_PRESSURED, PublishResult.of(io.aeron.Publication.BACK_PRESSURED));
        assertEquals(PublishResult.ADMIN_ACTION, PublishResult.of(io.aeron.Publication.ADMIN_ACTION));
        assertEquals(PublishResult.CLOSED, PublishResult.of(io.aeron.Publication.CLOSED));
        assertEquals(PublishResult.MAX_POSITION_EXCEEDED, PublishResult.of(io.aeron.Publication.MAX_POSITION_EXCEEDED));
        assertThrows(IllegalArgumentException.class, () -> PublishResult.of(-99));
    }
}
