package io.zwire;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The codes streams carry for the wires: fixed for good, so they are spelled out here. */
class WireTypeCodeTest {
    @Test
    void everyWireHasItsFixedCodeAndTheCodeFindsItAgain() {
        WireType[] byCode = {WireType.YAML, WireType.YAML_NUMBERED, WireType.JSON, WireType.BINARY, WireType.NUMBERED,
                WireType.RAW};
        for (int i = 0; i < byCode.length; i++) {
            assertEquals(i + 1, byCode[i].code(), byCode[i].name());
            assertEquals(byCode[i], WireType.ofCode(i + 1));
        }
        assertEquals(byCode.length, WireType.values().length, "a new wire needs a new code, spelled out above");
    }

    @Test
    void aCodeNoWireHasIsNull() {
        for (int code : new int[] {0, 7, 255, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertNull(WireType.ofCode(code), "code " + code);
        }
    }
}
